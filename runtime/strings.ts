/**
 * str values, map keys and string literals, both directions, and the pre-encoded bytes (keys,
 * literals, constant runs) that generated code compares and copies. Free functions rather than
 * Reader/Writer methods, so that a bundle whose types hold no string leaves them (and UTF-8) out.
 */
import { describeValue, NOT_UTF8 } from "./errors.js";
import type { Reader } from "./reader.js";
import { skip, strHeader } from "./skip.js";
import {
  CACHE_MAX_LENGTH,
  decodeCached,
  decodeLoop,
  decodeUtf8,
  encodeInto,
  encodeUtf8,
  latin1Slice,
  newStringCache,
  utf8Write,
} from "./utf8.js";
import { BOOL, FAMILY, FLOAT, INT, STR, type Literals, type PreEncoded } from "./wire.js";
import { mismatch, Writer, type Constant } from "./writer.js";

/**
 * Short ASCII strings decoded lately, shared by every Reader. It is module state, but no caller can
 * observe it: a hit returns a string equal to what decoding would build, and its size is fixed.
 */
const STRINGS = newStringCache();

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * Bytes of input that one latin1 copy (`Reader.text`) covers: one native call per this many
 * bytes, and what a str sliced from it can keep alive (V8 makes a slice of 13 or more characters
 * a view of the copy; a shorter one is copied). Larger windows copy bytes no str uses and keep
 * more alive, smaller ones make more native calls (`node bench/ab.js builds <a> <b> categories dec`,
 * both ways round).
 */
const TEXT_WINDOW = 1024;
/**
 * A str starting more than this many bytes past the last copy gets a copy of its own instead: a
 * window for a lone str copies 1 KB that no other str uses (`node bench/ab.js hand flat dec`: short
 * notes far apart). 128, not 256: with records of a few hundred bytes between strs (blobs' owners)
 * the copies of a wider gap fed the garbage collector more than the strs saved
 * (`node bench/ab.js fresh hand . blobs`).
 */
const SPARSE_GAP = 128;

export function readString(r: Reader, p?: string): string {
  const at = r.pos;
  const length = strHeader(r, r.head(p), p);
  const bytes = r.bytes,
    start = r.pos,
    end = start + length;
  let i = start;
  if (latin1Slice !== undefined) {
    // ASCII? Eight bytes at a time, then one by one; if so, a slice of the latin1 copy of the input.
    const view = r.view;
    while (i + 8 <= end && ((view.getInt32(i) | view.getInt32(i + 4)) & 0x80808080) === 0) i += 8;
    while (i < end && bytes[i]! < 0x80) i++;
    if (i === end) {
      r.pos = end;
      if (start >= r.textStart && end <= r.textEnd) return r.text.slice(start - r.textStart, end - r.textStart);
      return length === 0 ? "" : asciiText(r, start, end);
    }
  }
  // Without latin1Slice (browsers) the cache tests for ASCII itself; on Node the str is known not to be ASCII.
  const s =
    length > CACHE_MAX_LENGTH
      ? decodeUtf8(bytes, start, length)
      : latin1Slice === undefined
        ? decodeCached(bytes, start, length, STRINGS)
        : decodeLoop(bytes, start, length);
  if (s === undefined) r.fail("malformed", "str" + NOT_UTF8, p, at);
  r.pos = end;
  return s;
}

/**
 * Map keys of Records, index signatures and `Map<string, V>` of at most CACHE_MAX_LENGTH bytes, by
 * a hash of their bytes. Keys repeat by nature (values do not, so they have no cache on Node): a
 * hit allocates nothing, and V8 stores a property under a string it has seen as a key, internalized,
 * without hashing and looking it up in its string table again. Module state no caller can observe,
 * as STRINGS.
 */
const KEYS = newStringCache();

/** A str that is a map key of a Record (or index signature or Map): `readString` through KEYS. */
export function readKeyString(r: Reader, p?: string): string {
  const at = r.pos;
  const length = strHeader(r, r.head(p), p);
  if (length > CACHE_MAX_LENGTH) {
    r.pos = at;
    return readString(r, p);
  }
  const start = r.pos;
  const s = decodeCached(r.bytes, start, length, KEYS);
  if (s === undefined) r.fail("malformed", "str" + NOT_UTF8, p, at);
  r.pos = start + length;
  return s;
}

/**
 * The ASCII str at `[start, end)`, past `r.text`: copies the next TEXT_WINDOW bytes from `start`
 * to it, unless the str is long or far from the last copy (then it is copied alone).
 */
function asciiText(r: Reader, start: number, end: number): string {
  if (end - start > TEXT_WINDOW || start - r.textEnd > SPARSE_GAP) {
    r.text = ""; // no copy now: the next str is measured from the end of this one
    r.textStart = r.textEnd = end;
    return latin1Slice!.call(r.bytes, start, end);
  }
  const stop = Math.min(r.end, start + TEXT_WINDOW);
  r.text = latin1Slice!.call(r.bytes, start, stop);
  r.textStart = start;
  r.textEnd = stop;
  return r.text.slice(0, end - start);
}

/**
 * Reads a str key and returns the index of the matching entry of `keys` (from `keys()`), or -1.
 * Compares bytes instead of building a string: `keys[hint]` first, then the keys declared after
 * it, then those before, each header included and straight against the input (a mismatch mostly
 * ends at the first byte or two). Keys arriving in declaration order cost one short compare, and
 * an absent optional property only the few compares of the keys it skips.
 */
export function readKey(r: Reader, keys: readonly PreEncoded[], hint: number, p?: string): number {
  const pos = r.pos;
  r.keyAt = pos;
  // The hinted key first, in a function small enough for V8 to inline into generated decoders.
  const expected = keys[hint];
  return expected !== undefined && isNext(r, expected, pos) ? hint : otherKey(r, keys, hint, pos, p);
}

/** `readKey()` when the hinted key is not next. */
function otherKey(r: Reader, keys: readonly PreEncoded[], hint: number, pos: number, p: string | undefined): number {
  for (let i = hint + 1; i < keys.length; i++) if (isNext(r, keys[i]!, pos)) return i;
  for (let i = 0; i < hint && i < keys.length; i++) if (isNext(r, keys[i]!, pos)) return i;
  return anyKey(r, keys, p);
}

/**
 * Is `expected` (a pre-encoded str, header included) next at `pos`? Consumed if so. Four bytes at
 * a time from its whole words (see PreEncoded), then byte by byte; the loops return at the first
 * difference. Its bytecode counts: V8 inlines it at several sites of a decoder within one budget
 * (kept small so that the tree decoder inlines mapHeader too: `node bench/ab.js hand tree dec`). A key longer than
 * maxStringLength never matches here, so that the parse in `anyKey` refuses it at its header.
 */
function isNext(r: Reader, expected: PreEncoded, pos: number): boolean {
  const n = expected.length,
    bytes = r.bytes;
  if (bytes[pos] !== expected[0] || pos + n > r.end) return false;
  const words = expected.words,
    view = r.view;
  let i = 0;
  for (; i < n >> 2; i++) if (view.getInt32(pos + 4 * i) !== words[i]) return false;
  for (i *= 4; i < n; i++) if (bytes[pos + i] !== expected[i]) return false;
  if (n > r.limits.maxStringLength) return false;
  r.pos = pos + n;
  return true;
}

/** `readKey()` when the hinted key does not match: header parsed, every key compared. */
function anyKey(r: Reader, keys: readonly Uint8Array[], p: string | undefined): number {
  const start = strPayload(r, "a str key", p);
  const length = r.pos - start;
  for (let i = 0; i < keys.length; i++) {
    if (sameKey(keys[i]!, r.bytes, start, length)) return i;
  }
  // A declared key matched bytes known to be valid; an unknown one is checked like any str.
  if (decodeUtf8(r.bytes, start, length) === undefined) r.fail("malformed", "map key" + NOT_UTF8, p, r.keyAt);
  return -1;
}

/** Reads the str at `r.pos` (a `what` expected), leaving `pos` after it; returns where its payload starts. */
function strPayload(r: Reader, what: string, p: string | undefined): number {
  const b = r.head(p);
  if (FAMILY[b] !== STR) r.mismatch(what, p);
  const length = strHeader(r, b, p);
  const start = r.pos;
  r.pos = start + length;
  return start;
}

/** Reads a str key and tells whether it is `expected` (pre-encoded by `keys()`). */
export function isKey(r: Reader, expected: PreEncoded, p?: string): boolean {
  if (isNext(r, expected, r.pos)) return true;
  const start = strPayload(r, "a str key", p);
  return sameKey(expected, r.bytes, start, r.pos - start);
}

/**
 * Reads a value that must be one of `table`'s literals (from `literals()`: strings, numbers,
 * booleans) and returns that literal: compared as bytes, as encoders write it, so a string
 * literal is never decoded nor looked up. A value in a longer form than needed (a str 8 header
 * for a short string, an int written as a float) is read as its family says and compared by value.
 */
export function readOneOf(r: Reader, table: Literals, p?: string): string | number | boolean {
  // The rest in a function of its own, so that this part inlines into generated decoders.
  const found = nextOneOf(r, table);
  return found >= 0 ? table.decoded[found]! : readOneOfByValue(r, table, p);
}

function readOneOfByValue(r: Reader, table: Literals, p: string | undefined): string | number | boolean {
  const at = r.pos;
  const family = FAMILY[r.head(p)];
  const value =
    family === STR
      ? readString(r, p)
      : family === INT || family === FLOAT
        ? r.number(p)
        : family === BOOL
          ? r.bool(p)
          : r.mismatch(table.description, p);
  // By value, as `===` compares: -0 is taken for 0, and kept as it came.
  if (table.decoded.indexOf(value) >= 0) return value;
  return notOneOf(r, table.description, value, p, at);
}

/**
 * The index of the entry of `table` whose bytes, header included, are next (consumed), or -1:
 * no head or header parse first. A value written in a longer form than needed is not found here.
 */
export function nextOneOf(r: Reader, table: Literals): number {
  const at = r.pos,
    byByte = table.byByte;
  if (byByte !== undefined) {
    // Only the one entry that can match is compared (`node bench/ab.js hand flat dec`).
    const i = at + table.distinctAt;
    const k = i < r.end ? byByte[r.bytes[i]!]! : -1;
    return k >= 0 && isNext(r, table[k]!, at) ? k : -1;
  }
  for (let i = 0; i < table.length; i++) if (isNext(r, table[i]!, at)) return i;
  return -1;
}

/** The last key read by `readKey()`, as a string. */
export function lastKey(r: Reader, p?: string): string {
  const pos = r.pos;
  r.pos = r.keyAt;
  try {
    return readKeyString(r, p);
  } finally {
    r.pos = pos;
  }
}

/**
 * An object type's map has a key it does not declare: skipped, unless a union is choosing strictly.
 * Its value's nesting counts from `d`, as the value of a property of type `unknown` there would.
 */
export function unknownKey(r: Reader, p?: string, d?: number): void {
  if (r.strict) r.fail("type-mismatch", `unexpected key ${JSON.stringify(lastKey(r, p))}`, p, r.keyAt);
  skip(r, p, d);
}

export function duplicateKey(r: Reader, p?: string): never {
  const key = lastKey(r, p);
  return r.fail("duplicate-key", `key ${JSON.stringify(key)} appears twice in the map`, p, r.keyAt);
}

/** Names the first required property whose bit is not set in `seen`. */
export function missing(
  r: Reader,
  keys: readonly Uint8Array[],
  required: readonly number[],
  seen: readonly number[],
  p?: string,
): never {
  for (let i = 0; i < keys.length; i++) {
    const word = Math.floor(i / 30),
      bit = 2 ** (i % 30);
    if ((required[word]! & bit) !== 0 && (seen[word]! & bit) === 0) {
      const key = keys[i]!;
      const length = key.length - strHeaderSize(key[0]!);
      const name = decodeUtf8(key, key.length - length, length);
      return r.fail("missing-property", `required property ${JSON.stringify(name)} is missing`, p, r.pos);
    }
  }
  return r.fail("missing-property", "a required property is missing", p);
}

/** A decoded value outside a literal set or template literal type. */
export function notOneOf(r: Reader, expected: string, value: unknown, p: string | undefined, at: number): never {
  return r.fail("type-mismatch", `expected ${expected}, got ${describeValue(value)}`, p, at);
}

/** @internal Does the pre-encoded key `key` (str header + UTF-8) hold exactly `bytes[start, start + length)`? */
export function sameKey(key: Uint8Array, bytes: Uint8Array, start: number, length: number): boolean {
  const offset = strHeaderSize(key[0]!);
  if (key.length - offset !== length) return false;
  for (let i = 0; i < length; i++) if (key[offset + i] !== bytes[start + i]) return false;
  return true;
}

/** The size of the str header whose first byte is `h`. */
function strHeaderSize(h: number): number {
  return (h & 0xe0) === 0xa0 ? 1 : h === 0xd9 ? 2 : h === 0xda ? 3 : 5;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Strings of at most this many UTF-16 units are encoded by the JS loop (`encodeUtf8`), longer ones
 * by encodeInto (on Node, up to NATIVE_ENCODE_LIMIT units by `Buffer#utf8Write`). In isolation
 * encodeInto wins earlier (`node bench/lab/utf8-threshold.js`), but in an encoder its result
 * object and subarray per call cost more than the loop up to this length
 * (`node bench/ab.js hand company enc`). Not exported: the CommonJS build
 * would read it from the module object on every call.
 */
const SHORT_ENCODE_LIMIT = 64;

/**
 * UTF-8 with the smallest str header. The header size is guessed from `v.length`, which is exact
 * for ASCII; when multi-byte characters push the byte count into a larger header class the payload
 * is shifted once, which beats counting UTF-8 bytes before every string.
 */
export function writeString(w: Writer, v: unknown, p?: string): void {
  if (typeof v !== "string") mismatch("a string", v, p);
  const length = v.length;
  if (length <= SHORT_ENCODE_LIMIT) {
    // At most 192 bytes, so a fixstr or str 8 header: a path of its own for what most strings are
    // (`node bench/ab.js hand sbt enc`).
    w.ensure(2 + 3 * length);
    const bytes = w.bytes,
      pos = w.pos;
    const guessed = length < 32 ? 1 : 2;
    const end = encodeUtf8(v, bytes, pos + guessed);
    const byteLength = end - pos - guessed;
    if (byteLength < 32) {
      bytes[pos] = 0xa0 | byteLength;
      w.pos = end;
      return;
    } // fixstr 101xxxxx
    if (guessed === 1) bytes.copyWithin(pos + 2, pos + 1, end);
    bytes[pos] = 0xd9;
    bytes[pos + 1] = byteLength; // str 8
    w.pos = pos + 2 + byteLength;
    return;
  }
  writeLongString(w, v, length);
}

/**
 * `writeString()` past SHORT_ENCODE_LIMIT units, in a function of its own: with it inside,
 * writeString was too large for V8 to consider inlining into an encoder (`--trace-turbo-inlining`;
 * without it, V8 inlines it into sbt's: `node bench/ab.js hand sbt enc`).
 */
function writeLongString(w: Writer, v: string, length: number): void {
  const native = length <= NATIVE_ENCODE_LIMIT && utf8Write !== undefined;
  // A string Node writes at once gets room for its worst case (3 bytes per unit); a longer one for
  // one byte per unit, all that ASCII needs, so that the buffer stays near the size of the output.
  w.ensure(5 + (native ? 3 * length : length));
  const pos = w.pos;
  const guessed = headerSize(length);
  const start = pos + guessed;
  const end = native ? start + utf8Write!.call(w.bytes, v, start) : encodeLong(w, v, start);
  const byteLength = end - start;
  const needed = headerSize(byteLength);
  if (needed !== guessed) {
    w.pos = end;
    w.ensure(needed - guessed); // a long string's room may end at its last byte
    w.bytes.copyWithin(pos + needed, start, end);
  }
  const bytes = w.bytes;
  if (needed === 2) {
    bytes[pos] = 0xd9;
    bytes[pos + 1] = byteLength;
  } // str 8
  else if (needed === 3) {
    bytes[pos] = 0xda;
    w.view.setUint16(pos + 1, byteLength);
  } // str 16
  else {
    bytes[pos] = 0xdb;
    w.view.setUint32(pos + 1, byteLength);
  } // str 32
  w.pos = pos + needed + byteLength;
}

/**
 * On Node, a string longer than SHORT_ENCODE_LIMIT and up to this many units is written by one
 * `Buffer#utf8Write` into room for its worst case (at most 12 KB), which makes neither the subarray
 * nor the result object of `encodeInto` (`node bench/ab.js hand api enc`).
 */
const NATIVE_ENCODE_LIMIT = 4096;

/** Writes `s` as UTF-8 at `at` with encodeInto, growing the buffer while multi-byte text remains; returns the end. */
function encodeLong(w: Writer, s: string, at: number): number {
  let rest = s;
  for (;;) {
    const { read, written } = encodeInto(rest, w.bytes, at);
    at += written;
    if (read === rest.length) return at;
    rest = rest.slice(read);
    w.pos = at; // growing keeps bytes [0, pos): the header's room and what is written
    w.ensure(3 * rest.length);
  }
}

/** Bytes taken by the smallest str header for a payload of `n` bytes. */
function headerSize(n: number): number {
  return n < 32 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : 5;
}

// ---------------------------------------------------------------------------------------------
// Pre-encoding

/**
 * Pre-encodes runs of constants (map header, property names, single-valued literal properties),
 * so that a generated encoder copies each run with one `raw` call instead of writing its parts.
 */
export function constants(runs: readonly (readonly Constant[])[]): PreEncoded[] {
  // One writer of the usual size for every run: a small one per run made nearly every `ensure`
  // at load time call `grow`, and V8's feedback from that said `grow` was hot, so TurboFan inlined
  // it into generated encoders, spending their inlining budget on a cold path (`node
  // --trace-turbo-inlining` shows grow's call frequency; `node bench/ab.js hand shapes enc`).
  const w = new Writer(1);
  return runs.map((run) => {
    w.begin();
    for (const value of run) {
      if (typeof value === "string") writeString(w, value);
      else if (typeof value === "number") w.number(value);
      else if (typeof value === "boolean") w.bool(value);
      else if (value === null) w.nil();
      else if (value.length === 2) w.arrayHeader(value[0]);
      else w.mapHeader(value[0]);
    }
    return preEncoded(w.finish());
  });
}

function preEncoded(bytes: Uint8Array): PreEncoded {
  // Writer.put writes a chunk's first word unconditionally, and an empty one has no word of its own.
  if (bytes.length === 0) throw new Error("typed-msgpack: empty run of constants");
  const padded = new Uint8Array((bytes.length + 3) & ~3); // whole words, the last one zero-padded
  padded.set(bytes);
  const view = new DataView(padded.buffer),
    words = new Int32Array(padded.length >> 2);
  for (let i = 0; i < words.length; i++) words[i] = view.getInt32(4 * i);
  return Object.assign(bytes, { words });
}

/** Pre-encodes a literal union's values: encoders copy the matching one, decoders compare bytes. */
export function literals(values: readonly (string | number | boolean)[]): Literals {
  const description = values.map((v) => JSON.stringify(v)).join(" | ");
  const table = constants(values.map((v) => [v]));
  return Object.assign(table, { decoded: values, description }, distinctByte(table));
}

/** Where the entries of `table` first differ all at once, and which entry each byte there means (see Literals). */
function distinctByte(table: readonly PreEncoded[]): Pick<Literals, "distinctAt" | "byByte"> {
  const shortest = Math.min(...table.map((entry) => entry.length));
  for (let at = 0; at < shortest; at++) {
    const byByte = new Int16Array(256).fill(-1);
    let k = 0;
    while (k < table.length && byByte[table[k]![at]!] === -1) byByte[table[k]![at]!] = k++;
    if (k === table.length) return { distinctAt: at, byByte };
  }
  return { distinctAt: 0, byByte: undefined };
}

/** Pre-encodes property names (str header included) so that encoders copy them and decoders compare bytes. */
export function keys(names: readonly string[]): PreEncoded[] {
  return constants(names.map((name) => [name]));
}
