/**
 * Flag enums (issue 59, model/flag-enums.ts): a numeric enum whose members are distinct powers of
 * two (0 beside them if declared) takes any OR-combination of its members, 0 included, on encode
 * and decode; every other numeric enum stays closed. Discord's MessageFlags is the model.
 */
import { encode as peerEncode } from "@msgpack/msgpack";
import { hex } from "../helpers/bytes";
import { load } from "../helpers/compile";
import { fixture } from "../helpers/fixtures";

const m = load<Record<string, any>>("flag_enums", fixture("roundtrip/flag-enums"));

test("combined flags round-trip, and decode from @msgpack/msgpack's bytes", () => {
  const message = { id: "1", content: "hi", flags: 1 | 4 | 4096 };
  const bytes = m.Message.encode(message);
  expect(hex(bytes)).toBe(hex(peerEncode(message)));
  expect(m.Message.decode(bytes)).toEqual({ ...message, direction: undefined, level: undefined });
});

test.each([0, 1, 5, 0b11111111, 1 | 8192, 0x31ff])("flags %d: encoded as an int, decoded back", (flags) => {
  const bytes = m.Flags.encode(flags);
  expect(hex(bytes)).toBe(hex(peerEncode(flags)));
  expect(m.Flags.decode(bytes)).toBe(flags);
  expect(m.FlagsOrText.decode(m.FlagsOrText.encode(flags))).toBe(flags);
});

test("a float that holds a combination decodes; -0 is 0", () => {
  expect(m.Flags.decode(Uint8Array.of(0xcb, 0x40, 0x14, 0, 0, 0, 0, 0, 0))).toBe(5);
  expect(Object.is(m.Flags.decode(Uint8Array.of(0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0)), 0)).toBe(true);
  expect(hex(m.Flags.encode(-0))).toBe("00");
});

const BITS = "a combination of 1, 2, 4, 8, 16, 32, 64, 128, 256, 4096, 8192";
test.each([
  [512, `$: expected ${BITS}, got number 512`],
  [-1, `$: expected ${BITS}, got number -1`],
  [1.5, `$: expected ${BITS}, got number 1.5`],
  [2 ** 53, `$: expected ${BITS}, got number 9007199254740992`],
])("%p is no combination of the bits, both ways", (value, message) => {
  expect(() => m.Flags.encode(value)).toThrow(message);
  expect(() => m.Flags.decode(peerEncode(value))).toThrow(message + " at byte 0");
});

test("a string is no flags", () => {
  expect(() => m.Flags.encode("5")).toThrow(`$: expected ${BITS}, got string "5"`);
  expect(() => m.Flags.decode(peerEncode("5"))).toThrow("$: expected int or float, got str (0xa1) at byte 0");
});

test("in a union, a number that is no combination is none of the members", () => {
  expect(() => m.FlagsOrText.encode(512)).toThrow(`$: expected string | ${BITS}, got number 512`);
  expect(m.FlagsOrText.decode(m.FlagsOrText.encode("x"))).toBe("x");
});

test("other numeric enums stay closed", () => {
  expect(() => m.Message.encode({ id: "1", content: "", direction: 3 })).toThrow(
    "$.direction: expected 0 | 1 | 2, got number 3",
  );
  expect(() => m.Message.decode(peerEncode({ id: "1", content: "", level: 5 }))).toThrow(
    "$.level: expected 1 | 2 | 3 | 4, got number 5 at byte 21",
  );
});

test("bits beyond 2^32 combine and are checked in both halves", () => {
  const all = 1 + 2 ** 40 + 2 ** 52;
  for (const v of [0, 1, 2 ** 40, 2 ** 52 + 1, all]) {
    expect(hex(m.WideCodec.encode(v))).toBe(hex(peerEncode(v)));
    expect(m.WideCodec.decode(m.WideCodec.encode(v))).toBe(v);
  }
  const message = "$: expected a combination of 1, 1099511627776, 4503599627370496, got number";
  for (const v of [2, 2 ** 41, 2 ** 40 + 2, 2 ** 33]) {
    expect(() => m.WideCodec.encode(v)).toThrow(`${message} ${v}`);
    expect(() => m.WideCodec.decode(peerEncode(v))).toThrow(`${message} ${v} at byte 0`);
  }
});

test("an enum of bits 1 and 2 only, two flag enums in one union: closed", () => {
  expect(m.PairCodec.decode(m.PairCodec.encode(2))).toBe(2);
  expect(() => m.PairCodec.encode(3)).toThrow("$: expected 1 | 2, got number 3");
  expect(m.TwoEnums.decode(m.TwoEnums.encode(4096))).toBe(4096);
  expect(() => m.TwoEnums.encode(5)).toThrow(/^\$: expected 1 \| 2 \| 4 \| 8 .*, got number 5$/);
  expect(() => m.TwoEnums.decode(peerEncode(3))).toThrow(/got number 3 at byte 0$/);
});

test("a flag enum beside number is a number", () => {
  expect(m.FlagsOrNumber.decode(m.FlagsOrNumber.encode(1.5))).toBe(1.5);
  expect(m.FlagsOrNumber.decode(m.FlagsOrNumber.encode(512))).toBe(512);
});

test("a one-bit enum is a closed literal, and tags a union member", () => {
  const big = { kind: 8, size: 3 };
  expect(m.TaggedCodec.decode(m.TaggedCodec.encode(big))).toEqual(big);
  expect(m.TaggedCodec.decode(m.TaggedCodec.encode({ kind: 2, name: "n" }))).toEqual({ kind: 2, name: "n" });
  expect(() => m.TaggedCodec.encode({ kind: 0, size: 3 })).toThrow(/^\$: expected .* got an object$/);
  expect(() => m.TaggedCodec.decode(peerEncode({ kind: 0, size: 3 }))).toThrow(
    `$: expected property "kind" to be one of 8 | 2 at byte 0`,
  );
});

test("flags: 0 from a real payload, with every other field of a message", () => {
  const wire = { id: "1", content: "", flags: 0, direction: 1, level: 3 };
  expect(m.Message.decode(peerEncode(wire))).toEqual(wire);
});
