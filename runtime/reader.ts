import { AFTER_VALUE, CodecError, describeValue, END_OF_INPUT, NOT_UTF8, RESERVED_BYTE, type CodecErrorCode } from "./errors.js";
import { CACHE_MAX_LENGTH, decodeCached, decodeUtf8, newStringCache } from "./utf8.js";
import { ARRAY, BIN, BOOL, DEFAULT_MAX_DEPTH, EXT, FAMILY, FLOAT, INT, MAP, NIL, STR, describeHead, type Literals, type PreEncoded } from "./wire.js";

const TWO_32 = 0x1_0000_0000;
/**
 * Short ASCII strings decoded lately, shared by every Reader. It is module state, but no caller can
 * observe it: a hit returns a string equal to what decoding would build, and its size is fixed.
 */
const STRINGS = newStringCache();
/** The words of a key given as a plain Uint8Array: none, so every byte is compared one by one. */
const NO_WORDS = new Int32Array(0);
const EMPTY = new Uint8Array(0);

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
 */
export class Reader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  pos: number;
  readonly end: number;
  readonly maxDepth: number;
  private readonly limits: Required<DecodeOptions>;
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
  /** Where the last key read by `key()` starts, for error messages and index signatures. */
  private keyAt = 0;

  constructor(input: Uint8Array | ArrayBuffer | ArrayBufferView, options?: DecodeOptions) {
    // A Uint8Array subclass such as Buffer gets a plain view, whose slice() copies (Buffer's does not).
    if (input instanceof Uint8Array) this.bytes = input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    else if (input instanceof ArrayBuffer) this.bytes = new Uint8Array(input);
    else if (ArrayBuffer.isView(input)) this.bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    else throw new CodecError(`decode expects a Uint8Array, ArrayBuffer or ArrayBufferView, got ${typeof input}`, "type-mismatch", "$", 0);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    this.pos = 0;
    this.end = this.bytes.length;
    this.limits = options ? resolveLimits(options) : DEFAULT_LIMITS;
    this.maxDepth = this.limits.maxDepth;
  }

  /** Fails when a declared length exceeds its limit, before anything is read or allocated. */
  private limit(length: number, max: number, what: string, option: string, p: string | undefined): void {
    if (length > max) this.fail("out-of-range", `${what} of ${length} exceeds the limit of ${max} (raise the ${option} decode option if it is expected)`, p);
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

  bool(p?: string): boolean {
    const b = this.head(p);
    if (b === 0xc2 || b === 0xc3) { this.pos++; return b === 0xc3; }
    return this.mismatch("bool", p);
  }

  /** Any int or float; an int 64 outside the safe integer range fails rather than round. */
  number(p?: string): number {
    const b = this.head(p);
    if (b <= 0x7f) { this.pos++; return b; } // positive fixint
    if (b >= 0xe0) { this.pos++; return b - 0x100; } // negative fixint
    if (b === 0xcb) { // float 64
      const pos = this.pos;
      this.need(9, p);
      this.pos = pos + 9;
      return this.view.getFloat64(pos + 1);
    }
    return this.intBody(b, p);
  }

  /** @internal The number after its head byte `b`: float 32, uint/int 8..64 (one switch, so one call for any of them). */
  intBody(b: number, p: string | undefined): number {
    const view = this.view, pos = this.pos;
    switch (b) {
      case 0xcc: this.need(2, p); this.pos = pos + 2; return this.bytes[pos + 1]!; // uint 8
      case 0xcd: this.need(3, p); this.pos = pos + 3; return view.getUint16(pos + 1); // uint 16
      case 0xce: this.need(5, p); this.pos = pos + 5; return view.getUint32(pos + 1); // uint 32
      case 0xd0: this.need(2, p); this.pos = pos + 2; return view.getInt8(pos + 1); // int 8
      case 0xd1: this.need(3, p); this.pos = pos + 3; return view.getInt16(pos + 1); // int 16
      case 0xd2: this.need(5, p); this.pos = pos + 5; return view.getInt32(pos + 1); // int 32
      case 0xca: this.need(5, p); this.pos = pos + 5; return view.getFloat32(pos + 1); // float 32
      case 0xcf: case 0xd3: break; // uint 64 / int 64
      default: return this.mismatch("int or float", p);
    }
    this.need(9, p);
    const high = b === 0xcf ? view.getUint32(pos + 1) : view.getInt32(pos + 1);
    const v = high * TWO_32 + view.getUint32(pos + 5);
    if (!Number.isSafeInteger(v)) {
      this.fail("out-of-range", `${b === 0xcf ? "uint" : "int"} 64 value does not fit in a JavaScript number without rounding (declare the field as bigint)`, p);
    }
    this.pos = pos + 9;
    return v;
  }

  /** True when the next value is an int 64 / uint 64, the only ints that may not fit in a number (see readNumberOrBigint). */
  isInt64(): boolean {
    const b = this.bytes[this.pos];
    return b === 0xcf || b === 0xd3;
  }

  /** @internal Reads a str header; returns the payload length and leaves `pos` at the payload. */
  strHeader(b: number, p: string | undefined): number {
    let size: number, length: number;
    if ((b & 0xe0) === 0xa0) { size = 1; length = b & 0x1f; } // fixstr
    else if (b === 0xd9) { size = 2; this.need(2, p); length = this.bytes[this.pos + 1]!; } // str 8
    else if (b === 0xda) { size = 3; this.need(3, p); length = this.view.getUint16(this.pos + 1); } // str 16
    else if (b === 0xdb) { size = 5; this.need(5, p); length = this.view.getUint32(this.pos + 1); } // str 32
    else return this.mismatch("str", p);
    return this.payload(size, length, this.limits.maxStringLength, "a str", "maxStringLength", p);
  }

  /**
   * Checks a declared payload length against its limit (failing at the header that declares it) and
   * against the bytes that remain (failing where they run out). Nothing is read or allocated before.
   */
  private payload(size: number, length: number, max: number, what: string, option: string, p: string | undefined): number {
    this.limit(length, max, what, option, p);
    this.pos += size;
    this.need(length, p);
    return length;
  }

  string(p?: string): string {
    const at = this.pos;
    const length = this.strHeader(this.head(p), p);
    const s = length <= CACHE_MAX_LENGTH ? decodeCached(this.bytes, this.pos, length, STRINGS) : decodeUtf8(this.bytes, this.pos, length);
    if (s === undefined) this.fail("malformed", "str" + NOT_UTF8, p, at);
    this.pos += length;
    return s;
  }

  /**
   * Reads a str key and returns the index of the matching entry of `keys` (from `keys()`), or -1.
   * Compares bytes instead of building a string: `keys[hint]` first, then the keys declared after
   * it, then those before, each header included and straight against the input (a mismatch mostly
   * ends at the first byte or two). Keys arriving in declaration order cost one short compare, and
   * an absent optional property only the few compares of the keys it skips.
   */
  key(keys: readonly Uint8Array[], hint: number, p?: string): number {
    const pos = this.pos;
    this.keyAt = pos;
    // The hinted key first, in a function small enough for V8 to inline into generated decoders.
    const expected = keys[hint];
    return expected !== undefined && this.at(expected, pos) ? hint : this.otherKey(keys, hint, pos, p);
  }

  /** `key()` when the hinted key is not next. */
  private otherKey(keys: readonly Uint8Array[], hint: number, pos: number, p: string | undefined): number {
    for (let i = hint + 1; i < keys.length; i++) if (this.at(keys[i]!, pos)) return i;
    for (let i = 0; i < hint && i < keys.length; i++) if (this.at(keys[i]!, pos)) return i;
    return this.anyKey(keys, p);
  }

  /**
   * Is `expected` (a pre-encoded str, header included) next at `pos`? Consumed if so. Four bytes at
   * a time when it carries its words (see PreEncoded). A key longer than maxStringLength never
   * matches here, so that the parse in `anyKey` refuses it at its header.
   */
  private at(expected: Uint8Array, pos: number): boolean {
    const n = expected.length, bytes = this.bytes;
    if (bytes[pos] !== expected[0] || pos + n > this.end || n > this.limits.maxStringLength) return false;
    const words = (expected as Partial<PreEncoded>).words ?? NO_WORDS, view = this.view;
    let i = 0;
    while (i < words.length && view.getInt32(pos + 4 * i) === words[i]) i++;
    if (i < words.length) return false;
    i *= 4;
    while (i < n && bytes[pos + i] === expected[i]) i++;
    if (i < n) return false;
    this.pos = pos + n;
    return true;
  }

  /** `key()` when the hinted key does not match: header parsed, every key compared. */
  private anyKey(keys: readonly Uint8Array[], p: string | undefined): number {
    const b = this.head(p);
    if (FAMILY[b] !== STR) this.mismatch("a str key", p);
    const length = this.strHeader(b, p);
    const start = this.pos;
    this.pos = start + length;
    for (let i = 0; i < keys.length; i++) {
      if (sameKey(keys[i]!, this.bytes, start, length)) return i;
    }
    // A declared key matched bytes known to be valid; an unknown one is checked like any str.
    if (decodeUtf8(this.bytes, start, length) === undefined) this.fail("malformed", "map key" + NOT_UTF8, p, this.keyAt);
    return -1;
  }

  /** Reads a str key and tells whether it is `expected` (pre-encoded by `keys()`). */
  isKey(expected: Uint8Array, p?: string): boolean {
    if (this.at(expected, this.pos)) return true;
    const b = this.head(p);
    if (FAMILY[b] !== STR) this.mismatch("a str key", p);
    const length = this.strHeader(b, p);
    const start = this.pos;
    this.pos = start + length;
    return sameKey(expected, this.bytes, start, length);
  }

  /**
   * Reads a str that must be one of `table`'s strings (from `literals()`) and returns that string:
   * compared as bytes like a key, so a string literal is never decoded nor looked up.
   */
  oneOf(table: Literals, p?: string): string {
    const at = this.pos;
    // Each value's bytes, header included, where the str starts: no head or header parse first.
    for (let i = 0; i < table.length; i++) if (this.at(table[i]!, at)) return table.decoded[i] as string;
    this.keyAt = at;
    const i = this.str(p) ? this.anyKey(table, p) : -1; // a str header longer than needed
    if (i >= 0) return table.decoded[i] as string;
    this.pos = at;
    return this.notOneOf(table.description, this.str(p) ? this.string(p) : this.mismatch("str", p), p, at);
  }

  /** True when the next value is a str. */
  private str(p: string | undefined): boolean {
    return FAMILY[this.head(p)] === STR;
  }

  /** The last key read by `key()`, as a string. */
  lastKey(p?: string): string {
    const pos = this.pos;
    this.pos = this.keyAt;
    try {
      return this.string(p);
    } finally {
      this.pos = pos;
    }
  }

  /** An object type's map has a key it does not declare: skipped, unless a union is choosing strictly. */
  unknownKey(p?: string): void {
    if (this.strict) this.fail("type-mismatch", `unexpected key ${JSON.stringify(this.lastKey(p))}`, p, this.keyAt);
    this.skip(p);
  }

  duplicateKey(p?: string): never {
    const key = this.lastKey(p);
    return this.fail("duplicate-key", `key ${JSON.stringify(key)} appears twice in the map`, p, this.keyAt);
  }

  /** Names the first required property whose bit is not set in `seen`. */
  missing(keys: readonly Uint8Array[], required: readonly number[], seen: readonly number[], p?: string): never {
    for (let i = 0; i < keys.length; i++) {
      const word = Math.floor(i / 30), bit = 2 ** (i % 30);
      if ((required[word]! & bit) !== 0 && (seen[word]! & bit) === 0) {
        const key = keys[i]!;
        const name = decodeUtf8(key, key.length - this.payloadLength(key), this.payloadLength(key));
        return this.fail("missing-property", `required property ${JSON.stringify(name)} is missing`, p, this.pos);
      }
    }
    return this.fail("missing-property", "a required property is missing", p);
  }

  private payloadLength(key: Uint8Array): number {
    const h = key[0]!;
    return key.length - ((h & 0xe0) === 0xa0 ? 1 : h === 0xd9 ? 2 : h === 0xda ? 3 : 5);
  }

  /** A decoded value outside a literal set or template pattern. */
  notOneOf(expected: string, value: unknown, p: string | undefined, at: number): never {
    return this.fail("type-mismatch", `expected ${expected}, got ${describeValue(value)}`, p, at);
  }

  /** An array header whose count must lie in [min, max]; max -1 means unbounded (a rest element). */
  tupleHeader(min: number, max: number, p?: string): number {
    const at = this.pos;
    if (this.bytes[at] === 0x90 + max && min === max && max < 16) { this.pos = at + 1; return max; } // the exact fixarray
    const n = this.arrayHeader(p);
    if (n < min || (max >= 0 && n > max)) {
      const expected = max === min ? `${min}` : max < 0 ? `at least ${min}` : `${min} to ${max}`;
      this.fail("type-mismatch", `expected a tuple of ${expected} element${max === 1 ? "" : "s"}, got an array of ${n}`, p, at);
    }
    return n;
  }

  /** @internal Reads a bin header; returns the payload length (checked against what remains) and leaves `pos` at the payload. */
  binHeader(b: number, p: string | undefined): number {
    let size: number, length: number;
    if (b === 0xc4) { size = 2; this.need(2, p); length = this.bytes[this.pos + 1]!; } // bin 8
    else if (b === 0xc5) { size = 3; this.need(3, p); length = this.view.getUint16(this.pos + 1); } // bin 16
    else if (b === 0xc6) { size = 5; this.need(5, p); length = this.view.getUint32(this.pos + 1); } // bin 32
    else return this.mismatch("bin", p);
    return this.payload(size, length, this.limits.maxBinaryLength, "a bin", "maxBinaryLength", p);
  }

  /** Reads an ext header; returns the payload length, leaves the type in `extType` (no tuple to allocate per Date). */
  extHeader(p: string | undefined): number {
    const b = this.head(p);
    let length: number, skip: number;
    switch (b) {
      case 0xd4: length = 1; skip = 1; break; // fixext 1
      case 0xd5: length = 2; skip = 1; break; // fixext 2
      case 0xd6: length = 4; skip = 1; break; // fixext 4
      case 0xd7: length = 8; skip = 1; break; // fixext 8
      case 0xd8: length = 16; skip = 1; break; // fixext 16
      case 0xc7: this.need(2, p); length = this.bytes[this.pos + 1]!; skip = 2; break; // ext 8
      case 0xc8: this.need(3, p); length = this.view.getUint16(this.pos + 1); skip = 3; break; // ext 16
      case 0xc9: this.need(5, p); length = this.view.getUint32(this.pos + 1); skip = 5; break; // ext 32
      default: return this.mismatch("ext", p);
    }
    this.limit(length, this.limits.maxBinaryLength, "an ext payload", "maxBinaryLength", p);
    this.need(skip + 1 + length, p);
    this.extType = this.view.getInt8(this.pos + skip);
    this.pos += skip + 1;
    return length;
  }

  /**
   * Array header; the count is checked against the remaining bytes (each element takes at least one),
   * so decoders allocate `new Array(n)` at once: at most 8 bytes of memory per byte of input, and 3x
   * faster than growing an array of 100,000 (bench/array-alloc.js). Generated decoders allocate
   * themselves: each allocation site then learns its own element kind.
   */
  arrayHeader(p?: string): number {
    const b = this.head(p);
    let n: number;
    let size: number;
    if ((b & 0xf0) === 0x90) { size = 1; n = b & 0x0f; } // fixarray
    else if (b === 0xdc) { size = 3; this.need(3, p); n = this.view.getUint16(this.pos + 1); } // array 16
    else if (b === 0xdd) { size = 5; this.need(5, p); n = this.view.getUint32(this.pos + 1); } // array 32
    else return this.mismatch("array", p);
    this.limit(n, this.limits.maxArrayLength, "an array", "maxArrayLength", p);
    this.pos += size;
    if (n > this.end - this.pos) this.fail("incomplete", `array claims ${n} elements but only ${this.end - this.pos} bytes remain`, p);
    return n;
  }

  /** Map header; the count is checked against the remaining bytes (each entry takes at least two). */
  mapHeader(p?: string): number {
    const b = this.head(p);
    let n: number;
    let size: number;
    if ((b & 0xf0) === 0x80) { size = 1; n = b & 0x0f; } // fixmap
    else if (b === 0xde) { size = 3; this.need(3, p); n = this.view.getUint16(this.pos + 1); } // map 16
    else if (b === 0xdf) { size = 5; this.need(5, p); n = this.view.getUint32(this.pos + 1); } // map 32
    else return this.mismatch("map", p);
    this.limit(n, this.limits.maxMapLength, "a map", "maxMapLength", p);
    this.pos += size;
    if (2 * n > this.end - this.pos) this.fail("incomplete", `map claims ${n} entries but only ${this.end - this.pos} bytes remain`, p);
    return n;
  }

  /** Skips one value of any type without building it; iterative, so hostile nesting cannot overflow the stack. */
  skip(p?: string): void {
    let pending = 1;
    while (pending > 0) {
      pending--;
      const b = this.head(p);
      switch (FAMILY[b]) {
        case NIL: case BOOL: this.pos++; break;
        case INT: case FLOAT: this.skipNumber(b, p); break;
        case STR: this.skipString(b, p); break;
        case BIN: { const length = this.binHeader(b, p); this.pos += length; break; }
        case ARRAY: pending += this.arrayHeader(p); break;
        case MAP: pending += 2 * this.mapHeader(p); break;
        case EXT: { const length = this.extHeader(p); this.pos += length; break; } // not `pos += extHeader()`: that reads pos before the header moves it
        default: this.fail("malformed", RESERVED_BYTE, p);
      }
    }
  }

  /** Skips a str, still checking its UTF-8: input that is not MessagePack is refused even where it is ignored. */
  private skipString(b: number, p: string | undefined): void {
    const at = this.pos;
    const length = this.strHeader(b, p);
    if (decodeUtf8(this.bytes, this.pos, length) === undefined) this.fail("malformed", "str" + NOT_UTF8, p, at);
    this.pos += length;
  }

  /** Skips an int or float by its size alone, so that even an int 64 beyond 2^53 is skipped rather than refused. */
  private skipNumber(b: number, p: string | undefined): void {
    const size = b <= 0x7f || b >= 0xe0 ? 1 : b === 0xcc || b === 0xd0 ? 2 : b === 0xcd || b === 0xd1 ? 3 : b === 0xce || b === 0xd2 || b === 0xca ? 5 : 9;
    this.need(size, p);
    this.pos += size;
  }

  /** Fails if bytes remain after the top-level value. */
  done(p: string | undefined): void {
    if (this.pos !== this.end) this.fail("trailing-bytes", `${this.end - this.pos} ${AFTER_VALUE}value`, p);
  }
}

/** @internal Does the pre-encoded key `key` (str header + UTF-8) hold exactly `bytes[start, start + length)`? */
export function sameKey(key: Uint8Array, bytes: Uint8Array, start: number, length: number): boolean {
  const h = key[0]!;
  const offset = (h & 0xe0) === 0xa0 ? 1 : h === 0xd9 ? 2 : h === 0xda ? 3 : 5;
  if (key.length - offset !== length) return false;
  for (let i = 0; i < length; i++) if (key[offset + i] !== bytes[start + i]) return false;
  return true;
}

/** Options over defaults; unknown keys are rejected so that a misspelt limit is not silently ignored. */
function resolveLimits(options: DecodeOptions): Required<DecodeOptions> {
  const out = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(options)) {
    if (!Object.prototype.hasOwnProperty.call(DEFAULT_LIMITS, key)) throw new TypeError(`typed-msgpack: unknown decode option "${key}"; the options are ${Object.keys(DEFAULT_LIMITS).join(", ")}`);
    if (value === undefined) continue;
    if (typeof value !== "number" || !(value >= 0)) throw new TypeError(`typed-msgpack: decode option ${key} must be a non-negative number, got ${String(value)}`);
    out[key as keyof DecodeOptions] = value;
  }
  return out;
}
