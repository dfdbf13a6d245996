/**
 * `number[]`, both directions. Free functions rather than Reader/Writer methods, so that a bundle
 * whose types have no number array does not carry them.
 */
import type { Reader } from "./reader.js";
import { mismatch, numberAt, type Writer } from "./writer.js";

/** Elements written per capacity check (at most 9 bytes each). */
const RUN = 4096;

/**
 * One capacity check per RUN elements, where `Writer.number` checks for each (bench numeric encode:
 * 360 -> 402 ops/s). A run takes this path only when the buffer already has room for its worst
 * case (9 bytes an element): reserving it would grow the buffer, or move `encodeInto` out of its
 * target, for numbers that mostly take 1-5 bytes.
 */
export function writeNumberArray(w: Writer, v: unknown, p?: string): void {
  const n = w.array(v, p);
  const values = v as unknown[];
  for (let start = 0; start < n; start += RUN) {
    const stop = Math.min(n, start + RUN);
    if (w.pos + 9 * (stop - start) > w.bytes.length) {
      for (let i = start; i < stop; i++) w.number(values[i], p && p + "[" + i + "]");
      continue;
    }
    // The position in a local, so that V8 keeps it in a register across the run.
    const bytes = w.bytes, view = w.view;
    let pos = w.pos;
    for (let i = start; i < stop; i++) {
      const x = values[i];
      if (typeof x !== "number") mismatch("a number", x, p && p + "[" + i + "]");
      pos = numberAt(bytes, view, pos, x);
    }
    w.pos = pos;
  }
}

/** This one allocation site only ever holds numbers, so its arrays keep unboxed doubles. */
export function readNumberArray(r: Reader, p?: string): number[] {
  const n = r.arrayHeader(p);
  const out = new Array<number>(n);
  // Positive fixints and float 64s, the common forms, inline with the position in a local; any
  // other form, and every error, through Reader.number.
  const bytes = r.bytes, view = r.view, end = r.end;
  let pos = r.pos;
  for (let i = 0; i < n; i++) {
    const b = bytes[pos]!;
    if (b < 0x80) { out[i] = b; pos++; }
    else if (b === 0xcb && pos + 9 <= end) { out[i] = view.getFloat64(pos + 1); pos += 9; }
    else { r.pos = pos; out[i] = r.number(p && p + "[" + i + "]"); pos = r.pos; }
  }
  r.pos = pos;
  return out;
}
