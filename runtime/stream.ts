/**
 * `typed-msgpack/stream`: decoding many values, or values that arrive in chunks. Free functions over
 * a codec rather than methods of it, so that an app that only decodes bytes in memory does not
 * ship them (a bundler drops an unused function, never a method of an object it keeps).
 */
import type { ArrayCodec, BaseCodec, DecodeFn } from "./codec.js";
import { Chunks, type ByteSource } from "./chunks.js";
import { AFTER_VALUE, CodecError, locate } from "./errors.js";
import { Framer, NEED } from "./framer.js";
import { Reader, type DecodeOptions } from "./reader.js";

export type { ByteChunk, ByteSource, ReadableStreamLike } from "./chunks.js";

/**
 * Decodes exactly one value from a stream of chunks (a ReadableStream such as `response.body`, a
 * Node Readable, or any (async) iterable of Uint8Array / ArrayBufferView / ArrayBuffer).
 * Resolves when the source ends, since only then is it known that nothing follows the value.
 * Error offsets count from the start of the stream.
 * @throws {CodecError} as `codec.decode`: "incomplete" when the stream ends early, "trailing-bytes"
 *   as soon as a byte arrives after the value (the source is then cancelled).
 * @throws {TypeError} when `source` is not a stream or iterable, or a chunk is not bytes.
 */
export async function decodeAsync<T>(codec: BaseCodec<T>, source: ByteSource, options?: DecodeOptions): Promise<T> {
  const dec = readFrom(codec);
  const f = new Framer(options);
  let value: T | typeof NEED = NEED;
  // An iteration that yields nothing: it ends when the source does, or fails.
  await new Values(
    source,
    f,
    () => {
      if (value === NEED) value = f.next(dec, "$");
      if (value !== NEED && f.buffered > 0)
        throw new CodecError(`${AFTER_VALUE}value at byte ${f.offset}`, "trailing-bytes", "$", f.offset);
      return NEED;
    },
    () => {
      if (value === NEED) f.truncated(dec, "$", "a value was expected");
    },
  ).next();
  return value as T;
}

/**
 * Decodes values written one after another into a stream, yielding each as soon as its last
 * byte arrives. Each value is decoded once (no re-decoding per chunk); memory held is bounded by
 * the largest value's encoding. `options` apply to each value. Breaking out of the loop cancels
 * the source. A producer may reuse a chunk's memory once the next chunk is asked for. Error
 * offsets count from the start of the stream; a stream that ends inside a value fails with
 * `code: "incomplete"`, one that ends between values is a clean end.
 * @throws {CodecError} as `codec.decode` on the same bytes (from the iterator's `next`).
 * @throws {TypeError} when `source` is not a stream or iterable, or a chunk is not bytes.
 */
export function decodeStream<T>(
  codec: BaseCodec<T>,
  source: ByteSource,
  options?: DecodeOptions,
): AsyncGenerator<T, void, undefined> {
  const dec = readFrom(codec);
  const f = new Framer(options);
  return generator(
    new Values(
      source,
      f,
      () => f.next(dec, "$"),
      () => {
        if (f.buffered > 0) f.truncated(dec, "$", "the stream ended inside a message");
      },
    ),
  );
}

/**
 * Yields the elements of one top-level array as they arrive, so that a huge array is never held
 * whole. Only codecs of array types (`codecFor<Row[]>()`, `readonly Row[]`) are accepted. Ends
 * when the source ends: bytes after the array are "trailing-bytes", fewer elements than the header
 * counts are "incomplete". Paths in errors are `$[i]`; offsets count from the start of the stream.
 * @throws {CodecError} as `codec.decode` on the same bytes (from the iterator's `next`).
 * @throws {TypeError} when `codec` is not the codec of an array type (possible from JavaScript).
 */
export function decodeArrayStream<E>(
  codec: ArrayCodec<E>,
  source: ByteSource,
  options?: DecodeOptions,
): AsyncGenerator<E, void, undefined> {
  const element = (codec as Partial<ArrayCodec<E>> | undefined)?.readElement;
  if (typeof element !== "function") {
    throw new TypeError(
      "typed-msgpack: decodeArrayStream needs a codec for an array type, such as codecFor<Row[]>(); this codec's type is not an array",
    );
  }
  const dec: DecodeFn<E> = element;
  const f = new Framer(options);
  let count = -1,
    i = 0;
  return generator(
    new Values(
      source,
      f,
      () => {
        if (count < 0 && (count = f.arrayHeader()) < 0) return NEED;
        if (i < count) {
          const v = f.next(dec, "$[" + i + "]");
          if (v !== NEED) i++;
          return v;
        }
        // All elements are out; the stream must end here.
        if (f.buffered > 0)
          throw new CodecError(`${AFTER_VALUE}array at byte ${f.offset}`, "trailing-bytes", "$", f.offset);
        return NEED;
      },
      () => {
        if (count < 0)
          f.truncated(undefined, "$", f.buffered > 0 ? "the array header is cut" : "an array was expected");
        if (i < count)
          f.truncated(
            dec,
            f.buffered > 0 ? "$[" + i + "]" : "$",
            `the array has ${count} elements but the stream ended after ${i}`,
          );
      },
    ),
  );
}

/**
 * Decodes values written one after another into `bytes` in memory, lazily. Error offsets count
 * from the start of `bytes`; a value cut short at the end is `code: "incomplete"`. Empty input
 * yields nothing.
 * @throws {CodecError} as `codec.decode` (from the iterator's `next`).
 */
export function* decodeMulti<T>(
  codec: BaseCodec<T>,
  bytes: Uint8Array | ArrayBuffer | ArrayBufferView,
  options?: DecodeOptions,
): Generator<T, void, undefined> {
  const dec = readFrom(codec);
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

/**
 * The codec's decoder, called as a plain function (as generated code calls it), or a TypeError for
 * anything else than a codec (from JavaScript, or arguments in 0.4's order).
 */
function readFrom<T>(codec: BaseCodec<T>): DecodeFn<T> {
  const read = (codec as Partial<BaseCodec<T>> | undefined)?.readFrom;
  if (typeof read !== "function")
    throw new TypeError("typed-msgpack: expected a codec from codecFor<T>() as the first argument");
  return read;
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
        value(this: Values<unknown>) {
          return this.return().then(() => undefined);
        },
        writable: true,
        configurable: true,
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
    return this.track(
      closed.then(() => {
        if (failed) throw error;
        return DONE;
      }),
    );
  }

  private track<R>(call: Promise<R>): Promise<R> {
    const clear = () => {
      if (this.busy === call) this.busy = undefined;
    };
    this.busy = call;
    call.then(clear, clear);
    return call;
  }

  private after<R>(then: () => Promise<R>): Promise<R> {
    return this.busy!.then(then, then);
  }
}
