// The primitives every hand-written codec (bench/src/handwritten/<dataset>.ts) is written over:
// an output buffer with checked and unchecked writes, an input cursor whose every read checks the
// head byte and the bytes that remain, UTF-8 both ways, keys and literals as pre-encoded bytes.
// Self-contained on purpose: nothing from typed-msgpack's runtime, only Uint8Array, DataView and
// TextEncoder/TextDecoder, so it runs wherever the generated code runs.
//
// The codecs built on it are what an expert would write for one type: encoders trust the static
// type (TypeScript checked it; no typeof tests), decoders trust nothing: wrong types, missing
// required properties, duplicate keys, lengths beyond the input, invalid UTF-8, unsafe int 64 as
// number, literals outside their set and nesting beyond MAX_DEPTH all fail; unknown keys are
// skipped (their value checked as MessagePack, strings as UTF-8).

export class DecodeError extends Error {
  override name = "DecodeError";
}

export class EncodeError extends Error {
  override name = "EncodeError";
}

/** How deep recursive types may nest, both ways. */
export const MAX_DEPTH = 1000;

const TWO_32 = 0x1_0000_0000;
const TWO_34 = 0x4_0000_0000;
const MAX_DATE_MS = 8.64e15;
const MAX_UINT64 = 0xffff_ffff_ffff_ffffn;
const MIN_INT64 = -0x8000_0000_0000_0000n;

const textEncoder = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const looseUtf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const utf16 = new TextDecoder("utf-16le", { ignoreBOM: true });

// ---------------------------------------------------------------------------------------------
// Pre-encoded constants

/** `s` as a str with its smallest header: what an encoder copies and a decoder compares. */
export function str(s: string): Uint8Array {
  const utf8 = textEncoder.encode(s);
  const n = utf8.length;
  const head =
    n < 32
      ? [0xa0 | n]
      : n < 0x100
        ? [0xd9, n]
        : n < 0x10000
          ? [0xda, n >> 8, n & 0xff]
          : [0xdb, n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  return cat(head, utf8);
}

/** Pre-encoded parts (bytes or byte values) joined into one chunk, e.g. a map header and its first key. */
export function cat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The map header of an object of `n` properties (constant size). */
export function mapOf(n: number): number[] {
  return n < 16 ? [0x80 | n] : [0xde, n >> 8, n & 0xff];
}

/** A string-literal union: the values and their encodings, in the same order. */
export interface Literals<T extends string> {
  readonly values: readonly T[];
  readonly encoded: readonly Uint8Array[];
}

export function literals<T extends string>(...values: T[]): Literals<T> {
  return { values, encoded: values.map(str) };
}

/** An object type's declared keys (encoded, for the any-order path) and names (for errors). */
export interface Keys {
  readonly encoded: readonly Uint8Array[];
  readonly names: readonly string[];
}

export function keys(...names: string[]): Keys {
  return { encoded: names.map(str), names };
}

// ---------------------------------------------------------------------------------------------
// Encoding

/** Output at least this large is handed over instead of copied (see `finish`). */
const HAND_OVER = 16_384;
/** The buffer kept between calls is at most this large (the codec contract: a huge value is not held). */
const RETAIN_MAX = 1 << 20;

/**
 * Growable output. `reserve(n)` then the `put*` methods write without checks; the other methods
 * reserve what they need themselves.
 */
export class Out {
  bytes = new Uint8Array(65_536);
  view = new DataView(this.bytes.buffer);
  pos = 0;
  /** Size of the last output, so that an output as large grows once. */
  private lastSize = 0;
  /** The retained buffer, set aside while `begin` has a large output written into a buffer of its own. */
  private spare: Uint8Array<ArrayBuffer> | null = null;

  /**
   * Starts an output. After an output larger than RETAIN_MAX the next one is likely as large: it is
   * written straight into a buffer of its own (which `finish` hands over) instead of filling the
   * retained buffer, growing and copying. Nothing larger than RETAIN_MAX is kept between calls.
   */
  begin(): void {
    this.pos = 0;
    const last = this.lastSize;
    if (last > RETAIN_MAX && this.spare === null) {
      this.spare = this.bytes as Uint8Array<ArrayBuffer>;
      this.use(new Uint8Array(last + (last >> 3)));
    }
  }

  reserve(n: number): void {
    if (this.pos + n > this.bytes.length) this.grow(n);
  }

  private grow(n: number): void {
    const next = new Uint8Array(Math.max(2 * this.bytes.length, this.pos + n, this.lastSize));
    next.set(this.bytes.subarray(0, this.pos));
    this.use(next);
  }

  private use(bytes: Uint8Array<ArrayBuffer>): void {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
  }

  /**
   * The output, in memory nothing else uses: small output and output that fills less than half of
   * the buffer are copied; otherwise the buffer itself is returned and a fresh one, an eighth larger
   * than the output (as runtime/writer.ts sizes it), takes its place. At most RETAIN_MAX of buffer
   * stays between calls.
   */
  finish(): Uint8Array {
    const bytes = this.bytes,
      n = this.pos;
    this.pos = 0;
    this.lastSize = n;
    const spare = this.spare;
    this.spare = null;
    if (n < HAND_OVER || bytes.length > 2 * n) {
      const out = bytes.slice(0, n);
      if (spare !== null) this.use(spare);
      else if (bytes.length > RETAIN_MAX) this.use(new Uint8Array(RETAIN_MAX));
      return out;
    }
    this.use(spare ?? new Uint8Array(Math.min(n + (n >> 3), RETAIN_MAX)));
    return bytes.subarray(0, n);
  }

  /** Copies a pre-encoded chunk (room reserved). */
  put(chunk: Uint8Array): void {
    const n = chunk.length,
      bytes = this.bytes,
      p = this.pos;
    if (n <= 32) for (let i = 0; i < n; i++) bytes[p + i] = chunk[i]!;
    else bytes.set(chunk, p);
    this.pos = p + n;
  }

  raw(chunk: Uint8Array): void {
    this.reserve(chunk.length);
    this.put(chunk);
  }

  /** One byte (room reserved): a fixmap/fixarray header, nil, a bool, a fixint. */
  putByte(b: number): void {
    this.bytes[this.pos++] = b;
  }

  byte(b: number): void {
    this.reserve(1);
    this.bytes[this.pos++] = b;
  }

  putBool(v: boolean): void {
    this.bytes[this.pos++] = v ? 0xc3 : 0xc2;
  }

  /** Integers in their smallest form (as @msgpack/msgpack writes them), the rest as float 64; 9 bytes reserved. */
  putNumber(v: number): void {
    this.pos = numberAt(this.bytes, this.view, this.pos, v);
  }

  number(v: number): void {
    this.reserve(9);
    this.putNumber(v);
  }

  /** An array header (5 bytes reserved). */
  putArrayHeader(n: number): void {
    const bytes = this.bytes,
      p = this.pos;
    if (n < 16) {
      bytes[p] = 0x90 | n;
      this.pos = p + 1;
    } else if (n < 0x10000) {
      bytes[p] = 0xdc;
      bytes[p + 1] = n >> 8;
      bytes[p + 2] = n;
      this.pos = p + 3;
    } else {
      bytes[p] = 0xdd;
      this.view.setUint32(p + 1, n);
      this.pos = p + 5;
    }
  }

  arrayHeader(n: number): void {
    this.reserve(5);
    this.putArrayHeader(n);
  }

  mapHeader(n: number): void {
    this.reserve(5);
    const bytes = this.bytes,
      p = this.pos;
    if (n < 16) {
      bytes[p] = 0x80 | n;
      this.pos = p + 1;
    } else if (n < 0x10000) {
      bytes[p] = 0xde;
      bytes[p + 1] = n >> 8;
      bytes[p + 2] = n;
      this.pos = p + 3;
    } else {
      bytes[p] = 0xdf;
      this.view.setUint32(p + 1, n);
      this.pos = p + 5;
    }
  }

  /**
   * A str with its smallest header. Short strings are encoded by a loop after a one-byte header;
   * longer ones after the header their UTF-16 length implies; the payload moves when the UTF-8
   * length needs a larger header.
   */
  string(s: string): void {
    const n = s.length;
    if (n < 32) {
      this.reserve(2 + 3 * n);
      const bytes = this.bytes,
        start = this.pos + 1;
      let p = start;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c < 0x80) bytes[p++] = c;
        else {
          p = utf8Encode(s, i, bytes, p);
          break;
        }
      }
      const length = p - start;
      if (length < 32) {
        bytes[start - 1] = 0xa0 | length;
        this.pos = p;
      } else {
        bytes.copyWithin(start + 1, start, p);
        bytes[start - 1] = 0xd9;
        bytes[start] = length;
        this.pos = p + 1;
      }
      return;
    }
    this.longString(s, n);
  }

  private longString(s: string, n: number): void {
    this.reserve(5 + 3 * n);
    const bytes = this.bytes,
      p = this.pos;
    const guess = n < 0x100 ? 2 : n < 0x10000 ? 3 : 5;
    const start = p + guess;
    let end: number;
    if (n <= 64) {
      end = start;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c < 0x80) bytes[end++] = c;
        else {
          end = utf8Encode(s, i, bytes, end);
          break;
        }
      }
    } else {
      end = start + textEncoder.encodeInto(s, bytes.subarray(start)).written;
    }
    const length = end - start;
    const size = length < 0x100 ? 2 : length < 0x10000 ? 3 : 5;
    if (size !== guess) bytes.copyWithin(p + size, start, end);
    if (size === 2) {
      bytes[p] = 0xd9;
      bytes[p + 1] = length;
    } else if (size === 3) {
      bytes[p] = 0xda;
      bytes[p + 1] = length >> 8;
      bytes[p + 2] = length;
    } else {
      bytes[p] = 0xdb;
      this.view.setUint32(p + 1, length);
    }
    this.pos = p + size + length;
  }

  /** Timestamp extension (type -1): 32-bit form for whole seconds, 64 up to 2^34 s, 96 otherwise. */
  date(d: Date): void {
    const ms = d.getTime();
    if (ms !== ms) throw new EncodeError("invalid Date");
    const sec = Math.floor(ms / 1000);
    const nsec = (ms - sec * 1000) * 1_000_000;
    this.reserve(15);
    const bytes = this.bytes,
      view = this.view,
      p = this.pos;
    if (sec >= 0 && sec < TWO_34) {
      if (nsec === 0 && sec < TWO_32) {
        bytes[p] = 0xd6;
        bytes[p + 1] = 0xff;
        view.setUint32(p + 2, sec);
        this.pos = p + 6;
      } else {
        bytes[p] = 0xd7;
        bytes[p + 1] = 0xff;
        view.setUint32(p + 2, nsec * 4 + Math.floor(sec / TWO_32));
        view.setUint32(p + 6, sec >>> 0);
        this.pos = p + 10;
      }
    } else {
      bytes[p] = 0xc7;
      bytes[p + 1] = 12;
      bytes[p + 2] = 0xff;
      view.setUint32(p + 3, nsec);
      view.setBigInt64(p + 7, BigInt(sec));
      this.pos = p + 15;
    }
  }

  /** uint 64 when >= 0, int 64 when negative (as @msgpack/msgpack with useBigInt64). */
  bigint(v: bigint): void {
    if (v > MAX_UINT64 || v < MIN_INT64) throw new EncodeError(`bigint ${v} does not fit in 64 bits`);
    this.reserve(9);
    const p = this.pos;
    if (v >= 0n) {
      this.bytes[p] = 0xcf;
      this.view.setBigUint64(p + 1, v);
    } else {
      this.bytes[p] = 0xd3;
      this.view.setBigInt64(p + 1, v);
    }
    this.pos = p + 9;
  }

  bin(v: Uint8Array): void {
    const n = v.length;
    this.reserve(5 + n);
    const bytes = this.bytes;
    let p = this.pos;
    if (n < 0x100) {
      bytes[p] = 0xc4;
      bytes[p + 1] = n;
      p += 2;
    } else if (n < 0x10000) {
      bytes[p] = 0xc5;
      bytes[p + 1] = n >> 8;
      bytes[p + 2] = n;
      p += 3;
    } else {
      bytes[p] = 0xc6;
      this.view.setUint32(p + 1, n);
      p += 5;
    }
    if (n <= 64) for (let i = 0; i < n; i++) bytes[p + i] = v[i]!;
    else bytes.set(v, p);
    this.pos = p + n;
  }

  /**
   * number[]: one capacity check per 1,024 elements, the position in a local; an array of 8 or more
   * with a fraction among its first four elements by a loop for float 64s, as the runtime's
   * writeNumberArray.
   */
  numberArray(xs: readonly number[]): void {
    const n = xs.length;
    this.arrayHeader(n);
    if (n >= 8 && (isFraction(xs[0]!) || isFraction(xs[1]!) || isFraction(xs[2]!) || isFraction(xs[3]!)))
      return this.float64s(xs, n);
    for (let i = 0; i < n; ) {
      const stop = Math.min(n, i + 1024);
      this.reserve(9 * (stop - i));
      const bytes = this.bytes,
        view = this.view;
      let p = this.pos;
      for (; i < stop; i++) p = numberAt(bytes, view, p, xs[i]!);
      this.pos = p;
    }
  }

  /** Four float 64s an iteration while the next four are fractions; a group that is not, one element at a time. */
  private float64s(xs: readonly number[], n: number): void {
    for (let i = 0; i < n; ) {
      const stop = Math.min(n, i + 1024);
      this.reserve(9 * (stop - i));
      const bytes = this.bytes,
        view = this.view;
      let p = this.pos;
      while (i < stop) {
        for (; i + 4 <= stop; i += 4) {
          const a = xs[i]!,
            b = xs[i + 1]!,
            c = xs[i + 2]!,
            d = xs[i + 3]!;
          if (Math.trunc(a) === a || Math.trunc(b) === b || Math.trunc(c) === c || Math.trunc(d) === d) break;
          bytes[p] = 0xcb;
          view.setFloat64(p + 1, a);
          bytes[p + 9] = 0xcb;
          view.setFloat64(p + 10, b);
          bytes[p + 18] = 0xcb;
          view.setFloat64(p + 19, c);
          bytes[p + 27] = 0xcb;
          view.setFloat64(p + 28, d);
          p += 36;
        }
        for (const last = Math.min(i + 4, stop); i < last; i++) {
          const x = xs[i]!;
          if (Math.trunc(x) !== x) {
            bytes[p] = 0xcb;
            view.setFloat64(p + 1, x);
            p += 9;
          } else p = numberAt(bytes, view, p, x);
        }
      }
      this.pos = p;
    }
  }

  stringArray(xs: readonly string[]): void {
    const n = xs.length;
    this.arrayHeader(n);
    for (let i = 0; i < n; i++) this.string(xs[i]!);
  }

  /** Record<string, string>: keys in insertion order. */
  stringRecord(v: Record<string, string>): void {
    const ks = Object.keys(v);
    this.mapHeader(ks.length);
    for (const k of ks) {
      this.string(k);
      this.string(v[k]!);
    }
  }
}

/** Copies a pre-encoded chunk to bytes[p..] (room reserved); returns the end. For encoders that keep the position in a local. */
export function chunkAt(bytes: Uint8Array, p: number, chunk: Uint8Array): number {
  const n = chunk.length;
  for (let i = 0; i < n; i++) bytes[p + i] = chunk[i]!;
  return p + n;
}

/**
 * Writes `v` at `p` (9 bytes available) in its smallest int form, else as float 64; returns the
 * end. Small enough for V8 to inline into loops: the rarer int forms are functions of their own.
 */
export function numberAt(bytes: Uint8Array, view: DataView, p: number, v: number): number {
  if (v >>> 0 === v) {
    if (v < 0x80) {
      bytes[p] = v;
      return p + 1;
    }
    return uintAt(bytes, view, p, v);
  }
  if (Number.isSafeInteger(v)) {
    if (v < 0 && v >= -0x20) {
      bytes[p] = v;
      return p + 1;
    }
    return intAt(bytes, view, p, v);
  }
  bytes[p] = 0xcb;
  view.setFloat64(p + 1, v);
  return p + 9;
}

/** A number with a fraction, or NaN (an array with one among its first four is written as float 64s). */
function isFraction(x: number): boolean {
  return Math.trunc(x) !== x;
}

// The size by arithmetic on Math.clz32, not a branch per size (mispredicted in arrays of mixed
// sizes: bench numeric); four bytes after the header whatever the size, the value's first.

/** uint 8 / 16 / 32 for 128 <= v < 2^32. */
function uintAt(bytes: Uint8Array, view: DataView, p: number, v: number): number {
  const size = ((Math.clz32(v) - 24) >>> 31) + ((Math.clz32(v) - 16) >>> 31),
    length = 2 + size + (size >> 1);
  bytes[p] = 0xcc + size;
  view.setInt32(p + 1, v << (40 - 8 * length));
  return p + length;
}

/** int 8..64 for safe integers below -32, uint 64 for those from 2^32. */
function intAt(bytes: Uint8Array, view: DataView, p: number, v: number): number {
  if (v > 0) {
    bytes[p] = 0xcf;
    view.setUint32(p + 1, Math.floor(v / TWO_32));
    view.setUint32(p + 5, v >>> 0);
    return p + 9;
  }
  if (v >= -0x8000_0000) {
    const size = ((Math.clz32(~v) - 25) >>> 31) + ((Math.clz32(~v) - 17) >>> 31),
      length = 2 + size + (size >> 1);
    bytes[p] = 0xd0 + size;
    view.setInt32(p + 1, v << (40 - 8 * length));
    return p + length;
  }
  // The high word by division, the low one by >>> 0 (two's complement).
  bytes[p] = 0xd3;
  view.setInt32(p + 1, Math.floor(v / TWO_32));
  view.setUint32(p + 5, v >>> 0);
  return p + 9;
}

/** UTF-8 of s[i..] at bytes[p..] (3 bytes per unit available); lone surrogates become U+FFFD, as TextEncoder does. */
function utf8Encode(s: string, i: number, bytes: Uint8Array, p: number): number {
  const n = s.length;
  for (; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      bytes[p++] = c;
      continue;
    }
    if (c < 0x800) {
      bytes[p++] = 0xc0 | (c >> 6);
      bytes[p++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        bytes[p++] = 0xf0 | (c >> 18);
        bytes[p++] = 0x80 | ((c >> 12) & 0x3f);
        bytes[p++] = 0x80 | ((c >> 6) & 0x3f);
        bytes[p++] = 0x80 | (c & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    bytes[p++] = 0xe0 | (c >> 12);
    bytes[p++] = 0x80 | ((c >> 6) & 0x3f);
    bytes[p++] = 0x80 | (c & 0x3f);
  }
  return p;
}

// ---------------------------------------------------------------------------------------------
// Decoding

/** Short ASCII strings decoded lately, by a hash of their bytes: repeated names cost no allocation. */
const CACHE_SLOTS = 4096;
const CACHE_MAX = 32;
const cache: string[] = new Array<string>(CACHE_SLOTS).fill("\u0000");
/** UTF-16 units of the string being decoded, and a view of each short length. */
let units = new Uint16Array(1024);
const unitViews: Uint16Array[] = Array.from({ length: 33 }, (_, n) => units.subarray(0, n));
/**
 * On Node, a Buffer over `units` turns them into a string (utf16le) faster than a UTF-16
 * TextDecoder or String.fromCharCode beyond a few units; elsewhere TextDecoder past 32 units.
 */
interface BufferClass {
  from(b: ArrayBuffer): { toString(encoding: "utf16le", start: number, end: number): string };
}
const NodeBuffer = (globalThis as { Buffer?: BufferClass }).Buffer;
let unitsText = NodeBuffer?.from(units.buffer);
const FROM_CHAR_CODE_MAX = unitsText ? 8 : 32;

/** Bin payloads up to SLAB_MAX bytes are copied into shared SLAB_SIZE buffers (as Node's Buffer pool does). */
const SLAB_MAX = 4096;
const SLAB_SIZE = 65_536;
let slab = new Uint8Array(SLAB_SIZE);
let slabUsed = 0;

/**
 * Cursor over one input. Every read checks the head byte, then the bytes it needs; lengths are
 * checked against what remains before anything is allocated.
 */
export class In {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly end: number;
  pos = 0;

  constructor(input: Uint8Array) {
    this.bytes = input;
    this.view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    this.end = input.length;
  }

  fail(message: string, at = this.pos): never {
    throw new DecodeError(`${message} at byte ${at}`);
  }

  eof(): never {
    return this.fail("unexpected end of input");
  }

  wrong(expected: string): never {
    const b = this.bytes[this.pos]!;
    return this.fail(b === 0xc1 ? "0xc1 is never used" : `expected ${expected}, got 0x${b.toString(16)}`);
  }

  /** The input holds exactly one value. */
  done(): void {
    if (this.pos !== this.end) this.fail(`${this.end - this.pos} bytes after the value`);
  }

  head(): number {
    if (this.pos >= this.end) this.eof();
    return this.bytes[this.pos]!;
  }

  nil(): null {
    if (this.head() !== 0xc0) this.wrong("nil");
    this.pos++;
    return null;
  }

  /** True (and consumed) when the next value is nil. */
  isNil(): boolean {
    if (this.pos < this.end && this.bytes[this.pos] === 0xc0) {
      this.pos++;
      return true;
    }
    return false;
  }

  bool(): boolean {
    const b = this.head();
    if (b === 0xc3) {
      this.pos++;
      return true;
    }
    if (b === 0xc2) {
      this.pos++;
      return false;
    }
    return this.wrong("bool");
  }

  /** Any int or float; int 64 outside the safe integer range fails. */
  number(): number {
    const b = this.head(),
      p = this.pos;
    if (b < 0x80) {
      this.pos = p + 1;
      return b;
    }
    if (b >= 0xe0) {
      this.pos = p + 1;
      return b - 0x100;
    }
    const view = this.view;
    switch (b) {
      case 0xcb:
        if (p + 9 > this.end) this.eof();
        this.pos = p + 9;
        return view.getFloat64(p + 1);
      case 0xca:
        if (p + 5 > this.end) this.eof();
        this.pos = p + 5;
        return view.getFloat32(p + 1);
      case 0xcc:
        if (p + 2 > this.end) this.eof();
        this.pos = p + 2;
        return this.bytes[p + 1]!;
      case 0xcd:
        if (p + 3 > this.end) this.eof();
        this.pos = p + 3;
        return view.getUint16(p + 1);
      case 0xce:
        if (p + 5 > this.end) this.eof();
        this.pos = p + 5;
        return view.getUint32(p + 1);
      case 0xd0:
        if (p + 2 > this.end) this.eof();
        this.pos = p + 2;
        return view.getInt8(p + 1);
      case 0xd1:
        if (p + 3 > this.end) this.eof();
        this.pos = p + 3;
        return view.getInt16(p + 1);
      case 0xd2:
        if (p + 5 > this.end) this.eof();
        this.pos = p + 5;
        return view.getInt32(p + 1);
      case 0xcf:
      case 0xd3: {
        if (p + 9 > this.end) this.eof();
        const high = b === 0xcf ? view.getUint32(p + 1) : view.getInt32(p + 1);
        const v = high * TWO_32 + view.getUint32(p + 5);
        if (!Number.isSafeInteger(v)) this.fail("int 64 outside the safe integer range");
        this.pos = p + 9;
        return v;
      }
    }
    return this.wrong("a number");
  }

  /** Any int, as a bigint. */
  bigint(): bigint {
    const b = this.head(),
      p = this.pos;
    if (b === 0xcf || b === 0xd3) {
      if (p + 9 > this.end) this.eof();
      this.pos = p + 9;
      return b === 0xcf ? this.view.getBigUint64(p + 1) : this.view.getBigInt64(p + 1);
    }
    if (b < 0x80 || b >= 0xe0 || (b >= 0xcc && b <= 0xd2)) return BigInt(this.number());
    return this.wrong("an int");
  }

  /** A str header: returns the payload length (checked against the input) and leaves pos at the payload. */
  strHeader(): number {
    const b = this.head(),
      p = this.pos,
      bytes = this.bytes;
    let n: number, start: number;
    if ((b & 0xe0) === 0xa0) {
      n = b & 0x1f;
      start = p + 1;
    } else if (b === 0xd9) {
      if (p + 2 > this.end) this.eof();
      n = bytes[p + 1]!;
      start = p + 2;
    } else if (b === 0xda) {
      if (p + 3 > this.end) this.eof();
      n = (bytes[p + 1]! << 8) | bytes[p + 2]!;
      start = p + 3;
    } else if (b === 0xdb) {
      if (p + 5 > this.end) this.eof();
      n = this.view.getUint32(p + 1);
      start = p + 5;
    } else return this.wrong("a str");
    if (start + n > this.end) this.fail(`str of ${n} bytes exceeds the input`);
    this.pos = start;
    return n;
  }

  string(): string {
    const at = this.pos;
    const n = this.strHeader();
    const p = this.pos;
    this.pos = p + n;
    const s = n <= CACHE_MAX ? shortString(this.bytes, p, n) : longString(this.bytes, p, n);
    if (s === undefined) this.fail("invalid UTF-8", at);
    return s;
  }

  /** `string | null`. */
  stringOrNull(): string | null {
    return this.isNil() ? null : this.string();
  }

  /** An optional string property: nil stands for absent. */
  stringOrUndefined(): string | undefined {
    return this.isNil() ? undefined : this.string();
  }

  /** Array header; the count is checked against the remaining bytes (an element takes at least one). */
  arrayHeader(): number {
    const b = this.head(),
      p = this.pos;
    let n: number;
    if ((b & 0xf0) === 0x90) {
      n = b & 0x0f;
      this.pos = p + 1;
    } else if (b === 0xdc) {
      if (p + 3 > this.end) this.eof();
      n = this.view.getUint16(p + 1);
      this.pos = p + 3;
    } else if (b === 0xdd) {
      if (p + 5 > this.end) this.eof();
      n = this.view.getUint32(p + 1);
      this.pos = p + 5;
    } else return this.wrong("an array");
    if (n > this.end - this.pos) this.fail(`array of ${n} exceeds the input`, p);
    return n;
  }

  /** Map header; the count is checked against the remaining bytes (an entry takes at least two). */
  mapHeader(): number {
    const b = this.head(),
      p = this.pos;
    let n: number;
    if ((b & 0xf0) === 0x80) {
      n = b & 0x0f;
      this.pos = p + 1;
    } else if (b === 0xde) {
      if (p + 3 > this.end) this.eof();
      n = this.view.getUint16(p + 1);
      this.pos = p + 3;
    } else if (b === 0xdf) {
      if (p + 5 > this.end) this.eof();
      n = this.view.getUint32(p + 1);
      this.pos = p + 5;
    } else return this.wrong("a map");
    if (2 * n > this.end - this.pos) this.fail(`map of ${n} exceeds the input`, p);
    return n;
  }

  /** A tuple's array header: exactly `n` elements. */
  tuple(n: number): void {
    if (this.pos < this.end && this.bytes[this.pos] === 0x90 + n && n < 16) {
      this.pos++;
      return;
    }
    const at = this.pos;
    if (this.arrayHeader() !== n) this.fail(`expected a tuple of ${n}`, at);
  }

  /**
   * The fast path: is the next key exactly `key` (header included)? Consumed if so. A key in
   * another order, or with a larger header than needed, fails here and is found by `anyKey`.
   */
  key(key: Uint8Array): boolean {
    const n = key.length,
      p = this.pos,
      bytes = this.bytes;
    if (p + n > this.end) return false;
    for (let i = 0; i < n; i++) if (bytes[p + i] !== key[i]) return false;
    this.pos = p + n;
    return true;
  }

  /** The any-order path: reads a str key and returns its index among `keys`, or -1 (UTF-8 checked). */
  anyKey(keys: Keys): number {
    const at = this.pos;
    const n = this.strHeader();
    const p = this.pos,
      bytes = this.bytes;
    this.pos = p + n;
    for (let k = 0; k < keys.encoded.length; k++) if (samePayload(keys.encoded[k]!, bytes, p, n)) return k;
    if ((n <= CACHE_MAX ? shortString(bytes, p, n) : longString(bytes, p, n)) === undefined)
      this.fail("invalid UTF-8 in a key", at);
    return -1;
  }

  /** Sets `bit` in `seen`, failing if it was set: a key that appears twice. */
  once(seen: number, bit: number): number {
    if (seen & bit) this.fail("duplicate key");
    return seen | bit;
  }

  /** Fails naming the first property of `required` not in `seen`. */
  missing(keys: Keys, required: number, seen: number): never {
    for (let i = 0; i < keys.names.length; i++) {
      if ((required & (1 << i)) !== 0 && (seen & (1 << i)) === 0)
        this.fail(`required property "${keys.names[i]}" is missing`);
    }
    return this.fail("a required property is missing");
  }

  /** A string-literal union, compared as bytes: the index of the value read. */
  literal<T extends string>(set: Literals<T>): number {
    const encoded = set.encoded,
      bytes = this.bytes,
      p = this.pos,
      end = this.end;
    for (let k = 0; k < encoded.length; k++) {
      const e = encoded[k]!,
        n = e.length;
      if (p + n > end || bytes[p] !== e[0]) continue;
      let i = 1;
      while (i < n && bytes[p + i] === e[i]) i++;
      if (i === n) {
        this.pos = p + n;
        return k;
      }
    }
    // A larger header than needed, or not one of them: compare the decoded string.
    const s = this.string();
    const k = set.values.indexOf(s as T);
    if (k < 0) this.fail(`${JSON.stringify(s)} is not one of ${set.values.join(", ")}`, p);
    return k;
  }

  /** An int-literal union 0..max in fixint form, else any number checked against `allowed`. */
  smallLiteral<T extends number>(allowed: readonly T[]): T {
    const p = this.pos;
    const b = p < this.end ? this.bytes[p]! : -1;
    if (b >= 0 && b < 0x80 && allowed.includes(b as T)) {
      this.pos = p + 1;
      return b as T;
    }
    const v = this.number();
    if (!allowed.includes(v as T)) this.fail(`${v} is not one of ${allowed.join(", ")}`, p);
    return v as T;
  }

  /**
   * A union's tag when it is not the first key: looks through the map at `pos` for `tag` and returns
   * the index of its value in `set`, leaving `pos` where it was. Fails if the tag is absent.
   */
  peekTag<T extends string>(tag: Keys, set: Literals<T>): number {
    const start = this.pos;
    const n = this.mapHeader();
    for (let i = 0; i < n; i++) {
      if (this.anyKey(tag) === 0) {
        const k = this.literal(set);
        this.pos = start;
        return k;
      }
      this.skip();
    }
    return this.fail(`tag "${tag.names[0]}" is missing`, start);
  }

  /** Skips any value, iteratively (no recursion for hostile nesting), checking it as MessagePack. */
  skip(): void {
    let pending = 1;
    while (pending > 0) {
      pending--;
      const b = this.head(),
        p = this.pos;
      if (b < 0x80 || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) {
        this.pos = p + 1;
        continue;
      }
      if ((b & 0xf0) === 0x80 || b === 0xde || b === 0xdf) {
        pending += 2 * this.mapHeader();
        continue;
      }
      if ((b & 0xf0) === 0x90 || b === 0xdc || b === 0xdd) {
        pending += this.arrayHeader();
        continue;
      }
      if ((b & 0xe0) === 0xa0 || (b >= 0xd9 && b <= 0xdb)) {
        this.string();
        continue;
      }
      let size: number;
      switch (b) {
        case 0xcc:
        case 0xd0:
          size = 2;
          break;
        case 0xcd:
        case 0xd1:
          size = 3;
          break;
        case 0xce:
        case 0xd2:
        case 0xca:
          size = 5;
          break;
        case 0xcf:
        case 0xd3:
        case 0xcb:
          size = 9;
          break;
        case 0xd4:
          size = 3;
          break;
        case 0xd5:
          size = 4;
          break;
        case 0xd6:
          size = 6;
          break;
        case 0xd7:
          size = 10;
          break;
        case 0xd8:
          size = 18;
          break;
        case 0xc4:
        case 0xc5:
        case 0xc6:
        case 0xc7:
        case 0xc8:
        case 0xc9: {
          // bin 8/16/32 and ext 8/16/32: a length of 1, 2 or 4 bytes; ext has a type byte after it.
          const lengthSize = b === 0xc4 || b === 0xc7 ? 1 : b === 0xc5 || b === 0xc8 ? 2 : 4;
          if (p + 1 + lengthSize > this.end) this.eof();
          const n =
            lengthSize === 1
              ? this.bytes[p + 1]!
              : lengthSize === 2
                ? this.view.getUint16(p + 1)
                : this.view.getUint32(p + 1);
          size = 1 + lengthSize + (b >= 0xc7 ? 1 : 0) + n;
          break;
        }
        default:
          return this.wrong("a MessagePack value");
      }
      if (p + size > this.end) this.eof();
      this.pos = p + size;
    }
  }

  /** The timestamp extension (type -1), 32/64/96-bit forms, as a Date (whole milliseconds). */
  date(): Date {
    const b = this.head(),
      p = this.pos,
      view = this.view;
    let sec: number, nsec: number;
    if (b === 0xd6 && p + 6 <= this.end && this.bytes[p + 1] === 0xff) {
      sec = view.getUint32(p + 2);
      nsec = 0;
      this.pos = p + 6;
    } else if (b === 0xd7 && p + 10 <= this.end && this.bytes[p + 1] === 0xff) {
      const high = view.getUint32(p + 2);
      nsec = high >>> 2;
      sec = (high & 3) * TWO_32 + view.getUint32(p + 6);
      this.pos = p + 10;
    } else if (b === 0xc7 && p + 15 <= this.end && this.bytes[p + 1] === 12 && this.bytes[p + 2] === 0xff) {
      nsec = view.getUint32(p + 3);
      sec = Number(view.getBigInt64(p + 7));
      if (!(Math.abs(sec) * 1000 <= MAX_DATE_MS)) this.fail("timestamp outside the range of Date");
      this.pos = p + 15;
    } else {
      if (b === 0xd6 || b === 0xd7 || b === 0xc7) {
        const need = b === 0xd6 ? 6 : b === 0xd7 ? 10 : 15;
        if (p + need > this.end) this.eof();
      }
      return this.wrong("a timestamp");
    }
    if (nsec > 999_999_999) this.fail("timestamp nanoseconds out of range", p);
    const ms = sec * 1000 + (sec < 0 ? Math.ceil(nsec / 1e6) : Math.floor(nsec / 1e6));
    if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS) this.fail("timestamp outside the range of Date", p);
    return new Date(ms);
  }

  /** An optional Date property: nil stands for absent. */
  dateOrUndefined(): Date | undefined {
    return this.isNil() ? undefined : this.date();
  }

  /** A bin payload, copied (never a view of the input, which the caller may reuse). */
  bin(): Uint8Array {
    const b = this.head(),
      p = this.pos;
    let n: number, start: number;
    if (b === 0xc4) {
      if (p + 2 > this.end) this.eof();
      n = this.bytes[p + 1]!;
      start = p + 2;
    } else if (b === 0xc5) {
      if (p + 3 > this.end) this.eof();
      n = this.view.getUint16(p + 1);
      start = p + 3;
    } else if (b === 0xc6) {
      if (p + 5 > this.end) this.eof();
      n = this.view.getUint32(p + 1);
      start = p + 5;
    } else return this.wrong("bin");
    if (start + n > this.end) this.fail(`bin of ${n} bytes exceeds the input`);
    this.pos = start + n;
    const bytes = this.bytes;
    if (n > SLAB_MAX) return bytes.slice(start, start + n);
    if (SLAB_SIZE - slabUsed < n) {
      slab = new Uint8Array(SLAB_SIZE);
      slabUsed = 0;
    }
    const at = slabUsed,
      into = slab;
    if (n <= 64) for (let i = 0; i < n; i++) into[at + i] = bytes[start + i]!;
    else into.set(bytes.subarray(start, start + n), at);
    slabUsed = at + ((n + 7) & ~7);
    return new Uint8Array(into.buffer, at, n);
  }

  /** number[]: an array whose first element is a float 64 by a loop for float 64s, as the runtime's readNumberArray. */
  numberArray(): number[] {
    const n = this.arrayHeader();
    return this.pos < this.end && this.bytes[this.pos] === 0xcb ? this.float64s(n) : this.numbers(n);
  }

  /** Four float 64s an iteration while the next four are float 64s; one element of any form between. */
  private float64s(n: number): number[] {
    const out = new Array<number>(n);
    const bytes = this.bytes,
      view = this.view,
      end = this.end;
    let p = this.pos,
      i = 0;
    while (i < n) {
      while (
        i + 4 <= n &&
        p + 36 <= end &&
        bytes[p] === 0xcb &&
        bytes[p + 9] === 0xcb &&
        bytes[p + 18] === 0xcb &&
        bytes[p + 27] === 0xcb
      ) {
        out[i] = view.getFloat64(p + 1);
        out[i + 1] = view.getFloat64(p + 10);
        out[i + 2] = view.getFloat64(p + 19);
        out[i + 3] = view.getFloat64(p + 28);
        i += 4;
        p += 36;
      }
      if (i === n) break;
      if (p + 9 <= end && bytes[p] === 0xcb) {
        out[i] = view.getFloat64(p + 1);
        p += 9;
      } else {
        this.pos = p;
        out[i] = this.number();
        p = this.pos;
      }
      i++;
    }
    this.pos = p;
    return out;
  }

  /** Fixint, float 64 and int 8..32 elements inline, every other form through `number()`. */
  private numbers(n: number): number[] {
    const out = new Array<number>(n);
    const bytes = this.bytes,
      view = this.view,
      end = this.end;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const b = p < end ? bytes[p]! : 0xc1;
      if (b < 0x80) {
        out[i] = b;
        p++;
      } else if (b === 0xcb && p + 9 <= end) {
        out[i] = view.getFloat64(p + 1);
        p += 9;
      } else if (b >= 0xe0) {
        out[i] = b - 0x100;
        p++;
      } else if (b === 0xce && p + 5 <= end) {
        out[i] = view.getUint32(p + 1);
        p += 5;
      } else if (b === 0xd2 && p + 5 <= end) {
        out[i] = view.getInt32(p + 1);
        p += 5;
      } else if (b === 0xcd && p + 3 <= end) {
        out[i] = view.getUint16(p + 1);
        p += 3;
      } else if (b === 0xd1 && p + 3 <= end) {
        out[i] = view.getInt16(p + 1);
        p += 3;
      } else {
        this.pos = p;
        out[i] = this.number();
        p = this.pos;
      }
    }
    this.pos = p;
    return out;
  }

  stringArray(): string[] {
    const n = this.arrayHeader();
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) out[i] = this.string();
    return out;
  }

  /** Record<string, string>; a repeated key keeps its last value, "__proto__" becomes an own property. */
  stringRecord(): Record<string, string> {
    const n = this.mapHeader();
    const out: Record<string, string> = {};
    for (let i = 0; i < n; i++) {
      const k = this.string();
      const v = this.string();
      if (k === "__proto__")
        Object.defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
      else out[k] = v;
    }
    return out;
  }
}

/** Does the pre-encoded str `key` have exactly the payload bytes[p, p + n)? */
function samePayload(key: Uint8Array, bytes: Uint8Array, p: number, n: number): boolean {
  const h = key[0]!;
  const offset = (h & 0xe0) === 0xa0 ? 1 : h === 0xd9 ? 2 : h === 0xda ? 3 : 5;
  if (key.length - offset !== n) return false;
  for (let i = 0; i < n; i++) if (key[offset + i] !== bytes[p + i]) return false;
  return true;
}

/**
 * At most CACHE_MAX bytes: ASCII through the cache (hash while checking for ASCII), anything else
 * by the validating loop. Undefined for invalid UTF-8.
 */
function shortString(bytes: Uint8Array, p: number, n: number): string | undefined {
  let hash = n;
  const end = p + n;
  for (let i = p; i < end; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) return utf8Loop(bytes, p, n);
    hash = (Math.imul(hash, 31) + b) | 0;
  }
  const slot = (hash ^ (hash >>> 12)) & (CACHE_SLOTS - 1);
  const cached = cache[slot]!;
  if (cached.length === n) {
    let i = 0;
    while (i < n && cached.charCodeAt(i) === bytes[p + i]) i++;
    if (i === n) return cached;
  }
  const u = units;
  for (let i = 0; i < n; i++) u[i] = bytes[p + i]!;
  const s = String.fromCharCode.apply(null, unitViews[n] as unknown as number[]);
  cache[slot] = s;
  return s;
}

/** Node 24's TextDecoder beats the loop on multi-byte text past 64 bytes; Node 20's and 22's never do. */
const MULTI_BYTE_LOOP_LIMIT = parseInt(process.versions.node, 10) >= 24 ? 64 : Infinity;

/**
 * Longer strings: text that starts mostly multi-byte by the validating loop (faster than
 * TextDecoder for Cyrillic or CJK on Node 20 and 22, and up to 64 bytes on Node 24), the rest by a
 * non-fatal TextDecoder, whose result is valid UTF-8 when it has no U+FFFD (invalid sequences
 * become one); with one, the fatal TextDecoder decides.
 */
function longString(bytes: Uint8Array, p: number, n: number): string | undefined {
  let high = 0;
  for (let i = p, end = p + 32; i < end; i++) if (bytes[i]! >= 0x80) high++;
  if (high >= 16 && n <= MULTI_BYTE_LOOP_LIMIT) return utf8Loop(bytes, p, n);
  const text = bytes.subarray(p, p + n);
  const s = looseUtf8.decode(text);
  if (s.indexOf("\uFFFD") === -1) return s;
  try {
    return strictUtf8.decode(text);
  } catch {
    return undefined;
  }
}

/** Strict UTF-8 (no overlongs, surrogates or truncation) to UTF-16 units, then one string. */
function utf8Loop(bytes: Uint8Array, p: number, n: number): string | undefined {
  if (n > units.length) {
    units = new Uint16Array(Math.max(n, 2 * units.length));
    for (let k = 0; k < unitViews.length; k++) unitViews[k] = units.subarray(0, k);
    unitsText = NodeBuffer?.from(units.buffer);
  }
  const out = units,
    end = p + n;
  let k = 0,
    i = p;
  while (i < end) {
    const b = bytes[i++]!;
    if (b < 0x80) {
      out[k++] = b;
      continue;
    }
    if (b >= 0xc2 && b <= 0xdf) {
      if (i >= end) return undefined;
      const b1 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80) return undefined;
      out[k++] = ((b & 0x1f) << 6) | (b1 & 0x3f);
    } else if (b >= 0xe0 && b <= 0xef) {
      if (i + 1 >= end) return undefined;
      const b1 = bytes[i++]!,
        b2 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return undefined;
      const c = ((b & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      if (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)) return undefined;
      out[k++] = c;
    } else if (b >= 0xf0 && b <= 0xf4) {
      if (i + 2 >= end) return undefined;
      const b1 = bytes[i++]!,
        b2 = bytes[i++]!,
        b3 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) return undefined;
      const c = (((b & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f)) - 0x10000;
      if (c < 0 || c > 0xfffff) return undefined;
      out[k++] = 0xd800 + (c >> 10);
      out[k++] = 0xdc00 + (c & 0x3ff);
    } else {
      return undefined;
    }
  }
  if (k <= FROM_CHAR_CODE_MAX) return String.fromCharCode.apply(null, unitViews[k] as unknown as number[]);
  return unitsText ? unitsText.toString("utf16le", 0, 2 * k) : utf16.decode(out.subarray(0, k));
}
