/**
 * Choosing the member of a union where the head byte (decode) or the JS type (encode) alone cannot:
 * by a tag property, by the keys an object has, or by trying candidates — strictly first, in both
 * directions (`firstOf`, `writeFirstOf`). Free functions, so that a bundle whose types have no such
 * union does not carry them.
 */
import { CodecError } from "./errors.js";
import { sameKey, type Reader } from "./reader.js";
import type { Literals, Writer } from "./writer.js";
import { BOOL, FAMILY, FLOAT, INT, STR } from "./wire.js";

/** Failures that do not depend on which union member is being tried. */
const BYTE_LEVEL = new Set(["incomplete", "too-deep", "malformed", "duplicate-key", "trailing-bytes"]);

/**
 * The tag of the map whose header (`n` entries) was just read: the index of its value in `tags`
 * (from `literals()`), or -1 when the key is absent or its value is none of them. String tags are
 * compared as bytes, never decoded. When the tag is the first key, as encoders write it, its key
 * and value are consumed and the member's decoder goes on from the next key (one read of the tag,
 * not two); otherwise the entries are looked through and nothing is consumed.
 */
export function readTag(r: Reader, n: number, tagKey: Uint8Array, tags: Literals, p?: string): number {
  const start = r.pos;
  if (n > 0 && r.isKey(tagKey, p)) {
    const index = tagValue(r, tags, p);
    if (index < 0) r.pos = start;
    return index;
  }
  try {
    r.pos = start;
    for (let i = 0; i < n; i++) {
      if (r.isKey(tagKey, p)) return tagValue(r, tags, p);
      // The last value need not be skipped (see pickMember).
      if (i < n - 1) r.skip(p);
    }
    return -1;
  } finally {
    r.pos = start;
  }
}

/** Reads a tag's value: its index in `tags`, or -1. */
function tagValue(r: Reader, tags: Literals, p: string | undefined): number {
  const family = r.family(p);
  if (family === STR) return r.key(tags, 0, p);
  const value = family === INT || family === FLOAT ? r.number(p) : family === BOOL ? r.bool(p) : undefined;
  return tags.decoded.indexOf(value as never);
}

/** The tag property's value is none of the members' tags. */
export function badTag(r: Reader, property: string, expected: string, p?: string, at = r.pos): never {
  return r.fail("type-mismatch", `expected property ${JSON.stringify(property)} to be one of ${expected}`, p, at);
}

/** A member of an untagged object union: its `keys()` table (null: any keys) and required bit masks; null for a Record. */
export type Candidate = readonly [keys: readonly Uint8Array[] | null, required: readonly number[]] | null;

/**
 * Picks the member of an untagged object union for the map at `r.pos` by its keys alone, without
 * consuming anything (see `pickByKeys` for the rule).
 */
export function pickMember(r: Reader, candidates: readonly Candidate[], p?: string): number {
  const start = r.pos;
  const seen = candidates.map((c) => (c ? c[1].map(() => 0) : []));
  const unknown = candidates.map(() => false);
  try {
    const n = r.mapHeader(p);
    for (let i = 0; i < n; i++) {
      const b = r.head(p);
      if (FAMILY[b] !== STR) r.mismatch("a str key", p);
      const length = r.strHeader(b, p);
      const keyStart = r.pos;
      r.pos += length;
      candidates.forEach((candidate, c) => {
        const keys = candidate?.[0];
        if (!keys) return;
        const index = keys.findIndex((key) => sameKey(key, r.bytes, keyStart, length));
        if (index < 0) unknown[c] = true;
        else { const words = seen[c]!; words[Math.floor(index / 30)] = (words[Math.floor(index / 30)] ?? 0) | 2 ** (index % 30); }
      });
      // The last value need not be skipped: only keys matter here, and skipping a deep last
      // value at every level of a recursive union would make decoding quadratic.
      if (i < n - 1) r.skip(p);
    }
  } finally {
    r.pos = start;
  }
  let lenient = -1;
  for (let c = 0; c < candidates.length; c++) {
    const candidate = candidates[c];
    if (!candidate) return c;
    if (!candidate[1].every((mask, word) => (seen[c]![word]! & mask) === mask)) continue;
    if (!unknown[c]) return c;
    if (lenient < 0) lenient = c;
  }
  return lenient < 0 ? 0 : lenient;
}

/**
 * Decodes with the first candidate that accepts the value: first strictly (unknown keys fail),
 * then leniently. Used only where the wire type alone cannot pick a union member.
 */
export function firstOf(r: Reader, candidates: readonly (() => unknown)[], p?: string): unknown {
  const start = r.pos;
  const wasStrict = r.strict;
  let lastError: unknown;
  for (const strict of [true, false]) {
    for (const candidate of candidates) {
      r.pos = start;
      r.strict = strict || wasStrict;
      try {
        return candidate();
      } catch (e) {
        // Problems of the bytes themselves are the same for every candidate: report them as they are.
        if (!(e instanceof CodecError) || BYTE_LEVEL.has(e.code)) throw e;
        lastError = e;
      } finally {
        r.strict = wasStrict;
      }
    }
  }
  throw lastError;
}

/**
 * Encodes `v` with the first of `encoders` (the members of a union that share a JS-side test, such as
 * `{ a: number }[] | { a: number; b: number }[]`) that takes it whole — no object at any depth with
 * a property its type does not declare (Writer.strict) — else with the first that takes it at all.
 * The rule of `firstOf`, so that the two directions choose the same member.
 */
export function writeFirstOf(w: Writer, encoders: readonly ((w: Writer, v: unknown, p: string | undefined, d: number) => void)[], v: unknown, p: string | undefined, d: number): void {
  const start = w.pos;
  const wasStrict = w.strict;
  let lastError: unknown;
  for (const strict of [true, false]) {
    for (const encode of encoders) {
      w.pos = start;
      w.strict = strict || wasStrict;
      try {
        encode(w, v, p, d);
        return;
      } catch (e) {
        if (!(e instanceof CodecError) || e.code === "too-deep") throw e;
        lastError = e;
      } finally {
        w.strict = wasStrict;
      }
    }
  }
  throw lastError;
}
