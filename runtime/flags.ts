/**
 * Flag enums (transformer/model/flag-enums.ts): any OR-combination of an enum's bits, 0 included,
 * both ways. The bits go up to 2^52, beyond the 32 that `&` works on, so each half is checked.
 */
import type { Reader } from "./reader.js";
import { notOneOf } from "./strings.js";
import { TWO_32 } from "./wire.js";
import { mismatch, type Writer } from "./writer.js";

/** Whether `v` is a combination of the bits of `mask`: a non-negative safe integer with no bit outside it. */
export function isFlags(v: unknown, mask: number): boolean {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) return false;
  if (v < TWO_32 && mask < TWO_32) return (v & ~mask) >>> 0 === 0;
  const low = v % TWO_32;
  const maskLow = mask % TWO_32;
  const high = (v - low) / TWO_32;
  return (low & ~maskLow) >>> 0 === 0 && (high & ~((mask - maskLow) / TWO_32)) === 0;
}

/** Writes a flag combination as an int; `expected` names the enum's bits in messages. */
export function writeFlags(w: Writer, v: unknown, mask: number, expected: string, p: string | undefined): void {
  if (!isFlags(v, mask)) mismatch(expected, v, p);
  // -0 is 0 here: no float for an int that has no sign.
  w.number((v as number) + 0, p);
}

/** Reads a flag combination: any int or float whose value is one. */
export function readFlags(r: Reader, mask: number, expected: string, p?: string): number {
  const at = r.pos;
  const v = r.number(p);
  return isFlags(v, mask) ? v + 0 : notOneOf(r, expected, v, p, at);
}
