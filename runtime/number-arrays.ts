/**
 * `number[]`, both directions. Free functions rather than Reader/Writer methods, so that a bundle
 * whose types have no number array does not carry them.
 */
import type { Reader } from "./reader.js";
import { TWO_32 } from "./wire.js";
import { mismatch, numberAt as importedNumberAt, type Writer } from "./writer.js";

// Module-level bindings: the CommonJS build calls an import as `(0, writer_js_1.numberAt)(...)`,
// which V8 did not inline into the loop below (`node bench/ab.js hand smallints enc`).
const numberAt = importedNumberAt;

/** Elements written per capacity check (at most 9 bytes each). */
const RUN = 4096;

/**
 * An array of 8 or more with a fraction among its first four elements goes to writeFloat64s (two
 * groups of four; no other threshold was measured): a series that starts at 0 or another whole
 * number is a series all the same. In the loop below, each of its fractions would meet
 * Number.isSafeInteger, and in a holey array of doubles (made by `new Array(n)` and filled, as
 * decoders make theirs) every element would be boxed, a HeapNumber each (`Object.is` and
 * `Number.isSafeInteger` take the element as a tagged value; `node --trace-gc`). Chosen by the first
 * element alone, such a series starting with 0 took the slower loop (`node bench/lab/number-series.js`,
 * int first). Every other array: one capacity check per run of elements, where `Writer.number`
 * checks for each (`node bench/ab.js hand numeric enc`).
 * A run is as long as the room left holds at 9 bytes an element, so nothing is reserved that
 * numbers of 1-5 bytes would leave unused (growing the buffer); runs shrink towards the end of the
 * buffer, and the last few elements go one by one, each growing the buffer only if it must (a fast
 * path only for a full RUN left the last 36 KB of a buffer sized to the last output to the slow
 * one).
 *
 * Runs end three elements before the array does, so that the one-by-one path writes the last three
 * of every array: mixedNumberAt may write past its element, and this way no code in the loop is
 * first reached after V8 optimized it. A one-by-one path reached only when the buffer ran short,
 * and a tail loop per run, deoptimized the function in some processes and left it recompiled larger
 * and slower (`node bench/ab.js processes <before> <after> numeric enc`).
 */
export function writeNumberArray(w: Writer, v: unknown, p?: string): void {
  const n = w.array(v, p);
  const values = v as unknown[];
  if (n >= 8 && (isFraction(values[0]) || isFraction(values[1]) || isFraction(values[2]) || isFraction(values[3]))) {
    return writeFloat64s(w, values, n, p);
  }
  for (let i = 0; i < n; ) {
    const stop = Math.min(n - 3, i + RUN, i + Math.floor((w.bytes.length - w.pos) / 9));
    if (stop - i < 16) {
      w.number(values[i], p && p + "[" + i + "]");
      i++;
      continue;
    }
    // The position in a local, so that V8 keeps it in a register across the run.
    const bytes = w.bytes,
      view = w.view;
    let pos = w.pos;
    try {
      // No typeof per element: the int tests hold only for numbers (`node bench/ab.js hand smallints enc`).
      for (; i < stop; i++) pos = mixedNumberAt(bytes, view, pos, values[i] as number);
    } catch (error) {
      if (typeof values[i] !== "number") mismatch("a number", values[i], p && p + "[" + i + "]");
      throw error;
    }
    w.pos = pos;
  }
}

/**
 * A number with a fraction, or NaN: float 64 for numberAt too, after its int tests. (-0, ±Infinity
 * and ints beyond 2^53 are float 64 as well, but rare in a series: they go through numberAt.)
 */
function isFraction(x: unknown): x is number {
  return typeof x === "number" && Math.trunc(x) !== x;
}

/**
 * A series of measurements (a fraction among the first four elements): four float 64s an
 * iteration while the next four are fractions, as writeFloat32Array (widths.ts) writes float 32s
 * (one loop for both would take the setter as a call per element), one capacity check per RUN
 * elements (9 bytes an element, the most numberAt writes). `Math.trunc(x) !== x` tells a fraction
 * from an int for less than Number.isSafeInteger, which V8 calls as a builtin for a double (and `%`
 * on a double is a call into C). A group that is not four fractions goes one element at a time
 * (`AB_BETWEEN=dec node bench/ab.js solo <before> <after> floats enc 5 2`). Chosen once per array by
 * its first four elements, so that arrays of ints never run this code: the trunc test inside
 * mixedNumberAt slowed smallints encode, whose negative fixints reach it, and this loop writes them
 * more slowly than mixedNumberAt (`node bench/ab.js hand smallints enc`).
 */
function writeFloat64s(w: Writer, values: unknown[], n: number, p: string | undefined): void {
  for (let start = 0; start < n; start += RUN) {
    const stop = Math.min(n, start + RUN);
    w.ensure(9 * (stop - start));
    const bytes = w.bytes,
      view = w.view;
    let pos = w.pos,
      i = start;
    while (i < stop) {
      for (; i + 4 <= stop; i += 4) {
        const a = values[i],
          b = values[i + 1],
          c = values[i + 2],
          d = values[i + 3];
        if (!isFraction(a) || !isFraction(b) || !isFraction(c) || !isFraction(d)) break;
        bytes[pos] = 0xcb; // float 64
        view.setFloat64(pos + 1, a);
        bytes[pos + 9] = 0xcb;
        view.setFloat64(pos + 10, b);
        bytes[pos + 18] = 0xcb;
        view.setFloat64(pos + 19, c);
        bytes[pos + 27] = 0xcb;
        view.setFloat64(pos + 28, d);
        pos += 36;
      }
      // The group that was not four fractions (or the run's last elements), one at a time before
      // the next group is tried: retried after each element, an array of half ints encoded slower
      // than by the loop for every form (`node bench/lab/number-series.js`, whole 50 %).
      for (const last = Math.min(i + 4, stop); i < last; i++) {
        const x = values[i];
        if (isFraction(x)) {
          bytes[pos] = 0xcb;
          view.setFloat64(pos + 1, x);
          pos += 9;
        } // float 64
        else if (typeof x === "number") pos = numberAt(bytes, view, pos, x);
        else mismatch("a number", x, p && p + "[" + i + "]");
      }
    }
    w.pos = pos;
  }
}

/**
 * numberAt for an element with three or more after it in its array. The size of an int of 8 to 32
 * bits comes from arithmetic on Math.clz32, not from a branch per size: in an array of ints of
 * mixed sizes each such branch was a misprediction (the same values sorted by size show what they
 * cost: `node bench/ab.js peer numeric enc --sorted`). It writes four
 * bytes after the header whatever the size, up to three past the element, which the three
 * elements after it overwrite; the last three of an array go through Writer.number (see
 * writeNumberArray).
 */
function mixedNumberAt(bytes: Uint8Array, view: DataView, pos: number, v: number): number {
  if (v >>> 0 === v) {
    if (v < 0x80) {
      bytes[pos] = v; // positive fixint
      // -0 tested after the store and rewritten by numberAt as float 64: faster than a fixint path
      // that joins numberAt's call below (`node bench/ab.js builds`, both orders, numeric enc). Tested
      // for every fixint, not behind `v === 0`: a branch first taken by a 0 met after optimization
      // deoptimizes the loop (V8 folds the test away for arrays of small ints).
      if (Object.is(v, -0)) return numberAt(bytes, view, pos, v);
      return pos + 1;
    }
    return mixedUintAt(bytes, view, pos, v);
  } else if (Number.isSafeInteger(v)) {
    if (v < 0 && v >= -0x20) {
      bytes[pos] = v & 0xff;
      return pos + 1;
    } // negative fixint
    return mixedIntAt(bytes, view, pos, v);
  } else if (typeof v === "number") {
    bytes[pos] = 0xcb;
    view.setFloat64(pos + 1, v);
    return pos + 9; // float 64
  }
  return numberAt(bytes, view, pos, v); // what is not a number: numberAt throws the mismatch
}

// The sizes are computed in functions of their own: inline in mixedNumberAt they slowed arrays of
// fixints, which never reach them (`node bench/ab.js hand smallints enc`).

/** uint 8, 16, 32 for 128 <= v < 2^32. */
function mixedUintAt(bytes: Uint8Array, view: DataView, pos: number, v: number): number {
  return sizedIntAt(bytes, view, pos, v, 0xcc, ((Math.clz32(v) - 24) >>> 31) + ((Math.clz32(v) - 16) >>> 31));
}

/** int 8, 16, 32 for -2^31 <= v < -32 (~v = -v - 1: int 8 down to -2^7, int 16 down to -2^15); wideIntAt for 64 bits. */
function mixedIntAt(bytes: Uint8Array, view: DataView, pos: number, v: number): number {
  if (v > 0 || v < -0x8000_0000) return wideIntAt(bytes, view, pos, v);
  return sizedIntAt(bytes, view, pos, v, 0xd0, ((Math.clz32(~v) - 25) >>> 31) + ((Math.clz32(~v) - 17) >>> 31));
}

/**
 * uint 64 from 2^32, int 64 below -2^31: the high word by division (two's complement as an int 32),
 * the low one by `>>> 0`. Not Writer's intAt: with its int 8..32 cases it was too large for V8 to
 * inline, and mixedIntAt with it inlined too large as well (`node bench/ab.js hand numeric enc`).
 */
function wideIntAt(bytes: Uint8Array, view: DataView, pos: number, v: number): number {
  bytes[pos] = v > 0 ? 0xcf : 0xd3;
  view.setInt32(pos + 1, Math.floor(v / TWO_32));
  view.setUint32(pos + 5, v >>> 0);
  return pos + 9;
}

/** The header `head + size` (size 0, 1, 2: 8, 16, 32 bits), then the four bytes of `v << shift`, v's first. */
function sizedIntAt(bytes: Uint8Array, view: DataView, pos: number, v: number, head: number, size: number): number {
  const length = 2 + size + (size >> 1); // 2, 3, 5
  bytes[pos] = head + size;
  view.setInt32(pos + 1, v << (40 - 8 * length));
  return pos + length;
}

/**
 * An array whose first element is a float 64 is read by a loop for float 64s; any other by a loop
 * for numbers of every form. Each loop is a function of its own, so that neither's code or type
 * feedback depends on the other's data: four float 64s an iteration in the mixed loop's float 64
 * branch slowed arrays of fixints, whichever way it was written (`node bench/ab.js hand smallints dec`).
 */
export function readNumberArray(r: Reader, p?: string): number[] {
  const n = r.arrayHeader(p);
  return r.bytes[r.pos] === 0xcb ? readFloat64s(r, n, p) : readNumbers(r, n, p);
}

/**
 * Four float 64s an iteration while the next four are float 64s, as readFloat32Array (widths.ts)
 * reads float 32s: one bounds test for the four, and the loop's own work (counter, test, V8's
 * interrupt check) once (`node bench/ab.js solo <before> <after> floats dec`). One element of any
 * other form between such groups, through Reader.number unless it is a fixint. This one allocation
 * site only ever holds numbers, so its arrays keep unboxed doubles.
 */
function readFloat64s(r: Reader, n: number, p: string | undefined): number[] {
  const out = new Array<number>(n);
  const bytes = r.bytes,
    view = r.view,
    end = r.end;
  let pos = r.pos,
    i = 0;
  while (i < n) {
    while (
      i + 4 <= n &&
      pos + 36 <= end &&
      bytes[pos] === 0xcb &&
      bytes[pos + 9] === 0xcb &&
      bytes[pos + 18] === 0xcb &&
      bytes[pos + 27] === 0xcb
    ) {
      out[i] = view.getFloat64(pos + 1);
      out[i + 1] = view.getFloat64(pos + 10);
      out[i + 2] = view.getFloat64(pos + 19);
      out[i + 3] = view.getFloat64(pos + 28);
      i += 4;
      pos += 36;
    }
    if (i === n) break;
    const b = bytes[pos]!;
    if (b === 0xcb && pos + 9 <= end) {
      out[i] = view.getFloat64(pos + 1);
      pos += 9;
    } else if (b < 0x80) {
      out[i] = b;
      pos++;
    } // positive fixint
    else {
      r.pos = pos;
      out[i] = r.number(p && p + "[" + i + "]");
      pos = r.pos;
    }
    i++;
  }
  r.pos = pos;
  return out;
}

/** Numbers of every form; this allocation site too only ever holds numbers. */
function readNumbers(r: Reader, n: number, p: string | undefined): number[] {
  const out = new Array<number>(n);
  // Fixints, float 64s and 16/32-bit ints inline with the position in a local (an array of one kind
  // of number meets one branch: `node bench/ab.js hand numeric dec`); any other form, and every error, through
  // Reader.number.
  const bytes = r.bytes,
    view = r.view,
    end = r.end;
  let pos = r.pos;
  for (let i = 0; i < n; i++) {
    const b = bytes[pos]!;
    if (b < 0x80) {
      out[i] = b;
      pos++;
    } // positive fixint
    else if (b === 0xcb && pos + 9 <= end) {
      out[i] = view.getFloat64(pos + 1);
      pos += 9;
    } // float 64
    else if (b >= 0xe0) {
      out[i] = b - 0x100;
      pos++;
    } // negative fixint
    else if (b === 0xce && pos + 5 <= end) {
      out[i] = view.getUint32(pos + 1);
      pos += 5;
    } // uint 32
    else if (b === 0xd2 && pos + 5 <= end) {
      out[i] = view.getInt32(pos + 1);
      pos += 5;
    } // int 32
    else if (b === 0xcd && pos + 3 <= end) {
      out[i] = view.getUint16(pos + 1);
      pos += 3;
    } // uint 16
    else if (b === 0xd1 && pos + 3 <= end) {
      out[i] = view.getInt16(pos + 1);
      pos += 3;
    } // int 16
    else {
      r.pos = pos;
      out[i] = r.number(p && p + "[" + i + "]");
      pos = r.pos;
    }
  }
  r.pos = pos;
  return out;
}
