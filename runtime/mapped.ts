/**
 * Values of a class with a wire mapping (runtime/codec-for.ts `wireMapping`): generated code
 * writes `mapEncode`'s result as the wire type, and hands what it read of the wire type to
 * `mapDecode`. A mapping's function that throws becomes a CodecError with the value's path (and,
 * on decode, the offset where the value starts).
 */
import type { WireMapping } from "./codec-for.js";
import { CodecError } from "./errors.js";
import type { Reader } from "./reader.js";
import { mismatch } from "./writer.js";

/** `v` as its wire value, after the mapping's `is` took it; `name` is the class, for messages. */
export function mapEncode<T, W>(mapping: WireMapping<T, W>, v: unknown, name: string, p?: string): W {
  if (!mapping.is(v)) mismatch(name, v, p);
  try {
    return mapping.encode(v as T);
  } catch (e) {
    throw new CodecError(`the wire mapping of ${name} failed to encode it: ${reason(e)}`, "type-mismatch", p, -1);
  }
}

/** The value of `x`, the wire value read from offset `at`. */
export function mapDecode<T, W>(
  r: Reader,
  mapping: WireMapping<T, W>,
  x: W,
  name: string,
  p: string | undefined,
  at: number,
): T {
  try {
    return mapping.decode(x);
  } catch (e) {
    return r.fail("type-mismatch", `expected ${name}, but its wire mapping failed to decode it: ${reason(e)}`, p, at);
  }
}

function reason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.length > 120 ? text.slice(0, 120) + "…" : text;
}
