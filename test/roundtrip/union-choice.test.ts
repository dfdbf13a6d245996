/**
 * Members of a union that share a JS-side test are chosen by one rule in both directions, as the
 * union's plan in the type model says (docs/type-mapping.md, "Unions"): the first member that takes the value
 * whole (no object at any depth with a property its type does not declare), else the first that
 * takes it at all; object members are narrowed by their keys first. Encode used to take the first
 * member that did not fail, which for `{ a: number }[] | { a: number; b: number }[]` wrote
 * `[{ a: 1, b: 2 }]` as `[{ a: 1 }]`, and object members by their top-level keys alone, which
 * wrote `{ x: [{ a: 1, b: 2 }] }` of `{ x: A[] } | { x: AB[] }` as `{ x: [{ a: 1 }] }`: these
 * cases, their nesting, and properties over generated unions of arrays, tuples and objects of objects.
 */
import * as fc from "fast-check";
import { encode as peerEncode } from "@msgpack/msgpack";
import { hex } from "../helpers/bytes";
import { load } from "../helpers/compile";
import { fixture } from "../helpers/fixtures";

const m = load<Record<string, any>>("union_choice", fixture("roundtrip/union-choice"));

const cases: [string, unknown][] = [
  ["Arrays", [{ a: 1, b: 2 }]],
  ["Arrays", [{ a: 1 }]],
  ["Arrays", []],
  ["Tuples", [{ a: 1, b: 2 }]],
  ["Tuples", [{ a: 1 }]],
  ["InRecord", { k: [{ a: 1, b: 2 }], j: [{ a: 3 }] }],
  ["InProperty", { x: [{ a: 1, b: 2 }] }],
  [
    "InMap",
    new Map([
      ["k", [{ a: 1, b: 2 }]],
      ["j", [{ a: 3 }]],
    ]),
  ],
  ["Optionals", [{ a: 1, c: "kept" }]],
  ["Optionals", [{ a: 1, b: "kept" }]],
  ["Deep", [{ inner: [{ a: 1, b: 2 }] }]],
  ["ArrayOfUnion", [[{ a: 1 }], [{ a: 1, b: 2 }]]],
  ["NestedArrays", { x: [{ a: 1, b: 2 }] }],
  ["NestedArrays", { x: [{ a: 1 }] }],
  ["NestedObjects", { x: { a: 1, b: 2 } }],
  ["NestedObjects", { x: { a: 1 } }],
  ["SameKeys", { a: 1 }],
  ["SameKeys", { a: "one" }],
  ["RecordOrObject", { a: 1 }],
  ["RecordOrObject", { a: 1, z: 2 }],
  ["Records", { k: { a: 1, b: 2 }, j: { a: 3, b: 4 } }],
  ["Records", { k: { a: 1 } }],
  ["ObjectsInRecord", { k: { x: { a: 1, b: 2 } }, j: { x: { a: 3 } } }],
  [
    "ObjectsInMap",
    new Map([
      ["k", { x: [{ a: 1, b: 2 }] }],
      ["j", { x: [{ a: 3 }] }],
    ]),
  ],
  ["ObjectsInProperty", [{ o: { x: { a: 1, b: 2 } } }, { o: { x: { a: 1 } } }]],
  ["TuplesOfObjects", [{ x: { a: 1, b: 2 } }]],
  ["OptionalTupleElement", [1, { x: { a: 1, b: 2 } }]],
  ["Disjoint", { b: 1 }],
];

test.each(cases)("%s: %p round-trips whole, and decodes from @msgpack/msgpack's bytes whole", (name, value) => {
  const codec = m[name];
  const bytes = codec.encode(value);
  expect(codec.decode(bytes)).toEqual(value);
  if (!(value instanceof Map)) {
    // Same bytes as a generic encoder writes: nothing left out.
    expect(hex(bytes)).toBe(hex(peerEncode(value)));
    expect(codec.decode(peerEncode(value))).toEqual(value);
  }
});

test("a value no member takes whole goes to the first that takes it, without the undeclared property", () => {
  expect(m.Arrays.decode(m.Arrays.encode([{ a: 1, z: 9 }]))).toEqual([{ a: 1 }]);
  expect(m.Optionals.decode(m.Optionals.encode([{ a: 1, b: "x", c: "y" }]))).toEqual([{ a: 1, b: "x" }]);
});

test("a value no member takes at all is the error of the member that got furthest, with its path", () => {
  expect(() => m.InProperty.encode({ x: [{ a: "one" }] })).toThrow('$.x[0].a: expected a number, got string "one"');
  // Members that fail at one place list what each expected (test/roundtrip/union-errors.test.ts).
  expect(() => m.SameKeys.encode({ a: true })).toThrow("$.a: expected a string | a number, got boolean true");
  expect(() => m.SameKeys.decode(peerEncode({ a: true }))).toThrow(
    "$.a: expected str | int or float, got bool (0xc3) at byte 3",
  );
});

describe("members are chosen by own keys, never by names every object inherits", () => {
  test.each([
    ["InheritedRequired", { x: "s" }, "81" + "a178" + "a173"],
    ["InheritedRequired", { valueOf: "x", x: true }, "82" + "a776616c75654f66" + "a178" + "a178" + "c3"],
    ["InheritedOnly", {}, "80"],
    ["InheritedOnly", { a: 1 }, "81" + "a161" + "01"],
    ["InheritedTag", { constructor: "a", n: 1 }, "82" + "ab636f6e7374727563746f72" + "a161" + "a16e" + "01"],
  ])("%s: %p", (name, value, wire) => {
    const bytes = m[name].encode(value);
    expect(hex(bytes)).toBe(wire);
    expect(m[name].decode(bytes)).toEqual(value);
  });
  test("a value without the tag is a mismatch of the tag, not of an inherited member", () => {
    expect(() => m.InheritedTag.encode({ n: 1 })).toThrow(/^\$: expected/);
  });
});

test("nil for an optional property decodes as the member an encoder would have chosen", () => {
  // Encode refuses null for `a?: number`, so `{ a: null }` is the Record's; decode agrees, whichever member is first.
  expect(hex(m.AbsentOrNull.encode({ a: null }))).toBe("81a161c0");
  expect(m.AbsentOrNull.decode(m.AbsentOrNull.encode({ a: null }))).toEqual({ a: null });
  expect(m.AbsentOrNull.decode(m.AbsentOrNull.encode({ a: 1 }))).toEqual({ a: 1 });
  expect(m.AbsentOrNull.decode(m.AbsentOrNull.encode({}))).toEqual({});
});

test("positional: nil as the last element is null of the member that has it, not an absent property", () => {
  expect(hex(m.PositionalAbsentOrNull.encode({ k: null }))).toBe("91c0");
  expect(m.PositionalAbsentOrNull.decode(m.PositionalAbsentOrNull.encode({ k: null }))).toEqual({ k: null });
  expect(m.PositionalAbsentOrNull.decode(m.PositionalAbsentOrNull.encode({ v: true }))).toEqual({ v: true });
  expect(m.PositionalAbsentOrNull.decode(m.PositionalAbsentOrNull.encode({}))).toEqual({ v: undefined });
  // An absent property before a present one is nil, of the first member, as the encoder wrote it.
  expect(hex(m.PositionalMiddle.encode({ b: true }))).toBe("92c0c3");
  expect(m.PositionalMiddle.decode(m.PositionalMiddle.encode({ b: true }))).toEqual({
    a: undefined,
    b: true,
    c: undefined,
  });
  expect(m.PositionalMiddle.decode(m.PositionalMiddle.encode({ k: null }))).toEqual({ k: null });
  // Bytes no encoder writes still decode, leniently, as the first member.
  expect(m.PositionalMiddle.decode(Uint8Array.of(0x92, 0x01, 0xc0))).toEqual({ a: 1, b: undefined, c: undefined });
});

test("the model plans each union's choice once, for both directions", () => {
  const { compile } = require("../helpers/compile") as typeof import("../helpers/compile");
  const { model } = compile("union_choice_plans", fixture("roundtrip/union-choice-plans"));
  const roots = Object.values(model!.codecs).map((c) => c.root);
  const plans = roots.map((root) => (root.kind === "union" ? root.plan : undefined));
  expect(plans.map((plan) => plan?.encode.map((c) => c.by))).toEqual([
    ["tag"],
    ["keys"],
    ["keysThenTry"],
    ["only", "try"],
  ]);
  expect(plans.map((plan) => plan?.decode.map((entry) => [entry.families.join("+"), entry.choice.by]))).toEqual([
    [["MAP", "tag"]],
    [["MAP", "keys"]],
    [["MAP", "keysThenTry"]],
    [
      ["STR", "only"],
      ["ARRAY", "try"],
    ],
  ]);
  // (`string` comes before declared types: model/order.ts.) What a strict attempt reaches checks for undeclared properties; nothing else carries the check.
  const tried = Object.entries(model!.named)
    .filter(([, t]) => t.shape.kind === "object" && t.shape.triedStrictly)
    .map(([, t]) => t.display)
    .sort();
  expect(tried).toEqual(["A", "AB", "{ x: A[]; }", "{ x: AB[]; }"].sort());
});

// ---- property: generated unions of 2–3 members, each an array or a one-element tuple of objects
// over properties a–d (each required, optional or absent); values made from one member whole.

interface Member {
  container: "array" | "tuple";
  props: [name: string, optional: boolean][];
}

const NAMES = ["a", "b", "c", "d"];
const member = fc.record({
  container: fc.constantFrom<"array" | "tuple">("array", "tuple"),
  props: fc
    .subarray(NAMES, { minLength: 1 })
    .chain((names) => fc.tuple(...names.map((n) => fc.tuple(fc.constant(n), fc.boolean())))),
}) as fc.Arbitrary<Member>;
const unions = fc.sample(fc.array(member, { minLength: 2, maxLength: 3 }), { numRuns: 24, seed: 20261125 });

function typeText(u: Member[]): string {
  return u
    .map(({ container, props }) => {
      const object = `{ ${props.map(([n, optional]) => `${n}${optional ? "?" : ""}: number`).join("; ")} }`;
      return container === "array" ? `${object}[]` : `[${object}]`;
    })
    .join(" | ");
}

const generated = load<Record<string, any>>("union_choice_property", fixture("roundtrip/union-choice-property"));

test.each(unions.map((u, i) => [i, typeText(u), u] as const))(
  "U%d %s: a value made from one member round-trips whole",
  (i, _text, u) => {
    const codec = generated["U" + i];
    const objectOf = (props: Member["props"]) =>
      fc
        .tuple(...props.map(([, optional]) => (optional ? fc.option(fc.integer(), { nil: undefined }) : fc.integer())))
        .map((values) =>
          Object.fromEntries(props.flatMap(([n], k) => (values[k] === undefined ? [] : [[n, values[k]]]))),
        );
    const value = fc.integer({ min: 0, max: u.length - 1 }).chain((k) => {
      const { container, props } = u[k]!;
      return container === "array"
        ? fc.array(objectOf(props), { minLength: 1, maxLength: 3 })
        : objectOf(props).map((o) => [o]);
    });
    fc.assert(
      fc.property(value, (v) => {
        expect(codec.decode(codec.encode(v))).toEqual(v);
        expect(codec.decode(peerEncode(v))).toEqual(v);
      }),
      { numRuns: 60, seed: 1125 + i },
    );
  },
);

// ---- property: generated unions of 2–3 object members whose properties (x, y) are numbers, objects
// over a–c, or arrays of such objects, each required or optional; values made from one member whole.

type Leaf = { kind: "number" } | { kind: "object" | "array"; props: [name: string, optional: boolean][] };
interface ObjectMember {
  props: [name: string, optional: boolean, type: Leaf][];
}

const inner = fc
  .subarray(["a", "b", "c"], { minLength: 1 })
  .chain((names) => fc.tuple(...names.map((n) => fc.tuple(fc.constant(n), fc.boolean()))));
const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  fc.constant<Leaf>({ kind: "number" }),
  fc.record({ kind: fc.constantFrom<"object" | "array">("object", "array"), props: inner }) as fc.Arbitrary<Leaf>,
);
const objectMember = fc
  .subarray(["x", "y"], { minLength: 1 })
  .chain((names) => fc.tuple(...names.map((n) => fc.tuple(fc.constant(n), fc.boolean(), leaf))))
  .map((props): ObjectMember => ({ props }));
const objectUnions = fc.sample(fc.array(objectMember, { minLength: 2, maxLength: 3 }), { numRuns: 24, seed: 20261126 });

const innerText = (props: [string, boolean][]) =>
  `{ ${props.map(([n, optional]) => `${n}${optional ? "?" : ""}: number`).join("; ")} }`;
const leafText = (t: Leaf) =>
  t.kind === "number" ? "number" : t.kind === "object" ? innerText(t.props) : `${innerText(t.props)}[]`;
const objectUnionText = (u: ObjectMember[]) =>
  u
    .map(
      ({ props }) => `{ ${props.map(([n, optional, t]) => `${n}${optional ? "?" : ""}: ${leafText(t)}`).join("; ")} }`,
    )
    .join(" | ");

const objectGenerated = load<Record<string, any>>("union_choice_objects", fixture("roundtrip/union-choice-objects"));

/** Values of `props` (an object type), optional properties sometimes absent. */
function valuesOf<T>(
  props: [string, boolean, ...unknown[]][],
  value: (i: number) => fc.Arbitrary<T>,
): fc.Arbitrary<Record<string, T>> {
  return fc
    .tuple(...props.map(([, optional], i) => (optional ? fc.option(value(i), { nil: undefined }) : value(i))))
    .map((values) => Object.fromEntries(props.flatMap(([n], k) => (values[k] === undefined ? [] : [[n, values[k]]]))));
}
const innerValue = (props: [string, boolean][]) => valuesOf(props, () => fc.integer());
const leafValue = (t: Leaf): fc.Arbitrary<unknown> =>
  t.kind === "number"
    ? fc.integer()
    : t.kind === "object"
      ? innerValue(t.props)
      : fc.array(innerValue(t.props), { maxLength: 3 });

test.each(objectUnions.map((u, i) => [i, objectUnionText(u), u] as const))(
  "O%d %s: a value made from one member round-trips whole",
  (i, _text, u) => {
    const codec = objectGenerated["O" + i];
    const value = fc
      .integer({ min: 0, max: u.length - 1 })
      .chain((k) => valuesOf(u[k]!.props, (p) => leafValue(u[k]!.props[p]![2])));
    fc.assert(
      fc.property(value, (v) => {
        expect(codec.decode(codec.encode(v))).toEqual(v);
        expect(codec.decode(peerEncode(v))).toEqual(v);
      }),
      { numRuns: 60, seed: 2026 + i },
    );
  },
);
