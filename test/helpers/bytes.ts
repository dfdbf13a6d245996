import { CodecError, type CodecErrorCode } from "../../runtime/index";

/** Bytes (or a whole ArrayBuffer) → "c0a161" (lower-case hex, no separators). The one hex helper of the tests. */
export function hex(bytes: Uint8Array | ArrayBuffer): string {
  return (
    bytes instanceof ArrayBuffer ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  ).toString("hex");
}

/** "c0 a1-61" → bytes; spaces and dashes are ignored, as in msgpack-test-suite. */
export function fromHex(text: string): Uint8Array {
  const clean = text.replace(/[\s-]/g, "");
  if (!/^([0-9a-fA-F]{2})*$/.test(clean)) throw new Error(`not hex: ${text}`);
  return new Uint8Array(Buffer.from(clean, "hex"));
}

/** Concatenates byte chunks (hex strings or arrays). */
export function concat(...chunks: (Uint8Array | string | number[])[]): Uint8Array {
  const parts = chunks.map((c) => (typeof c === "string" ? fromHex(c) : Uint8Array.from(c)));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Big-endian unsigned integer of `width` bytes, as hex. */
export function be(value: number, width: number): string {
  return value.toString(16).padStart(width * 2, "0");
}

/** Runs `f`, which must throw a CodecError, and returns that error. */
export function codecError(f: () => unknown): CodecError {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  if (thrown === undefined) throw new Error("expected a CodecError, but nothing was thrown");
  if (!(thrown instanceof CodecError)) {
    throw new Error(
      `expected a CodecError, got ${String(thrown)}${thrown instanceof Error ? "\n" + thrown.stack : ""}`,
    );
  }
  return thrown;
}

/** Runs `f`, which must throw a CodecError with `code`, and returns that error. */
export function expectCode(f: () => unknown, code: CodecErrorCode): CodecError {
  const error = codecError(f);
  if (error.code !== code) throw new Error(`expected code "${code}", got "${error.code}": ${error.message}`);
  return error;
}
