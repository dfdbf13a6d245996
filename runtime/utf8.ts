/**
 * UTF-8 for strings. Short strings go through plain JS loops (a call into TextEncoder/TextDecoder
 * costs more than the loop for them); long ones go to the platform codec.
 */

/** Strings of at most this many UTF-16 units are encoded by the JS loop below, longer ones by encodeInto (`node bench/utf8-threshold.js`). */
export const SHORT_ENCODE_LIMIT = 24;
/**
 * Strings of at most this many bytes are decoded by the JS loop below; longer ones by TextDecoder,
 * which wins from about 24 bytes (`node bench/utf8-threshold.js`).
 */
export const SHORT_DECODE_LIMIT = 20;

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Writes `s` as UTF-8 at `pos`; `bytes` must have room for `3 * s.length` bytes.
 * A lone surrogate becomes U+FFFD, exactly as TextEncoder does. Returns the new position.
 */
export function encodeUtf8(s: string, bytes: Uint8Array, pos: number): number {
  const length = s.length;
  if (length > SHORT_ENCODE_LIMIT) return pos + encoder.encodeInto(s, bytes.subarray(pos)).written;
  for (let i = 0; i < length; i++) {
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

/**
 * Decodes `length` bytes at `start` as strict UTF-8. Returns undefined for invalid UTF-8
 * (overlong forms, surrogates, truncated sequences), so the caller can raise an error with context.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, length: number): string | undefined {
  if (length > SHORT_DECODE_LIMIT) {
    try {
      return strictDecoder.decode(bytes.subarray(start, start + length));
    } catch {
      return undefined;
    }
  }
  const end = start + length;
  // Code units go into an array turned into a string by one call: a flat string, where `+=` per
  // character would build a rope of tiny strings for the GC to walk.
  const units: number[] = [];
  let i = start;
  while (i < end) {
    const b = bytes[i++]!;
    if (b < 0x80) {
      units.push(b);
      continue;
    }
    let c: number;
    if (b >= 0xc2 && b <= 0xdf) {
      if (i >= end) return undefined;
      const b1 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80) return undefined;
      c = ((b & 0x1f) << 6) | (b1 & 0x3f);
    } else if (b >= 0xe0 && b <= 0xef) {
      if (i + 1 >= end) return undefined;
      const b1 = bytes[i++]!, b2 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return undefined;
      c = ((b & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      if (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)) return undefined;
    } else if (b >= 0xf0 && b <= 0xf4) {
      if (i + 2 >= end) return undefined;
      const b1 = bytes[i++]!, b2 = bytes[i++]!, b3 = bytes[i++]!;
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) return undefined;
      c = ((b & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
      if (c < 0x10000 || c > 0x10ffff) return undefined;
      c -= 0x10000;
      units.push(0xd800 + (c >> 10), 0xdc00 + (c & 0x3ff));
      continue;
    } else {
      return undefined;
    }
    units.push(c);
  }
  return String.fromCharCode.apply(null, units);
}
