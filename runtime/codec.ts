import { CodecError, locate } from "./errors.js";
import { Reader, type DecodeOptions } from "./reader.js";
import { DEFAULT_MAX_DEPTH, Writer } from "./writer.js";
import { Chunks, Framer, NEED, type ByteSource } from "./stream.js";

type Bytes = Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * What `encode` returns: a Uint8Array over a plain ArrayBuffer. Spelt through `Uint8Array.of` so that
 * TypeScript >= 5.7 sees `Uint8Array<ArrayBuffer>` (accepted as a fetch body) and 4.9 a plain Uint8Array.
 */
export type EncodedBytes = ReturnType<typeof Uint8Array.of>;

/** What every codec can do; `Codec<T>` adds `decodeArrayStream` when `T` is an array type. */
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
   * Bytes before `offset` are never touched.
   * @throws {RangeError} when the encoding does not fit in `target` after `offset`; bytes of `target`
   *   after `offset` may have been overwritten then. Flush what is before `offset` and retry.
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
   * Decodes values written one after another into `bytes`, lazily. Error offsets count from the
   * start of `bytes`; a value cut short at the end is `code: "incomplete"`. Empty input yields nothing.
   */
  decodeMulti(bytes: Bytes, options?: DecodeOptions): Generator<T, void, undefined>;
  /**
   * Decodes exactly one value from a stream of chunks (a ReadableStream such as `response.body`, a
   * Node Readable, or any (async) iterable of Uint8Array / ArrayBufferView / ArrayBuffer).
   * Resolves when the source ends, since only then is it known that nothing follows the value.
   * Error offsets count from the start of the stream.
   * @throws {CodecError} as `decode`: "incomplete" when the stream ends early, "trailing-bytes"
   *   as soon as a byte arrives after the value (the source is then cancelled).
   */
  decodeAsync(source: ByteSource, options?: DecodeOptions): Promise<T>;
  /**
   * Decodes values written one after another into a stream, yielding each as soon as its last
   * byte arrives. Each value is decoded once (no re-decoding per chunk); memory held is bounded by
   * the largest value's encoding. `options` apply to each value. Breaking out of the loop cancels
   * the source. A producer may reuse a chunk's memory once the next chunk is asked for. Error
   * offsets count from the start of the stream; a stream that ends inside a value fails with
   * `code: "incomplete"`.
   */
  decodeStream(source: ByteSource, options?: DecodeOptions): AsyncGenerator<T, void, undefined>;
  /**
   * Writes `value` as one part of a larger value being encoded: how a codec generated in another
   * module calls this one when its type contains `T` ("linking"). `path` and `depth` continue the
   * caller's. For generated code; applications use `encode`.
   */
  writeTo(w: Writer, value: T, path: string | undefined, depth: number): void;
  /** Reads one `T` as part of a larger value: `writeTo`'s counterpart, for generated code. */
  readFrom(r: Reader, path: string | undefined, depth: number): T;
}

/** The extra method of codecs for array types (`codecFor<Row[]>()`). */
export interface ArrayCodec<E> {
  /**
   * Yields the elements of one top-level array as they arrive, so that a huge array is never held
   * whole. Ends when the source ends: bytes after the array are "trailing-bytes", fewer elements
   * than the header counts are "incomplete". Paths in errors are `$[i]`; offsets count from the
   * start of the stream.
   * @throws {TypeError} when called on a codec whose type is not an array (from JavaScript).
   */
  decodeArrayStream(source: ByteSource, options?: DecodeOptions): AsyncGenerator<E, void, undefined>;
}

/**
 * What `codecFor<T>()` returns. Array types (`E[]`, `readonly E[]`, but not tuples) also get
 * `decodeArrayStream`. The check is on `[T]`, so a union such as `Row[] | null` gets none.
 * `Codec<any>` has it as optional, so that every codec can be assigned to `Codec<any>`.
 */
export type Codec<T> = BaseCodec<T> & (0 extends 1 & T ? Partial<ArrayCodec<any>>
  : [T] extends [readonly (infer E)[]] ? (E[] extends T ? ArrayCodec<E> : unknown) : unknown);

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
  let spare: Writer | undefined; // reused between calls; taken while in use so re-entrant calls get their own
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
  const methods: BaseCodec<T> & ArrayCodec<unknown> = {
    encode(value) {
      const w = take();
      w.pos = 0;
      try {
        run(w, value);
      } finally {
        spare = w;
      }
      return w.finish();
    },
    encodeInto(value, target, offset = 0) {
      if (!(target instanceof Uint8Array)) throw new TypeError("typed-msgpack: encodeInto needs a Uint8Array target");
      if (!Number.isInteger(offset) || offset < 0 || offset > target.length) {
        throw new RangeError(`typed-msgpack: encodeInto offset ${offset} is outside the target (length ${target.length})`);
      }
      const w = take();
      const own = w.bytes, ownView = w.view;
      // The writer writes straight into the room after `offset`. It moves to a buffer of its own only
      // when that room looks too small (it reserves worst-case sizes, so the result may still fit);
      // giving it the room alone keeps that buffer as small as the value, whatever the target's size.
      const room = target.subarray(offset);
      w.bytes = room;
      w.view = new DataView(room.buffer, room.byteOffset, room.byteLength);
      w.pos = 0;
      let written: Uint8Array;
      try {
        run(w, value);
        written = w.bytes;
      } finally {
        w.bytes = own;
        w.view = ownView;
        spare = w;
      }
      const n = w.pos;
      if (written !== room) {
        if (n > room.length) {
          throw new RangeError(`typed-msgpack: encodeInto needs ${n} bytes but the target has ${room.length} after offset ${offset}`);
        }
        room.set(written.subarray(0, n));
      }
      return offset + n;
    },
    decode(bytes, options) {
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
    writeTo: enc,
    readFrom: dec,
    decodeMulti: (bytes, options) => decodeMulti(bytes, dec, options),
    decodeAsync: (source, options) => decodeAsync(source, dec, options),
    decodeStream: (source, options) => decodeStream(source, dec, options),
    decodeArrayStream(source, options) {
      if (!element) {
        throw new TypeError("typed-msgpack: decodeArrayStream needs a codec for an array type, such as codecFor<Row[]>(); this codec's type is not an array");
      }
      return decodeArrayStream(source, element, options);
    },
  };
  return methods as unknown as Codec<T>;
}

/** Messages concatenated in `source`, each decoded with `dec` as soon as its last byte arrives. */
function decodeStream<T>(source: ByteSource, dec: DecodeFn<T>, options?: DecodeOptions): AsyncGenerator<T, void, undefined> {
  const f = new Framer(options);
  return generator(new Values(source, f, () => f.next(dec, "$"), () => {
    if (f.buffered > 0) f.truncated(dec, "$", "the stream ended inside a message");
  }));
}

/** Exactly one message: bytes after it fail as soon as they arrive (which also stops reading the source). */
async function decodeAsync<T>(source: ByteSource, dec: DecodeFn<T>, options?: DecodeOptions): Promise<T> {
  const f = new Framer(options);
  let value: T | typeof NEED = NEED;
  // An iteration that yields nothing: it ends when the source does, or fails.
  await new Values(source, f, () => {
    if (value === NEED) value = f.next(dec, "$");
    if (value !== NEED && f.buffered > 0) throw new CodecError(`unexpected byte(s) after the value at byte ${f.offset}`, "trailing-bytes", "$", f.offset);
    return NEED;
  }, () => {
    if (value === NEED) f.truncated(dec, "$", "a value was expected");
  }).next();
  return value as T;
}

/** The elements of one top-level array, each decoded with `element` as soon as it has arrived. */
function decodeArrayStream<E>(source: ByteSource, element: DecodeFn<E>, options?: DecodeOptions): AsyncGenerator<E, void, undefined> {
  const f = new Framer(options);
  let count = -1, i = 0;
  return generator(new Values(source, f, () => {
    if (count < 0 && (count = f.arrayHeader()) < 0) return NEED;
    if (i < count) {
      const v = f.next(element, "$[" + i + "]");
      if (v !== NEED) i++;
      return v;
    }
    // All elements are out; the stream must end here.
    if (f.buffered > 0) throw new CodecError(`unexpected byte(s) after the array at byte ${f.offset}`, "trailing-bytes", "$", f.offset);
    return NEED;
  }, () => {
    if (count < 0) f.truncated(undefined, "$", f.buffered > 0 ? "the array header is cut" : "an array was expected");
    if (i < count) f.truncated(element, f.buffered > 0 ? "$[" + i + "]" : "$", `the array has ${count} elements but the stream ended after ${i}`);
  }));
}

/** Messages concatenated in `bytes`; offsets in errors count from the start of `bytes`. */
function* decodeMulti<T>(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, dec: DecodeFn<T>, options?: DecodeOptions): Generator<T, void, undefined> {
  const r = new Reader(bytes, options);
  while (r.pos < r.end) {
    const start = r.pos;
    let value: T;
    try {
      value = dec(r, undefined, 0);
    } catch (e) {
      throw locate(e, () => {
        const again = new Reader(bytes, options);
        again.pos = start;
        dec(again, "$", 0);
      });
    }
    yield value;
  }
}

type Result<T> = IteratorResult<T, void>;

/**
 * A Values iterator has every member of an async generator (next, return, throw, the async
 * iterator itself, and Symbol.asyncDispose where the runtime defines it); which of them the
 * AsyncGenerator type lists depends on the TypeScript lib, hence the cast.
 */
function generator<T>(values: Values<T>): AsyncGenerator<T, void, undefined> {
  return values as unknown as AsyncGenerator<T, void, undefined>;
}
const DONE: Result<never> = Object.freeze({ value: undefined, done: true });

/**
 * The async iterator of decodeStream and decodeArrayStream, written by hand: a value that has
 * already arrived goes out in one resolved promise, where an async generator takes several
 * microtask turns per value (as much as decoding a small message costs). Like an async generator,
 * calls are served in order, an error ends the iteration, and ending early (`return`, `throw`, an
 * error) closes the source.
 */
class Values<T> {
  private readonly chunks: Chunks;
  private readonly framer: Framer;
  /** The next value from what has arrived, or NEED. */
  private readonly step: () => T | typeof NEED;
  /** At the end of the source: throws if it ended inside a value. */
  private readonly end: () => void;
  /** The call in progress; later calls wait for it. */
  private busy: Promise<unknown> | undefined;
  private finished = false;

  constructor(source: ByteSource, framer: Framer, step: () => T | typeof NEED, end: () => void) {
    this.chunks = new Chunks(source);
    this.framer = framer;
    this.step = step;
    this.end = end;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  static {
    // `await using` works on async generators where the runtime has Symbol.asyncDispose; so here.
    const dispose = (Symbol as { asyncDispose?: symbol }).asyncDispose;
    if (dispose) {
      Object.defineProperty(Values.prototype, dispose, {
        value(this: Values<unknown>) { return this.return().then(() => undefined); }, writable: true, configurable: true,
      });
    }
  }

  next(): Promise<Result<T>> {
    if (this.busy) return this.after(() => this.next());
    if (this.finished) return Promise.resolve(DONE);
    let value: T | typeof NEED;
    try {
      value = this.step();
    } catch (e) {
      return this.stop(e);
    }
    return value !== NEED ? Promise.resolve({ value, done: false }) : this.track(this.pull());
  }

  return(): Promise<Result<T>> {
    return this.busy ? this.after(() => this.return()) : this.stop(undefined);
  }

  throw(error: unknown): Promise<Result<T>> {
    return this.busy ? this.after(() => this.throw(error)) : this.stop(error, true);
  }

  /** Reads chunks until a value is complete or the source ends. */
  private async pull(): Promise<Result<T>> {
    try {
      for (;;) {
        const chunk = await this.chunks.next();
        if (chunk === undefined) {
          this.finished = true;
          this.end();
          return DONE;
        }
        this.framer.push(chunk);
        const value = this.step();
        if (value !== NEED) return { value, done: false };
      }
    } catch (e) {
      return this.stop(e, true);
    }
  }

  /** Ends the iteration and closes the source; rejects with `error` when there is one. */
  private stop(error: unknown, failed = error !== undefined): Promise<Result<T>> {
    this.finished = true;
    const closed = this.chunks.close().catch(() => undefined);
    return this.track(closed.then(() => {
      if (failed) throw error;
      return DONE;
    }));
  }

  private track<R>(call: Promise<R>): Promise<R> {
    const clear = () => { if (this.busy === call) this.busy = undefined; };
    this.busy = call;
    call.then(clear, clear);
    return call;
  }

  private after<R>(then: () => Promise<R>): Promise<R> {
    return this.busy!.then(then, then);
  }
}
