// The libraries under test, each reduced to encode(value) → bytes and decode(bytes) → value.
// A worker process builds exactly one of them, so no library's code warms up V8 for another.
import * as msgpack from "@msgpack/msgpack";
import { FLOAT32_OPTIONS, Packr, isNativeAccelerationEnabled } from "msgpackr";
import { avroType } from "./avro";
import { codecs, positionalCodecs, sizeCodecs } from "./codecs";
import { DATASETS } from "./data";
import type { EqualOptions } from "./equal";
import { handwritten } from "./handwritten";
import type { DatasetId } from "./types";

export interface Contender {
  encode(value: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
  /** How decoded values are compared with the originals (see equal.ts). */
  equal?: EqualOptions;
  /** A fact worth printing next to the results, e.g. whether a native addon loaded. */
  note?: string;
  /** Output must be byte-identical to @msgpack/msgpack's (checked before anything is timed). */
  sameAsMsgpack?: { useBigInt64: boolean; forceFloat32: boolean };
}

export const CONTENDERS = {
  "typed-msgpack": "typed-msgpack (generated codec)",
  "typed-msgpack-positional": 'typed-msgpack, layout: "positional"',
  "typed-msgpack-size": 'typed-msgpack, optimize: "size"',
  "hand-written": "hand-written codec for the type",
  msgpack: "@msgpack/msgpack encode()/decode()",
  "msgpack-reused": "@msgpack/msgpack Encoder/Decoder reused",
  msgpackr: "msgpackr useRecords: false",
  "msgpackr-records": "msgpackr records (non-standard)",
  "msgpack-lite": "msgpack-lite",
  avsc: "avsc (Avro, not msgpack)",
  json: "JSON + TextEncoder/TextDecoder",
} as const;
export type ContenderId = keyof typeof CONTENDERS;
export const CONTENDER_IDS = Object.keys(CONTENDERS) as ContenderId[];

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

export function makeContender(id: ContenderId, dataset: DatasetId): Contender {
  // int 64 decodes to bigint only where the dataset's int 64 values are bigints: elsewhere
  // (epoch milliseconds, 2^40 ints) they are numbers that useBigInt64 would turn into bigints.
  const useBigInt64 = DATASETS[dataset].bigint === true;
  // A dataset of Float32 values: @msgpack/msgpack writes its floats as float 32 too.
  const forceFloat32 = DATASETS[dataset].float32 === true;
  const useFloat32 = forceFloat32 ? FLOAT32_OPTIONS.ALWAYS : FLOAT32_OPTIONS.NEVER;
  const native = `msgpackr native addon (msgpackr-extract) ${isNativeAccelerationEnabled ? "loaded" : "NOT loaded"}`;
  switch (id) {
    case "typed-msgpack": {
      const codec = codecs[dataset] as { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown };
      return { encode: (v) => codec.encode(v), decode: (b) => codec.decode(b) };
    }
    case "typed-msgpack-positional": {
      // Objects as arrays of their values: an absent optional property before a present one is
      // written as nil, and a nullable one comes back as null (README "Positional layout").
      const codec = positionalCodecs[dataset] as { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown };
      return { encode: (v) => codec.encode(v), decode: (b) => codec.decode(b), equal: { nullIsAbsent: true } };
    }
    case "typed-msgpack-size": {
      // A table of the type run by the interpreter: the same bytes and checks as the functions.
      const codec = sizeCodecs[dataset] as { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown };
      return { encode: (v) => codec.encode(v), decode: (b) => codec.decode(b) };
    }
    case "hand-written": {
      // bench/src/handwritten/<dataset>.ts: an encoder and a validating decoder written for the type.
      const codec = handwritten[dataset] as { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown };
      return {
        encode: (v) => codec.encode(v),
        decode: (b) => codec.decode(b),
        sameAsMsgpack: { useBigInt64, forceFloat32 },
      };
    }
    case "msgpack": {
      // The functions build a new Encoder/Decoder per call; encode returns the encoder's own buffer.
      const options = { useBigInt64, forceFloat32 };
      return { encode: (v) => msgpack.encode(v, options), decode: (b) => msgpack.decode(b, options) };
    }
    case "msgpack-reused": {
      // Encoder.encode copies its output (like typed-msgpack's encode), so results stay valid.
      const encoder = new msgpack.Encoder({ useBigInt64, forceFloat32 });
      const decoder = new msgpack.Decoder({ useBigInt64 });
      return { encode: (v) => encoder.encode(v), decode: (b) => decoder.decode(b) };
    }
    case "msgpackr": {
      // Standard MessagePack: maps as maps. int 64 decodes to bigint by default, which is what the
      // bigint dataset needs; msgpackr writes integers beyond 32 bits as float 64 anyway.
      const packr = new Packr({ useRecords: false, useFloat32 });
      return { encode: (v) => packr.pack(v), decode: (b) => packr.unpack(b), note: native };
    }
    case "msgpackr-records": {
      // Default mode: record structures travel inside each message as a msgpackr extension, so a
      // separate Packr on the receiving side decodes them; other msgpack readers cannot.
      const sender = new Packr({ useFloat32 });
      const receiver = new Packr();
      return { encode: (v) => sender.pack(v), decode: (b) => receiver.unpack(b), note: native };
    }
    case "msgpack-lite": {
      const lite = require("msgpack-lite");
      return { encode: (v) => lite.encode(v), decode: (b) => lite.decode(b) };
    }
    case "avsc": {
      const type = avroType(dataset, useBigInt64);
      return {
        encode: (v) => type.toBuffer(v),
        decode: (b) => type.fromBuffer(b as Buffer),
        equal: { nullIsAbsent: true },
      };
    }
    case "json":
      return {
        encode: (v) => utf8Encoder.encode(JSON.stringify(v)),
        decode: (b) => JSON.parse(utf8Decoder.decode(b)),
      };
  }
}
