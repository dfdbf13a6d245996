/**
 * `number[]`, both directions. Free functions rather than Reader/Writer methods, so that a bundle
 * whose types have no number array does not carry them.
 */
import type { Reader } from "./reader.js";
import { mismatch, numberAt as importedNumberAt, type Writer } from "./writer.js";

// A module-level binding: the CommonJS build calls an import as `(0, writer_js_1.numberAt)(...)`,
// which V8 did not inline into the loop below (bench smallints encode 0.71 -> 0.85x hand-written).
const numberAt = importedNumberAt;

/** Elements written per capacity check (at most 9 bytes each). */
const RUN = 4096;

/**
 * One capacity check per run of elements, where `Writer.number` checks for each (bench numeric
 * encode: 360 -> 402 ops/s). A run is as long as the room left holds at 9 bytes an element, so
 * nothing is reserved that numbers of 1-5 bytes would leave unused (growing the buffer, or moving
 * `encodeInto` out of its target); runs shrink towards the end of the buffer, and the last few
 * elements go one by one, each growing the buffer only if it must (a fast path only for a full
 * RUN left the last 36 KB of a buffer sized to the last output to the slow one).
 */
export function writeNumberArray(w: Writer, v: unknown, p?: string): void {
  const n = w.array(v, p);
  const values = v as unknown[];
  for (let i = 0; i < n; ) {
    const stop = Math.min(n, i + RUN, i + Math.floor((w.bytes.length - w.pos) / 9));
    if (stop - i < 16) {
      w.number(values[i], p && p + "[" + i + "]");
      i++;
      continue;
    }
    // The position in a local, so that V8 keeps it in a register across the run.
    const bytes = w.bytes, view = w.view;
    let pos = w.pos;
    try {
      // No typeof per element: numberAt tests the type where it matters (bench smallints encode +7 %).
      for (; i < stop; i++) pos = numberAt(bytes, view, pos, values[i] as number);
    } catch (error) {
      if (typeof values[i] !== "number") mismatch("a number", values[i], p && p + "[" + i + "]");
      throw error;
    }
    w.pos = pos;
  }
}

/** This one allocation site only ever holds numbers, so its arrays keep unboxed doubles. */
export function readNumberArray(r: Reader, p?: string): number[] {
  const n = r.arrayHeader(p);
  const out = new Array<number>(n);
  // Fixints, float 64s and 16/32-bit ints inline with the position in a local (an array of one kind
  // of number meets one branch: bench numeric decode); any other form, and every error, through
  // Reader.number.
  const bytes = r.bytes, view = r.view, end = r.end;
  let pos = r.pos;
  for (let i = 0; i < n; i++) {
    const b = bytes[pos]!;
    if (b < 0x80) { out[i] = b; pos++; } // positive fixint
    else if (b === 0xcb && pos + 9 <= end) { out[i] = view.getFloat64(pos + 1); pos += 9; } // float 64
    else if (b >= 0xe0) { out[i] = b - 0x100; pos++; } // negative fixint
    else if (b === 0xce && pos + 5 <= end) { out[i] = view.getUint32(pos + 1); pos += 5; } // uint 32
    else if (b === 0xd2 && pos + 5 <= end) { out[i] = view.getInt32(pos + 1); pos += 5; } // int 32
    else if (b === 0xcd && pos + 3 <= end) { out[i] = view.getUint16(pos + 1); pos += 3; } // uint 16
    else if (b === 0xd1 && pos + 3 <= end) { out[i] = view.getInt16(pos + 1); pos += 3; } // int 16
    else { r.pos = pos; out[i] = r.number(p && p + "[" + i + "]"); pos = r.pos; }
  }
  r.pos = pos;
  return out;
}
