import { CodecError, keySegment, RESERVED_BYTE } from "./errors.js";
import type { Reader } from "./reader.js";
import { isRecordLike, setOwn } from "./objects.js";
import type { Writer } from "./writer.js";
import { mismatch, tooDeep } from "./writer.js";
import { readBytes, readDate, readNumberOrBigint, writeBigint, writeBin, writeDate } from "./extended.js";
import { extHeader } from "./skip.js";
import { readString, writeString } from "./strings.js";
import { ARRAY, BIN, BOOL, EXT, FAMILY, FLOAT, INT, MAP, NEVER_USED, NIL, STR } from "./wire.js";

/** An extension value other than the timestamp, as decoded into `unknown`. */
export class ExtData {
  readonly type: number;
  readonly data: Uint8Array;
  constructor(type: number, data: Uint8Array) {
    this.type = type;
    this.data = data;
  }
}

/**
 * Encodes a value whose static type is `any`/`unknown` with the mapping of @msgpack/msgpack's
 * defaults: undefined → nil, Date → timestamp, typed arrays → bin, Map and plain objects → map.
 */
export function writeDynamic(w: Writer, v: unknown, p: string | undefined, depth: number): void {
  switch (typeof v) {
    case "undefined":
      return w.nil();
    case "boolean":
      return w.bool(v);
    case "number":
      return w.number(v);
    case "string":
      return writeString(w, v);
    case "bigint":
      return writeBigint(w, v, p);
    case "object":
      break;
    default:
      return mismatch("a value MessagePack can carry", v, p);
  }
  if (v === null) return w.nil();
  // Containers count one level each, exactly as readDynamic counts them.
  if (depth > w.maxDepth && (Array.isArray(v) || v instanceof Map || v instanceof Set || isRecordLike(v)))
    tooDeep(w.maxDepth, p);
  if (Array.isArray(v)) {
    w.arrayHeader(v.length);
    for (let i = 0; i < v.length; i++) writeDynamic(w, v[i], p && p + "[" + i + "]", depth + 1);
  } else if (v instanceof Date) {
    writeDate(w, v, p);
  } else if (v instanceof Uint8Array) {
    writeBin(w, v);
  } else if (ArrayBuffer.isView(v)) {
    writeBin(w, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  } else if (v instanceof ArrayBuffer) {
    writeBin(w, new Uint8Array(v));
  } else if (v instanceof ExtData) {
    writeExt(w, v, p);
  } else if (v instanceof Set) {
    // Written as an array rather than dropped (@msgpack/msgpack writes an empty map): nothing is lost.
    w.arrayHeader(v.size);
    let i = 0;
    for (const element of v) writeDynamic(w, element, p && p + "[" + i++ + "]", depth + 1);
  } else if (v instanceof Map) {
    w.mapHeader(v.size);
    for (const [key, value] of v) {
      // Decode turns the keys of an unknown map into property names, so only those keys round-trip.
      if (typeof key !== "string" && !(typeof key === "number" && Number.isSafeInteger(key))) {
        mismatch(
          "a Map key that is a string or a safe integer (the keys of an unknown map decode as property names)",
          key,
          p,
        );
      }
      writeDynamic(w, key, p, depth + 1);
      writeDynamic(w, value, p && p + keySegment(key), depth + 1);
    }
  } else {
    const record = v as Record<string, unknown>;
    const names = Object.keys(record);
    w.mapHeader(names.length);
    for (const name of names) {
      writeString(w, name);
      writeDynamic(w, record[name], p && p + keySegment(name), depth + 1);
    }
  }
}

export function writeExt(w: Writer, ext: ExtData, p: string | undefined): void {
  if (!Number.isInteger(ext.type) || ext.type < -128 || ext.type > 127) {
    throw new CodecError(
      `ExtData type ${ext.type} is outside -128..127, the range of MessagePack extension types`,
      "out-of-range",
      p,
      -1,
    );
  }
  if (ext.type === -1) mismatch("a Date for extension type -1 (the timestamp), not an ExtData", ext, p);
  const n = ext.data.length;
  w.ensure(6 + n);
  const fixed = n === 1 ? 0xd4 : n === 2 ? 0xd5 : n === 4 ? 0xd6 : n === 8 ? 0xd7 : n === 16 ? 0xd8 : 0; // fixext 1..16
  if (fixed) w.bytes[w.pos++] = fixed;
  else if (n < 0x100) {
    w.bytes[w.pos++] = 0xc7;
    w.bytes[w.pos++] = n;
  } // ext 8
  else if (n < 0x10000) {
    w.bytes[w.pos] = 0xc8;
    w.view.setUint16(w.pos + 1, n);
    w.pos += 3;
  } // ext 16
  else {
    w.bytes[w.pos] = 0xc9;
    w.view.setUint32(w.pos + 1, n);
    w.pos += 5;
  } // ext 32
  w.view.setInt8(w.pos++, ext.type);
  w.bytes.set(ext.data, w.pos);
  w.pos += n;
}

/**
 * Decodes any value: int 64 outside the safe range becomes a bigint (never a rounded number),
 * maps become plain objects whose keys are own properties (`__proto__` included, as JSON.parse),
 * the timestamp becomes a Date and other extensions an ExtData.
 */
export function readDynamic(r: Reader, p: string | undefined, depth: number): unknown {
  const at = r.pos;
  const b = r.head(p);
  switch (FAMILY[b]) {
    case NIL:
      r.pos++;
      return null;
    case BOOL:
      r.pos++;
      return b === 0xc3;
    case INT:
      return readNumberOrBigint(r, p);
    case FLOAT:
      return r.number(p);
    case STR:
      return readString(r, p);
    case BIN:
      return readBytes(r, p);
    case EXT: {
      if (depth > r.maxDepth) r.tooDeep(p);
      const length = extHeader(r, p);
      const type = r.extType;
      if (type === -1) {
        r.pos = at;
        return readDate(r, p);
      }
      const data = r.bytes.slice(r.pos, r.pos + length);
      r.pos += length;
      return new ExtData(type, data);
    }
    case ARRAY: {
      if (depth > r.maxDepth) r.tooDeep(p);
      const n = r.arrayHeader(p);
      const out: unknown[] = new Array(n);
      for (let i = 0; i < n; i++) out[i] = readDynamic(r, p && p + "[" + i + "]", depth + 1);
      return out;
    }
    case MAP: {
      if (depth > r.maxDepth) r.tooDeep(p);
      const n = r.mapHeader(p);
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const keyAt = r.pos;
        const family = r.family(p);
        let key: string;
        // The path names an int key as a number (`[3]`, as encode names a Map's), a str key as a string.
        let path = p;
        if (family === STR) {
          key = readString(r, p);
          path = p && p + keySegment(key);
        } else if (family === INT) {
          const n = r.number(p);
          key = String(n);
          path = p && p + keySegment(n);
        } else if (family === NEVER_USED) return r.fail("malformed", RESERVED_BYTE, p);
        else
          throw new CodecError(
            `map keys of an unknown value must be str or int, got ${["nil", "bool", "int", "float", "str", "bin", "array", "map", "ext"][family]} at byte ${keyAt}`,
            "type-mismatch",
            p,
            keyAt,
          );
        setOwn(out, key, readDynamic(r, path, depth + 1));
      }
      return out;
    }
    default:
      return r.fail("malformed", RESERVED_BYTE, p);
  }
}
