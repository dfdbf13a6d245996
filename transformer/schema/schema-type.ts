/** The wire-schema snapshot's type forms (snapshot.ts), derived from the type model's. */
import type { Link, TupleElement, TypeNode } from "../model/ir.js";

/**
 * The snapshot's form of a type: the model's `TypeNode` (model/ir.ts) without what only the
 * emitter needs (`EmitterOnly`), nested types in their snapshot form, and a mapping named by its
 * export alone. Built per kind by model/kinds.ts (`snapshot`), which also says how the forms differ:
 * a union's members are flattened and sorted and name their `discriminant`; `Int64`/`Uint64` (a
 * `numberOrBigint` at a width) is a `number` of that width; a type parameter is `unknown`.
 */
export type SchemaType = SchemaOf<Exclude<TypeNode, { kind: "param" }>> | LegacyTemplate;

/** Per kind, the fields of the model the snapshot leaves out. */
interface EmitterOnly {
  /** The plan (how the codec picks a member) and the tag's cases: the snapshot keeps the tag's property. */
  union: "plan" | "tag";
  /** Written as `{ kind: "number", width }`. */
  numberOrBigint: "width";
}
/** Per kind, the fields the snapshot adds. */
interface SchemaOnly {
  union: {
    /** The property whose literal names the object member (the model's `tag.property`). */
    discriminant?: string;
  };
}

type SchemaOf<N extends TypeNode> = N extends unknown
  ? {
      [P in keyof N as P extends OmittedOf<N["kind"]> ? never : P]: SchemaField<N[P]>;
    } & (N["kind"] extends keyof SchemaOnly ? SchemaOnly[N["kind"]] : unknown)
  : never;
type OmittedOf<K> = K extends keyof EmitterOnly ? EmitterOnly[K] : never;
type SchemaField<F> = F extends TypeNode
  ? SchemaType
  : F extends readonly TypeNode[]
    ? SchemaType[]
    : F extends readonly TupleElement[]
      ? { mode: TupleElement["mode"]; type: SchemaType }[]
      : F extends Link
        ? string
        : F;

/** How typed-msgpack 0.9 wrote a template: an anchored regular expression. Read, never written. */
interface LegacyTemplate {
  kind: "template";
  pattern: string;
  text: string;
}
