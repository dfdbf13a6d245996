/** Splitting a byte stream into MessagePack messages, each decoded once: the core of `typed-msgpack/stream`. */
import { CodecError, END_OF_INPUT, locate, RESERVED_BYTE } from "./errors.js";
import { Reader, type DecodeOptions } from "./reader.js";
import { describeHead } from "./wire.js";
import type { DecodeFn } from "./codec.js";

/** `Framer.next` found no complete message in what has arrived so far. */
export const NEED: unique symbol = Symbol("need more bytes");
const EMPTY = new Uint8Array(0);
/** Storage is never smaller than this, so that small straddling messages do not reallocate. */
const MIN_STORE = 4096;
/** Storage larger than this is let go once messages no longer need it. */
const LARGE = 1 << 20;
/** A header declaring this much more than has arrived makes the scan ask the decoder for a verdict (see `scan`). */
const FAR = 64 * 1024;

/**
 * Splits a byte stream into messages and decodes each exactly once. The unconsumed bytes are
 * `buf[start, len)`, and `buf[0]` is stream byte `base`. When a chunk arrives with nothing left
 * over, `buf` is that chunk itself (no copy); what is left of it when more bytes are needed, and
 * the chunks that follow while a message is unfinished, are copied to `store`. So producers may
 * reuse their chunks, and what is held stays bounded by the largest message plus a chunk (times
 * two for the doubling of `store`).
 */
export class Framer {
  private buf: Uint8Array = EMPTY;
  private store: Uint8Array = EMPTY;
  private len = 0;
  private start = 0;
  private base = 0;
  /** A Reader over `buf[0, len)`, made when first needed after `buf` or `len` changed. */
  private reader: Reader | undefined;
  /** The scan of the message at `start`: structure is known up to `scanPos`, `pending` values remain. */
  private scanning = false;
  private scanPos = 0;
  private pending = 0;
  /** Bytes of the scanned message the decoder had already checked, so that checks double in size (O(n) in all). */
  private checked = 0;
  /**
   * Recent message size (the largest, decaying by 1/8 a message). A message is decoded straight
   * away only when twice that has arrived: a failed attempt (an exception) costs far more than
   * the scan that otherwise comes first.
   */
  private typical = 0;
  private readonly options: DecodeOptions | undefined;

  constructor(options: DecodeOptions | undefined) {
    this.options = options;
  }

  /** Stream offset of the first unconsumed byte. */
  get offset(): number {
    return this.base + this.start;
  }
  get buffered(): number {
    return this.len - this.start;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.reader = undefined;
    if (this.start === this.len) {
      // nothing pending: decode straight from the chunk
      this.base += this.len;
      this.buf = chunk;
      this.len = chunk.length;
      this.start = 0;
      return;
    }
    this.keep(chunk);
  }

  /** Moves the unconsumed bytes (and `chunk`) into `store`, dropping consumed bytes. */
  private keep(chunk: Uint8Array | undefined): void {
    const n = chunk ? chunk.length : 0;
    const owned = this.buf === this.store;
    if (!owned || this.len + n > this.buf.length) {
      const kept = this.len - this.start;
      let store = this.store;
      // Doubling keeps appends amortized O(1); sized by bytes that arrived, never by a declared length.
      if (store.length < kept + n) store = new Uint8Array(Math.max(2 * (kept + n), MIN_STORE));
      if (store === this.buf) store.copyWithin(0, this.start, this.len);
      else store.set(this.buf.subarray(this.start, this.len));
      this.base += this.start;
      this.scanPos -= this.start;
      this.buf = this.store = store;
      this.len = kept;
      this.start = 0;
    }
    if (chunk) {
      this.buf.set(chunk, this.len);
      this.len += n;
    }
    this.reader = undefined;
  }

  private done(start: number, end: number): void {
    this.typical = Math.max(end - start, this.typical - (this.typical >> 3));
    this.advance(end);
  }

  private advance(end: number): void {
    this.start = end;
    const store = this.store;
    if (store.length > LARGE && store.length > 4 * (this.len - end + this.typical)) {
      // Storage that a big message grew is let go (what is left of it moved), so that the rest of
      // the stream does not hold it.
      this.store = EMPTY;
      if (this.buf === store && end < this.len) return this.keep(undefined);
    }
    if (end < this.len) return;
    this.base += this.len;
    this.len = this.start = 0;
    this.reader = undefined;
    this.buf = this.store;
  }

  private readerAt(at: number): Reader {
    const r = (this.reader ??= new Reader(this.buf.subarray(0, this.len), this.options));
    r.pos = at;
    return r;
  }

  /** Decodes the next message with `dec`, or returns NEED when it has not fully arrived. `path` names it in errors. */
  next<T>(dec: DecodeFn<T>, path: string): T | typeof NEED {
    const start = this.start;
    if (start === this.len) return NEED;
    if (!this.scanning) {
      // Usually the whole message is here: decode it directly. A message cut by the chunk boundary
      // costs at most one failed attempt; it is then scanned as bytes arrive and decoded once.
      if (this.len - start >= 2 * this.typical) {
        const r = this.readerAt(start);
        try {
          const value = dec(r, undefined, 0);
          this.done(start, r.pos);
          return value;
        } catch (e) {
          if (!(e instanceof CodecError) || e.code !== "incomplete") throw this.located(e, dec, path);
        }
      }
      this.scanning = true;
      this.scanPos = start;
      this.pending = 1;
      this.checked = 0;
    }
    let end: number;
    while ((end = this.scan()) < -1) {
      // 0xc1, or a header that declares far more than has arrived: whatever the decoder rejects in
      // what is here (a limit such as maxStringLength, a type mismatch) fails now rather than after
      // buffering the rest. On "incomplete" the scan goes on.
      this.checked = this.len - start;
      try {
        dec(this.readerAt(start), undefined, 0);
      } catch (e) {
        if (!(e instanceof CodecError) || e.code !== "incomplete") throw this.located(e, dec, path);
        if (end === -3) continue;
        // The decoder stopped short of the 0xc1 (an array claims more elements than have arrived)
        // but no bytes can make this message valid: fail now rather than buffer what the count claims.
        const at = this.base + this.scanPos;
        throw new CodecError(`${RESERVED_BYTE} at byte ${at}`, "malformed", path, at);
      }
      throw this.disagree(); // the decoder accepted a cut message: cannot happen, but never loop on it
    }
    if (end === -1) {
      if (this.buf !== this.store) this.keep(undefined);
      return NEED;
    }
    this.scanning = false;
    const r = this.readerAt(start);
    let value: T;
    try {
      value = dec(r, undefined, 0);
    } catch (e) {
      throw this.located(e, dec, path);
    }
    if (r.pos !== end) throw this.disagree();
    this.done(start, end);
    return value;
  }

  /**
   * Resumes the scan of the message at `start` over the bytes that have arrived. Reads only heads
   * and lengths; returns the message's end, -1 when more bytes are needed, -2 at the byte 0xc1,
   * -3 after a header that declares more than FAR bytes beyond those here (at most each time the
   * message has doubled since the last check). `pos` may run past `len` while a payload is still
   * arriving; a header that is cut is re-read.
   */
  private scan(): number {
    const buf = this.buf,
      len = this.len;
    let pos = this.scanPos,
      pending = this.pending;
    while (pending > 0 && pos < len) {
      const b = buf[pos]!;
      pending--;
      if (b <= 0x7f || b >= 0xe0) {
        pos++;
        continue;
      } // fixint
      if (b <= 0x8f) {
        pending += 2 * (b & 0x0f);
        pos++;
        continue;
      } // fixmap
      if (b <= 0x9f) {
        pending += b & 0x0f;
        pos++;
        continue;
      } // fixarray
      if (b <= 0xbf) {
        pos += 1 + (b & 0x1f);
        continue;
      } // fixstr
      const fixed = FIXED_SIZE[b - 0xc0]!;
      if (fixed > 0) {
        pos += fixed;
        continue;
      }
      if (fixed === 0) {
        this.scanPos = pos;
        return -2;
      } // 0xc1
      const width = -fixed; // bytes of the length field after the head byte
      if (pos + 1 + width > len) {
        pending++;
        break;
      } // the header itself is cut: read it again later
      const n =
        width === 1
          ? buf[pos + 1]!
          : width === 2
            ? (buf[pos + 1]! << 8) | buf[pos + 2]!
            : buf[pos + 1]! * 0x1000000 + ((buf[pos + 2]! << 16) | (buf[pos + 3]! << 8) | buf[pos + 4]!);
      pos += 1 + width;
      const far = pos + n * (b >= 0xde ? 2 : 1) - len; // an element takes a byte at least, a map entry two
      if (b >= 0xdc)
        pending += b >= 0xde ? 2 * n : n; // array / map 16, 32
      else pos += n + (b >= 0xc7 && b <= 0xc9 ? 1 : 0); // str / bin payload; ext adds its type byte
      if (far > FAR && len - this.start >= 2 * this.checked) {
        this.scanPos = pos;
        this.pending = pending;
        return -3;
      }
    }
    this.scanPos = pos;
    this.pending = pending;
    return pending === 0 && pos <= len ? pos : -1;
  }

  /** Reads a top-level array header: its count, or -1 until the header has arrived. */
  arrayHeader(): number {
    const buf = this.buf,
      at = this.start,
      have = this.len - at;
    if (have === 0) return -1;
    const b = buf[at]!;
    let n: number, size: number;
    if ((b & 0xf0) === 0x90) {
      n = b & 0x0f;
      size = 1;
    } // fixarray
    else if (b === 0xdc) {
      size = 3;
      n = have < 3 ? 0 : (buf[at + 1]! << 8) | buf[at + 2]!;
    } // array 16
    else if (b === 0xdd) {
      size = 5;
      n = have < 5 ? 0 : buf[at + 1]! * 0x1000000 + ((buf[at + 2]! << 16) | (buf[at + 3]! << 8) | buf[at + 4]!);
    } // array 32
    else if (b === 0xc1) throw new CodecError(`${RESERVED_BYTE} at byte ${this.offset}`, "malformed", "$", this.offset);
    else
      throw new CodecError(
        `expected array, got ${describeHead(b)} at byte ${this.offset}`,
        "type-mismatch",
        "$",
        this.offset,
      );
    if (have < size) {
      if (this.buf !== this.store) this.keep(undefined);
      return -1;
    }
    this.advance(at + size);
    return n;
  }

  /**
   * At the end of the stream, with a message unfinished: throws what `decode` throws for its bytes
   * (code "incomplete", or an earlier mismatch), `what` describing the end when nothing is buffered.
   */
  truncated(dec: DecodeFn<unknown> | undefined, path: string, what: string): never {
    if (dec && this.buffered > 0) {
      try {
        dec(this.readerAt(this.start), undefined, 0);
      } catch (e) {
        throw this.located(e, dec, path);
      }
    }
    throw new CodecError(`${END_OF_INPUT}${what} at byte ${this.offset}`, "incomplete", path, this.offset);
  }

  private disagree(): Error {
    return new Error(`typed-msgpack: decoder and scanner disagree about the message at byte ${this.offset}`);
  }

  /** Names the path of a decode error (decoding again with paths on) and counts its offset from the stream's start. */
  private located(e: unknown, dec: DecodeFn<unknown>, path: string): unknown {
    const at = this.start;
    return rebase(
      locate(e, () => {
        const again = new Reader(this.buf.subarray(0, this.len), this.options);
        again.pos = at;
        dec(again, path, 0);
      }),
      this.base,
    );
  }
}

/**
 * Bytes after the head byte 0xc0 + i: > 0 a fixed total size, 0 the reserved 0xc1, < 0 minus the
 * width of the length field that follows (str/bin/ext 8/16/32, array/map 16/32).
 */
const FIXED_SIZE: readonly number[] = [
  1,
  0,
  1,
  1,
  -1,
  -2,
  -4,
  -1,
  -2,
  -4,
  5,
  9,
  2,
  3,
  5,
  9, // c0 nil, c1, bool, bin 8-32, ext 8-32, float 32/64, uint 8-64
  2,
  3,
  5,
  9,
  3,
  4,
  6,
  10,
  18,
  -1,
  -2,
  -4,
  -2,
  -4,
  -2,
  -4, // int 8-64, fixext 1-16, str 8-32, array 16/32, map 16/32
];

/** The same error with its offset (and the "at byte" of its message) moved by `by` bytes. */
function rebase(e: unknown, by: number): unknown {
  if (!(e instanceof CodecError) || by === 0 || e.offset < 0) return e;
  const suffix = ` at byte ${e.offset}`;
  const reason = e.reason.endsWith(suffix) ? e.reason.slice(0, -suffix.length) + ` at byte ${e.offset + by}` : e.reason;
  return new CodecError(reason, e.code, e.path, e.offset + by);
}
