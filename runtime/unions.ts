/**
 * Choosing the member of a union where the head byte (decode) or the JS type (encode) alone cannot:
 * by a tag property, by the keys an object has, or by trying candidates — strictly first, in both
 * directions (`firstOf`, `writeFirstOf`). Free functions, so that a bundle whose types have no such
 * union does not carry them.
 */
import { CodecError } from "./errors.js";
import { ownValue } from "./objects.js";
import type { Reader } from "./reader.js";
import { skipAhead, strHeader } from "./skip.js";
import { isKey, nextOneOf, readKey, sameKey } from "./strings.js";
import type { Writer } from "./writer.js";
import { BOOL, FAMILY, FLOAT, INT, STR, type Literals, type PreEncoded } from "./wire.js";

/** Failures that do not depend on which union member is being tried. */
const BYTE_LEVEL = new Set(["incomplete", "too-deep", "malformed", "duplicate-key", "trailing-bytes"]);

/**
 * The tag of the map whose header (`n` entries) was just read: the index of its value in `tags`
 * (from `literals()`), or -1 when the key is absent or its value is none of them. String tags are
 * compared as bytes, never decoded. When the tag is the first key, as encoders write it, its key
 * and value are consumed and the member's decoder goes on from the next key (one read of the tag,
 * not two); otherwise the entries are looked through (skipAhead: linear however deep the tag is
 * found at every level) and nothing is consumed.
 */
export function readTag(r: Reader, n: number, tagKey: PreEncoded, tags: Literals, p?: string): number {
  const start = r.pos;
  if (n > 0 && isKey(r, tagKey, p)) {
    const index = tagValue(r, tags, p);
    if (index < 0) r.pos = start;
    return index;
  }
  try {
    r.pos = start;
    for (let i = 0; i < n; i++) {
      if (isKey(r, tagKey, p)) return tagValue(r, tags, p);
      // The last value need not be skipped (see pickMember).
      if (i < n - 1) skipAhead(r, p);
    }
    return -1;
  } finally {
    r.pos = start;
  }
}

/**
 * The discriminant of an object written positionally (an array of its values): the element at
 * `index`, as its index in `tags` (-1 for another value or a shorter array). Leaves `r.pos` after
 * it; the caller goes back to the start and decodes the chosen member.
 */
export function readPositionalTag(r: Reader, index: number, tags: Literals, p?: string): number {
  const n = r.arrayHeader(p);
  if (n <= index) return -1;
  for (let i = 0; i < index; i++) skipAhead(r, p);
  return tagValue(r, tags, p);
}

/** Reads a tag's value: its index in `tags`, or -1. */
function tagValue(r: Reader, tags: Literals, p: string | undefined): number {
  // Each tag's bytes where the value starts, as encoders write them: no head parse for the common case.
  const found = nextOneOf(r, tags);
  if (found >= 0) return found;
  const family = r.family(p);
  if (family === STR) return readKey(r, tags, 0, p);
  const value = family === INT || family === FLOAT ? r.number(p) : family === BOOL ? r.bool(p) : undefined;
  return tags.decoded.indexOf(value as never);
}

/** The tag property's value is none of the members' tags. */
export function badTag(r: Reader, property: string, expected: string, p?: string, at = r.pos): never {
  return r.fail("type-mismatch", `expected property ${JSON.stringify(property)} to be one of ${expected}`, p, at);
}

/**
 * How the keys of a value fit each object member of a union (docs/type-mapping.md, "Unions"): FITS when the member
 * declares every key present and finds its required ones, FINDS_REQUIRED when it finds its required
 * ones only, else 0. A Record (a candidate of null) fits any keys.
 */
const FITS = 2;
const FINDS_REQUIRED = 1;

/** The member keys alone choose (a "keys" plan): the first that fits, else the first that finds its required keys, else 0. */
function bestFit(fits: readonly number[]): number {
  const full = fits.indexOf(FITS);
  if (full >= 0) return full;
  return Math.max(0, fits.indexOf(FINDS_REQUIRED));
}

/**
 * The members a "keysThenTry" plan tries, in order: those that fit, else those that find their
 * required keys, else all (so that the first one's error is reported).
 */
function fitting(fits: readonly number[]): number[] {
  for (const level of [FITS, FINDS_REQUIRED]) {
    const out = fits.flatMap((fit, i) => (fit === level ? [i] : []));
    if (out.length > 0) return out;
  }
  return fits.map((_, i) => i);
}

/** An object member of a union on encode: `[declared names (null: any), required names]`; null for a Record. */
export type KeyCandidate = readonly [names: readonly string[] | null, required: readonly string[]] | null;

/** How the defined own keys of `v` fit each candidate (own only: `toString` is not a key of `{}`). */
function keyFits(v: Record<string, unknown>, candidates: readonly KeyCandidate[]): number[] {
  return candidates.map((candidate) => {
    if (!candidate) return FITS;
    const [names, required] = candidate;
    if (!required.every((name) => ownValue(v, name) !== undefined)) return 0;
    if (names === null) return FITS;
    for (const key of Object.keys(v)) if (v[key] !== undefined && !names.includes(key)) return FINDS_REQUIRED;
    return FITS;
  });
}

/** Picks the member of an untagged object union for `v` by its keys (bestFit). */
export function pickByKeys(v: Record<string, unknown>, candidates: readonly KeyCandidate[]): number {
  return bestFit(keyFits(v, candidates));
}

/** A member of an untagged object union on decode: its `keys()` table (null: any keys) and required bit masks; null for a Record. */
export type Candidate = readonly [keys: readonly Uint8Array[] | null, required: readonly number[]] | null;

/** How the keys of the map at `r.pos` fit each candidate, read without consuming anything. */
function mapFits(r: Reader, candidates: readonly Candidate[], p?: string): number[] {
  const start = r.pos;
  const seen = candidates.map((c) => (c ? c[1].map(() => 0) : []));
  const unknown = candidates.map(() => false);
  try {
    const n = r.mapHeader(p);
    for (let i = 0; i < n; i++) {
      const b = r.head(p);
      if (FAMILY[b] !== STR) r.mismatch("a str key", p);
      const length = strHeader(r, b, p);
      const keyStart = r.pos;
      r.pos += length;
      candidates.forEach((candidate, c) => {
        const keys = candidate?.[0];
        if (!keys) return;
        const index = keys.findIndex((key) => sameKey(key, r.bytes, keyStart, length));
        if (index < 0) unknown[c] = true;
        else {
          const words = seen[c]!;
          words[Math.floor(index / 30)] = (words[Math.floor(index / 30)] ?? 0) | (2 ** (index % 30));
        }
      });
      // The last value need not be skipped: only keys matter here, and skipping a deep last
      // value at every level of a recursive union would make decoding quadratic.
      if (i < n - 1) skipAhead(r, p);
    }
  } finally {
    r.pos = start;
  }
  return candidates.map((candidate, c) => {
    if (!candidate) return FITS;
    if (!candidate[1].every((mask, word) => (seen[c]![word]! & mask) === mask)) return 0;
    return unknown[c] ? FINDS_REQUIRED : FITS;
  });
}

/** Picks the member of an untagged object union for the map at `r.pos` by its keys alone (bestFit), consuming nothing. */
export function pickMember(r: Reader, candidates: readonly Candidate[], p?: string): number {
  return bestFit(mapFits(r, candidates, p));
}

/**
 * Decodes with the first of `attempts` that takes the value whole (strictly: unknown keys of object
 * types fail, at any depth), else with the first that takes it at all. Used where the wire type alone
 * cannot pick a union member; with `candidates` (a "keysThenTry" plan), only the members the map's keys
 * allow (fitting) are tried. When none takes it, the error reported is that of the member that read
 * furthest into the value (Furthest): members that share a tag all match it, and the one whose
 * nested tag matches too is the one the value meant.
 */
export function firstOf(
  r: Reader,
  attempts: readonly (() => unknown)[],
  p?: string,
  candidates?: readonly Candidate[],
): unknown {
  const order = candidates ? fitting(mapFits(r, candidates, p)) : attempts.map((_, i) => i);
  const start = r.pos;
  const wasStrict = r.strict;
  const furthest = new Furthest();
  for (const strict of [true, false]) {
    for (const i of order) {
      r.pos = start;
      r.strict = strict || wasStrict;
      try {
        return attempts[i]!();
      } catch (e) {
        // Problems of the bytes themselves are the same for every candidate: report them as they are.
        if (!(e instanceof CodecError) || BYTE_LEVEL.has(e.code)) throw e;
        // A strict attempt's failure may be only the undeclared key; the lenient pass says what is wrong.
        if (!strict || wasStrict) furthest.offer(e, e.offset);
      } finally {
        r.strict = wasStrict;
      }
    }
  }
  throw furthest.error;
}

/**
 * The failure of the union member that got furthest: the greatest position reached (the byte
 * offset of the failure on decode, the writer's position on encode), then the deepest path, then
 * the first member. Reporting the last member's failure instead sent users to a tag that was in
 * fact a match (issue 59: `$.d.k: expected 2` where `$.d.v` was wrong).
 */
class Furthest {
  error: CodecError | undefined;
  reached = -1;
  private depth = -1;

  offer(error: CodecError, reached: number): void {
    const depth = pathDepth(error.path);
    const known = this.error;
    if (known && reached === this.reached && depth === this.depth) {
      this.error = merged(known, error) ?? known;
      return;
    }
    if (known && (reached < this.reached || (reached === this.reached && depth < this.depth))) return;
    this.error = error;
    this.reached = reached;
    this.depth = depth;
  }
}

const EXPECTED = /^expected (.*), got (.*)$/s;

/**
 * Members that failed at one place on one value, each expecting something else (`{ t: 3 }` of
 * `{ t: 1 } | { t: 2 }`): one error that lists what each expected (`expected 1 | 2, got number 3`),
 * rather than the first member's, which would read as if `t` could only be 1.
 */
function merged(known: CodecError, other: CodecError): CodecError | undefined {
  if (known.path !== other.path || known.offset !== other.offset || known.code !== other.code) return undefined;
  const a = EXPECTED.exec(known.reason);
  const b = EXPECTED.exec(other.reason);
  if (!a || !b || a[2] !== b[2]) return undefined;
  const expected = a[1]!.split(" | ");
  for (const part of b[1]!.split(" | ")) if (!expected.includes(part)) expected.push(part);
  return new CodecError(`expected ${expected.join(" | ")}, got ${a[2]}`, known.code, known.path, known.offset);
}

/** The number of segments of a path (`$.d.v` has 2); -1 while paths are off. */
function pathDepth(path: string | undefined): number {
  if (path === undefined) return -1;
  let depth = 0;
  let quoted = false;
  for (let i = 1; i < path.length; i++) {
    const ch = path[i];
    if (ch === '"' && path[i - 1] !== "\\") quoted = !quoted;
    else if (!quoted && (ch === "." || ch === "[")) depth++;
  }
  return depth;
}

/**
 * Encodes `v` with the first of `encoders` (the members of a union that share a JS-side test, such as
 * `{ a: number }[] | { a: number; b: number }[]`) that takes it whole — no object at any depth with
 * a property its type does not declare (Writer.strict) — else with the first that takes it at all.
 * The rule of `firstOf`, so that the two directions choose the same member; with `candidates`, only
 * the members the value's keys allow.
 */
export function writeFirstOf(
  w: Writer,
  encoders: readonly ((w: Writer, v: unknown, p: string | undefined, d: number) => void)[],
  v: unknown,
  p: string | undefined,
  d: number,
  candidates?: readonly KeyCandidate[],
): void {
  const order = candidates ? fitting(keyFits(v as Record<string, unknown>, candidates)) : encoders.map((_, i) => i);
  const start = w.pos;
  const wasStrict = w.strict;
  const furthest = new Furthest();
  for (const strict of [true, false]) {
    for (const i of order) {
      w.pos = start;
      w.strict = strict || wasStrict;
      try {
        encoders[i]!(w, v, p, d);
        return;
      } catch (e) {
        if (!(e instanceof CodecError) || e.code === "too-deep") throw e;
        if (!strict || wasStrict) furthest.offer(e, w.pos);
      } finally {
        w.strict = wasStrict;
      }
    }
  }
  // How far the chosen member wrote, so that a union around this one compares its members by it too.
  w.pos = furthest.reached;
  throw furthest.error;
}
