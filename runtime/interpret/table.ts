import type { DecodeFn, EncodeFn } from "../codec.js";

/**
 * The table a size-optimized codec (`codecFor<T>({ optimize: "size" })`) is made of: one entry per
 * distinct type of T's graph, each an array whose first element is one of the operations below;
 * entries name other entries by their index. Written by the transformer (transformer/emit/table.ts),
 * run by the interpreter (runtime/interpret/index.ts). Part of the generated-code version.
 */

export const OP = {
  /** `[STRING]` */
  STRING: 0,
  /** `[NUMBER]`: a plain `number` (widths go through FALLBACK). */
  NUMBER: 1,
  BOOLEAN: 2,
  NULL: 3,
  UNDEFINED: 4,
  /** 5: unused (`unknown` goes through FALLBACK, so that readDynamic is bundled only where used). */
  /** `[LITERALS, values]`: a literal union, enums included. */
  LITERALS: 6,
  /** `[NIL_OR, nil, other]`: `T | null` (nil 0), `T | undefined` (1), both (2). */
  NIL_OR: 7,
  /** `[ARRAY, element]` */
  ARRAY: 8,
  /** `[RECORD, value]`: `Record<string, V>`. */
  RECORD: 9,
  /**
   * `[OBJECT, display, flags, names, types]`: a keyed object type; `names` is a NAMES entry, and
   * `types[i]` the entry of property i's type, `~entry` (negative) for an optional property.
   */
  OBJECT: 10,
  /** `[ALIAS, countsDepth, type]`: a recursive alias, counting a level of depth per pass if countsDepth is 1. */
  ALIAS: 11,
  /** `[UNION, description, encode, decode, tag]`: see runtime/interpret/unions.ts. */
  UNION: 12,
  /** `[FALLBACK, encoder, decoder]`: generated functions, for kinds the interpreter does not run. */
  FALLBACK: 13,
  /** `[SPLIT, decoder, encoder]`: two entries' directions (an optional property's union with undefined). */
  SPLIT: 14,
  /** `[NAMES, names]`: an object type's property names, shared by the object types that have them. */
  NAMES: 15,
} as const;

/** `OBJECT` flags. */
export const CHECKS_DEPTH = 1,
  TRIED_STRICTLY = 2,
  /**
   * A member of a tagged union whose decoder can go on after the union read the map's header and
   * tag (emit/objects.ts `resumable`): it reads the header before it checks the depth, as the
   * generated one's parameter default does, and takes `(n, i, seen0)`.
   */
  RESUMABLE = 4;

/**
 * The JS-side tests a union's encoder runs on a value, by code; `[LITERAL_TEST, values]` and
 * `[ANY_TEST, ...tests]` are the two that take arguments.
 */
export const TEST = {
  NULL: 0,
  UNDEFINED: 1,
  BOOLEAN: 2,
  NUMBER: 3,
  BIGINT: 4,
  NUMBER_OR_BIGINT: 5,
  STRING: 6,
  ARRAY: 7,
  SET: 8,
  MAP: 9,
  RECORD: 10,
  DATE: 11,
  BYTES: 12,
  ARRAY_BUFFER: 13,
  ALWAYS: 14,
  LITERALS: 15,
  ANY: 16,
} as const;

/** How a group of a union's members is told apart (the model's `Choice`). */
export const BY = { only: 0, tag: 1, keys: 2, try: 3, keysThenTry: 4 } as const;

export type Entry = readonly unknown[];

export type Enc = EncodeFn<unknown>;
export type Dec = DecodeFn<unknown>;

/**
 * Every entry's encoder and decoder. Entries call each other through these arrays, read when a
 * value is encoded or decoded, so that recursive types need no order of construction.
 */
export interface Interpreted {
  readonly E: Enc[];
  readonly D: Dec[];
  readonly table: readonly Entry[];
  /** Per NAMES entry, what the object types that share it share (runtime/interpret/objects.ts). */
  readonly names: Map<number, unknown>;
}

/** Names every object inherits from Object.prototype: only an own property of such a name counts. */
export const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
