/**
 * What the modules that model each family of types (object-types.ts, array-types.ts,
 * union-types.ts, other-types.ts, generics.ts) use of the walk: ModelBuilder (builder.ts) is it.
 * An interface of its own, so that those modules depend on it and the builder on them, never both.
 */
import type { Problem, ProblemKind, ProblemProperty } from "../diagnostics/catalog.js";
import type { Checker, Sym, Type } from "./checker.js";
import type { FileModel, Layout, Link, TypeNode } from "./ir.js";

export type UnionNode = Extract<TypeNode, { kind: "union" }>;

/** Where the codec of a type lives when another module declares it (recognize/links.ts). */
export interface Links {
  get(type: Type): Link | undefined;
}

/**
 * A class's mapping (recognize/mappings.ts): where it is declared, and its wire type (`wireMapping`)
 * or its extension type id (`extensionMapping`; `invalid` when the call's id is not an integer
 * literal from 0 to 127, which the model reports where the class is reached).
 */
export type MappingOf = { link: Link } & ({ wire: Type } | { ext: number } | { invalid: string });

/** The wire mappings of the program's classes, by type. */
export interface Mappings {
  get(type: Type): MappingOf | undefined;
}

export interface Walker {
  readonly checker: Checker;
  readonly links: Links;
  readonly mappings: Mappings;
  readonly model: FileModel;
  /** The layout of the codec being modelled (`codecFor<T>({ layout })`). */
  readonly layout: Layout;
  /** The named types of the codec's layout, by type. */
  readonly namedByType: Map<Type, string>;
  /** Anonymous object shapes modelled so far, by their JSON (object-types.ts `shareAnonymous`). */
  readonly anonymousShapes: Map<string, string>;
  /** Type parameters met so far and their IR names, both ways (generics.ts). */
  readonly paramNames: Map<Type, string>;
  readonly paramTypes: Map<string, Type>;
  /** Where the walk of the codec being modelled first met each type parameter, for messages. */
  readonly paramPaths: Map<Type, string>;
  /** The unions of the codec being modelled, each with where it was met, for the checks after the walk. */
  readonly unions: { node: UnionNode; path: string; type: Type }[];
  /** Generic declarations the walk is inside, and those reported as growing (generics.ts). */
  readonly instantiations: Map<Sym, { type: Type; path: string }[]>;
  readonly grown: Set<Sym>;
  /** What names the codec's functions when its type has no name (`Value`). */
  readonly rootName: string;
  /** Set for the member of a union being walked: what names it if it is an anonymous object type. */
  nameSuffix: string | undefined;

  /** The node of `type`, met at `path` (`$.items[]`), which messages name. */
  node(type: Type, path: string): TypeNode;
  /** A composite node, named (an alias) if the walk meets `type` again inside it. */
  guarded(type: Type, build: () => TypeNode): TypeNode;
  /** An object type's node, always named (object-types.ts). */
  objectShape(type: Type, path: string): TypeNode;
  problem(kind: ProblemKind, path: string, ...args: string[]): TypeNode;
  /** One problem that names several things (methods, keys): `args`, then the list of `names`. */
  problemNaming(kind: ProblemKind, path: string, args: string[], names: string[]): TypeNode;
  report(problem: Problem): TypeNode;
  /** How many problems the codec being modelled has so far. */
  readonly problemCount: number;
  /** Marks the problems reported since `from` at exactly `path` as the property's (catalog.ts ProblemProperty). */
  atProperty(from: number, path: string, property: ProblemProperty): void;
  /** How the model writes `type` (display.ts). */
  text(type: Type): string;
  /** Declared in TypeScript's own lib (`Date`, `Map`, `Array`). */
  isLibSymbol(symbol: Sym): boolean;
  /** Type literals and object literal types have no name of their own to give their functions. */
  isAnonymous(type: Type): boolean;
  /** `base`, else the first of `alternatives` (qualified by the type) still free, else `base` with a counter. */
  uniqueName(base: string, namespace?: string, alternatives?: readonly string[]): string;
  /** Gives a name back (a shape shared with another, object-types.ts). */
  releaseName(name: string): void;
}
