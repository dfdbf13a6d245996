import { AFTER_VALUE, CodecError, END_OF_INPUT, RESERVED_BYTE, type CodecErrorCode } from "./errors.js";
import { DEFAULT_MAX_DEPTH, FAMILY, TWO_32, describeHead } from "./wire.js";

const EMPTY = new Uint8Array(0);
const EMPTY_VIEW = new DataView(EMPTY.buffer);
/**
 * Inputs of at most this many bytes are copied by a reused reader (see `Reader.reset`): copying 1 KB
 * costs less than making a DataView, which small messages would pay per decode
 * (`node bench/ab.js hand rpc dec`).
 */
const SMALL_INPUT = 1024;

/**
 * Limits on what a decode will accept. Declared lengths are also always checked against the bytes
 * that remain before anything is allocated; these limits matter most for streams, where the bytes
 * that "remain" are whatever a peer may still send.
 */
export interface DecodeOptions {
  /**
   * How deep containers may nest in recursive types and `unknown` values before decoding fails.
   * @default 1000
   */
  maxDepth?: number;
  /** Longest str accepted, in bytes. @default 67_108_864 (64 MiB) */
  maxStringLength?: number;
  /** Longest bin or ext payload accepted, in bytes. @default 268_435_456 (256 MiB) */
  maxBinaryLength?: number;
  /** Most elements an array may declare. @default 16_777_216 */
  maxArrayLength?: number;
  /** Most entries a map may declare. @default 16_777_216 */
  maxMapLength?: number;
}

export const DEFAULT_LIMITS: Required<DecodeOptions> = {
  maxDepth: DEFAULT_MAX_DEPTH,
  maxStringLength: 64 * 1024 * 1024,
  maxBinaryLength: 256 * 1024 * 1024,
  maxArrayLength: 16 * 1024 * 1024,
  maxMapLength: 16 * 1024 * 1024,
};

/**
 * Cursor over MessagePack bytes. Every read checks the head byte against what the type expects
 * and checks declared lengths against the bytes that remain before allocating anything.
 *
 * The class holds what every decoder needs (nil, bool, numbers, array and map headers); reading
 * strs and keys (strings.ts), skipping values (skip.ts) and the values beyond JSON (extended.ts)
 * are free functions, so that a bundle leaves out what its types never read.
 */
export class Reader {
  // Set by `reset`, which the constructor calls (the only other place that changes bytes, view, end, maxDepth and limits).
  bytes!: Uint8Array;
  view!: DataView;
  pos!: number;
  end!: number;
  maxDepth!: number;
  /** @internal */
  limits!: Required<DecodeOptions>;
  /**
   * While a union tries its candidates strictly, unknown keys of object types fail instead of being
   * skipped, so that a member that would drop data is not chosen over one that keeps it.
   */
  strict = false;
  /** @internal Where small bin payloads are copied to (see `readBytes`); each region is handed out once. */
  slab: Uint8Array = EMPTY;
  /** @internal */
  slabUsed = 0;
  /** The type of the ext whose header `extHeader()` read last. */
  extType = 0;
  /** @internal Where the last key read by `readKey()` starts, for error messages and index signatures. */
  keyAt = 0;
  /**
   * @internal A latin1 copy of `bytes[textStart, textEnd)` (one character per byte), of which
   * `readString` slices the ASCII strs it reads (empty after a str copied alone, at its end).
   */
  text = "";
  /** @internal */
  textStart = 0;
  /** @internal */
  textEnd = 0;
  /**
   * @internal Lookaheads (skipAhead): where the furthest one ended, and once one has started before
   * that, where each container they walked through ends, by its start (0: not known).
   */
  aheadTo = 0;
  /** @internal */
  ends: Int32Array | undefined = undefined;
  /** @internal The open containers of `skip` and `skipAhead`, reused by every call on this reader. */
  skipStack: number[] | undefined = undefined;
  /** @internal A reused reader's memory for small inputs (see `reset`), its DataView, and the last input's view of it. */
  small: Uint8Array | undefined = undefined;
  /** @internal */
  smallView: DataView | undefined = undefined;
  /** @internal */
  smallBytes: Uint8Array | undefined = undefined;

  constructor(input: Uint8Array | ArrayBuffer | ArrayBufferView, options?: DecodeOptions) {
    this.reset(input, options, false);
  }

  /**
   * @internal Points this reader at a new input, as `new Reader(input, options)` would, keeping
   * only what never depends on an input (the skip stack, the memory for small inputs): a codec's
   * `decode` reuses one reader, since making a Reader, its DataView above all, weighed on decoding
   * small messages (`npm run bench -- --profile=rpc`). With `copy`, an input of up to SMALL_INPUT
   * bytes is copied into memory of the reader's own, whose DataView exists already: a DataView
   * per input costs more than copying that many bytes. The view of the copy is remade only when
   * the length changes, so that `bytes.length` is always the input's.
   */
  reset(input: Uint8Array | ArrayBuffer | ArrayBufferView, options?: DecodeOptions, copy = true): void {
    let bytes: Uint8Array;
    if (copy && input instanceof Uint8Array && input.length <= SMALL_INPUT) {
      const small = (this.small ??= new Uint8Array(SMALL_INPUT));
      small.set(input);
      const last = this.smallBytes;
      bytes = last !== undefined && last.length === input.length ? last : new Uint8Array(small.buffer, 0, input.length);
      this.view = this.smallView ??= new DataView(small.buffer);
      this.smallBytes = bytes;
    } else {
      // A Uint8Array subclass such as Buffer gets a plain view, whose slice() copies (Buffer's does not).
      if (input instanceof Uint8Array)
        bytes =
          input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
      else if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
      else if (ArrayBuffer.isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
      else
        throw new CodecError(
          `decode expects a Uint8Array, ArrayBuffer or ArrayBufferView, got ${typeof input}`,
          "type-mismatch",
          "$",
          0,
        );
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    this.bytes = bytes;
    this.pos = this.extType = this.keyAt = this.aheadTo = this.textStart = this.textEnd = 0;
    this.end = bytes.length;
    this.limits = options ? resolveLimits(options) : DEFAULT_LIMITS;
    this.maxDepth = this.limits.maxDepth;
    this.strict = false;
    this.text = "";
    this.ends = undefined;
  }

  /**
   * @internal Lets go of the input and what was made of it once a reused reader is done with it;
   * the slab too, so that bin payloads of different calls never share an ArrayBuffer.
   */
  release(): void {
    this.bytes = this.slab = EMPTY;
    this.view = EMPTY_VIEW;
    this.slabUsed = 0;
    this.text = "";
    this.ends = undefined;
  }

  /** @internal Fails when a declared length exceeds its limit, before anything is read or allocated. */
  limit(length: number, max: number, what: string, option: string, p: string | undefined): void {
    if (length > max)
      this.fail(
        "out-of-range",
        `${what} of ${length} exceeds the limit of ${max} (raise the ${option} decode option if it is expected)`,
        p,
      );
  }

  fail(code: CodecErrorCode, message: string, p: string | undefined, offset = this.pos): never {
    throw new CodecError(`${message} at byte ${offset}`, code, p, offset);
  }

  /** Fails unless `n` more bytes are available at `pos`. */
  need(n: number, p: string | undefined): void {
    if (this.pos + n > this.end) {
      this.fail("incomplete", `${END_OF_INPUT}${this.pos + n - this.end} more byte(s) needed`, p);
    }
  }

  /** The head byte of the next value, not consumed. */
  head(p: string | undefined): number {
    if (this.pos >= this.end) this.fail("incomplete", END_OF_INPUT + "a value was expected", p);
    return this.bytes[this.pos]!;
  }

  /** The format family of the next value (NIL, BOOL, INT, ...), not consumed. */
  family(p: string | undefined): number {
    return FAMILY[this.head(p)]!;
  }

  mismatch(expected: string, p: string | undefined): never {
    const b = this.bytes[this.pos]!;
    if (b === 0xc1) this.fail("malformed", RESERVED_BYTE, p);
    this.fail("type-mismatch", `expected ${expected}, got ${describeHead(b)}`, p);
  }

  tooDeep(p: string | undefined): never {
    this.fail("too-deep", `input nests deeper than ${this.maxDepth} levels (raise maxDepth if that is expected)`, p);
  }

  undefinedValue(p?: string): undefined {
    this.nil(p);
    return undefined;
  }

  nil(p?: string): null {
    if (this.head(p) !== 0xc0) this.mismatch("nil", p);
    this.pos++;
    return null;
  }

  /** Consumes a nil if one is next: how `T | null` and optional properties read their absent case inline. */
  takeNil(): boolean {
    if (this.bytes[this.pos] !== 0xc0) return false; // nil; also false at the end, where T's read reports it
    this.pos++;
    return true;
  }

  /**
   * takeNil for a keyed object's optional (or `| undefined`) property, whose encoder leaves the key
   * out instead of writing nil: nil is taken for absence, except while a union tries its members
   * strictly, where only what an encoder could have written counts (so that `{ a: null }` of
   * `{ a?: number } | Record<string, null>` is the Record's, as on encode).
   */
  absentNil(): boolean {
    if (this.bytes[this.pos] !== 0xc0 || this.strict) return false;
    this.pos++;
    return true;
  }

  bool(p?: string): boolean {
    const b = this.head(p);
    if (b === 0xc2 || b === 0xc3) {
      this.pos++;
      return b === 0xc3;
    }
    return this.mismatch("bool", p);
  }

  /** Any int or float; an int 64 outside the safe integer range fails rather than round. */
  number(p?: string): number {
    const b = this.head(p);
    if (b <= 0x7f) {
      this.pos++;
      return b;
    } // positive fixint
    if (b >= 0xe0) {
      this.pos++;
      return b - 0x100;
    } // negative fixint
    if (b === 0xcb) {
      // float 64
      const pos = this.pos;
      this.need(9, p);
      this.pos = pos + 9;
      return this.view.getFloat64(pos + 1);
    }
    if (b === 0xcd) {
      // uint 16, as ids and counts past 255 come: inline too, no call (`node bench/ab.js hand tree dec`)
      const pos = this.pos;
      this.need(3, p);
      this.pos = pos + 3;
      return this.view.getUint16(pos + 1);
    }
    return this.intBody(b, p);
  }

  /** @internal The number after its head byte `b`: float 32, uint/int 8..64 (one switch, so one call for any of them). */
  intBody(b: number, p: string | undefined): number {
    const view = this.view,
      pos = this.pos;
    switch (b) {
      case 0xcc:
        this.need(2, p);
        this.pos = pos + 2;
        return this.bytes[pos + 1]!; // uint 8
      case 0xcd:
        this.need(3, p);
        this.pos = pos + 3;
        return view.getUint16(pos + 1); // uint 16
      case 0xce:
        this.need(5, p);
        this.pos = pos + 5;
        return view.getUint32(pos + 1); // uint 32
      case 0xd0:
        this.need(2, p);
        this.pos = pos + 2;
        return view.getInt8(pos + 1); // int 8
      case 0xd1:
        this.need(3, p);
        this.pos = pos + 3;
        return view.getInt16(pos + 1); // int 16
      case 0xd2:
        this.need(5, p);
        this.pos = pos + 5;
        return view.getInt32(pos + 1); // int 32
      case 0xca:
        this.need(5, p);
        this.pos = pos + 5;
        return view.getFloat32(pos + 1); // float 32
      case 0xcf:
      case 0xd3:
        break; // uint 64 / int 64
      default:
        return this.mismatch("int or float", p);
    }
    this.need(9, p);
    const high = b === 0xcf ? view.getUint32(pos + 1) : view.getInt32(pos + 1);
    const v = high * TWO_32 + view.getUint32(pos + 5);
    if (!Number.isSafeInteger(v)) {
      this.fail(
        "out-of-range",
        `${b === 0xcf ? "uint" : "int"} 64 value does not fit in a JavaScript number without rounding (declare the field as bigint)`,
        p,
      );
    }
    this.pos = pos + 9;
    return v;
  }

  /**
   * Checks a declared payload length against its limit (failing at the header that declares it) and
   * against the bytes that remain (failing where they run out). Nothing is read or allocated before.
   * @internal
   */
  payload(size: number, length: number, max: number, what: string, option: string, p: string | undefined): number {
    this.limit(length, max, what, option, p);
    this.pos += size;
    this.need(length, p);
    return length;
  }

  /**
   * Array header; the count is checked against the remaining bytes (each element takes at least one),
   * so decoders allocate `new Array(n)` at once: at most 8 bytes of memory per byte of input, and
   * faster than growing a large array element by element (`node bench/lab/array-alloc.js`).
   * Generated decoders allocate themselves: each allocation site then learns its own element kind.
   */
  arrayHeader(p?: string): number {
    // A fixarray within the limits in few enough bytecodes for V8 to inline into decoders, where
    // the whole of this method took much of the inlining budget (`node bench/ab.js hand tree dec`).
    const pos = this.pos,
      b = this.bytes[pos]!; // undefined at the end: the general path reports it
    if ((b & 0xf0) === 0x90) {
      const n = b & 0x0f;
      if (n < this.end - pos && n <= this.limits.maxArrayLength) {
        this.pos = pos + 1;
        return n;
      }
    }
    return this.anyArrayHeader(p);
  }

  private anyArrayHeader(p: string | undefined): number {
    const b = this.head(p);
    let n: number;
    let size: number;
    if ((b & 0xf0) === 0x90) {
      size = 1;
      n = b & 0x0f;
    } // fixarray
    else if (b === 0xdc) {
      size = 3;
      this.need(3, p);
      n = this.view.getUint16(this.pos + 1);
    } // array 16
    else if (b === 0xdd) {
      size = 5;
      this.need(5, p);
      n = this.view.getUint32(this.pos + 1);
    } // array 32
    else return this.mismatch("array", p);
    this.limit(n, this.limits.maxArrayLength, "an array", "maxArrayLength", p);
    this.pos += size;
    if (n > this.end - this.pos)
      this.fail("incomplete", `array claims ${n} elements but only ${this.end - this.pos} bytes remain`, p);
    return n;
  }

  /** Map header; the count is checked against the remaining bytes (each entry takes at least two). */
  mapHeader(p?: string): number {
    const pos = this.pos,
      b = this.bytes[pos]!; // a fixmap within the limits inlines, as in arrayHeader
    if ((b & 0xf0) === 0x80) {
      const n = b & 0x0f;
      if (2 * n < this.end - pos && n <= this.limits.maxMapLength) {
        this.pos = pos + 1;
        return n;
      }
    }
    return this.anyMapHeader(p);
  }

  private anyMapHeader(p: string | undefined): number {
    const b = this.head(p);
    let n: number;
    let size: number;
    if ((b & 0xf0) === 0x80) {
      size = 1;
      n = b & 0x0f;
    } // fixmap
    else if (b === 0xde) {
      size = 3;
      this.need(3, p);
      n = this.view.getUint16(this.pos + 1);
    } // map 16
    else if (b === 0xdf) {
      size = 5;
      this.need(5, p);
      n = this.view.getUint32(this.pos + 1);
    } // map 32
    else return this.mismatch("map", p);
    this.limit(n, this.limits.maxMapLength, "a map", "maxMapLength", p);
    this.pos += size;
    if (2 * n > this.end - this.pos)
      this.fail("incomplete", `map claims ${n} entries but only ${this.end - this.pos} bytes remain`, p);
    return n;
  }

  /** Fails if bytes remain after the top-level value. */
  done(p: string | undefined): void {
    if (this.pos !== this.end) this.fail("trailing-bytes", `${this.end - this.pos} ${AFTER_VALUE}value`, p);
  }
}

/** Options over defaults; unknown keys are rejected so that a misspelt limit is not silently ignored. */
function resolveLimits(options: DecodeOptions): Required<DecodeOptions> {
  const out = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(options)) {
    if (!Object.prototype.hasOwnProperty.call(DEFAULT_LIMITS, key))
      throw new TypeError(
        `typed-msgpack: unknown decode option "${key}"; the options are ${Object.keys(DEFAULT_LIMITS).join(", ")}`,
      );
    if (value === undefined) continue;
    if (typeof value !== "number" || !(value >= 0))
      throw new TypeError(`typed-msgpack: decode option ${key} must be a non-negative number, got ${String(value)}`);
    out[key as keyof DecodeOptions] = value;
  }
  return out;
}
