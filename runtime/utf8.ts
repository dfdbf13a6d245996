/**
 * UTF-8 for strings. Short strings go through plain JS loops (a call into TextEncoder/TextDecoder
 * costs more than the loop for them); long ones go to the platform codec, except text that is
 * mostly multi-byte characters, which the JS loop decodes faster at any length before Node 24 and
 * only when short from Node 24 on (see MULTI_BYTE_LOOP_LIMIT).
 * Every threshold here comes from `npm run build && node bench/lab/utf8-threshold.js`.
 */

/** Strings of at most this many bytes are decoded by the JS loop; longer ones by TextDecoder unless mostly multi-byte. */
export const SHORT_DECODE_LIMIT = 8;

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** Decodes first, the fatal decoder deciding only when the result has a U+FFFD (see decodeUtf8). */
const looseDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Writes a short string (strings.ts SHORT_ENCODE_LIMIT) as UTF-8 at `pos`; `bytes` must have room for
 * `3 * s.length` bytes. A lone surrogate becomes U+FFFD, exactly as TextEncoder does. Returns the
 * new position.
 */
export function encodeUtf8(s: string, bytes: Uint8Array, pos: number): number {
  // ASCII, what most keys and short values are, in a loop small enough for V8 to inline into its
  // callers; the rest from the first other character on (`node bench/ab.js hand geo enc`).
  const length = s.length;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return encodeUtf8From(s, i, bytes, pos);
    bytes[pos++] = c;
  }
  return pos;
}

/** encodeUtf8 from index `from` of `s` on, which is not ASCII. */
function encodeUtf8From(s: string, from: number, bytes: Uint8Array, pos: number): number {
  const length = s.length;
  for (let i = from; i < length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      bytes[pos++] = c;
    } else if (c < 0x800) {
      bytes[pos++] = 0xc0 | (c >> 6);
      bytes[pos++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < length ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          bytes[pos++] = 0xf0 | (c >> 18);
          bytes[pos++] = 0x80 | ((c >> 12) & 0x3f);
          bytes[pos++] = 0x80 | ((c >> 6) & 0x3f);
          bytes[pos++] = 0x80 | (c & 0x3f);
          continue;
        }
        c = 0xfffd;
      }
      bytes[pos++] = 0xe0 | (c >> 12);
      bytes[pos++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[pos++] = 0x80 | (c & 0x3f);
    }
  }
  return pos;
}

/** TextEncoder.encodeInto at `pos`: as much of `s` as fits, never half a surrogate pair. */
export function encodeInto(s: string, bytes: Uint8Array, pos: number): { read: number; written: number } {
  return encoder.encodeInto(s, bytes.subarray(pos));
}

/**
 * Mostly multi-byte text up to this many bytes goes through decodeLoop, longer text to TextDecoder.
 * Node 24's TextDecoder has a fast path for such text that overtakes the loop at about this length;
 * earlier Nodes' are slower than the loop at every length (`node bench/lab/utf8-threshold.js`).
 * Elsewhere (browsers, not measured) the loop at any length, as before.
 */
const MULTI_BYTE_LOOP_LIMIT = multiByteLoopLimit(globalThis as never);

/** MULTI_BYTE_LOOP_LIMIT for the platform described by `g` (exported for tests). */
export function multiByteLoopLimit(g: { process?: { versions?: { node?: string } } }): number {
  return nodeMajor(g) >= 24 ? 64 : Infinity;
}

/** The major version of the Node that `g` describes, or 0 off Node. */
function nodeMajor(g: { process?: { versions?: { node?: string } } }): number {
  const node = g.process?.versions?.node;
  return typeof node === "string" ? parseInt(node, 10) : 0;
}

/**
 * Decodes `length` bytes at `start` as strict UTF-8. Returns undefined for invalid UTF-8
 * (overlong forms, surrogates, truncated sequences), so the caller can raise an error with context.
 * `loopLimit` is the platform's but in tests, which take each platform's path on any Node.
 *
 * Text past the loop goes to the non-fatal TextDecoder, which turns every invalid sequence into
 * U+FFFD: a result without one was valid UTF-8, and only a result with one (invalid text, or text
 * with a U+FFFD of its own) is decoded again by the fatal decoder, which decides. That is faster
 * than the fatal decoder alone on most text, and than `buffer.isUtf8` plus a decode (two passes):
 * `node bench/lab/utf8-decoders.js`.
 */
export function decodeUtf8(
  bytes: Uint8Array,
  start: number,
  length: number,
  loopLimit = MULTI_BYTE_LOOP_LIMIT,
): string | undefined {
  if (length <= SHORT_DECODE_LIMIT || (LITTLE_ENDIAN && length <= loopLimit && mostlyMultiByte(bytes, start, length)))
    return decodeLoop(bytes, start, length);
  const text = bytes.subarray(start, start + length);
  const s = looseDecoder.decode(text);
  if (s.indexOf("\uFFFD") === -1) return s;
  try {
    return strictDecoder.decode(text);
  } catch {
    return undefined;
  }
}

/** Decodes UTF-16 code units; the loop below hands long strings to it as one block of memory. */
const wideDecoder = new TextDecoder("utf-16le", { ignoreBOM: true }); // a leading U+FEFF is text, not a mark
/** Whether a Uint16Array's bytes are UTF-16LE, as on every mainstream platform. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
/** Code units decoded by the loop; reused across strings (no call can re-enter the loop). */
let units = new Uint16Array(256);
/** `shortViews[n]` is `units.subarray(0, n)`, made once: a fresh view per short string was a tenth of sbt's decode time in GC. */
let shortViews: Uint16Array[] = [];

/** The part of Node's Buffer used here. */
interface NodeBufferClass {
  from(buffer: ArrayBuffer): { toString(encoding: "utf16le", start: number, end: number): string };
  prototype?: { latin1Slice?: unknown; utf8Write?: unknown };
}
type NodeGlobal = { Buffer?: NodeBufferClass; process?: { versions?: { node?: string } } };
/**
 * Node's Buffer, where the code runs on Node (not a browser bundle's polyfill, which converts in
 * JS): a Buffer over `units` makes a string of them faster than the UTF-16LE TextDecoder, which
 * validates as it copies (`node bench/lab/utf8-threshold.js`).
 */
const NodeBuffer = nodeBuffer(globalThis as never);

function nodeBuffer(g: NodeGlobal): NodeBufferClass | undefined {
  const onNode = typeof g.process?.versions?.node === "string" && typeof g.Buffer?.from === "function";
  return onNode && LITTLE_ENDIAN ? g.Buffer : undefined; // utf16le is little-endian, as units are here
}

/** Bytes `[start, end)` as text, one character per byte. */
export type Latin1Slice = (this: Uint8Array, start: number, end: number) => string;
/**
 * Node's `Buffer.prototype.latin1Slice`, called on the input itself, where the code runs on Node;
 * else undefined. The ASCII strs of a message are slices of latin1 copies of its bytes (see
 * `readString`): one native call per 1 KB instead of one TextDecoder call per str, which was half
 * of the decode time of str-heavy messages.
 */
export const latin1Slice = nodeMethod<Latin1Slice>(
  globalThis as never,
  "latin1Slice",
  (f) => f.call(Uint8Array.of(0x41, 0xe9), 0, 2) === "A\u00e9",
);

/** Writes `s` as UTF-8 at `offset`; returns the bytes written. */
export type Utf8Write = (this: Uint8Array, s: string, offset: number) => number;
/**
 * Node's `Buffer.prototype.utf8Write`, called on the output itself, where the code runs on Node;
 * else undefined. Unlike `encodeInto`, a write makes neither a subarray nor a result object (see
 * `writeString`).
 */
export const utf8Write = nodeMethod<Utf8Write>(globalThis as never, "utf8Write", (f) => {
  const bytes = new Uint8Array(3);
  return f.call(bytes, "\u00e9", 1) === 2 && bytes[1] === 0xc3 && bytes[2] === 0xa9;
});

/**
 * Buffer's `method` where the code runs on Node and it works on a plain Uint8Array (as Node's do:
 * they take any ArrayBufferView as `this`), checked once by `works`; else undefined. Called on the
 * Uint8Array itself rather than on a Buffer made over its memory: a Buffer per decode, or a WeakMap
 * lookup per str, costs more than the call saves on small messages (`node bench/ab.js hand api dec`).
 */
function nodeMethod<T extends (this: Uint8Array, ...args: never[]) => unknown>(
  g: NodeGlobal,
  method: "latin1Slice" | "utf8Write",
  works: (f: T) => boolean,
): T | undefined {
  const f = typeof g.process?.versions?.node === "string" ? g.Buffer?.prototype?.[method] : undefined;
  if (typeof f !== "function") return undefined;
  try {
    return works(f as T) ? (f as T) : undefined;
  } catch {
    return undefined;
  }
}

/** `units` as a Node Buffer, when NodeBuffer exists. */
let unitsText = NodeBuffer?.from(units.buffer);
/** Up to this many code units one String.fromCharCode call makes the string; past it the Buffer or TextDecoder costs less. */
const FROM_CHAR_CODE_LIMIT = NodeBuffer ? 8 : 32;
/** `units` grows to at most this many code units (128 KB); longer strings get a buffer of their own. */
const MAX_KEPT_UNITS = 65_536;

/**
 * decodeUtf8's JS loop (exported for `bench/lab/utf8-threshold.js`). UTF-8 becomes UTF-16 code units
 * in `units`; a short string is made by one fromCharCode call, a longer one by a Node Buffer over
 * `units` or else a UTF-16LE decoder, which copy memory rather than decoding UTF-8 again.
 */
export function decodeLoop(bytes: Uint8Array, start: number, length: number): string | undefined {
  if (length > units.length && length <= MAX_KEPT_UNITS) {
    units = new Uint16Array(Math.min(MAX_KEPT_UNITS, Math.max(length, 2 * units.length)));
    shortViews = [];
    unitsText = NodeBuffer?.from(units.buffer);
  }
  const out = length <= units.length ? units : new Uint16Array(length);
  const end = start + length;
  let n = 0;
  let i = start;
  while (i < end) {
    const b = bytes[i++]!;
    if (b < 0x80) {
      out[n++] = b;
      continue;
    }
    if (b >= 0xc2 && b <= 0xdf) {
      if (i >= end) return undefined;
      const b1 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80) return undefined;
      out[n++] = ((b & 0x1f) << 6) | (b1 & 0x3f);
    } else if (b >= 0xe0 && b <= 0xef) {
      if (i + 1 >= end) return undefined;
      const b1 = bytes[i++]!,
        b2 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return undefined;
      const c = ((b & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      if (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)) return undefined;
      out[n++] = c;
    } else if (b >= 0xf0 && b <= 0xf4) {
      if (i + 2 >= end) return undefined;
      const b1 = bytes[i++]!,
        b2 = bytes[i++]!,
        b3 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) return undefined;
      const c = (((b & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f)) - 0x10000;
      if (c < 0 || c > 0xfffff) return undefined;
      out[n++] = 0xd800 + (c >> 10);
      out[n++] = 0xdc00 + (c & 0x3ff);
    } else {
      return undefined;
    }
  }
  if (out === units) {
    if (n <= FROM_CHAR_CODE_LIMIT) {
      const view = shortViews[n] ?? (shortViews[n] = out.subarray(0, n));
      return String.fromCharCode.apply(null, view as unknown as number[]);
    }
    if (unitsText) return unitsText.toString("utf16le", 0, 2 * n);
  }
  const decoded = out.subarray(0, n);
  return LITTLE_ENDIAN ? wideDecoder.decode(decoded) : String.fromCharCode.apply(null, decoded as unknown as number[]);
}

/**
 * Does text start with at least half its bytes in multi-byte characters (Cyrillic, Greek, CJK...)?
 * TextDecoder is fast on ASCII but, before Node 24, slower than decodeLoop on such text at every
 * length (`node bench/lab/utf8-threshold.js`), so that text is decoded by the loop.
 */
function mostlyMultiByte(bytes: Uint8Array, start: number, length: number): boolean {
  const end = start + Math.min(length, 32);
  let high = 0;
  for (let i = start; i < end; i++) if (bytes[i]! >= 0x80) high++;
  return 2 * high >= end - start;
}

/** Slots in a string cache (a power of two); see `decodeCached`. */
const CACHE_SLOTS = 4096;
/** Strings of at most this many bytes go through the cache: beyond it, repeats are rarer and comparing costs more. */
export const CACHE_MAX_LENGTH = 32;

/** Recently decoded short ASCII strings by a hash of their bytes, one per slot. */
export type StringCache = (string | undefined)[];

export function newStringCache(): StringCache {
  return new Array<string | undefined>(CACHE_SLOTS).fill(undefined);
}

/**
 * Decodes at most CACHE_MAX_LENGTH bytes, returning the cached string when the same ASCII bytes
 * were decoded recently: repeated short strings (enum-like values, names, keys of records) then
 * cost no allocation at all, which matters because the GC is most of a decoder's time.
 */
export function decodeCached(bytes: Uint8Array, start: number, length: number, cache: StringCache): string | undefined {
  let hash = length;
  for (let i = start, end = start + length; i < end; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) return decodeLoop(bytes, start, length); // short: the loop beats TextDecoder even on mostly-ASCII text
    hash = (Math.imul(hash, 31) + b) | 0;
  }
  const slot = (hash ^ (hash >>> 12)) & (CACHE_SLOTS - 1);
  const cached = cache[slot];
  if (cached !== undefined && cached.length === length) {
    let i = 0;
    while (i < length && cached.charCodeAt(i) === bytes[start + i]) i++;
    if (i === length) return cached;
  }
  // ASCII needs neither validation nor decodeUtf8's look for multi-byte text.
  const fresh =
    length <= SHORT_DECODE_LIMIT
      ? decodeLoop(bytes, start, length)!
      : latin1Slice !== undefined
        ? latin1Slice.call(bytes, start, start + length)
        : strictDecoder.decode(bytes.subarray(start, start + length));
  cache[slot] = fresh;
  return fresh;
}
