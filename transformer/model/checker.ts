/**
 * What the type model asks of a TypeScript checker, and nothing more. Two checkers answer it
 * (transformer/checkers/): TypeScript 4.9-6's `ts.TypeChecker` in process, and TypeScript 7's
 * API, which runs the native checker in another process and answers over IPC. So every question
 * here is one the model needs, asked so that the native checker can answer it in as few round
 * trips as possible (`typesOf` takes every property at once).
 *
 * Types and symbols are handles: compared by identity (the same type is the same handle within one
 * program), never looked into by the model.
 */

/** A type of the checker in use. */
export interface Type {
  readonly __checkerType: unique symbol;
}

/** A symbol of the checker in use. */
export interface Sym {
  readonly __checkerSymbol: unique symbol;
}

/** Where a symbol is declared. */
export interface Declaration {
  fileName: string;
  /** An offset that orders the declarations of one file as the source does. */
  pos: number;
  /** The project's own file, a library's declaration file (node_modules), or TypeScript's lib. */
  origin: "project" | "library" | "lib";
  /** The declaration's own modifiers (MODIFIER: Private, Protected, Readonly). */
  modifiers: number;
  /** A method signature or method declaration. */
  method: boolean;
  /** The declared type as written (`type?.getText()`), for messages; undefined when there is none. */
  typeText: string | undefined;
  /** Where the declaration's name is written, for a message's related information. */
  location(): SourceLocation | undefined;
}

/** A span of a file, with the 1-based line and column of its start. */
export interface SourceLocation {
  fileName: string;
  start: number;
  length: number;
  line: number;
  column: number;
}

/** An index signature: `[key: string]: V`. */
export interface IndexInfo {
  key: Type;
  value: Type;
}

export interface Checker {
  /** TypeFlags, in TypeScript 6 and 7's numbering (TYPE below), whatever the version. */
  flags(type: Type): number;
  /** ObjectFlags (OBJECT below: bits with the same value in every version); 0 for a type that is no object. */
  objectFlags(type: Type): number;
  /** The value of a string, number or boolean literal type; undefined for any other type. */
  literalValue(type: Type): string | number | boolean | undefined;
  /**
   * For the literal type of a numeric enum's member, the type of the whole enum (the union of all
   * its members' literal types); undefined for any other type. Flag enums (model/flag-enums.ts)
   * are told by the values of every member, whichever of them a union names.
   */
  enumOf(type: Type): Type | undefined;
  /** The checker's stand-in for a type it could not resolve. */
  isError(type: Type): boolean;
  symbol(type: Type): Sym | undefined;
  aliasSymbol(type: Type): Sym | undefined;
  aliasTypeArguments(type: Type): readonly Type[];
  /** A union's or intersection's members, a template literal's placeholders, in the checker's order. */
  constituents(type: Type): readonly Type[];
  /** A template literal type's texts, one more than its placeholders. */
  templateTexts(type: Type): readonly string[];
  /** The type arguments of a type reference (`Map<K, V>`, `T[]`, a tuple's elements). */
  typeArguments(type: Type): readonly Type[];
  /** A tuple's element flags (ELEMENT below). */
  tupleElementFlags(type: Type): readonly number[];
  isArray(type: Type): boolean;
  isTuple(type: Type): boolean;
  /** The base types of a class or interface (of a reference's target); none for other types. */
  baseTypes(type: Type): readonly Type[];
  /** Properties, methods and accessors: declaration order, own before inherited. */
  properties(type: Type): readonly Sym[];
  /** The types of `symbols` (properties, as declared), one each: asked at once where the checker can batch. */
  typesOf(symbols: readonly Sym[]): readonly Type[];
  property(type: Type, name: string): Sym | undefined;
  indexInfos(type: Type): readonly IndexInfo[];
  /** Whether values of the type can be called or constructed. */
  hasSignatures(type: Type): boolean;
  /**
   * A mapped type over a type parameter (`Partial<T>`, `{ [P in K]: V }`): its properties are only
   * known once the parameter is.
   */
  isGenericMapped(type: Type): boolean;
  typeToString(type: Type): string;

  symbolName(symbol: Sym): string;
  /** SymbolFlags (SYMBOL below). */
  symbolFlags(symbol: Sym): number;
  declarations(symbol: Sym): readonly Declaration[];
  /**
   * Whether `fileName` declares typed-msgpack's sentinel export (runtime/codec-for.ts): the module
   * of `codecFor` and the number widths, recognized by the export, never by a path.
   */
  declaresSentinel(fileName: string): boolean;
}

/** TypeFlags as TypeScript 6 and 7 number them. */
export const TYPE = {
  Any: 1,
  Unknown: 2,
  Undefined: 4,
  Null: 8,
  Void: 16,
  String: 32,
  Number: 64,
  BigInt: 128,
  Boolean: 256,
  ESSymbol: 512,
  StringLiteral: 1024,
  NumberLiteral: 2048,
  BigIntLiteral: 4096,
  BooleanLiteral: 8192,
  UniqueESSymbol: 16384,
  EnumLiteral: 32768,
  Enum: 65536,
  NonPrimitive: 131072,
  Never: 262144,
  TypeParameter: 524288,
  Object: 1048576,
  Index: 2097152,
  TemplateLiteral: 4194304,
  StringMapping: 8388608,
  Substitution: 16777216,
  IndexedAccess: 33554432,
  Conditional: 67108864,
  Union: 134217728,
  Intersection: 268435456,
} as const;

/** ObjectFlags: the low bits, which every supported version numbers alike. */
export const OBJECT = {
  Class: 1,
  Interface: 2,
  Reference: 4,
  Tuple: 8,
  Anonymous: 16,
  Mapped: 32,
} as const;

/** SymbolFlags (the same in every supported version). */
export const SYMBOL = {
  Property: 4,
  EnumMember: 8,
  Class: 32,
  Interface: 64,
  TypeLiteral: 2048,
  Method: 8192,
  GetAccessor: 32768,
  SetAccessor: 65536,
  Optional: 16777216,
} as const;

/** ElementFlags of tuple elements (the same in every supported version). */
export const ELEMENT = { Required: 1, Optional: 2, Rest: 4, Variadic: 8 } as const;

/** ModifierFlags as TypeScript 6 and 7 number them. */
export const MODIFIER = { Private: 2, Protected: 4, Readonly: 8 } as const;
