import { CodecError } from "./errors.js";
import { Reader, type DecodeOptions } from "./reader.js";
import { DEFAULT_MAX_DEPTH, Writer } from "./writer.js";

/** What `codecFor<T>()` returns. */
export interface Codec<T> {
  /**
   * Encodes `value` as standard MessagePack into a fresh `Uint8Array` that later calls never touch.
   * @throws {CodecError} when `value` does not match `T` at run time (path names the offending part)
   *   or nests deeper than `maxDepth` (which is how a cyclic value ends).
   */
  encode(value: T): Uint8Array;
  /**
   * Decodes exactly one MessagePack value and checks it against `T`.
   * @throws {CodecError} with `path` and byte `offset` when the bytes are not a valid `T`,
   *   are cut short (`code: "incomplete"`), or have bytes left over after the value.
   */
  decode(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: DecodeOptions): T;
}

/**
 * Generated encoders take `(writer, value, path, depth)`. `path` is undefined on the fast first
 * attempt, so no path strings are built while all goes well; after a failure the value is encoded
 * again with path "$" so that the error names where it happened.
 */
export type EncodeFn<T> = (w: Writer, v: T, p: string | undefined, depth: number) => void;
export type DecodeFn<T> = (r: Reader, p: string | undefined, depth: number) => T;

/**
 * Assembles a Codec from a generated encoder/decoder pair. Called by generated code only;
 * for array types `element` decodes one element (used to stream the array).
 */
export function codec<T>(enc: EncodeFn<T>, dec: DecodeFn<T>, element?: DecodeFn<unknown>): Codec<T> {
  void element;
  let spare: Writer | undefined; // reused between calls; taken while in use so re-entrant calls get their own
  return {
    encode(value: T): Uint8Array {
      const w = spare ?? new Writer(DEFAULT_MAX_DEPTH);
      spare = undefined;
      w.pos = 0;
      try {
        enc(w, value, undefined, 0);
      } catch (e) {
        throw locate(e, () => enc(new Writer(DEFAULT_MAX_DEPTH), value, "$", 0));
      } finally {
        spare = w;
      }
      return w.finish();
    },
    decode(bytes, options): T {
      const r = new Reader(bytes, options);
      try {
        const value = dec(r, undefined, 0);
        r.done(undefined);
        return value;
      } catch (e) {
        throw locate(e, () => {
          const again = new Reader(bytes, options);
          dec(again, "$", 0);
          again.done("$");
        });
      }
    },
  };
}

/** Re-runs a failed attempt with paths switched on and returns the error that names the path. */
function locate(error: unknown, retry: () => void): unknown {
  if (!(error instanceof CodecError) || error.path !== undefined) return error;
  try {
    retry();
  } catch (located) {
    if (located instanceof CodecError) return located;
  }
  return error;
}
