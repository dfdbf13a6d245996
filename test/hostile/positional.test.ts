/**
 * Hostile input for the positional layout (issue 17): lying array headers, lengths outside the
 * rules, deep nesting of a recursive type, truncation at every byte and single-byte mutations —
 * each a CodecError with code, path and offset, never a TypeError, a hang or a stack overflow.
 */
import { encode as msgpackEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { bestTime, cat, decodeError, expectCodecError, fromHex } from "./lib";

const P = load<Record<string, Codec<any>>>(
  "hostile_positional",
  `
import { codecFor } from "typed-msgpack";
export interface Item { sku: string; price: number; note?: string }
export type Mark = { kind: "pin"; at: number } | { kind: "line"; from: number; to: number };
export interface Order { id: number; tag?: string; items: Item[]; marks: Mark[]; gift?: boolean }
export interface Tree { value: number; children: Tree[] }
export const OrderC = codecFor<Order>({ layout: "positional" });
export const TreeC = codecFor<Tree>({ layout: "positional" });
export const Items = codecFor<Item[]>({ layout: "positional" });
`,
);

const ORDER = {
  id: 7,
  tag: "t",
  items: [{ sku: "ab", price: 1.5, note: "n" }],
  marks: [
    { kind: "pin", at: 1 },
    { kind: "line", from: 2, to: 3 },
  ],
  gift: true,
};

test("an array 32 claiming 2^32-1 elements as an object fails at the header, in microseconds", () => {
  const bytes = fromHex("ddffffffff 07");
  expectCodecError(() => P.OrderC!.decode(bytes), { code: "out-of-range", path: "$", offset: 0 });
  expect(bestTime(() => P.OrderC!.decode(bytes))).toBeLessThan(5);
});

test("an object's array declaring 1000 elements with few present is incomplete at the header; one of 4 elements is a length mismatch", () => {
  expectCodecError(() => P.Items!.decode(fromHex("91 dc03e8 a0")), {
    code: "incomplete",
    path: "$[0]",
    offset: 4,
    message: /array claims 1000 elements but only 1 bytes remain/,
  });
  expectCodecError(() => P.Items!.decode(fromHex("91 94 a0 00 a0 00")), {
    code: "type-mismatch",
    path: "$[0]",
    offset: 1,
    message: /expected a tuple of 2 to 3 elements, got an array of 4/,
  });
});

test("a union member's array too short for its discriminant's index", () => {
  const bytes = msgpackEncode([7, null, [], [[]]]);
  expectCodecError(() => P.OrderC!.decode(bytes), {
    code: "type-mismatch",
    path: "$.marks[0]",
    offset: 5,
    message: /expected property "kind" to be one of "pin" \| "line"/,
  });
});

test("a union member read after its tag (the header and tag read once) and the paths back to the start", () => {
  // [7, nil, [], [<mark>]]: the mark at byte 5, its tag at byte 6.
  const order = (mark: string) => cat("94 07 c0 90 91", mark);
  // As encoders write it: the fast path.
  expect(P.OrderC!.decode(order("92 a3 70696e 01"))).toEqual({ id: 7, items: [], marks: [{ kind: "pin", at: 1 }] });
  // The tag in a str 8 (not as encoders write it): read by value, from the start.
  expect(P.OrderC!.decode(order("92 d903 70696e 01"))).toEqual({ id: 7, items: [], marks: [{ kind: "pin", at: 1 }] });
  // The right tag, the wrong length: the member's own error at the array's header.
  expectCodecError(() => P.OrderC!.decode(order("93 a3 70696e 01 02")), {
    code: "type-mismatch",
    path: "$.marks[0]",
    offset: 5,
    message: /expected a tuple of 2 elements, got an array of 3/,
  });
  expectCodecError(() => P.OrderC!.decode(order("92 a4 6c696e65 01")), {
    code: "type-mismatch",
    path: "$.marks[0]",
    offset: 5,
    message: /expected a tuple of 3 elements, got an array of 2/,
  });
  // A value after the tag of the wrong type: its path and offset.
  expectCodecError(() => P.OrderC!.decode(order("92 a3 70696e a0")), {
    code: "type-mismatch",
    path: "$.marks[0].at",
    offset: 10,
  });
  // Another tag, and an empty array.
  expectCodecError(() => P.OrderC!.decode(order("92 a3 706f70 01")), {
    code: "type-mismatch",
    path: "$.marks[0]",
    offset: 5,
    message: /expected property "kind" to be one of "pin" \| "line"/,
  });
  expectCodecError(() => P.OrderC!.decode(order("90")), {
    code: "type-mismatch",
    path: "$.marks[0]",
    offset: 5,
    message: /expected property "kind"/,
  });
});

test("100k nested arrays into a recursive positional type: too-deep, fast, no stack overflow", () => {
  const depth = 100_000;
  const bytes = cat(...Array.from({ length: depth }, () => "92 01 91"), "92 01 90");
  const e = decodeError(() => P.TreeC!.decode(bytes));
  expect(e.code).toBe("too-deep");
  expect(bestTime(() => P.TreeC!.decode(bytes))).toBeLessThan(50);
});

describe("a positional message", () => {
  const good = P.OrderC!.encode(ORDER);

  test("every proper prefix is incomplete", () => {
    for (let n = 0; n < good.length; n++) {
      expect({ n, code: decodeError(() => P.OrderC!.decode(good.subarray(0, n))).code }).toEqual({
        n,
        code: "incomplete",
      });
    }
  });

  test("a trailing byte is trailing-bytes", () => {
    expectCodecError(() => P.OrderC!.decode(cat(good, "00")), {
      code: "trailing-bytes",
      path: "$",
      offset: good.length,
    });
  });

  test("every single-byte mutation decodes to an Order that encodes again, or fails with a CodecError", () => {
    const codes = new Set<string>();
    for (let i = 0; i < good.length; i++) {
      for (const b of [0x00, 0x90, 0x91, 0x95, 0x9f, 0xa0, 0xc0, 0xc1, 0xc3, 0xcb, 0xdc, 0xff]) {
        const bytes = Uint8Array.from(good);
        bytes[i] = b;
        let value: unknown;
        try {
          value = P.OrderC!.decode(bytes);
        } catch {
          codes.add(decodeError(() => P.OrderC!.decode(bytes)).code);
          continue;
        }
        expect(() => P.OrderC!.encode(value as never)).not.toThrow();
      }
    }
    expect([...codes]).toEqual(expect.arrayContaining(["type-mismatch", "malformed", "incomplete"]));
  });
});
