import { CodecError } from "./errors.js";
import type { Reader } from "./reader.js";
import type { Writer } from "./writer.js";

/**
 * Can `v` stand for an object type or a Record? Any non-null object except arrays and the
 * built-ins that have a wire form of their own, which would otherwise be written as empty maps.
 */
export function isRecordLike(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  // Plain objects, what object encoders nearly always see, are accepted by one prototype check;
  // the rest is a function of its own so that this one stays small enough for V8 to inline.
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || isOtherRecord(v);
}

function isOtherRecord(v: object): boolean {
  return (
    !Array.isArray(v) &&
    !(v instanceof Date) &&
    !(v instanceof Map) &&
    !(v instanceof Set) &&
    !ArrayBuffer.isView(v) &&
    !(v instanceof ArrayBuffer)
  );
}

/** `v[key]` if it is an own property, else undefined: for declared properties named like Object.prototype's. */
export function ownValue(v: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(v, key) ? v[key] : undefined;
}

/**
 * Rewrites the map header written at `at` to count `n` entries, fewer than it did: a Record
 * encoder (generated, or the size-mode interpreter) writes the header for all its keys and leaves
 * out those whose value is undefined as it goes, which reads each value once
 * (`node bench/ab.js hand geo enc`). When the smaller count takes a shorter header, the entries
 * written since move back. A function, not a Writer method, so that a bundle without Records
 * leaves it out.
 */
export function fixMapHeader(w: Writer, at: number, n: number): void {
  const head = w.bytes[at]!;
  const written = head === 0xdf ? 5 : head === 0xde ? 3 : 1;
  const needed = n < 16 ? 1 : n < 0x10000 ? 3 : 5;
  const end = w.pos;
  if (needed !== written) w.bytes.copyWithin(at + needed, at + written, end);
  w.pos = at;
  w.putMapHeader(n);
  w.pos = end - written + needed;
}

/** Defined own keys that are not among `declared`: what an index signature beside properties writes. */
export function extraKeys(v: Record<string, unknown>, declared: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of Object.keys(v)) if (v[key] !== undefined && !declared.includes(key)) out.push(key);
  return out;
}

/**
 * Under a strict union attempt (`w.strict`), an object with more defined own properties than the
 * `n` its type wrote is a mismatch. The message is never shown: the lenient pass runs after it.
 */
export function noExtraKeys(v: Record<string, unknown>, n: number, p: string | undefined): void {
  let defined = 0;
  for (const key of Object.keys(v)) if (v[key] !== undefined) defined++;
  if (defined !== n) throw new CodecError("expected no properties beyond the declared ones", "type-mismatch", p, -1);
}

/**
 * Under a strict union attempt (`r.strict`), a positional object whose last element decoded as
 * undefined: its encoder ends the array before an absent property, so these bytes are another
 * member's. The message is never shown: the lenient pass runs after it.
 */
export function absentLast(r: { pos: number }, p: string | undefined): never {
  throw new CodecError("expected no nil for an absent last property", "type-mismatch", p, r.pos);
}

/** Sets an own property even for `__proto__`, so that input keys never reach a prototype (as JSON.parse). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Adds `[key, value, key, value, ...]` as own properties, after an object's declared ones. */
export function assignEntries(target: Record<string, unknown>, entries: unknown[]): void {
  for (let i = 0; i < entries.length; i += 2) setOwn(target, entries[i] as string, entries[i + 1]);
}

/**
 * An array header whose count must lie in [min, max]; max -1 means unbounded (a rest element): what
 * tuples and positional objects start with. A free function rather than a Reader method, so that a
 * bundle whose types have neither leaves it out.
 */
export function tupleHeader(r: Reader, min: number, max: number, p?: string): number {
  const at = r.pos;
  if (r.bytes[at] === 0x90 + max && min === max && max < 16) {
    r.pos = at + 1;
    return max;
  } // the exact fixarray
  const n = r.arrayHeader(p);
  if (n < min || (max >= 0 && n > max)) {
    const expected = max === min ? `${min}` : max < 0 ? `at least ${min}` : `${min} to ${max}`;
    r.fail(
      "type-mismatch",
      `expected a tuple of ${expected} element${max === 1 ? "" : "s"}, got an array of ${n}`,
      p,
      at,
    );
  }
  return n;
}
