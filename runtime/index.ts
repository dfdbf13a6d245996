/** typed-msgpack runtime: what applications import, and what generated codecs call. */
export { codecFor, __typedMsgpackIntrinsic } from "./codec-for.js";
export { codec, type Codec, type BaseCodec, type ArrayCodec, type EncodeFn, type DecodeFn } from "./codec.js";
export type { ByteSource, ByteChunk, ReadableStreamLike } from "./stream.js";
export { CodecError, type CodecErrorCode, keySegment } from "./errors.js";
export { Writer, keys, constants, type Constant, mismatch, tooDeep, DEFAULT_MAX_DEPTH } from "./writer.js";
export { Reader, DEFAULT_LIMITS, type DecodeOptions } from "./reader.js";
export { isRecordLike, ownValue, definedKeys, extraKeys, pickByKeys, rethrowUnlessCodecError, setOwn, assignEntries } from "./objects.js";
export { ExtData, readDynamic, writeDynamic } from "./dynamic.js";
export { readBigint, writeBigint, readDate, writeDate, readBytes, writeBytes, readArrayBuffer, writeArrayBuffer } from "./extended.js";
export { peekTag, badTag, pickMember, firstOf } from "./unions.js";
export { NIL, BOOL, INT, FLOAT, STR, BIN, ARRAY, MAP, EXT } from "./wire.js";
