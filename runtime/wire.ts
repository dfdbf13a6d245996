/** MessagePack format families, as the head byte announces them. */
export const NIL = 0, BOOL = 1, INT = 2, FLOAT = 3, STR = 4, BIN = 5, ARRAY = 6, MAP = 7, EXT = 8, NEVER_USED = 9;

const FAMILY_NAMES = ["nil", "bool", "int", "float", "str", "bin", "array", "map", "ext", "the reserved byte 0xc1"];

/** Family of every head byte; computed once, read-only afterwards. */
export const FAMILY: Uint8Array = (() => {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) table[b] = familyOf(b);
  return table;
})();

function familyOf(b: number): number {
  if (b <= 0x7f || b >= 0xe0) return INT; // positive / negative fixint
  if (b <= 0x8f) return MAP; // fixmap
  if (b <= 0x9f) return ARRAY; // fixarray
  if (b <= 0xbf) return STR; // fixstr
  switch (b) {
    case 0xc0: return NIL;
    case 0xc1: return NEVER_USED;
    case 0xc2: case 0xc3: return BOOL;
    case 0xc4: case 0xc5: case 0xc6: return BIN;
    case 0xc7: case 0xc8: case 0xc9: return EXT; // ext 8/16/32
    case 0xca: case 0xcb: return FLOAT;
    case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8: return EXT; // fixext 1..16
    case 0xd9: case 0xda: case 0xdb: return STR;
    case 0xdc: case 0xdd: return ARRAY;
    case 0xde: case 0xdf: return MAP;
    default: return INT; // 0xcc-0xd3: uint/int 8..64
  }
}

/** "int (0xcd)" — how an error message names what it found. */
export function describeHead(b: number): string {
  return `${FAMILY_NAMES[FAMILY[b]!]} (0x${b.toString(16).padStart(2, "0")})`;
}
