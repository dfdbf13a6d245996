/**
 * Numbers of a declared width (`Float32`, `Int8` ... `Uint64`, declared in codec-for.ts), both
 * directions. Free functions rather than Reader/Writer methods, so that a bundle whose types
 * declare no width does not carry them.
 */
import { CodecError } from "./errors.js";
import { readNumberOrBigint } from "./extended.js";
import type { Reader } from "./reader.js";
import { FAMILY, INT } from "./wire.js";
import { mismatch, numberAt, type Writer } from "./writer.js";

const TWO_63 = 2 ** 63;
const TWO_64 = 2 ** 64;
/** Made once, as in extended.ts. */
const MIN_INT64 = -BigInt("0x8000000000000000");
const MAX_INT64 = BigInt("0x7fffffffffffffff");
const MAX_UINT64 = BigInt("0xffffffffffffffff");
const ZERO = BigInt(0);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Elements per capacity check in `writeFloat32Array` (5 bytes each), as number-arrays.ts does. */
const RUN = 4096;

function tooLargeForFloat32(v: number, p: string | undefined, offset: number): never {
  throw new CodecError(`${v} is too large for a float 32 (it would round to Infinity)`, "out-of-range", p, offset);
}

/** float 32 (0xca): `v` rounded to the nearest float 32 as `Math.fround` does; a finite value beyond its range is out of range. */
export function writeFloat32(w: Writer, v: unknown, p?: string): void {
  if (typeof v !== "number") mismatch("a number", v, p);
  const f = Math.fround(v);
  // Finite, but rounds to ±Infinity (`f - f` is NaN for an infinite f).
  if (f - f !== 0 && v - v === 0) tooLargeForFloat32(v, p, -1);
  w.ensure(5);
  const pos = w.pos;
  w.bytes[pos] = 0xca; // float 32
  w.view.setFloat32(pos + 1, f);
  w.pos = pos + 5;
}

/** Any int or float, rounded to the nearest float 32: what a `Float32` holds whatever a peer wrote. */
export function readFloat32(r: Reader, p?: string): number {
  const at = r.pos;
  const v = r.number(p);
  const f = Math.fround(v);
  if (f !== v && v - v === 0 && f - f !== 0) tooLargeForFloat32(v, p, at);
  return f;
}

/** float 64 (0xcb) always, integers included: for peers that read a double and nothing else. */
export function writeFloat64(w: Writer, v: unknown, p?: string): void {
  if (typeof v !== "number") mismatch("a number", v, p);
  w.ensure(9);
  const pos = w.pos;
  w.bytes[pos] = 0xcb; // float 64
  w.view.setFloat64(pos + 1, v);
  w.pos = pos + 9;
}

/**
 * `Float32[]`: 5 bytes an element instead of `number[]`'s 9 for a fraction, one capacity check per
 * RUN elements, the position in a local (as writeNumberArray).
 */
export function writeFloat32Array(w: Writer, v: unknown, p?: string): void {
  const n = w.array(v, p);
  const values = v as unknown[];
  for (let start = 0; start < n; start += RUN) {
    const stop = Math.min(n, start + RUN);
    w.ensure(5 * (stop - start));
    const bytes = w.bytes,
      view = w.view;
    let pos = w.pos,
      i = start;
    // The sum of the rounded elements is finite unless one of them is infinite or NaN (RUN float
    // 32s add up to at most 2^140): one add an element says whether checkFloat32Range looks closer.
    // Each element is rounded once, for the sum and the write.
    let sum = 0;
    // Four elements an iteration: the loop's own work (its counter, its test, V8's interrupt check)
    // comes once for the four, and the sum's adds overlap (`node bench/lab/float32-loops.js`).
    for (; i + 4 <= stop; i += 4) {
      const a = values[i],
        b = values[i + 1],
        c = values[i + 2],
        d = values[i + 3];
      if (typeof a !== "number" || typeof b !== "number" || typeof c !== "number" || typeof d !== "number") break;
      const fa = Math.fround(a),
        fb = Math.fround(b),
        fc = Math.fround(c),
        fd = Math.fround(d);
      sum += fa + fb + (fc + fd);
      bytes[pos] = 0xca; // float 32
      view.setFloat32(pos + 1, fa);
      bytes[pos + 5] = 0xca;
      view.setFloat32(pos + 6, fb);
      bytes[pos + 10] = 0xca;
      view.setFloat32(pos + 11, fc);
      bytes[pos + 15] = 0xca;
      view.setFloat32(pos + 16, fd);
      pos += 20;
    }
    // One at a time: the run's last elements, or from the group holding a non-number on (this loop
    // throws at it), so that the first wrong element is the one named.
    for (; i < stop; i++) {
      const x = values[i];
      if (typeof x !== "number") {
        checkFloat32Range(values, start, i, p); // an earlier element out of range fails first
        mismatch("a number", x, p && p + "[" + i + "]");
      }
      const f = Math.fround(x);
      sum += f;
      bytes[pos] = 0xca;
      view.setFloat32(pos + 1, f);
      pos += 5;
    }
    if (sum - sum !== 0) checkFloat32Range(values, start, stop, p);
    w.pos = pos;
  }
}

/** Fails at the first of `values[start, stop)` (numbers) that is finite but rounds to ±Infinity as a float 32. */
function checkFloat32Range(values: unknown[], start: number, stop: number, p: string | undefined): void {
  for (let i = start; i < stop; i++) {
    const x = values[i] as number,
      f = Math.fround(x);
    if (f - f !== 0 && x - x === 0) tooLargeForFloat32(x, p && p + "[" + i + "]", -1);
  }
}

/** `Float32[]`: float 32s inline with the position in a local; any other form, and every error, through readFloat32. */
export function readFloat32Array(r: Reader, p?: string): number[] {
  const n = r.arrayHeader(p);
  const out = new Array<number>(n);
  const bytes = r.bytes,
    view = r.view,
    end = r.end;
  let pos = r.pos,
    i = 0;
  while (i < n) {
    // Four float 32s an iteration while the next four are float 32s, as writeFloat32Array writes
    // them: one bounds test for the four (`node bench/lab/float32-loops.js`).
    while (
      i + 4 <= n &&
      pos + 20 <= end &&
      bytes[pos] === 0xca &&
      bytes[pos + 5] === 0xca &&
      bytes[pos + 10] === 0xca &&
      bytes[pos + 15] === 0xca
    ) {
      out[i] = view.getFloat32(pos + 1);
      out[i + 1] = view.getFloat32(pos + 6);
      out[i + 2] = view.getFloat32(pos + 11);
      out[i + 3] = view.getFloat32(pos + 16);
      i += 4;
      pos += 20;
    }
    if (i === n) break;
    // One element: a float 32 inline; any other form, and every error, through readFloat32.
    if (bytes[pos] === 0xca && pos + 5 <= end) {
      out[i] = view.getFloat32(pos + 1);
      pos += 5;
    } else {
      r.pos = pos;
      out[i] = readFloat32(r, p && p + "[" + i + "]");
      pos = r.pos;
    }
    i++;
  }
  r.pos = pos;
  return out;
}

/**
 * An integer in `min..max` (Int8 ... Uint32), in the smallest int format. A fraction, NaN or a
 * non-number is a type mismatch; an integer outside the range is out of range. -0 is written as 0.
 */
export function writeInt(w: Writer, v: unknown, min: number, max: number, p?: string): void {
  if (typeof v !== "number" || !Number.isInteger(v)) mismatch(`an integer in ${min}..${max}`, v, p);
  if (v < min || v > max) throw new CodecError(`${v} is outside ${min}..${max}`, "out-of-range", p, -1);
  w.ensure(9);
  w.pos = numberAt(w.bytes, w.view, w.pos, v + 0); // + 0 turns -0 into 0
}

/** Any int format whose value lies in `min..max`; a float is a type mismatch, even a whole one. */
export function readInt(r: Reader, min: number, max: number, p?: string): number {
  const at = r.pos;
  const b = r.head(p);
  if (FAMILY[b] !== INT) return r.mismatch(`int in ${min}..${max}`, p);
  // An int 64 beyond 2^53 is outside every one of these ranges, rounded by Number() or not.
  const v = Number(readNumberOrBigint(r, p));
  if (v < min || v > max) r.fail("out-of-range", `${v} is outside ${min}..${max}`, p, at);
  return v;
}

/**
 * `Int64` / `Uint64` (`number | bigint`): an integer number or a bigint in the range, in the
 * smallest int format, so 5 is one byte whichever JavaScript type carries it.
 */
export function writeInt64(w: Writer, v: unknown, p?: string): void {
  writeInt64In(w, v, false, p);
}

export function writeUint64(w: Writer, v: unknown, p?: string): void {
  writeInt64In(w, v, true, p);
}

function writeInt64In(w: Writer, v: unknown, unsigned: boolean, p: string | undefined): void {
  const range = unsigned ? "0..2^64-1" : "-2^63..2^63-1";
  if (typeof v === "number") {
    if (!Number.isInteger(v)) mismatch(`an integer or bigint in ${range}`, v, p);
    if (unsigned ? v < 0 || v >= TWO_64 : v < -TWO_63 || v >= TWO_63)
      throw new CodecError(`${v} is outside ${range}`, "out-of-range", p, -1);
    if (Number.isSafeInteger(v)) {
      w.ensure(9);
      w.pos = numberAt(w.bytes, w.view, w.pos, v + 0);
      return;
    }
    v = BigInt(v);
  }
  if (typeof v !== "bigint") mismatch(`an integer or bigint in ${range}`, v, p);
  if (unsigned ? v < ZERO || v > MAX_UINT64 : v < MIN_INT64 || v > MAX_INT64)
    throw new CodecError(`${v}n is outside ${range}`, "out-of-range", p, -1);
  w.ensure(9);
  if (v >= MIN_SAFE && v <= MAX_SAFE) {
    w.pos = numberAt(w.bytes, w.view, w.pos, Number(v));
    return;
  }
  const pos = w.pos;
  if (v > ZERO) {
    w.bytes[pos] = 0xcf;
    w.view.setBigUint64(pos + 1, v);
  } // uint 64
  else {
    w.bytes[pos] = 0xd3;
    w.view.setBigInt64(pos + 1, v);
  } // int 64
  w.pos = pos + 9;
}

/** `Int64` / `Uint64`: any int format in the range; a number when it is one without rounding, else a bigint. */
export function readInt64(r: Reader, p?: string): number | bigint {
  return readInt64In(r, false, p);
}

export function readUint64(r: Reader, p?: string): number | bigint {
  return readInt64In(r, true, p);
}

function readInt64In(r: Reader, unsigned: boolean, p: string | undefined): number | bigint {
  const at = r.pos;
  const b = r.head(p);
  const range = unsigned ? "0..2^64-1" : "-2^63..2^63-1";
  if (FAMILY[b] !== INT) return r.mismatch(`int in ${range}`, p);
  // Any int as `number | bigint` reads it (extended.ts); only the range is left to check.
  const v = readNumberOrBigint(r, p);
  if (unsigned ? v < 0 : v > MAX_INT64) r.fail("out-of-range", `${v} is outside ${range}`, p, at);
  return v;
}
