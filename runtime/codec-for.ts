import type { Codec } from "./codec.js";
import { notCompiledMessage } from "./not-compiled.js";

/**
 * Marks this module as the one whose `codecFor` the transformer replaces. The transformer checks
 * for this export on the module that declares the called function, so it recognizes `codecFor`
 * through aliases, namespace imports and re-exports, and never an unrelated function of that name.
 */
export const __typedMsgpackIntrinsic: unique symbol = Symbol("typed-msgpack codecFor");

/**
 * Options of one `codecFor` call, read at build time: write them as an object literal in the call
 * (`codecFor<Order>({ layout: "positional" })`).
 */
export interface CodecOptions {
  /**
   * How object types are written. `"keyed"` (the default): a map of property names to values.
   * `"positional"`: an array of the property values in declaration order, no keys on the wire
   * (rmp-serde's default for structs, MessagePack-CSharp's integer keys); Records, index
   * signatures and Maps stay maps. Both sides must use the same layout.
   */
  layout?: "keyed" | "positional";
  /**
   * What the generated code optimizes for. `"speed"` (the default, or the project's `optimize`
   * option): a function per type and direction. `"size"`: a compact table of the type, run by the
   * `typed-msgpack/interpret` entry: far less code for large types (API event unions), slower to
   * encode and decode. The same bytes, validation, errors and limits either way.
   */
  optimize?: "speed" | "size";
}

/**
 * Returns a MessagePack codec specialized for `T`. The body is generated at build time by the
 * `typed-msgpack/transformer` compiler plugin (or by `typed-msgpack generate`).
 *
 * Inside generic code, where `T` mentions type parameters (`codecFor<Page<T>>(item)`), pass one
 * codec per type parameter it mentions, in the order they are declared: their values are encoded
 * and decoded by those codecs. A concrete `T` takes no arguments.
 * @throws {Error} when the call was not compiled by the transformer; the message says why, as far
 *   as it can tell (a plugins line that the compiler ignored, TypeScript 7), and what to do.
 */
export function codecFor<T>(...optionsOrCodecs: [options?: CodecOptions] | Codec<any>[]): Codec<T> {
  void optionsOrCodecs;
  throw new Error(notCompiledMessage(new Error().stack));
}

/**
 * Number widths. A property, element or value declared with one of these types is written and read
 * at that width (docs/wire-contracts.md, "Number widths"); the transformer recognizes them by this declaration, not
 * by their names. The brand is an optional property, so a plain `number` still assigns to them:
 * `const x: Int32 = 5` compiles, and decoded values need no cast.
 */
interface Width<W extends string> {
  readonly __tmWidth?: W;
}
/** Written as float 32 (0xca, 5 bytes), rounded as by `Math.fround`; any int or float decodes, rounded. */
export type Float32 = number & Width<"float32">;
/** Always written as float 64 (0xcb, 9 bytes), integers too; decoded as `number` is. */
export type Float64 = number & Width<"float64">;
/** An integer in -128..127, in the smallest int format; checked on encode and on decode. */
export type Int8 = number & Width<"int8">;
/** An integer in -32768..32767. */
export type Int16 = number & Width<"int16">;
/** An integer in -2^31..2^31-1. */
export type Int32 = number & Width<"int32">;
/** An integer in -2^63..2^63-1, as a number (when it is one without rounding) or a bigint. */
export type Int64 = (number | bigint) & Width<"int64">;
/** An integer in 0..255. */
export type Uint8 = number & Width<"uint8">;
/** An integer in 0..65535. */
export type Uint16 = number & Width<"uint16">;
/** An integer in 0..2^32-1. */
export type Uint32 = number & Width<"uint32">;
/** An integer in 0..2^64-1, as a number (when it is one without rounding) or a bigint. */
export type Uint64 = (number | bigint) & Width<"uint64">;

/**
 * How values of a class travel as another type, its wire type `W` (docs/type-mapping.md, "Wire
 * mappings"): `Decimal` as a string, `ObjectId` as 12 bytes, `URL` as a string. Checked by the
 * compiler like any other code: `encode` takes a `T` and returns a `W`, `decode` the reverse.
 */
export interface WireMapping<T, W> {
  /** Whether a value is a `T` (`v instanceof Decimal`): encode refuses any other value. */
  is(value: unknown): boolean;
  /** The value as its wire type. A throw is a CodecError at the value's path. */
  encode(value: T): W;
  /** The wire value, checked against `W` already, as a `T`. A throw is a CodecError with path and offset. */
  decode(wire: W): T;
}

/**
 * Declares how a class travels: every `codecFor` whose type reaches `T`, in any module, writes
 * it as `W` through `mapping`. Write it as an exported top-level constant with both type
 * arguments, which the transformer reads at build time:
 *
 *     export const DecimalWire = wireMapping<Decimal, string>({
 *       is: (v) => v instanceof Decimal,
 *       encode: (d) => d.toString(),
 *       decode: (s) => new Decimal(s),
 *     });
 *
 * Nothing is registered at run time: generated code imports the constant, so the order in which
 * modules load does not matter. Returns `mapping` itself.
 */
export function wireMapping<T, W>(mapping: WireMapping<T, W>): WireMapping<T, W> {
  return mapping;
}

/**
 * Declares how a class travels as a MessagePack extension of type `type`, an integer literal from
 * 0 to 127 (the types an application may use), whose data are the bytes `encode` returns:
 *
 *     export const ObjectIdExt = extensionMapping<ObjectId>(7, {
 *       is: (v) => v instanceof ObjectId,
 *       encode: (id) => id.id,
 *       decode: (data) => new ObjectId(data),
 *     });
 *
 * As `wireMapping`, an exported top-level constant, read at build time; returns `mapping` itself.
 */
export function extensionMapping<T>(type: number, mapping: WireMapping<T, Uint8Array>): WireMapping<T, Uint8Array> {
  void type;
  return mapping;
}
