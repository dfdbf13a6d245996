// Hand-written codec for LiteExample (dataset "lite", msgpack-lite's benchmark object). See prims.ts.
import type { LiteExample } from "../types";
import { In, Out, cat, keys, mapOf } from "./prims";

const NAMES = [
  "int0",
  "int1",
  "int1-",
  "int8",
  "int8-",
  "int16",
  "int16-",
  "int32",
  "int32-",
  "nil",
  "true",
  "false",
  "float",
  "float-",
  "string0",
  "string1",
  "string4",
  "string8",
  "string16",
  "array0",
  "array1",
  "array8",
  "map0",
  "map1",
] as const;
const LITE_KEYS = keys(...NAMES);
const [
  K_INT0,
  K_INT1,
  K_INT1N,
  K_INT8,
  K_INT8N,
  K_INT16,
  K_INT16N,
  K_INT32,
  K_INT32N,
  K_NIL,
  K_TRUE,
  K_FALSE,
  K_FLOAT,
  K_FLOATN,
  K_STRING0,
  K_STRING1,
  K_STRING4,
  K_STRING8,
  K_STRING16,
  K_ARRAY0,
  K_ARRAY1,
  K_ARRAY8,
  K_MAP0,
  K_MAP1,
] = LITE_KEYS.encoded as Uint8Array[] as [
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
];
const HEAD = cat(mapOf(24), K_INT0);
const NIL_VALUE = cat(K_NIL, [0xc0], K_TRUE);
/** Room for everything up to the first string: the keys, 11 numbers and 2 booleans. */
const FIXED =
  [
    HEAD,
    K_INT1,
    K_INT1N,
    K_INT8,
    K_INT8N,
    K_INT16,
    K_INT16N,
    K_INT32,
    K_INT32N,
    NIL_VALUE,
    K_FALSE,
    K_FLOAT,
    K_FLOATN,
    K_STRING0,
  ].reduce((n, k) => n + k.length, 0) +
  11 * 9 +
  2;

const w = new Out();

export function encode(v: LiteExample): Uint8Array {
  w.reserve(FIXED);
  w.put(HEAD);
  w.putNumber(v.int0);
  w.put(K_INT1);
  w.putNumber(v.int1);
  w.put(K_INT1N);
  w.putNumber(v["int1-"]);
  w.put(K_INT8);
  w.putNumber(v.int8);
  w.put(K_INT8N);
  w.putNumber(v["int8-"]);
  w.put(K_INT16);
  w.putNumber(v.int16);
  w.put(K_INT16N);
  w.putNumber(v["int16-"]);
  w.put(K_INT32);
  w.putNumber(v.int32);
  w.put(K_INT32N);
  w.putNumber(v["int32-"]);
  w.put(NIL_VALUE);
  w.putBool(v.true);
  w.put(K_FALSE);
  w.putBool(v.false);
  w.put(K_FLOAT);
  w.putNumber(v.float);
  w.put(K_FLOATN);
  w.putNumber(v["float-"]);
  w.put(K_STRING0);
  w.string(v.string0);
  w.raw(K_STRING1);
  w.string(v.string1);
  w.raw(K_STRING4);
  w.string(v.string4);
  w.raw(K_STRING8);
  w.string(v.string8);
  w.raw(K_STRING16);
  w.string(v.string16);
  w.raw(K_ARRAY0);
  w.stringArray(v.array0);
  w.raw(K_ARRAY1);
  w.stringArray(v.array1);
  w.raw(K_ARRAY8);
  w.numberArray(v.array8);
  w.raw(K_MAP0);
  w.stringRecord(v.map0);
  w.raw(K_MAP1);
  w.stringRecord(v.map1);
  return w.finish();
}

const ALL = 0xffffff;

export function decode(bytes: Uint8Array): LiteExample {
  const r = new In(bytes);
  const n = r.mapHeader();
  let int0!: number,
    int1!: number,
    int1n!: number,
    int8!: number,
    int8n!: number,
    int16!: number,
    int16n!: number,
    int32!: number,
    int32n!: number;
  let nil!: null, t!: boolean, f!: boolean, float!: number, floatn!: number;
  let string0!: string, string1!: string, string4!: string, string8!: string, string16!: string;
  let array0!: string[],
    array1!: string[],
    array8!: number[],
    map0!: Record<string, string>,
    map1!: Record<string, string>;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_INT0)) {
    int0 = r.number();
    seen |= 1 << 0;
    i++;
  }
  if (i < n && r.key(K_INT1)) {
    int1 = r.number();
    seen |= 1 << 1;
    i++;
  }
  if (i < n && r.key(K_INT1N)) {
    int1n = r.number();
    seen |= 1 << 2;
    i++;
  }
  if (i < n && r.key(K_INT8)) {
    int8 = r.number();
    seen |= 1 << 3;
    i++;
  }
  if (i < n && r.key(K_INT8N)) {
    int8n = r.number();
    seen |= 1 << 4;
    i++;
  }
  if (i < n && r.key(K_INT16)) {
    int16 = r.number();
    seen |= 1 << 5;
    i++;
  }
  if (i < n && r.key(K_INT16N)) {
    int16n = r.number();
    seen |= 1 << 6;
    i++;
  }
  if (i < n && r.key(K_INT32)) {
    int32 = r.number();
    seen |= 1 << 7;
    i++;
  }
  if (i < n && r.key(K_INT32N)) {
    int32n = r.number();
    seen |= 1 << 8;
    i++;
  }
  if (i < n && r.key(K_NIL)) {
    nil = r.nil();
    seen |= 1 << 9;
    i++;
  }
  if (i < n && r.key(K_TRUE)) {
    t = r.bool();
    seen |= 1 << 10;
    i++;
  }
  if (i < n && r.key(K_FALSE)) {
    f = r.bool();
    seen |= 1 << 11;
    i++;
  }
  if (i < n && r.key(K_FLOAT)) {
    float = r.number();
    seen |= 1 << 12;
    i++;
  }
  if (i < n && r.key(K_FLOATN)) {
    floatn = r.number();
    seen |= 1 << 13;
    i++;
  }
  if (i < n && r.key(K_STRING0)) {
    string0 = r.string();
    seen |= 1 << 14;
    i++;
  }
  if (i < n && r.key(K_STRING1)) {
    string1 = r.string();
    seen |= 1 << 15;
    i++;
  }
  if (i < n && r.key(K_STRING4)) {
    string4 = r.string();
    seen |= 1 << 16;
    i++;
  }
  if (i < n && r.key(K_STRING8)) {
    string8 = r.string();
    seen |= 1 << 17;
    i++;
  }
  if (i < n && r.key(K_STRING16)) {
    string16 = r.string();
    seen |= 1 << 18;
    i++;
  }
  if (i < n && r.key(K_ARRAY0)) {
    array0 = r.stringArray();
    seen |= 1 << 19;
    i++;
  }
  if (i < n && r.key(K_ARRAY1)) {
    array1 = r.stringArray();
    seen |= 1 << 20;
    i++;
  }
  if (i < n && r.key(K_ARRAY8)) {
    array8 = r.numberArray();
    seen |= 1 << 21;
    i++;
  }
  if (i < n && r.key(K_MAP0)) {
    map0 = r.stringRecord();
    seen |= 1 << 22;
    i++;
  }
  if (i < n && r.key(K_MAP1)) {
    map1 = r.stringRecord();
    seen |= 1 << 23;
    i++;
  }
  for (; i < n; i++) {
    const k = r.anyKey(LITE_KEYS);
    if (k >= 0) seen = r.once(seen, 1 << k);
    switch (k) {
      case 0:
        int0 = r.number();
        break;
      case 1:
        int1 = r.number();
        break;
      case 2:
        int1n = r.number();
        break;
      case 3:
        int8 = r.number();
        break;
      case 4:
        int8n = r.number();
        break;
      case 5:
        int16 = r.number();
        break;
      case 6:
        int16n = r.number();
        break;
      case 7:
        int32 = r.number();
        break;
      case 8:
        int32n = r.number();
        break;
      case 9:
        nil = r.nil();
        break;
      case 10:
        t = r.bool();
        break;
      case 11:
        f = r.bool();
        break;
      case 12:
        float = r.number();
        break;
      case 13:
        floatn = r.number();
        break;
      case 14:
        string0 = r.string();
        break;
      case 15:
        string1 = r.string();
        break;
      case 16:
        string4 = r.string();
        break;
      case 17:
        string8 = r.string();
        break;
      case 18:
        string16 = r.string();
        break;
      case 19:
        array0 = r.stringArray();
        break;
      case 20:
        array1 = r.stringArray();
        break;
      case 21:
        array8 = r.numberArray();
        break;
      case 22:
        map0 = r.stringRecord();
        break;
      case 23:
        map1 = r.stringRecord();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== ALL) r.missing(LITE_KEYS, ALL, seen);
  r.done();
  return {
    int0,
    int1,
    "int1-": int1n,
    int8,
    "int8-": int8n,
    int16,
    "int16-": int16n,
    int32,
    "int32-": int32n,
    nil,
    true: t,
    false: f,
    float,
    "float-": floatn,
    string0,
    string1,
    string4,
    string8,
    string16,
    array0,
    array1,
    array8,
    map0,
    map1,
  };
}
