/**
 * Temporal (issue 59): `Temporal.Instant` on the timestamp extension (type -1), its nanoseconds
 * kept (the 64- or 96-bit form when it has any); `PlainDate`, `PlainTime`, `PlainDateTime`,
 * `PlainYearMonth`, `PlainMonthDay`, `ZonedDateTime` and `Duration` as the ISO 8601 string their
 * `toString()` writes, which decode takes back and no other form of it. Values are told by their
 * `Symbol.toStringTag` (`"Temporal.Instant"`), which the built-in Temporal and the polyfills set
 * alike; decode makes them with the global `Temporal`.
 */
import { describeValue } from "./errors.js";
import { writeTimestamp } from "./extended.js";
import type { Reader } from "./reader.js";
import { extHeader } from "./skip.js";
import { readString, writeString } from "./strings.js";
import { EXT, FAMILY, TWO_32 } from "./wire.js";
import { mismatch, type Writer } from "./writer.js";

interface TemporalType {
  from(text: string): { toString(): string };
}
interface TemporalNamespace {
  Instant: { fromEpochNanoseconds(ns: bigint): unknown };
  [type: string]: unknown;
}

const BILLION = BigInt(1_000_000_000);
/** Temporal.Instant's range: ±10^8 days of seconds. */
const MAX_INSTANT_SEC = 8.64e12;

/** The global Temporal; decoding a Temporal type without one is a fault of the platform, not of the bytes. */
function temporal(): TemporalNamespace {
  const t = (globalThis as { Temporal?: TemporalNamespace }).Temporal;
  if (t === undefined)
    throw new TypeError(
      "typed-msgpack: decoding a Temporal type needs the global Temporal (Node 26, current browsers, or a polyfill installed as globalThis.Temporal)",
    );
  return t;
}

/** Whether `v` is a Temporal `type` (`"Instant"`...), of the built-in Temporal or a polyfill. */
export function isTemporal(v: unknown, type: string): boolean {
  return (
    typeof v === "object" &&
    v !== null &&
    (v as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === `Temporal.${type}`
  );
}

/** A Temporal.Instant as the timestamp extension, in the smallest form that keeps its nanoseconds. */
export function writeInstant(w: Writer, v: unknown, p?: string): void {
  const ns = isTemporal(v, "Instant") ? (v as { epochNanoseconds?: unknown }).epochNanoseconds : undefined;
  if (typeof ns !== "bigint") return mismatch("a Temporal.Instant", v, p);
  let sec = ns / BILLION;
  if (ns < sec * BILLION) sec -= BigInt(1); // floor, not toward zero: nanoseconds are never negative
  writeTimestamp(w, Number(sec), Number(ns - sec * BILLION));
}

/** The timestamp extension in any of its forms, as a Temporal.Instant: nanoseconds kept. */
export function readInstant(r: Reader, p?: string): unknown {
  const at = r.pos;
  if (FAMILY[r.head(p)] !== EXT) r.mismatch("timestamp ext", p);
  const length = extHeader(r, p);
  const type = r.extType;
  if (type !== -1) r.fail("type-mismatch", `expected timestamp ext (type -1), got ext type ${type}`, p, at);
  const view = r.view,
    pos = r.pos;
  let sec: bigint, nsec: number;
  if (length === 4) {
    sec = BigInt(view.getUint32(pos));
    nsec = 0;
  } else if (length === 8) {
    const high = view.getUint32(pos);
    nsec = high >>> 2;
    sec = BigInt((high & 3) * TWO_32 + view.getUint32(pos + 4));
  } else if (length === 12) {
    nsec = view.getUint32(pos);
    sec = view.getBigInt64(pos + 4);
  } else {
    return r.fail("malformed", `timestamp ext must be 4, 8 or 12 bytes long, not ${length}`, p, at);
  }
  if (nsec > 999_999_999) r.fail("malformed", `timestamp nanoseconds ${nsec} exceed 999999999`, p, at);
  const seconds = Number(sec);
  // The range of Temporal.Instant, which is that of Date to the nanosecond.
  if (seconds > MAX_INSTANT_SEC || seconds < -MAX_INSTANT_SEC || (seconds === MAX_INSTANT_SEC && nsec > 0))
    r.fail("out-of-range", `timestamp ${sec}s is outside the range of a Temporal.Instant`, p, at);
  const instant = temporal().Instant.fromEpochNanoseconds(sec * BILLION + BigInt(nsec));
  r.pos = pos + length;
  return instant;
}

/** A Temporal value of `type` as the ISO 8601 string its toString() writes. */
export function writeTemporal(w: Writer, v: unknown, type: string, p?: string): void {
  if (!isTemporal(v, type)) mismatch(`a Temporal.${type}`, v, p);
  const text = (v as { toString(): unknown }).toString();
  if (typeof text !== "string") mismatch(`a Temporal.${type}`, v, p);
  writeString(w, text, p);
}

/** A str that is the ISO 8601 form of a Temporal `type` as its toString() writes it, as that value. */
export function readTemporal(r: Reader, type: string, p?: string): unknown {
  const at = r.pos;
  const text = readString(r, p);
  const make = temporal()[type] as TemporalType;
  let value: { toString(): string } | undefined;
  try {
    value = make.from(text);
  } catch {
    value = undefined;
  }
  // `from` also takes other forms (a date-time for a PlainDate, dropping the time): only the one it writes.
  if (value === undefined || value.toString() !== text)
    r.fail("type-mismatch", `expected a Temporal.${type} in ISO 8601 form, got ${describeValue(text)}`, p, at);
  return value;
}
