/**
 * typed-msgpack/internal: what generated codecs call, as `__tm.name(...)`, and the types generated
 * TypeScript names. Generated code is its only importer: these exports change with the
 * generated-code version (GENERATED_CODE_VERSION), and test/unit/internal-entry.test.ts fails when
 * the list changes without a new version.
 */
import { codec as codecFn } from "./codec.js";
import { keySegment as keySegmentFn } from "./errors.js";
import { mismatch as mismatchFn, tooDeep as tooDeepFn } from "./writer.js";
import * as strings from "./strings.js";
import { skip as skipFn } from "./skip.js";
import * as objects from "./objects.js";
import { readDynamic as readDynamicFn, writeDynamic as writeDynamicFn } from "./dynamic.js";
import * as extended from "./extended.js";
import * as unions from "./unions.js";
import * as numberArrays from "./number-arrays.js";
import * as widths from "./widths.js";
import * as flags from "./flags.js";
import * as temporal from "./temporal.js";
import * as mapped from "./mapped.js";
import { isTemplateMember as isTemplateMemberFn } from "./template.js";

export { GENERATED_CODE_VERSION } from "./codec.js";
export type { Codec } from "./codec.js";
export type { Constant, Writer } from "./writer.js";
export type { Reader } from "./reader.js";
export type { Optional, SameShape, Unchanged, Width } from "./shape.js";
export { NIL, BOOL, INT, FLOAT, STR, BIN, ARRAY, MAP, EXT, type PreEncoded, type Literals } from "./wire.js";

// The functions generated code calls, as `__tm.name(...)`. Constants, not `export { } from`:
// CommonJS turns a re-export into a getter that runs on every call; a constant is a plain
// property of `exports` (`node bench/ab.js hand blobs dec`).
export const codec = codecFn;
export const keySegment = keySegmentFn;
export const keys = strings.keys;
export const literals = strings.literals;
export const constants = strings.constants;
export const readString = strings.readString;
export const writeString = strings.writeString;
export const readKey = strings.readKey;
export const readKeyString = strings.readKeyString;
export const readOneOf = strings.readOneOf;
export const lastKey = strings.lastKey;
export const unknownKey = strings.unknownKey;
export const duplicateKey = strings.duplicateKey;
export const missing = strings.missing;
export const notOneOf = strings.notOneOf;
export const isTemplateMember = isTemplateMemberFn;
export const skip = skipFn;
export const mismatch = mismatchFn;
export const tooDeep = tooDeepFn;
export const isRecordLike = objects.isRecordLike;
export const ownValue = objects.ownValue;
export const fixMapHeader = objects.fixMapHeader;
export const extraKeys = objects.extraKeys;
export const noExtraKeys = objects.noExtraKeys;
export const absentLast = objects.absentLast;
export const setOwn = objects.setOwn;
export const tupleHeader = objects.tupleHeader;
export const assignEntries = objects.assignEntries;
export const readDynamic = readDynamicFn;
export const writeDynamic = writeDynamicFn;
export const readBigint = extended.readBigint;
export const writeBigint = extended.writeBigint;
export const readNumberOrBigint = extended.readNumberOrBigint;
export const writeNumberOrBigint = extended.writeNumberOrBigint;
export const readDate = extended.readDate;
export const writeDate = extended.writeDate;
export const readBytes = extended.readBytes;
export const writeBytes = extended.writeBytes;
export const readArrayBuffer = extended.readArrayBuffer;
export const writeArrayBuffer = extended.writeArrayBuffer;
export const readNumberArray = numberArrays.readNumberArray;
export const writeNumberArray = numberArrays.writeNumberArray;
export const readTag = unions.readTag;
export const badTag = unions.badTag;
export const readPositionalTag = unions.readPositionalTag;
export const nextOneOf = strings.nextOneOf;
export const pickByKeys = unions.pickByKeys;
export const pickMember = unions.pickMember;
export const firstOf = unions.firstOf;
export const writeFirstOf = unions.writeFirstOf;
export const writeFloat32 = widths.writeFloat32;
export const readFloat32 = widths.readFloat32;
export const writeFloat64 = widths.writeFloat64;
export const writeFloat32Array = widths.writeFloat32Array;
export const readFloat32Array = widths.readFloat32Array;
export const writeInt = widths.writeInt;
export const readInt = widths.readInt;
export const writeInt64 = widths.writeInt64;
export const readInt64 = widths.readInt64;
export const writeUint64 = widths.writeUint64;
export const readUint64 = widths.readUint64;
export const isFlags = flags.isFlags;
export const writeFlags = flags.writeFlags;
export const readFlags = flags.readFlags;
export const isTemporal = temporal.isTemporal;
export const writeInstant = temporal.writeInstant;
export const readInstant = temporal.readInstant;
export const writeTemporal = temporal.writeTemporal;
export const readTemporal = temporal.readTemporal;
export const mapEncode = mapped.mapEncode;
export const mapDecode = mapped.mapDecode;
export const writeExtension = mapped.writeExtension;
export const readExtension = mapped.readExtension;
