import { CodecError, describeValue } from "./errors.js";
import { DEFAULT_MAX_DEPTH, TWO_32, type PreEncoded } from "./wire.js";

/** Output from this size up is handed over by `finish`; below it a copy costs no more than a fresh buffer would. */
const HAND_OVER_MIN = 16_384;
/** A writer keeps at most this much buffer between calls, so one huge value is not held for the codec's life. */
const RETAIN_MAX = 1 << 20;
/**
 * A fresh writer's buffer: a message of about 1 KB fits without growing, also when its strings
 * reserve their worst case (3 bytes a unit). Growing, or `finish` handing the buffer over, assigns
 * `bytes` and `view` anew; once any writer in the process has, V8 no longer treats those fields as
 * constant (its code deoptimizes: "dependent field type changed"), so a start too small for common
 * messages slows every encode after the first grow (`node bench/ab.js hand api enc`).
 */
const INITIAL_SIZE = 4096;
/**
 * Pre-encoded chunks up to this size are copied by words, longer ones by `set`, whose call costs more
 * than a few word copies but less than many (`node bench/ab.js hand events enc`).
 */
const RAW_WORDS_MAX = 24;
/** `put` copies whole words: up to this many zero bytes past a chunk, in room every `ensure` reserves too. */
const PUT_OVERRUN = 3;
/**
 * @internal The longest chunk the emitter writes by `put` (longer ones by `raw`). Not RAW_WORDS_MAX
 * exported: the CommonJS build would read `exports.RAW_WORDS_MAX` on every `raw`
 * (`node bench/ab.js hand categories enc`).
 */
export const PUT_MAX = RAW_WORDS_MAX;

/** Throws the encode-side error for a value that does not match its declared type. */
export function mismatch(expected: string, value: unknown, path: string | undefined): never {
  throw new CodecError(`expected ${expected}, got ${describeValue(value)}`, "type-mismatch", path, -1);
}

/** Throws when a value nests deeper than allowed, which is also how a cyclic value ends. */
export function tooDeep(maxDepth: number, path: string | undefined): never {
  throw new CodecError(
    `value nests deeper than ${maxDepth} levels; it is probably cyclic (raise maxDepth if it is not)`,
    "too-deep",
    path,
    -1,
  );
}

/**
 * Growable MessagePack output buffer. Generated encoders call one method per value; each method
 * reserves the worst-case size of that value once (`ensure`) and then writes without further checks,
 * or the encoder reserves once for several values and writes them with the `put` methods.
 * Strings (strings.ts) and the values beyond JSON (extended.ts) are written by free functions, so
 * that a bundle leaves out what its types never write.
 */
export class Writer {
  /** Output so far is `bytes[0, pos)`; `view` aliases `bytes` for multi-byte numbers. */
  bytes: Uint8Array;
  view: DataView;
  pos = 0;
  /**
   * While a union tries its members strictly (`writeFirstOf`): an object with a defined property its
   * type does not declare is a mismatch, so that no member silently drops what another would keep.
   */
  strict = false;
  /** Recursive types and dynamic values deeper than this fail instead of overflowing the stack. */
  readonly maxDepth: number;

  /** Bytes of the last finished output (a size, not memory: the buffer itself is kept only up to RETAIN_MAX). */
  private lastSize = 0;
  /** The buffer kept between outputs, set aside while `begin` has a large output written into a buffer of its own. */
  private kept: Uint8Array | undefined = undefined;

  constructor(maxDepth: number = DEFAULT_MAX_DEPTH, initialSize = INITIAL_SIZE) {
    this.maxDepth = maxDepth;
    this.bytes = new Uint8Array(initialSize);
    this.view = new DataView(this.bytes.buffer);
  }

  /**
   * Starts an output. After one larger than the buffer kept between calls (RETAIN_MAX) the next is
   * likely as large: it goes straight into a buffer of that size and an eighth more, which `finish`
   * hands over, instead of filling the kept buffer, growing and copying it, and the kept buffer
   * comes back unused (`node bench/ab.js hand numeric enc`).
   */
  begin(): void {
    this.pos = 0;
    const last = this.lastSize;
    if (last > RETAIN_MAX && this.kept === undefined) {
      this.kept = this.bytes;
      this.use(new Uint8Array(last + (last >> 3)));
    }
  }

  /** Makes room for `n` more bytes, and for the bytes `put` may write past the last of them. */
  ensure(n: number): void {
    if (this.pos + n + PUT_OVERRUN > this.bytes.length) this.grow(n + PUT_OVERRUN);
  }

  private grow(n: number): void {
    // The last output's size: a value as large as the last one grows once, not once per doubling.
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.pos + n, this.lastSize));
    next.set(this.bytes.subarray(0, this.pos));
    this.use(next);
  }

  /**
   * Everything written, in memory that later use of this writer never touches. Short output, and
   * output that fills less than half of the buffer, is copied. Otherwise the output is the buffer
   * itself (a view from offset 0 that nothing else refers to) and the writer moves to a fresh buffer,
   * up to RETAIN_MAX: copying large output into new memory is a large part of encoding it, writing
   * into new memory is not (`node bench/ab.js hand events enc`). The fresh buffer is as large as this output
   * and an eighth more (as `begin` sizes one), not as the old buffer, which doubling left anywhere
   * from 1x to 2x the output: each large encode allocates one, and the next output handed over holds
   * all of it (`node bench/ab.js hand floats32 enc`). An output that reserves more than the eighth
   * near its end (a string of up to 4,096 units reserves 3 bytes a unit) grows the buffer it is
   * written into, and is copied out of it from then on, as any output filling less than half is.
   */
  finish(): ReturnType<typeof Uint8Array.of> {
    const bytes = this.bytes,
      pos = this.pos;
    this.lastSize = pos;
    // slice() of a Uint8Array over a plain ArrayBuffer is one too; the type says so for fetch bodies.
    if (pos < HAND_OVER_MIN || bytes.length > 2 * pos) {
      const out = bytes.slice(0, pos) as ReturnType<typeof Uint8Array.of>;
      this.release();
      return out;
    }
    this.use(this.kept ?? new Uint8Array(Math.min(pos + (pos >> 3), RETAIN_MAX)));
    this.kept = undefined;
    return bytes.subarray(0, pos) as ReturnType<typeof Uint8Array.of>;
  }

  /** Gives back a buffer grown past RETAIN_MAX; codecs call it after every encode, also a failed one. */
  release(): void {
    if (this.kept !== undefined) {
      this.use(this.kept);
      this.kept = undefined;
    } else if (this.bytes.length > RETAIN_MAX) {
      this.use(new Uint8Array(RETAIN_MAX));
    }
  }

  private use(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
  }

  /**
   * Copies pre-encoded bytes, e.g. a property name with its str header: a short one from
   * `constants()` or `keys()` four bytes at a time from its words (`Uint8Array.set` costs a call
   * into the runtime that dwarfs copying a short key; a byte loop is slower than words),
   * anything else by `set`.
   */
  raw(chunk: Uint8Array): void {
    // The `set` path is a method of its own, so that this one stays small enough for V8 to inline
    // at the several call sites of one encoder (`node bench/ab.js hand tree enc`).
    if (chunk.length > RAW_WORDS_MAX || (chunk as Partial<PreEncoded>).words === undefined) return this.rawSet(chunk);
    this.ensure(chunk.length);
    this.put(chunk as PreEncoded);
  }

  /**
   * `raw` of a pre-encoded chunk of up to PUT_MAX bytes, into room reserved by `ensure`. The `put`
   * methods let a generated encoder reserve once for adjacent writes of bounded size (`w.ensure(68)`,
   * then keys and numbers): one capacity check instead of one per write (`node bench/ab.js hand events enc`).
   */
  put(chunk: PreEncoded): void {
    // Whole words only, the last one zero-padded past the chunk (PUT_OVERRUN): without a loop for
    // the last bytes, V8 inlines put at every site of an encoder (`node bench/ab.js hand tree enc`).
    // The bytes past the chunk are the next write's, or past the output. The first word outside the
    // loop (a chunk has one at least): one-word chunks, most keys, skip the loop's setup
    // (`node bench/ab.js solo <before> <after> tree enc`).
    const words = chunk.words,
      view = this.view,
      pos = this.pos;
    view.setInt32(pos, words[0]!);
    for (let i = 1; i < words.length; i++) view.setInt32(pos + 4 * i, words[i]!);
    this.pos = pos + chunk.length;
  }

  private rawSet(chunk: Uint8Array): void {
    this.ensure(chunk.length);
    this.bytes.set(chunk, this.pos);
    this.pos += chunk.length;
  }

  nil(): void {
    this.ensure(1);
    this.bytes[this.pos++] = 0xc0; // nil
  }

  bool(v: unknown, p?: string): void {
    this.ensure(1);
    this.putBool(v, p);
  }

  /** `bool` into room reserved by `ensure` (see `put`). */
  putBool(v: unknown, p?: string): void {
    if (typeof v !== "boolean") mismatch("a boolean", v, p);
    this.bytes[this.pos++] = v ? 0xc3 : 0xc2; // true / false
  }

  /** Safe integers in the smallest int format (as @msgpack/msgpack does); everything else, -0 included, as float 64. */
  number(v: unknown, p?: string): void {
    this.ensure(9);
    this.putNumber(v, p);
  }

  /** `number` into 9 bytes reserved by `ensure` (see `put`). */
  putNumber(v: unknown, p?: string): void {
    if (typeof v !== "number") mismatch("a number", v, p);
    this.pos = numberAt(this.bytes, this.view, this.pos, v);
  }

  arrayHeader(n: number): void {
    this.ensure(5);
    this.putArrayHeader(n);
  }

  /** `arrayHeader` into 5 bytes reserved by `ensure` (see `put`). */
  putArrayHeader(n: number): void {
    const pos = this.pos;
    if (n < 16) {
      this.bytes[pos] = 0x90 | n;
      this.pos = pos + 1;
    } // fixarray 1001xxxx
    else if (n < 0x10000) {
      this.bytes[pos] = 0xdc;
      this.view.setUint16(pos + 1, n);
      this.pos = pos + 3;
    } // array 16
    else {
      this.bytes[pos] = 0xdd;
      this.view.setUint32(pos + 1, n);
      this.pos = pos + 5;
    } // array 32
  }

  mapHeader(n: number): void {
    this.ensure(5);
    this.putMapHeader(n);
  }

  /** `mapHeader` into 5 bytes reserved by `ensure` (see `put`). */
  putMapHeader(n: number): void {
    const pos = this.pos;
    if (n < 16) {
      this.bytes[pos] = 0x80 | n;
      this.pos = pos + 1;
    } // fixmap 1000xxxx
    else if (n < 0x10000) {
      this.bytes[pos] = 0xde;
      this.view.setUint16(pos + 1, n);
      this.pos = pos + 3;
    } // map 16
    else {
      this.bytes[pos] = 0xdf;
      this.view.setUint32(pos + 1, n);
      this.pos = pos + 5;
    } // map 32
  }

  /** Checks that `v` is an array and writes its header; returns its length. */
  array(v: unknown, p?: string): number {
    this.ensure(5);
    return this.putArray(v, p);
  }

  /** `array` into 5 bytes reserved by `ensure` (see `put`). */
  putArray(v: unknown, p?: string): number {
    if (!Array.isArray(v)) mismatch("an array", v, p);
    this.putArrayHeader(v.length);
    return v.length;
  }
}

/**
 * @internal Writes `v` at `pos` (9 bytes available) in its smallest int form, as @msgpack/msgpack
 * does, or else (-0 included) as float 64; returns the end. Small enough for V8 to inline into
 * loops that keep the position in a local (number arrays); the rarer int forms are functions of
 * their own. `>>> 0` tells uint32s apart for less than Number.isSafeInteger costs.
 *
 * Every int branch holds only for a number, so the type is tested on the float 64 branch alone:
 * writeNumberArray passes elements untested (a non-number either fails that test or throws a
 * TypeError from `>>>`, and it names the element either way).
 */
export function numberAt(bytes: Uint8Array, view: DataView, pos: number, v: number): number {
  if (v >>> 0 === v) {
    // Smallest first: the values that fill arrays are mostly small (`node bench/ab.js hand smallints enc`).
    if (v < 0x80) {
      // -0 goes on to float 64. Object.is, not `1 / v > 0`: V8 keeps v an integer then
      // (`node bench/ab.js hand smallints enc`).
      if (v !== 0 || !Object.is(v, -0)) {
        bytes[pos] = v;
        return pos + 1;
      } // positive fixint 0xxxxxxx
    } else if (v < 0x100) {
      bytes[pos] = 0xcc;
      bytes[pos + 1] = v;
      return pos + 2; // uint 8
    } else {
      return uintAt(bytes, view, pos, v);
    }
  } else if (Number.isSafeInteger(v)) {
    // Inside the integer branch, so that a fraction meets one test before its float 64
    // (`node bench/ab.js hand floats enc`).
    if (v < 0 && v >= -0x20) {
      bytes[pos] = v & 0xff;
      return pos + 1;
    } // negative fixint 111xxxxx
    return intAt(bytes, view, pos, v);
  }
  if (typeof v !== "number") mismatch("a number", v, undefined);
  bytes[pos] = 0xcb; // float 64
  view.setFloat64(pos + 1, v);
  return pos + 9;
}

/** uint 16 / uint 32 for 256 <= v < 2^32. */
function uintAt(bytes: Uint8Array, view: DataView, pos: number, v: number): number {
  if (v < 0x10000) {
    bytes[pos] = 0xcd;
    view.setUint16(pos + 1, v);
    return pos + 3;
  } // uint 16
  bytes[pos] = 0xce;
  view.setUint32(pos + 1, v);
  return pos + 5; // uint 32
}

/** A safe integer below -32 or from 2^32: int 8..64, or uint 64. */
function intAt(bytes: Uint8Array, view: DataView, pos: number, v: number): number {
  if (v > 0) {
    bytes[pos] = 0xcf;
    view.setUint32(pos + 1, Math.floor(v / TWO_32));
    view.setUint32(pos + 5, v >>> 0);
    return pos + 9;
  } // uint 64
  if (v >= -0x80) {
    bytes[pos] = 0xd0;
    view.setInt8(pos + 1, v);
    return pos + 2;
  } // int 8
  if (v >= -0x8000) {
    bytes[pos] = 0xd1;
    view.setInt16(pos + 1, v);
    return pos + 3;
  } // int 16
  if (v >= -0x8000_0000) {
    bytes[pos] = 0xd2;
    view.setInt32(pos + 1, v);
    return pos + 5;
  } // int 32
  bytes[pos] = 0xd3;
  view.setInt32(pos + 1, Math.floor(v / TWO_32));
  view.setUint32(pos + 5, v >>> 0);
  return pos + 9; // int 64
}

/** A constant a generated encoder writes: a str, number, bool or nil, `[n]` for a map header of n entries, `[n, "array"]` for an array header. */
export type Constant =
  | string
  | number
  | boolean
  | null
  | readonly [mapSize: number]
  | readonly [arraySize: number, kind: "array"];
