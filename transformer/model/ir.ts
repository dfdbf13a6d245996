/**
 * The type model: what the emitter knows about a type, as plain JSON-serializable data.
 * Built from a checker's types by builder.ts; the emitter never sees a type of the checker.
 */

export type Literal = string | number | boolean;

export type TypeNode =
  | { kind: "null" }
  | { kind: "undefined" }
  | { kind: "boolean" }
  /** `width`: declared with `Float32`, `Int8`... (see NumberWidth); absent for a plain `number`. */
  | { kind: "number"; width?: NumberWidth }
  | { kind: "bigint" }
  /**
   * `number | bigint` (as in GitHub's 64-bit ids): a number written as `number`, a bigint as
   * int 64; decoded as a number when that loses nothing, else as a bigint. With a `width`
   * (`Int64`, `Uint64`) both are integers in its range, in the smallest int format.
   */
  | { kind: "numberOrBigint"; width?: "int64" | "uint64" }
  | { kind: "string" }
  /** A finite set of literals of one or more primitive kinds: `"a" | "b"`, `1 | 2`, `true`, enums. */
  | { kind: "literals"; values: Literal[] }
  /**
   * A flag enum (model/flag-enums.ts): its members' values, ascending, each 0 or a distinct power
   * of two. Takes any OR-combination of them, 0 included, as a non-negative integer.
   */
  | { kind: "flags"; values: number[] }
  /**
   * A Temporal type (issue 59), global (`lib: esnext.temporal`) or a polyfill's: `Instant` on the
   * timestamp extension (-1) with its nanoseconds, the others as the ISO 8601 strings their
   * `toString()` writes.
   */
  | { kind: "temporal"; type: TemporalType }
  /**
   * A class with a wire mapping (`wireMapping<Decimal, string>(...)`, recognize/mappings.ts): its
   * values go as `wire` through the mapping's `encode` and `decode`. `name` is the class as the
   * source writes it, for messages; `mapping` is the exported constant that declares the mapping,
   * which generated code imports (from its own module too). With `ext` (`extensionMapping`), the
   * values go as an extension of that type whose data are the bytes `encode` returns, and `wire`
   * is `bytes`.
   */
  | { kind: "mapped"; name: string; wire: TypeNode; mapping: Link; ext?: number }
  /**
   * A template literal type as the checker normalizes it: `texts` around `holes`
   * (`texts.length === holes.length + 1`), `user-${number}` is `["user-", ""]` and `["number"]`.
   * Membership is the checker's own rule (runtime/template.ts); `text` names the type in messages.
   */
  | { kind: "template"; texts: string[]; holes: TemplateHole[]; text: string }
  | { kind: "date" }
  | { kind: "bytes" }
  | { kind: "arrayBuffer" }
  | { kind: "array"; element: TypeNode }
  | { kind: "tuple"; elements: TupleElement[] }
  | { kind: "set"; element: TypeNode }
  | { kind: "map"; key: TypeNode; value: TypeNode }
  /** `Record<string, V>` and index signatures: a map whose str keys become own properties. */
  | { kind: "record"; key: TypeNode; value: TypeNode }
  /** `plan`: how each direction picks the member of a value (see UnionPlan); set by the model for every union. */
  | { kind: "union"; members: TypeNode[]; tag?: UnionTag; plan?: UnionPlan }
  /** A reference into the named-type table; every object type and every recursive type is named. */
  | { kind: "ref"; name: string }
  /**
   * A type parameter of the generic code around the call (`T` in `codecFor<Page<T>>(item)`): its
   * values go through the codec passed for it. `name` identifies the type parameter within the file;
   * each codec lists the ones it takes, in order (FileModel.codecs[].params).
   */
  | { kind: "param"; name: string }
  | { kind: "unknown" };

/**
 * What a placeholder of a template literal type holds. The checker folds literals, booleans,
 * `null` and `undefined` into the texts and distributes unions (`${"a" | "b"}-${number}` is a
 * union of two template types), so no other kind reaches the model.
 */
export type TemplateHole = "string" | "number" | "bigint";

/**
 * A number width declared by the type (typed-msgpack's `Float32`, `Int8`... `Uint64`): floats are
 * written at that width (float 32 rounded by `Math.fround`; float 64 always, integers too), integers
 * are range-checked both ways and written in the smallest int format. Part of the wire contract.
 */
export type NumberWidth =
  | "float32"
  | "float64"
  | "int8"
  | "int16"
  | "int32"
  | "int64"
  | "uint8"
  | "uint16"
  | "uint32"
  | "uint64";

/** The values an integer width holds, for the widths up to 32 bits (the 64-bit ones are `numberOrBigint`). */
export const INT_RANGES: Partial<Record<NumberWidth, readonly [min: number, max: number]>> = {
  int8: [-0x80, 0x7f],
  int16: [-0x8000, 0x7fff],
  int32: [-0x8000_0000, 0x7fff_ffff],
  uint8: [0, 0xff],
  uint16: [0, 0xffff],
  uint32: [0, 0xffff_ffff],
};

export interface TupleElement {
  type: TypeNode;
  /**
   * `"required"`, `"optional"` (`[a?: T]`) or `"rest"` (`...T[]`, whose `type` is the element type).
   * At most one rest element; required elements may follow it (`[number, ...string[], boolean]`),
   * counted from the end of the array, and then the tuple has no optional elements.
   */
  mode: "required" | "optional" | "rest";
}

/** For unions of object types that share a literal-typed property: which member each value selects. */
export interface UnionTag {
  property: string;
  cases: { value: Literal; member: number }[];
}

/** MessagePack format families a decoder can dispatch on; the runtime's NIL, BOOL, ... constants by name. */
export type Family = "NIL" | "BOOL" | "INT" | "FLOAT" | "STR" | "BIN" | "ARRAY" | "MAP" | "EXT";

/**
 * How a union picks the member of a value, in both directions (docs/type-mapping.md, "Unions"). Members that a
 * JS-side test (encode) or the head byte's family (decode) leaves alone need no choice; where several
 * share one, the choice is made by the rule of `Choice`, the same rule in both directions.
 */
export interface UnionPlan {
  /**
   * Encode: members grouped by the JS-side test that selects them (`typeof`, `Array.isArray`, an
   * object check...), in the order the tests run; a group's test is that of its first member.
   */
  encode: Choice[];
  /** Decode: members grouped by the family of the head byte (a family without members is a mismatch). */
  decode: { families: Family[]; choice: Choice }[];
}

/** Member indices are positions in the union's `members`. */
export type Choice =
  /** One member: taken. */
  | { by: "only"; member: number }
  /** Object members with a discriminant (the union's `tag`): its value names the member. */
  | { by: "tag"; members: number[] }
  /**
   * Object members (and Records) told apart by the value's keys: the first whose declared keys cover
   * the value's and whose required keys are present, else the first whose required keys are present.
   * Used when no two of them could both cover one set of keys, so keys alone give `keysThenTry`'s answer
   * for every value whose keys some member declares.
   */
  | { by: "keys"; members: number[] }
  /**
   * Object members that one set of keys may fit alike (`{ x: A[] } | { x: AB[] }`, two Records):
   * the candidates are the members whose declared keys cover the value's and whose required keys are
   * present (else those whose required keys are present, else all), and of them, the first that takes
   * the value whole (no undeclared property at any depth), else the first that takes it at all.
   */
  | { by: "keysThenTry"; members: number[] }
  /** Members of other kinds that share a test (`A[] | AB[]`, tuples): the first that takes the value whole, else the first that takes it. */
  | { by: "try"; members: number[] };

export interface Property {
  name: string;
  type: TypeNode;
  /** Absent or undefined values are omitted on the wire; absence is accepted on decode. */
  optional: boolean;
  /**
   * A class's `private` or `protected` property: encoded like any other, but not in `keyof` the
   * class, so generate's stale-codec check (emit/shape.ts) cannot compare it and leaves it out.
   */
  hidden?: true;
}

/** A named entry: object types (one function pair each) and recursive unions/arrays. */
export interface NamedType {
  /** How the user's source spells the type, for comments and type annotations. */
  display: string;
  shape: ObjectShape | AliasShape;
}

/** A recursive type that is not an object type (`type Json = ... | Json[]`), named so that its functions can call themselves. */
export interface AliasShape {
  kind: "alias";
  type: TypeNode;
  /**
   * Whether each pass through the alias counts one level of depth: true when its recursion can
   * bypass object types (which count a level each), false for a union of object types and leaves.
   */
  countsDepth: boolean;
}

/**
 * Where an object type's codec is declared in another module (`export const OrderCodec =
 * codecFor<Order>()`): generated code calls it through an import instead of copying it.
 */
export interface Link {
  /** The import specifier, relative to the file being generated. */
  module: string;
  exportName: string;
}

/** How object types are written: a map keyed by property names (the default), or an array of the values in order. */
export type Layout = "keyed" | "positional";

export interface ObjectShape {
  kind: "object";
  /**
   * `"positional"` (from `codecFor<T>({ layout: "positional" })`): an array of the property values
   * in declaration order instead of a map; trailing optional properties that are absent are left
   * out, an absent one before a present one is nil. Absent: keyed. Never set with `rest` or `link`.
   */
  layout?: "positional";
  /**
   * Set when the type's codec lives in another module. Its properties are then only what unions
   * that contain the type need to tell members apart (names, optionality, literal values); every
   * other property type is `unknown`, since the linked codec does the work.
   */
  link?: Link;
  /** In the order the checker lists them: declaration order, intersections left to right. */
  properties: Property[];
  /** Values of a string index signature, when the object has one beside its properties. */
  rest?: TypeNode;
  /**
   * Set when a union may try the type strictly (a `try` or `keysThenTry` choice reaches it): its
   * encoder then refuses, under a strict attempt, a value with a property it does not declare.
   */
  triedStrictly?: true;
  /**
   * Set when values of the type can nest without bound: the type lies on a cycle of named types, or
   * reaches another module's codec (which might lead back). Its encoder and decoder check the depth
   * against maxDepth; other object types only count it, since their nesting is fixed by the type.
   */
  checksDepth?: true;
}

/** Everything one source file needs: the table of named types and one root per distinct codec. */
export interface FileModel {
  named: Record<string, NamedType>;
  /**
   * Keyed by codec id; several `codecFor` calls for the same type share one entry. `params`: the
   * type parameters the type mentions, in order of declaration, one codec argument each; a codec
   * with params is emitted as a factory of them. `layout`: set for `{ layout: "positional" }`.
   * `optimize`: set for `{ optimize: "size" }` (or the project's default): emitted as a table.
   */
  codecs: Record<
    string,
    { display: string; root: TypeNode; params?: string[]; layout?: "positional"; optimize?: "size" }
  >;
}

/** True when `name` can follow a dot in JavaScript (and in a path like `$.items`). */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name);
}

/**
 * One step of a path into a value: `.name`, or `["odd key"]` when the name is not an identifier.
 * Diagnostics and generated code both use it, and the runtime's `keySegment` follows the same rule.
 */
export function propertySegment(name: string): string {
  return isIdentifierName(name) ? "." + name : "[" + JSON.stringify(name) + "]";
}

/** The Temporal types with a wire form, by their name in the `Temporal` namespace. */
export const TEMPORAL_TYPES = [
  "Instant",
  "PlainDate",
  "PlainTime",
  "PlainDateTime",
  "PlainYearMonth",
  "PlainMonthDay",
  "ZonedDateTime",
  "Duration",
] as const;
export type TemporalType = (typeof TEMPORAL_TYPES)[number];
