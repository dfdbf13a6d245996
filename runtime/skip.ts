/**
 * Skipping a value of any type (unknown keys, union tags found late, `unknown`'s neighbours), and
 * the bin and ext headers that skipping shares with extended.ts and dynamic.ts. Free functions, so
 * that a bundle whose types read no object, bin or ext leaves them out.
 */
import { NOT_UTF8, RESERVED_BYTE } from "./errors.js";
import type { Reader } from "./reader.js";
import { decodeUtf8 } from "./utf8.js";
import { ARRAY, BIN, BOOL, EXT, FAMILY, FLOAT, INT, MAP, NIL, STR } from "./wire.js";

/** Skips one value of any type without building it; iterative, so hostile nesting cannot overflow the stack. */
export function skip(r: Reader, p?: string): void {
  let pending = 1;
  while (pending > 0) {
    pending--;
    const b = r.head(p);
    switch (FAMILY[b]) {
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
      case ARRAY:
        pending += r.arrayHeader(p);
        break;
      case MAP:
        pending += 2 * r.mapHeader(p);
        break;
      case EXT: {
        const length = extHeader(r, p);
        r.pos += length;
        break;
      } // not `pos += extHeader()`: that reads pos before the header moves it
      default:
        r.fail("malformed", RESERVED_BYTE, p);
    }
  }
}

/** Skips a str, still checking its UTF-8: input that is not MessagePack is refused even where it is ignored. */
function skipString(r: Reader, b: number, p: string | undefined): void {
  const at = r.pos;
  const length = r.strHeader(b, p);
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
