/** Byte sources of `typed-msgpack/stream`: ReadableStreams, Node streams and (async) iterables, pulled as Uint8Arrays. */

/** One chunk of a byte stream: what Node streams, `fetch` bodies and file readers hand out. */
export type ByteChunk = Uint8Array | ArrayBufferView | ArrayBuffer;

/**
 * The part of a WHATWG `ReadableStream<Uint8Array>` (e.g. `(await fetch(url)).body`) that decoding
 * uses; declared here so that the runtime's types need neither the DOM lib nor @types/node.
 */
export interface ReadableStreamLike {
  getReader(): {
    read(): PromiseLike<{ done?: boolean; value?: ByteChunk }>;
    releaseLock(): void;
    cancel(reason?: unknown): PromiseLike<void>;
  };
}

/** Where stream decoding reads from: any (async) iterable of chunks, a Node Readable included, or a ReadableStream. */
export type ByteSource = AsyncIterable<ByteChunk> | Iterable<ByteChunk> | ReadableStreamLike;

type StreamReader = ReturnType<ReadableStreamLike["getReader"]>;
type ChunkIterator = AsyncIterator<ByteChunk> | Iterator<ByteChunk>;

/**
 * Pulls the chunks of `source` as Uint8Arrays (`undefined` at the end). A plain object rather than
 * an async generator, which would add microtask turns per chunk. Opens the source on the first
 * `next`, like `for await`; `close` stops it early: cancels a ReadableStream, destroys a Node stream.
 */
export class Chunks {
  private readonly source: ByteSource;
  private reader: StreamReader | undefined;
  private it: ChunkIterator | undefined;
  private ended = false;

  constructor(source: ByteSource) {
    this.source = source;
  }

  next(): Promise<Uint8Array | undefined> {
    if (this.ended) return Promise.resolve(undefined);
    try {
      if (!this.reader && !this.it) this.open();
      const result = this.reader ? this.reader.read() : this.it!.next();
      return "then" in result ? Promise.resolve(result).then((r) => this.take(r)) : Promise.resolve(this.take(result));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.reader) {
      await Promise.resolve(this.reader.cancel()).catch(() => undefined);
      this.reader.releaseLock();
    } else if (this.it?.return) {
      await this.it.return();
    }
  }

  private open(): void {
    const source = this.source as unknown;
    if (
      source !== null &&
      typeof source === "object" &&
      typeof (source as ReadableStreamLike).getReader === "function"
    ) {
      this.reader = (source as ReadableStreamLike).getReader();
    } else if (
      source !== null &&
      typeof source === "object" &&
      !ArrayBuffer.isView(source) &&
      (Symbol.asyncIterator in source || Symbol.iterator in source)
    ) {
      this.it =
        Symbol.asyncIterator in source
          ? (source as AsyncIterable<ByteChunk>)[Symbol.asyncIterator]()
          : (source as Iterable<ByteChunk>)[Symbol.iterator]();
    } else {
      this.ended = true;
      throw new TypeError(
        `typed-msgpack: expected a ReadableStream, a Node Readable or an (async) iterable of byte chunks, got ${describe(source)}` +
          (ArrayBuffer.isView(source) ? " (for bytes in memory use decode or decodeMulti)" : ""),
      );
    }
  }

  private take(r: { done?: boolean; value?: unknown }): Uint8Array | undefined {
    if (!r.done) return toBytes(r.value);
    this.ended = true;
    this.reader?.releaseLock();
    return undefined;
  }
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw new TypeError(
    `typed-msgpack: a stream chunk must be a Uint8Array, ArrayBufferView or ArrayBuffer, got ${describe(chunk)}` +
      (typeof chunk === "string" ? " (was setEncoding() called on the Node stream?)" : ""),
  );
}

function describe(v: unknown): string {
  return v === null ? "null" : typeof v === "object" ? `a ${(v as object).constructor?.name ?? "object"}` : typeof v;
}
