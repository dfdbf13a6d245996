/**
 * Values of a class with a wire mapping (runtime/codec-for.ts `wireMapping`): generated code
 * writes `mapEncode`'s result as the wire type, and hands what it read of the wire type to
 * `mapDecode`. A mapping's function that throws becomes a CodecError with the value's path (and,
 * on decode, the offset where the value starts).
 */
import type { WireMapping } from "./codec-for.js";
import { ExtData, writeExt } from "./dynamic.js";
import { CodecError } from "./errors.js";
import type { Reader } from "./reader.js";
import { extHeader } from "./skip.js";
import { EXT, FAMILY } from "./wire.js";
import { mismatch, type Writer } from "./writer.js";

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

/** What an extension mapping's `encode` returned, as an extension of `type`. */
export function writeExtension(w: Writer, type: number, data: unknown, p?: string): void {
  if (!(data instanceof Uint8Array)) mismatch(`a Uint8Array from the mapping (the data of ext type ${type})`, data, p);
  writeExt(w, new ExtData(type, data), p);
}

/** An extension of `type`, its data copied. */
export function readExtension(r: Reader, type: number, p?: string): Uint8Array {
  const at = r.pos;
  if (FAMILY[r.head(p)] !== EXT) r.mismatch(`ext type ${type}`, p);
  const length = extHeader(r, p);
  if (r.extType !== type) r.fail("type-mismatch", `expected ext type ${type}, got ext type ${r.extType}`, p, at);
  const data = r.bytes.slice(r.pos, r.pos + length);
  r.pos += length;
  return data;
}
