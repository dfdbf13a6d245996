/**
 * Byte-level tools for hostile inputs: a tolerant MessagePack scanner that lists every value's span
 * and header, and mutations (bit flips, truncations, splices, length-field inflation, duplicated map
 * entries, hostile tokens) driven by plain integers so that fast-check can generate and shrink them.
 */
import fc from "fast-check";
import { fromHex } from "../../helpers/bytes";

export type Kind = "nil" | "bool" | "int" | "float" | "str" | "bin" | "array" | "map" | "ext" | "reserved";

export interface Span {
  start: number;
  /** Where the payload (or the first child) starts. */
  body: number;
  end: number;
  kind: Kind;
  /** Payload length (str/bin/ext) or number of elements / entries (array/map). */
  length: number;
  /** ext type byte, for ext spans. */
  extType?: number;
}

/**
 * Every value in `bytes`, in order of appearance (parents before children). Stops quietly at the
 * first thing it cannot parse, so it can be used on already-mutated bytes.
 */
export function scan(bytes: Uint8Array, limit = 100_000): Span[] {
  const spans: Span[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Each stack frame: index into spans of an open container and how many values it still expects.
  const stack: { span: number; pending: number }[] = [];
  let pos = 0;
  const close = (): void => {
    while (stack.length && stack[stack.length - 1]!.pending === 0) {
      const frame = stack.pop()!;
      spans[frame.span]!.end = pos;
    }
  };
  try {
    while (pos < bytes.length && spans.length < limit) {
      const start = pos;
      const b = bytes[pos]!;
      let kind: Kind,
        header = 1,
        length = 0,
        children = 0,
        payload = 0,
        extType: number | undefined;
      const u8 = (at: number) => {
        if (at >= bytes.length) throw new Error("eof");
        return bytes[at]!;
      };
      const u16 = (at: number) => {
        if (at + 2 > bytes.length) throw new Error("eof");
        return view.getUint16(at);
      };
      const u32 = (at: number) => {
        if (at + 4 > bytes.length) throw new Error("eof");
        return view.getUint32(at);
      };
      if (b <= 0x7f || b >= 0xe0) kind = "int";
      else if (b <= 0x8f) {
        kind = "map";
        length = b & 0x0f;
        children = 2 * length;
      } else if (b <= 0x9f) {
        kind = "array";
        length = b & 0x0f;
        children = length;
      } else if (b <= 0xbf) {
        kind = "str";
        length = payload = b & 0x1f;
      } else
        switch (b) {
          case 0xc0:
            kind = "nil";
            break;
          case 0xc1:
            kind = "reserved";
            break;
          case 0xc2:
          case 0xc3:
            kind = "bool";
            break;
          case 0xc4:
            kind = "bin";
            header = 2;
            length = payload = u8(pos + 1);
            break;
          case 0xc5:
            kind = "bin";
            header = 3;
            length = payload = u16(pos + 1);
            break;
          case 0xc6:
            kind = "bin";
            header = 5;
            length = payload = u32(pos + 1);
            break;
          case 0xc7:
            kind = "ext";
            header = 3;
            length = payload = u8(pos + 1);
            extType = u8(pos + 2);
            break;
          case 0xc8:
            kind = "ext";
            header = 4;
            length = payload = u16(pos + 1);
            extType = u8(pos + 3);
            break;
          case 0xc9:
            kind = "ext";
            header = 6;
            length = payload = u32(pos + 1);
            extType = u8(pos + 5);
            break;
          case 0xca:
            kind = "float";
            header = 5;
            break;
          case 0xcb:
            kind = "float";
            header = 9;
            break;
          case 0xcc:
          case 0xd0:
            kind = "int";
            header = 2;
            break;
          case 0xcd:
          case 0xd1:
            kind = "int";
            header = 3;
            break;
          case 0xce:
          case 0xd2:
            kind = "int";
            header = 5;
            break;
          case 0xcf:
          case 0xd3:
            kind = "int";
            header = 9;
            break;
          case 0xd4:
          case 0xd5:
          case 0xd6:
          case 0xd7:
          case 0xd8:
            kind = "ext";
            header = 2;
            length = payload = 1 << (b - 0xd4);
            extType = u8(pos + 1);
            break;
          case 0xd9:
            kind = "str";
            header = 2;
            length = payload = u8(pos + 1);
            break;
          case 0xda:
            kind = "str";
            header = 3;
            length = payload = u16(pos + 1);
            break;
          case 0xdb:
            kind = "str";
            header = 5;
            length = payload = u32(pos + 1);
            break;
          case 0xdc:
            kind = "array";
            header = 3;
            length = children = u16(pos + 1);
            break;
          case 0xdd:
            kind = "array";
            header = 5;
            length = children = u32(pos + 1);
            break;
          case 0xde:
            kind = "map";
            header = 3;
            length = u16(pos + 1);
            children = 2 * length;
            break;
          default:
            kind = "map";
            header = 5;
            length = u32(pos + 1);
            children = 2 * length;
            break; // 0xdf
        }
      if (kind === "reserved") break;
      if (pos + header + payload > bytes.length) break;
      const span: Span = { start, body: start + header, end: start + header + payload, kind, length };
      if (extType !== undefined) span.extType = (extType << 24) >> 24;
      spans.push(span);
      pos = start + header + payload;
      if (stack.length) stack[stack.length - 1]!.pending--;
      if (children > 0) stack.push({ span: spans.length - 1, pending: children });
      close();
    }
  } catch {
    // cut short: keep what was found
  }
  for (const frame of stack) spans[frame.span]!.end = pos;
  return spans;
}

/** The spans that are direct children of `parent` (a container), in order. */
export function childrenOf(spans: Span[], parent: Span): Span[] {
  const out: Span[] = [];
  let at = parent.body;
  for (const s of spans) {
    if (s.start === at && s !== parent && s.start >= parent.body && s.end <= parent.end) {
      out.push(s);
      at = s.end;
    }
  }
  return out;
}

export function concatBytes(...parts: (Uint8Array | number[])[]): Uint8Array {
  const n = parts.reduce((a, p) => a + p.length, 0);
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export { fromHex };

function be32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

/** The header of `kind` with `length` in its 32-bit form (ext keeps its type byte). */
export function header32(kind: Kind, length: number, extType = 0): number[] {
  switch (kind) {
    case "str":
      return [0xdb, ...be32(length)];
    case "bin":
      return [0xc6, ...be32(length)];
    case "array":
      return [0xdd, ...be32(length)];
    case "map":
      return [0xdf, ...be32(length)];
    case "ext":
      return [0xc9, ...be32(length), extType & 0xff];
    default:
      throw new Error(`no length header for ${kind}`);
  }
}

/** Tokens that have broken MessagePack decoders: reserved bytes, bad UTF-8, bad timestamps, lying lengths, prototype keys. */
export const HOSTILE_TOKENS: Record<string, string> = {
  reserved: "c1",
  utf8Truncated: "a2c328",
  utf8Overlong: "a2c0af",
  utf8Surrogate: "a3eda080",
  utf8Above10FFFF: "a4f4908080",
  utf8LongInvalid: "d941" + "61".repeat(64) + "ff",
  timestamp64Nsec: "d7ffee6b280000000000",
  timestamp96Nsec: "c70cff3b9aca000000000000000000",
  timestamp96Range: "c70cff000000007fffffffffffffff",
  timestampBadLength: "d5ff0000",
  uint64Max: "cfffffffffffffffff",
  int64Min: "d38000000000000000",
  float32NaN: "ca7fc00000",
  float64NegZero: "cb8000000000000000",
  protoMap: "81a95f5f70726f746f5f5f81a8706f6c6c75746564c3",
  constructorMap: "81ab636f6e7374727563746f7281a970726f746f7479706581a8706f6c6c75746564c3",
  str4G: "dbffffffff61",
  array4G: "ddffffffff",
  map4G: "dfffffffff",
  bin4G: "c6ffffffff00",
  ext4G: "c9ffffffff01",
  emptyMap: "80",
  emptyArray: "90",
  nil: "c0",
  intKeyMap: "810102",
  nilKeyMap: "81c001",
  nestedArrayKeyMap: "819001",
  deepArrays: "91".repeat(1200) + "c0",
  deepMaps: "81a16b".repeat(1200) + "c0",
};
const TOKEN_LIST = Object.values(HOSTILE_TOKENS).map(fromHex);

export interface Mutation {
  op:
    | "flip"
    | "set"
    | "truncate"
    | "delete"
    | "insert"
    | "swap"
    | "inflate"
    | "deflate"
    | "dupEntry"
    | "token"
    | "nest";
  a: number;
  b: number;
  data: Uint8Array;
}

const INTERESTING_BYTES = [
  0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcf,
  0xd3, 0xd4, 0xd7, 0xd8, 0xd9, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xff,
];

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom<Mutation["op"]>(
    "flip",
    "set",
    "truncate",
    "delete",
    "insert",
    "swap",
    "inflate",
    "inflate",
    "deflate",
    "dupEntry",
    "dupEntry",
    "token",
    "nest",
  ),
  a: fc.nat(),
  b: fc.nat(),
  data: fc.uint8Array({ maxLength: 8 }),
});

export const mutationsArb: fc.Arbitrary<Mutation[]> = fc.array(mutationArb, { minLength: 1, maxLength: 4 });

/** Lengths an inflated header may claim, given the true one. */
function inflatedLength(length: number, b: number): number {
  const choices = [
    length + 1,
    length + 2,
    length * 2 + 1,
    0xff,
    0x100,
    0xffff,
    0x10000,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    16 * 1024 * 1024 + 1,
    64 * 1024 * 1024 + 1,
  ];
  return choices[b % choices.length]! >>> 0;
}

/** Applies one mutation; never throws, may return the bytes unchanged. */
export function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
  const n = bytes.length;
  switch (m.op) {
    case "flip": {
      if (n === 0) return bytes;
      const out = bytes.slice();
      out[m.a % n]! ^= 1 << (m.b % 8);
      return out;
    }
    case "set": {
      if (n === 0) return bytes;
      const out = bytes.slice();
      out[m.a % n] = m.b % 2 === 0 ? INTERESTING_BYTES[m.b % INTERESTING_BYTES.length]! : m.b & 0xff;
      return out;
    }
    case "truncate":
      return n === 0 ? bytes : bytes.slice(0, m.a % n);
    case "delete": {
      if (n === 0) return bytes;
      const at = m.a % n;
      return concatBytes(bytes.subarray(0, at), bytes.subarray(Math.min(n, at + 1 + (m.b % 8))));
    }
    case "insert": {
      const at = m.a % (n + 1);
      return concatBytes(bytes.subarray(0, at), m.data, bytes.subarray(at));
    }
  }
  const spans = scan(bytes);
  if (spans.length === 0) return m.op === "token" || m.op === "nest" ? mutate(bytes, { ...m, op: "insert" }) : bytes;
  const target = spans[m.a % spans.length]!;
  const replace = (with_: Uint8Array | number[]) =>
    concatBytes(bytes.subarray(0, target.start), with_, bytes.subarray(target.end));
  switch (m.op) {
    case "swap": {
      const donor = spans[m.b % spans.length]!;
      return replace(bytes.slice(donor.start, donor.end));
    }
    case "token":
      return replace(TOKEN_LIST[m.b % TOKEN_LIST.length]!);
    case "nest": {
      const levels = [1, 2, 999, 1000, 1001, 1500, 20000][m.b % 7]!;
      return replace(concatBytes(new Uint8Array(levels).fill(0x91), bytes.subarray(target.start, target.end)));
    }
    case "inflate":
    case "deflate": {
      const headers = spans.filter(
        (s) => s.kind === "str" || s.kind === "bin" || s.kind === "array" || s.kind === "map" || s.kind === "ext",
      );
      if (headers.length === 0) return bytes;
      const h = headers[m.a % headers.length]!;
      const length =
        m.op === "inflate" ? inflatedLength(h.length, m.b) : Math.max(0, h.length - 1 - (m.b % 2 ? h.length : 0));
      const payloadStart = h.kind === "array" || h.kind === "map" ? h.body : h.end - h.length;
      return concatBytes(bytes.subarray(0, h.start), header32(h.kind, length, h.extType), bytes.subarray(payloadStart));
    }
    case "dupEntry": {
      const containers = spans.filter((s) => (s.kind === "array" || s.kind === "map") && s.length > 0);
      if (containers.length === 0) return bytes;
      const c = containers[m.a % containers.length]!;
      const kids = childrenOf(spans, c);
      const width = c.kind === "map" ? 2 : 1;
      const entries = Math.floor(kids.length / width);
      if (entries === 0) return bytes;
      const e = m.b % entries;
      const entry = bytes.slice(kids[e * width]!.start, kids[e * width + width - 1]!.end);
      // The copy goes last, so a duplicated key arrives after the original.
      return concatBytes(
        bytes.subarray(0, c.start),
        header32(c.kind, c.length + 1),
        bytes.subarray(c.body, c.end),
        entry,
        bytes.subarray(c.end),
      );
    }
  }
  return bytes;
}

export function applyAll(bytes: Uint8Array, ms: Mutation[]): Uint8Array {
  let out = bytes;
  for (const m of ms) out = mutate(out, m);
  return out;
}
