/**
 * The values beyond JSON: bigint (int 64), Date (the timestamp extension) and binary (bin), both
 * directions. Free functions rather than Reader/Writer methods, so that a bundle whose types have
 * none of them does not carry them.
 */
import { CodecError } from "./errors.js";
import type { Reader } from "./reader.js";
import { binHeader, extHeader } from "./skip.js";
import { EXT, FAMILY, INT, TWO_32 } from "./wire.js";
import { mismatch, type Writer } from "./writer.js";

const TWO_34 = 0x4_0000_0000;
const MAX_DATE_MS = 8.64e15;
/** Bin payloads up to this many bytes share buffers of SLAB_SIZE to SLAB_SIZE_MAX bytes (see `readBytes`). */
const SLAB_MAX_BIN = 4096;
const SLAB_SIZE = 16384;
const SLAB_SIZE_MAX = 65536;
/** Made once: parsing them on every call was half the time of encoding the blobs dataset. */
const ZERO = BigInt(0);
const MAX_UINT64 = BigInt("0xffffffffffffffff");
const MIN_INT64 = -BigInt("0x8000000000000000");
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Any int format, as a bigint. */
export function readBigint(r: Reader, p?: string): bigint {
  const b = r.head(p);
  if (FAMILY[b] !== INT) return r.mismatch("int", p);
  if (b === 0xcf || b === 0xd3) {
    r.need(9, p);
    const v = b === 0xcf ? r.view.getBigUint64(r.pos + 1) : r.view.getBigInt64(r.pos + 1);
    r.pos += 9;
    return v;
  }
  if (b <= 0x7f || b >= 0xe0) {
    r.pos++;
    return BigInt(b <= 0x7f ? b : b - 0x100);
  }
  return BigInt(r.intBody(b, p));
}

/**
 * `number | bigint`, and any int inside `unknown`: a number when the value is one without
 * rounding (floats, and ints in the safe range, int 64 / uint 64 included), else a bigint.
 * So a small bigint comes back as a number, and nothing is ever rounded.
 */
export function readNumberOrBigint(r: Reader, p?: string): number | bigint {
  const b = r.bytes[r.pos];
  if (b !== 0xcf && b !== 0xd3) return r.number(p); // only int 64 / uint 64 may not fit in a number
  const v = readBigint(r, p);
  return v >= MIN_SAFE && v <= MAX_SAFE ? Number(v) : v;
}

/** `number | bigint`: a number as `number` is written, a bigint as int 64 / uint 64. */
export function writeNumberOrBigint(w: Writer, v: unknown, p?: string): void {
  if (typeof v === "bigint") writeBigint(w, v, p);
  else if (typeof v === "number") w.number(v, p);
  else mismatch("a number or bigint", v, p);
}

/** uint 64 when >= 0, int 64 when negative, as @msgpack/msgpack does with `useBigInt64`. */
export function writeBigint(w: Writer, v: unknown, p?: string): void {
  if (typeof v !== "bigint") mismatch("a bigint", v, p);
  if (v > MAX_UINT64 || v < MIN_INT64) {
    throw new CodecError(`bigint ${v}n does not fit in 64 bits`, "out-of-range", p, -1);
  }
  w.ensure(9);
  if (v >= ZERO) {
    w.bytes[w.pos] = 0xcf; // uint 64
    w.view.setBigUint64(w.pos + 1, v);
  } else {
    w.bytes[w.pos] = 0xd3; // int 64
    w.view.setBigInt64(w.pos + 1, v);
  }
  w.pos += 9;
}

/** Timestamp extension (type -1), 32/64/96-bit forms. */
export function readDate(r: Reader, p?: string): Date {
  const at = r.pos;
  if (FAMILY[r.head(p)] !== EXT) r.mismatch("timestamp ext", p);
  const length = extHeader(r, p);
  const type = r.extType;
  if (type !== -1) r.fail("type-mismatch", `expected timestamp ext (type -1), got ext type ${type}`, p, at);
  const view = r.view,
    pos = r.pos;
  let sec: number, nsec: number;
  if (length === 4) {
    sec = view.getUint32(pos);
    nsec = 0;
  } // timestamp 32
  else if (length === 8) {
    // timestamp 64: nsec in the top 30 bits, sec in the low 34
    const high = view.getUint32(pos);
    nsec = high >>> 2;
    sec = (high & 3) * TWO_32 + view.getUint32(pos + 4);
  } else if (length === 12) {
    // timestamp 96
    nsec = view.getUint32(pos);
    const big = view.getBigInt64(pos + 4);
    sec = Number(big);
    if (sec * 1000 > MAX_DATE_MS || sec * 1000 < -MAX_DATE_MS)
      r.fail("out-of-range", `timestamp ${big}s is outside the range of a JavaScript Date`, p, at);
  } else {
    return r.fail("malformed", `timestamp ext must be 4, 8 or 12 bytes long, not ${length}`, p, at);
  }
  if (nsec > 999_999_999) r.fail("malformed", `timestamp nanoseconds ${nsec} exceed 999999999`, p, at);
  // Whole milliseconds, truncated toward zero as @msgpack/msgpack's decode does; computed in
  // integers, because sec * 1000 + nsec / 1e6 rounds up to the next second for large sec.
  const ms = sec * 1000 + (sec < 0 ? Math.ceil(nsec / 1_000_000) : Math.floor(nsec / 1_000_000));
  if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS)
    r.fail("out-of-range", "timestamp is outside the range of a JavaScript Date", p, at);
  r.pos = pos + length;
  return new Date(ms);
}

/** Timestamp extension (type -1) in the smallest of its 32/64/96-bit forms, as the spec lays out. */
export function writeDate(w: Writer, v: unknown, p?: string): void {
  if (!(v instanceof Date)) mismatch("a Date", v, p);
  const ms = v.getTime();
  if (ms !== ms) throw new CodecError("cannot encode an invalid Date", "out-of-range", p, -1);
  const sec = Math.floor(ms / 1000);
  writeTimestamp(w, sec, (ms - sec * 1000) * 1_000_000);
}

/** @internal `sec` seconds and `nsec` (0 to 999999999) nanoseconds since the epoch, as the timestamp extension in its smallest form. */
export function writeTimestamp(w: Writer, sec: number, nsec: number): void {
  w.ensure(15);
  const bytes = w.bytes,
    view = w.view,
    pos = w.pos;
  if (sec >= 0 && sec < TWO_34) {
    if (nsec === 0 && sec < TWO_32) {
      bytes[pos] = 0xd6;
      bytes[pos + 1] = 0xff; // fixext 4, type -1: timestamp 32
      view.setUint32(pos + 2, sec);
      w.pos = pos + 6;
    } else {
      bytes[pos] = 0xd7;
      bytes[pos + 1] = 0xff; // fixext 8, type -1: timestamp 64 (nsec:30 | sec:34)
      view.setUint32(pos + 2, nsec * 4 + Math.floor(sec / TWO_32));
      view.setUint32(pos + 6, sec >>> 0);
      w.pos = pos + 10;
    }
  } else {
    bytes[pos] = 0xc7;
    bytes[pos + 1] = 12;
    bytes[pos + 2] = 0xff; // ext 8, length 12, type -1: timestamp 96
    view.setUint32(pos + 3, nsec);
    view.setBigInt64(pos + 7, BigInt(sec));
    w.pos = pos + 15;
  }
}

/**
 * A copy of a bin payload, never a view of the input (which a stream reuses). Payloads up to
 * SLAB_MAX_BIN bytes share buffers of the reader's own, as Node's Buffer pool does: an ArrayBuffer
 * per value is a large part of decoding many small payloads. The first is SLAB_SIZE; each next one
 * twice the last, up to SLAB_SIZE_MAX, so that a message with many payloads makes fewer buffers and
 * one with a few still makes one small one (`node bench/ab.js hand blobs dec`).
 */
export function readBytes(r: Reader, p?: string): Uint8Array {
  const length = binHeader(r, r.head(p), p);
  const bytes = r.bytes,
    start = r.pos;
  r.pos = start + length;
  if (length > SLAB_MAX_BIN) return bytes.slice(start, start + length);
  if (r.slab.length - r.slabUsed < length) {
    r.slab = new Uint8Array(Math.max(SLAB_SIZE, Math.min(2 * r.slab.length, SLAB_SIZE_MAX)));
    r.slabUsed = 0;
  }
  const slab = r.slab,
    at = r.slabUsed;
  // Short payloads (hashes, ids) by a loop: `set` costs a call and a view of the input.
  if (length <= 64) for (let i = 0; i < length; i++) slab[at + i] = bytes[start + i]!;
  else slab.set(bytes.subarray(start, start + length), at);
  r.slabUsed = at + ((length + 7) & ~7); // 8-byte aligned, so that a Float64Array over a payload can exist
  // The constructor, not slab.subarray: subarray looks up a species constructor first
  // (`node bench/ab.js hand blobs dec`).
  return new Uint8Array(slab.buffer, at, length);
}

/** A copy of a bin payload in an ArrayBuffer of its own. */
export function readArrayBuffer(r: Reader, p?: string): ArrayBuffer {
  const length = binHeader(r, r.head(p), p);
  const start = r.pos;
  r.pos += length;
  return r.bytes.slice(start, start + length).buffer as ArrayBuffer;
}

/** bin 8/16/32 from a Uint8Array (Buffer included). */
export function writeBytes(w: Writer, v: unknown, p?: string): void {
  if (!(v instanceof Uint8Array)) mismatch("a Uint8Array", v, p);
  writeBin(w, v);
}

export function writeArrayBuffer(w: Writer, v: unknown, p?: string): void {
  if (!(v instanceof ArrayBuffer)) mismatch("an ArrayBuffer", v, p);
  writeBin(w, new Uint8Array(v));
}

/** @internal `v` as a bin, unchecked (for `unknown` values). */
export function writeBin(w: Writer, v: Uint8Array): void {
  const n = v.length;
  w.ensure(5 + n);
  const pos = w.pos;
  if (n < 0x100) {
    w.bytes[pos] = 0xc4;
    w.bytes[pos + 1] = n;
    w.pos = pos + 2;
  } // bin 8
  else if (n < 0x10000) {
    w.bytes[pos] = 0xc5;
    w.view.setUint16(pos + 1, n);
    w.pos = pos + 3;
  } // bin 16
  else {
    w.bytes[pos] = 0xc6;
    w.view.setUint32(pos + 1, n);
    w.pos = pos + 5;
  } // bin 32
  w.bytes.set(v, w.pos);
  w.pos += n;
}
