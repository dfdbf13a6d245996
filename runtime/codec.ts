// biome-ignore lint/correctness/noUnusedImports: CodecError is what the @throws tags below link to.
import { locate, type CodecError } from "./errors.js";
import { Reader, type DecodeOptions } from "./reader.js";
import { DEFAULT_MAX_DEPTH } from "./wire.js";
import { Writer } from "./writer.js";

type Bytes = Uint8Array | ArrayBuffer | ArrayBufferView;

const EMPTY = new Uint8Array(0);

/**
 * What `encode` returns: a Uint8Array over a plain ArrayBuffer. Spelt through `Uint8Array.of` so that
 * TypeScript >= 5.7 sees `Uint8Array<ArrayBuffer>` (accepted as a fetch body) and 4.9 a plain Uint8Array.
 */
export type EncodedBytes = ReturnType<typeof Uint8Array.of>;

/**
 * What every codec can do. Decoding from streams, and `decodeMulti`, are free functions of
 * `typed-msgpack/stream` (`decodeStream(codec, source)`), so that an app that never streams does not
 * ship them: a bundler drops a function nobody imports, never a method of an object it keeps.
 */
export interface BaseCodec<T> {
  /**
   * Encodes `value` as standard MessagePack into a fresh `Uint8Array` that later calls never touch.
   * Its ArrayBuffer is its own (transferring it affects no other result) and starts at it, but
   * output of 16 KB or more may leave unused room after it, up to the output's size: use the array,
   * or `buffer` together with `byteLength`.
   * @throws {CodecError} when `value` does not match `T` at run time (path names the offending part)
   *   or nests deeper than `maxDepth` (which is how a cyclic value ends).
   */
  encode(value: T): EncodedBytes;
  /**
   * Encodes `value` into `target` starting at `offset`, allocating no output buffer, and returns the
   * offset just past the last byte written (so calls chain: `at = C.encodeInto(v, buf, at)`).
   * Only the value's bytes are written: the rest of `target` stays as it was.
   * @throws {RangeError} when the encoding does not fit in `target` after `offset`; `target` is
   *   untouched then. Flush what is before `offset` and retry.
   * @throws {CodecError} as `encode` does.
   */
  encodeInto(value: T, target: Uint8Array, offset?: number): number;
  /**
   * Decodes exactly one MessagePack value and checks it against `T`.
   * @throws {CodecError} with `path` and byte `offset` when the bytes are not a valid `T`,
   *   are cut short (`code: "incomplete"`), or have bytes left over after the value.
   */
  decode(bytes: Bytes, options?: DecodeOptions): T;
  /**
   * Writes `value` as one part of a larger value being encoded: how a codec generated in another
   * module calls this one when its type contains `T` ("linking"). `path` and `depth` continue the
   * caller's. For generated code; applications use `encode`. `value` is whatever the caller holds
   * (`unknown`): it is checked against `T` here, as `encode` checks it.
   */
  writeTo(w: Writer, value: unknown, path: string | undefined, depth: number): void;
  /**
   * Reads one `T` as part of a larger value: `writeTo`'s counterpart, for generated code and for
   * the functions of `typed-msgpack/stream`, which decode each message with it.
   */
  readFrom(r: Reader, path: string | undefined, depth: number): T;
}

/** What codecs for array types (`codecFor<Row[]>()`) have besides: what `decodeArrayStream` needs. */
export interface ArrayCodec<E> {
  /** Reads one element of the array type, for `decodeArrayStream` of `typed-msgpack/stream`. */
  readElement(r: Reader, path: string | undefined, depth: number): E;
}

/**
 * What `codecFor<T>()` returns. Array types (`E[]`, `readonly E[]`, but not tuples) also get
 * `readElement`, which is what makes them acceptable to `decodeArrayStream`. The check is on `[T]`,
 * so a union such as `Row[] | null` gets none. `Codec<any>` has it as optional, so that every codec
 * can be assigned to `Codec<any>`.
 */
export type Codec<T> = BaseCodec<T> &
  (0 extends 1 & T
    ? Partial<ArrayCodec<any>>
    : [T] extends [readonly (infer E)[]]
      ? E[] extends T
        ? ArrayCodec<E>
        : unknown
      : unknown);

/**
 * Generated encoders take `(writer, value, path, depth)`. `path` is undefined on the fast first
 * attempt, so no path strings are built while all goes well; after a failure the value is encoded
 * again with path "$" so that the error names where it happened.
 */
export type EncodeFn<T> = (w: Writer, v: T, p: string | undefined, depth: number) => void;
export type DecodeFn<T> = (r: Reader, p: string | undefined, depth: number) => T;

/**
 * The shape of generated code this runtime runs: generated code passes the number it was made for
 * to `codec`, and a mismatch fails when the module loads, with what to do, instead of misbehaving.
 * Raise it whenever generated code calls the runtime differently.
 */
export const GENERATED_CODE_VERSION = 10;

/**
 * Assembles a Codec from a generated encoder/decoder pair. Called by generated code only, with the
 * GENERATED_CODE_VERSION it was generated for; for array types `element` decodes one element
 * (`readElement`, which streams the array).
 */
export function codec<T>(version: number, enc: EncodeFn<T>, dec: DecodeFn<T>, element?: DecodeFn<unknown>): Codec<T> {
  if (version !== GENERATED_CODE_VERSION) throw new Error(versionMismatch(version));
  let spare: Writer | undefined; // reused between calls; taken while in use so re-entrant calls get their own
  let reader: Reader | undefined; // the same for decode
  const take = (): Writer => {
    const w = spare ?? new Writer(DEFAULT_MAX_DEPTH);
    spare = undefined;
    return w;
  };
  const run = (w: Writer, value: T): void => {
    try {
      enc(w, value, undefined, 0);
    } catch (e) {
      throw locate(e, () => enc(new Writer(DEFAULT_MAX_DEPTH), value, "$", 0));
    }
  };
  // One shape for every codec (`readElement` undefined unless T is an array type), so that code
  // calling `readFrom` of codecs from other modules sees one hidden class.
  const methods: BaseCodec<T> & { readElement: DecodeFn<unknown> | undefined } = {
    encode(value) {
      const w = take();
      w.begin();
      try {
        run(w, value);
      } catch (e) {
        w.release();
        throw e;
      } finally {
        spare = w;
      }
      return w.finish();
    },
    encodeInto(value, target, offset = 0) {
      if (!(target instanceof Uint8Array)) throw new TypeError("typed-msgpack: encodeInto needs a Uint8Array target");
      if (!Number.isInteger(offset) || offset < 0 || offset > target.length) {
        throw new RangeError(
          `typed-msgpack: encodeInto offset ${offset} is outside the target (length ${target.length})`,
        );
      }
      const w = take();
      w.pos = 0;
      try {
        run(w, value);
        const n = w.pos;
        if (n > target.length - offset) {
          throw new RangeError(
            `typed-msgpack: encodeInto needs ${n} bytes but the target has ${target.length - offset} after offset ${offset}`,
          );
        }
        // Copied from the writer's buffer, not written into the target: the writer may write a few
        // bytes past a value (Writer.put), and the target's bytes after the value stay as they were.
        target.set(w.bytes.subarray(0, n), offset);
        return offset + n;
      } finally {
        w.release();
        spare = w;
      }
    },
    decode(bytes, options) {
      const r = reader ?? new Reader(EMPTY);
      reader = undefined;
      r.reset(bytes, options);
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
      } finally {
        r.release();
        reader = r;
      }
    },
    writeTo: enc,
    readFrom: dec,
    readElement: element,
  };
  return methods as unknown as Codec<T>;
}

function versionMismatch(version: unknown): string {
  // Code from 0.5 and earlier passed the encoder first.
  return (
    `typed-msgpack: code generated for runtime ${typeof version === "number" ? version : "0.5 or older"} runs on runtime ${GENERATED_CODE_VERSION}: ` +
    "rebuild it (run `typed-msgpack generate` again for generated files)"
  );
}
