/** What every round-trip table needs: hex in failure messages, round trips, and expected errors. */
import { inspect } from "node:util";
import { CodecError, type Codec, type DecodeOptions } from "../../runtime/index";

import { fromHex, hex } from "../helpers/bytes";
import { same } from "../helpers/equal";

export { fromHex, hex };

/** A fixstr or str 8 for `s`, as hex. */
export const str = (s: string): string => {
  const b = Buffer.from(s);
  return (
    (b.length < 32 ? (0xa0 + b.length).toString(16) : "d9" + b.length.toString(16).padStart(2, "0")) + b.toString("hex")
  );
};

/** Prefixes any failure inside `check` with the bytes involved, as hex. */
export function about<T>(b: Uint8Array, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof Error) e.message = `bytes: ${hex(b)}\n${e.message}`;
    throw e;
  }
}

/** decode(encode(v)) equals `expected`, and re-encoding the decoded value gives identical bytes. */
export function roundTrip(codec: Codec<any>, value: unknown, expected: unknown = value): Uint8Array {
  const first = codec.encode(value);
  about(first, () => {
    const decoded = codec.decode(first);
    same(decoded, expected);
    expect(hex(codec.encode(decoded))).toBe(hex(first));
  });
  return first;
}

/** Runs `run`, which must throw a CodecError, and returns it. */
export function codecError(run: () => unknown): CodecError {
  let result: unknown;
  try {
    result = run();
  } catch (e) {
    expect(e).toBeInstanceOf(CodecError);
    return e as CodecError;
  }
  throw new Error(
    `expected a CodecError, got ${result instanceof Uint8Array ? "bytes " + hex(result) : inspect(result)}`,
  );
}

/** The CodecError of decoding `wire` (hex). */
export function decodeError(codec: Codec<any>, wire: string, options?: DecodeOptions): CodecError {
  const b = fromHex(wire);
  return about(b, () => codecError(() => codec.decode(b, options)));
}

export function expectEncodeError(codec: Codec<any>, value: unknown, want: { path: string; code?: string }): void {
  expect(codecError(() => codec.encode(value))).toMatchObject({ offset: -1, ...want });
}

export function expectDecodeError(
  codec: Codec<any>,
  input: string | Uint8Array,
  want: { path: string; code: string; offset?: number },
): void {
  const b = typeof input === "string" ? fromHex(input) : input;
  about(b, () => expect(codecError(() => codec.decode(b))).toMatchObject(want));
}
