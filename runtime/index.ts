/**
 * typed-msgpack: what applications import. What generated codecs call is typed-msgpack/internal
 * (internal.ts), which only generated code imports.
 */

export {
  codecFor,
  wireMapping,
  extensionMapping,
  __typedMsgpackIntrinsic,
  type CodecOptions,
  type WireMapping,
} from "./codec-for.js";
export type { Float32, Float64, Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64 } from "./codec-for.js";
export type { Codec, BaseCodec, ArrayCodec, EncodeFn, DecodeFn } from "./codec.js";
export { CodecError, type CodecErrorCode } from "./errors.js";
export { Writer } from "./writer.js";
export { Reader, DEFAULT_LIMITS, type DecodeOptions } from "./reader.js";
export { ExtData } from "./dynamic.js";
export { DEFAULT_MAX_DEPTH } from "./wire.js";
