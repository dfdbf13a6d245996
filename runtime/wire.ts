// What both directions share: format families, the depth limit, and the shape of pre-encoded bytes
// (made by writer.ts, compared by reader.ts), so that the reader needs nothing of the writer.

/** Deep enough for any sane document, shallow enough that V8's default stack never overflows first. */
export const DEFAULT_MAX_DEPTH = 1000;

/** 2^32, the weight of the high word of a 64-bit int or timestamp seconds. */
export const TWO_32 = 0x1_0000_0000;

/**
 * Bytes pre-encoded by `constants` and `keys`, with their big-endian 32-bit words, the last one
 * padded with zeros: `Writer.put` copies short ones four bytes at a time, the padded word included,
 * and `readKey` (strings.ts) compares their whole words, then the 0-3 bytes after them, in the
 * bytes: fewer compares than byte by byte (`node bench/ab.js hand flat dec`).
 */
export interface PreEncoded extends Uint8Array {
  readonly words: Int32Array;
}

/** A literal union's values pre-encoded, in order; `decoded` (the values) and `description` for decoders and errors. */
export interface Literals extends Array<PreEncoded> {
  readonly decoded: readonly (string | number | boolean)[];
  /** `"a" | "b"`, as error messages name the set. */
  readonly description: string;
  /**
   * The first offset at which every entry has a byte of its own (1 for `"list" | "item"`), and
   * which entry each byte value there belongs to (-1: none), so that a decoder compares one entry
   * instead of each in turn; `byByte` is undefined when no offset tells them all apart.
   */
  readonly distinctAt: number;
  readonly byByte: Int16Array | undefined;
}

/** MessagePack format families, as the head byte announces them. */
export const NIL = 0,
  BOOL = 1,
  INT = 2,
  FLOAT = 3,
  STR = 4,
  BIN = 5,
  ARRAY = 6,
  MAP = 7,
  EXT = 8,
  NEVER_USED = 9;

const FAMILY_NAMES = ["nil", "bool", "int", "float", "str", "bin", "array", "map", "ext", "the reserved byte 0xc1"];

/** Family of every head byte; computed once, read-only afterwards. */
export const FAMILY: Uint8Array = (() => {
  // Filled by ranges (60 bytes less min+gz in every app than a switch per byte).
  const table = new Uint8Array(256).fill(INT); // positive fixint 0x00-0x7f, negative fixint 0xe0-0xff
  table.fill(MAP, 0x80, 0x90); // fixmap
  table.fill(ARRAY, 0x90, 0xa0); // fixarray
  table.fill(STR, 0xa0, 0xc0); // fixstr
  table[0xc0] = NIL; // nil
  table[0xc1] = NEVER_USED; // never used
  table.fill(BOOL, 0xc2, 0xc4); // false, true
  table.fill(BIN, 0xc4, 0xc7); // bin 8/16/32
  table.fill(EXT, 0xc7, 0xca); // ext 8/16/32
  table.fill(FLOAT, 0xca, 0xcc); // float 32/64
  // 0xcc-0xd3 uint/int 8..64 stay INT
  table.fill(EXT, 0xd4, 0xd9); // fixext 1..16
  table.fill(STR, 0xd9, 0xdc); // str 8/16/32
  table.fill(ARRAY, 0xdc, 0xde); // array 16/32
  table.fill(MAP, 0xde, 0xe0); // map 16/32
  return table;
})();

/** "int (0xcd)" — how an error message names what it found. */
export function describeHead(b: number): string {
  return `${FAMILY_NAMES[FAMILY[b]!]} (0x${b.toString(16).padStart(2, "0")})`;
}
