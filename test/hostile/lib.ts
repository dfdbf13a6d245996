/** Helpers for hand-made hostile inputs: hex, a tiny MessagePack builder, and error assertions. */
import { CodecError, type CodecErrorCode } from "../../runtime/index";
import { fromHex, hex } from "../helpers/bytes";
import { withHardTimeout, HardTimeout } from "../property/lib/hard-timeout";

export { withHardTimeout, HardTimeout };

export { fromHex, hex } from "../helpers/bytes";

/** Joins byte chunks given as hex strings or Uint8Arrays. */
export function cat(...parts: (string | Uint8Array)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === "string" ? fromHex(p) : p));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const be = (n: number, width: number) => n.toString(16).padStart(width * 2, "0");

/** The smallest str header + UTF-8 of `s`, as hex. */
export function str(s: string): string {
  const b = Buffer.from(s, "utf8");
  const n = b.length;
  const head = n < 32 ? be(0xa0 | n, 1) : n < 0x100 ? "d9" + be(n, 1) : n < 0x10000 ? "da" + be(n, 2) : "db" + be(n, 4);
  return head + b.toString("hex");
}

/** A str header for `n` bytes followed by the raw payload hex (for invalid UTF-8). */
export function rawStr(payloadHex: string): string {
  const n = payloadHex.length / 2;
  return (n < 32 ? be(0xa0 | n, 1) : n < 0x100 ? "d9" + be(n, 1) : "da" + be(n, 2)) + payloadHex;
}

export const map = (n: number): string => (n < 16 ? be(0x80 | n, 1) : n < 0x10000 ? "de" + be(n, 2) : "df" + be(n, 4));
export const arr = (n: number): string => (n < 16 ? be(0x90 | n, 1) : n < 0x10000 ? "dc" + be(n, 2) : "dd" + be(n, 4));
/** Positive fixint / uint 8/16/32. */
export const uint = (n: number): string =>
  n < 0x80 ? be(n, 1) : n < 0x100 ? "cc" + be(n, 1) : n < 0x10000 ? "cd" + be(n, 2) : "ce" + be(n, 4);

/** Runs `f`; it must throw a CodecError (never anything else). Returns the error and how long it took. */
export function decodeError(f: () => unknown): CodecError {
  let result: unknown;
  try {
    result = f();
  } catch (e) {
    if (e instanceof CodecError) return e;
    throw new Error(
      `expected a CodecError, got ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}`,
    );
  }
  throw new Error(`expected a CodecError, got a value: ${safeJson(result)}`);
}

export interface Expected {
  code: CodecErrorCode;
  path: string;
  /** Exact byte offset (-1 on encode). */
  offset: number;
  /** A fragment the message must contain. */
  message?: string | RegExp;
}

/** Asserts class, code, path, offset, and that the message names the path and (on decode) the byte. */
export function expectCodecError(f: () => unknown, expected: Expected): CodecError {
  const e = decodeError(f);
  expect(e).toBeInstanceOf(CodecError);
  expect(e.name).toBe("CodecError");
  expect({ code: e.code, path: e.path, offset: e.offset }).toEqual({
    code: expected.code,
    path: expected.path,
    offset: expected.offset,
  });
  if (expected.offset >= 0) expect(e.message).toContain(`at byte ${expected.offset}`);
  if (expected.path.length <= 160) expect(e.message.startsWith(expected.path + ": ")).toBe(true);
  if (expected.message !== undefined) expect(e.message).toMatch(expected.message);
  return e;
}

/** Milliseconds `f` takes, best of `tries` (after one warm-up call). */
export function bestTime(f: () => unknown, tries = 3): number {
  try {
    f();
  } catch {
    /* warm-up */
  }
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    const t = performance.now();
    try {
      f();
    } catch {
      /* timed either way */
    }
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

export function safeJson(v: unknown): string {
  try {
    return (
      JSON.stringify(v, (_k, x) =>
        typeof x === "bigint" ? `${x}n` : x instanceof Uint8Array ? `bytes(${hex(x)})` : x,
      )?.slice(0, 300) ?? String(v)
    );
  } catch {
    return String(v);
  }
}

/** Object.prototype and friends are as they were. */
export function expectPrototypesClean(): void {
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}
