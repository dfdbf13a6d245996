/**
 * Which error a union reports when no member takes a value (issue 59): the error of the member that
 * got furthest into it — the byte offset of the failure on decode, how far it wrote on encode, then
 * the deepest path — so that members which share a tag (`t: 1` twice) never report a mismatch of a
 * tag that in fact matched. Members that fail at one place list what each expected.
 */
import { encode as peerEncode } from "@msgpack/msgpack";
import { hex } from "../helpers/bytes";
import { load } from "../helpers/compile";
import { fixture } from "../helpers/fixtures";

const m = load<Record<string, any>>("union_errors", fixture("roundtrip/union-errors"));

type Case = [codec: string, value: unknown, encodeMessage: string, decodeMessage: string];
const cases: Case[] = [
  [
    "SharedTag",
    { t: 1, d: { k: 1, v: 5 } },
    "$.d.v: expected a string, got number 5",
    "$.d.v: expected str, got int (0x05) at byte 12",
  ],
  [
    "SharedTag",
    { t: 1, d: { k: 2, w: "s" } },
    '$.d.w: expected a number, got string "s"',
    "$.d.w: expected int or float, got str (0xa1) at byte 12",
  ],
  ["SharedTag", { t: 2, x: 1 }, "$.x: expected a string, got number 1", "$.x: expected str, got int (0x01) at byte 6"],
  // No member's tag matches: each expected value is listed, none reported as the only one.
  ["SharedTag", { t: 3 }, "$.t: expected 1 | 2, got number 3", "$.t: expected 1 | 2, got number 3 at byte 3"],
  [
    "SharedTag",
    { t: 1, d: { k: 3, v: "s" } },
    "$.d.k: expected 1 | 2, got number 3",
    "$.d.k: expected 1 | 2, got number 3 at byte 9",
  ],
  [
    "InArray",
    {
      items: [
        { t: 2, x: "ok" },
        { t: 1, d: { k: 1, v: null } },
      ],
    },
    "$.items[1].d.v: expected a string, got null",
    "$.items[1].d.v: expected str, got nil (0xc0) at byte 29",
  ],
  [
    "Interaction",
    { type: 2, data: { type: 1, name: "ask", options: [{ name: "q", value: true }] } },
    "$.data.options[0].value: expected string | number, got boolean true",
    "$.data.options[0].value: expected string | number, got bool (0xc3) at byte 51",
  ],
  [
    "Interaction",
    { type: 2, data: { type: 2, name: "who", target_id: 7 } },
    "$.data.target_id: expected a string, got number 7",
    "$.data.target_id: expected str, got int (0x07) at byte 38",
  ],
];

test.each(cases)("%s: %j is reported where it is wrong", (name, value, encodeMessage, decodeMessage) => {
  const codec = m[name];
  expect(() => codec.encode(value)).toThrow(encodeMessage);
  const bytes = peerEncode(value);
  let error: unknown;
  try {
    codec.decode(bytes);
  } catch (e) {
    error = e;
  }
  expect({ bytes: hex(bytes), message: (error as Error | undefined)?.message }).toEqual({
    bytes: hex(bytes),
    message: decodeMessage,
  });
});

test("the positional layout reports the same paths", () => {
  const codec = m.SharedTagPositional;
  expect(() => codec.encode({ t: 1, d: { k: 1, v: 5 } })).toThrow("$.d.v: expected a string, got number 5");
  expect(() => codec.decode(peerEncode([1, [1, 5]]))).toThrow("$.d.v: expected str, got int (0x05) at byte 4");
  expect(codec.decode(codec.encode({ t: 1, d: { k: 2, w: 3 } }))).toEqual({ t: 1, d: { k: 2, w: 3 } });
});

test("values the members take still round-trip", () => {
  for (const value of [
    { t: 1, d: { k: 1, v: "s" } },
    { t: 1, d: { k: 2, w: 3 } },
    { t: 2, x: "y" },
  ]) {
    expect(m.SharedTag.decode(m.SharedTag.encode(value))).toEqual(value);
  }
});
