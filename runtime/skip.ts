/**
 * Skipping a value of any type (unknown keys, union tags found late, `unknown`'s neighbours), and
 * the bin and ext headers that skipping shares with extended.ts and dynamic.ts. Free functions, so
 * that a bundle whose types read no object, bin or ext leaves them out.
 */
import { NOT_UTF8, RESERVED_BYTE } from "./errors.js";
import type { Reader } from "./reader.js";
import { decodeUtf8 } from "./utf8.js";
import { ARRAY, BIN, BOOL, EXT, FAMILY, FLOAT, INT, MAP, NIL, STR } from "./wire.js";

/**
 * Skips one value of any type without building it. The value counts as an `unknown` one would: it
 * stands at depth `d`, each container inside one level deeper, and a container deeper than
 * `maxDepth` fails `too-deep` (at its offset, with path `p`). Iterative, so hostile nesting cannot
 * overflow the stack.
 */
export function skip(r: Reader, p?: string, d = 0): void {
  const b = r.head(p);
  const family = FAMILY[b]!;
  if (family === ARRAY || family === MAP) walk(r, p, r.maxDepth - d + 1, undefined);
  else skipScalar(r, b, family, p);
}

/**
 * Skips one value while looking ahead (for a union's tag or keys, past the values before them).
 * Its depth is not counted here: the value is read again later by its own type, which counts it.
 * A lookahead that starts inside bytes an earlier one passed over is a tag searched again one level
 * down (a tag written after a nested sibling, at every level); from then on `r.ends` keeps where each
 * container walked through ends, so that later lookaheads jump over it and the decode stays linear
 * in the size of its input however deep the nesting (docs/security.md).
 */
export function skipAhead(r: Reader, p?: string): void {
  const start = r.pos;
  const b = r.head(p);
  const family = FAMILY[b]!;
  if (family !== ARRAY && family !== MAP) return skipScalar(r, b, family, p);
  // The memo exists because a tag after a nested sibling at every level re-walks every sibling below.
  if (r.ends === undefined && start < r.aheadTo) r.ends = memo(r.end);
  walk(r, p, Infinity, r.ends);
  if (r.pos > r.aheadTo) r.aheadTo = r.pos;
}

/** The memo of container ends for `length` bytes: by start offset, 0 for unknown. */
function memo(length: number): Int32Array {
  // Writes outside a typed array's range are ignored and reads are undefined, so an empty memo
  // remembers nothing: for input too large to allocate one for, or whose offsets overflow int32.
  if (length > 0x7fffffff) return new Int32Array(0);
  try {
    return new Int32Array(length);
  } catch {
    return new Int32Array(0);
  }
}

/**
 * Most containers `walk` keeps open on its stack (a bound on its memory when `maxDepth` is raised
 * that far); below them, a container is walked through by counting, without depth or memo entries.
 */
const MAX_HELD = 1 << 16;

/**
 * Walks over the container at `r.pos` and everything in it, failing `too-deep` when more than
 * `levels` containers would be open at once (itself included). With `ends`, jumps over the
 * containers whose end it holds and records the end of each one walked through.
 */
function walk(r: Reader, p: string | undefined, levels: number, ends: Int32Array | undefined): void {
  // Per open container: the values still to come in its parent, then its start. `remaining`
  // counts the open one's (1 at the outside: the value being skipped).
  const stack = (r.skipStack ??= []);
  const held = Math.min(levels, r.maxDepth + 1, MAX_HELD);
  let top = 0;
  let remaining = 1;
  for (;;) {
    while (remaining === 0) {
      if (top === 0) return;
      const start = stack[--top]!;
      remaining = stack[--top]!;
      if (ends !== undefined) ends[start] = r.pos;
    }
    remaining--;
    const at = r.pos;
    if (ends !== undefined && ends[at]! > 0) {
      r.pos = ends[at]!;
      continue;
    }
    const b = r.head(p);
    const family = FAMILY[b]!;
    if (family !== ARRAY && family !== MAP) {
      skipScalar(r, b, family, p);
      continue;
    }
    if (top >= 2 * held) {
      if (held === levels) r.tooDeep(p);
      count(r, p, ends);
      if (ends !== undefined) ends[at] = r.pos;
      continue;
    }
    const n = family === ARRAY ? r.arrayHeader(p) : 2 * r.mapHeader(p);
    if (n === 0) continue;
    stack[top++] = remaining;
    stack[top++] = at;
    remaining = n;
  }
}

/** Walks over the value at `r.pos` by counting the values still to come: no stack, no depth. */
function count(r: Reader, p: string | undefined, ends: Int32Array | undefined): void {
  let pending = 1;
  while (pending > 0) {
    pending--;
    if (ends !== undefined && ends[r.pos]! > 0) {
      r.pos = ends[r.pos]!;
      continue;
    }
    const b = r.head(p);
    const family = FAMILY[b]!;
    if (family === ARRAY) pending += r.arrayHeader(p);
    else if (family === MAP) pending += 2 * r.mapHeader(p);
    else skipScalar(r, b, family, p);
  }
}

/** Skips a value that is no array or map. */
function skipScalar(r: Reader, b: number, family: number, p: string | undefined): void {
  switch (family) {
    case NIL:
    case BOOL:
      r.pos++;
      break;
    case INT:
    case FLOAT:
      skipNumber(r, b, p);
      break;
    case STR:
      skipString(r, b, p);
      break;
    case BIN: {
      const length = binHeader(r, b, p);
      r.pos += length;
      break;
    }
    case EXT: {
      const length = extHeader(r, p);
      r.pos += length;
      break;
    } // not `pos += extHeader()`: that reads pos before the header moves it
    default:
      r.fail("malformed", RESERVED_BYTE, p);
  }
}

/** Skips a str, still checking its UTF-8: input that is not MessagePack is refused even where it is ignored. */
function skipString(r: Reader, b: number, p: string | undefined): void {
  const at = r.pos;
  const length = strHeader(r, b, p);
  if (decodeUtf8(r.bytes, r.pos, length) === undefined) r.fail("malformed", "str" + NOT_UTF8, p, at);
  r.pos += length;
}

/** Skips an int or float by its size alone, so that even an int 64 beyond 2^53 is skipped rather than refused. */
function skipNumber(r: Reader, b: number, p: string | undefined): void {
  const size =
    b <= 0x7f || b >= 0xe0
      ? 1
      : b === 0xcc || b === 0xd0
        ? 2
        : b === 0xcd || b === 0xd1
          ? 3
          : b === 0xce || b === 0xd2 || b === 0xca
            ? 5
            : 9;
  r.need(size, p);
  r.pos += size;
}

/** Reads a bin header; returns the payload length (checked against what remains) and leaves `pos` at the payload. */
export function binHeader(r: Reader, b: number, p: string | undefined): number {
  let size: number, length: number;
  if (b === 0xc4) {
    size = 2;
    r.need(2, p);
    length = r.bytes[r.pos + 1]!;
  } // bin 8
  else if (b === 0xc5) {
    size = 3;
    r.need(3, p);
    length = r.view.getUint16(r.pos + 1);
  } // bin 16
  else if (b === 0xc6) {
    size = 5;
    r.need(5, p);
    length = r.view.getUint32(r.pos + 1);
  } // bin 32
  else return r.mismatch("bin", p);
  return r.payload(size, length, r.limits.maxBinaryLength, "a bin", "maxBinaryLength", p);
}

/** Reads an ext header; returns the payload length, leaves the type in `r.extType` (no tuple to allocate per Date). */
export function extHeader(r: Reader, p: string | undefined): number {
  const b = r.head(p);
  let length: number, skip: number;
  switch (b) {
    case 0xd4:
      length = 1;
      skip = 1;
      break; // fixext 1
    case 0xd5:
      length = 2;
      skip = 1;
      break; // fixext 2
    case 0xd6:
      length = 4;
      skip = 1;
      break; // fixext 4
    case 0xd7:
      length = 8;
      skip = 1;
      break; // fixext 8
    case 0xd8:
      length = 16;
      skip = 1;
      break; // fixext 16
    case 0xc7:
      r.need(2, p);
      length = r.bytes[r.pos + 1]!;
      skip = 2;
      break; // ext 8
    case 0xc8:
      r.need(3, p);
      length = r.view.getUint16(r.pos + 1);
      skip = 3;
      break; // ext 16
    case 0xc9:
      r.need(5, p);
      length = r.view.getUint32(r.pos + 1);
      skip = 5;
      break; // ext 32
    default:
      return r.mismatch("ext", p);
  }
  r.limit(length, r.limits.maxBinaryLength, "an ext payload", "maxBinaryLength", p);
  r.need(skip + 1 + length, p);
  r.extType = r.view.getInt8(r.pos + skip);
  r.pos += skip + 1;
  return length;
}

/**
 * Reads the header of the str whose head byte is `b`; returns the payload length and leaves `pos` at
 * the payload. A free function (of strings, skipping and unions) rather than a Reader method, so
 * that a bundle whose types read no str leaves it out.
 */
export function strHeader(r: Reader, b: number, p: string | undefined): number {
  let size: number, length: number;
  if ((b & 0xe0) === 0xa0) {
    size = 1;
    length = b & 0x1f;
  } // fixstr
  else if (b === 0xd9) {
    size = 2;
    r.need(2, p);
    length = r.bytes[r.pos + 1]!;
  } // str 8
  else if (b === 0xda) {
    size = 3;
    r.need(3, p);
    length = r.view.getUint16(r.pos + 1);
  } // str 16
  else if (b === 0xdb) {
    size = 5;
    r.need(5, p);
    length = r.view.getUint32(r.pos + 1);
  } // str 32
  else return r.mismatch("str", p);
  return r.payload(size, length, r.limits.maxStringLength, "a str", "maxStringLength", p);
}
