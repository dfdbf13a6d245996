/**
 * Members of a union that share a JS-side test (arrays and tuples) are chosen by one rule
 * in both directions: the first member that takes the value whole (no object at any depth with a
 * property its type does not declare), else the first that takes it at all (README "Unions").
 * Encode used to take the first member that did not fail, which for `{ a: number }[] |
 * { a: number; b: number }[]` wrote `[{ a: 1, b: 2 }]` as `[{ a: 1 }]`: these cases, their
 * nesting, and a property over generated unions of arrays, tuples and objects of objects.
 */
import * as fc from "fast-check";
import { encode as peerEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

const m = load<Record<string, any>>("union_choice", `import { codecFor } from "typed-msgpack";
export interface A { a: number }
export interface AB { a: number; b: number }
export const Arrays = codecFor<A[] | AB[]>();
export const Tuples = codecFor<[A] | [AB]>();
export const InRecord = codecFor<Record<string, A[] | AB[]>>();
export const InProperty = codecFor<{ x: A[] | AB[] }>();
export const InMap = codecFor<Map<string, A[] | AB[]>>();
export const Optionals = codecFor<{ a: number; b?: string }[] | { a: number; c?: string }[]>();
export const Deep = codecFor<{ inner: A[] }[] | { inner: AB[] }[]>();
export const ArrayOfUnion = codecFor<(A[] | AB[])[]>();
`);

const cases: [string, unknown][] = [
  ["Arrays", [{ a: 1, b: 2 }]],
  ["Arrays", [{ a: 1 }]],
  ["Arrays", []],
  ["Tuples", [{ a: 1, b: 2 }]],
  ["Tuples", [{ a: 1 }]],
  ["InRecord", { k: [{ a: 1, b: 2 }], j: [{ a: 3 }] }],
  ["InProperty", { x: [{ a: 1, b: 2 }] }],
  ["InMap", new Map([["k", [{ a: 1, b: 2 }]], ["j", [{ a: 3 }]]])],
  ["Optionals", [{ a: 1, c: "kept" }]],
  ["Optionals", [{ a: 1, b: "kept" }]],
  ["Deep", [{ inner: [{ a: 1, b: 2 }] }]],
  ["ArrayOfUnion", [[{ a: 1 }], [{ a: 1, b: 2 }]]],
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

test("a value no member takes at all is the last member's error, with its path", () => {
  expect(() => m.InProperty.encode({ x: [{ a: "one" }] })).toThrow("$.x[0].a: expected a number");
});

// ---- property: generated unions of 2–3 members, each an array or a one-element tuple of objects
// over properties a–d (each required, optional or absent); values made from one member whole.

interface Member { container: "array" | "tuple"; props: [name: string, optional: boolean][] }

const NAMES = ["a", "b", "c", "d"];
const member = fc.record({
  container: fc.constantFrom<"array" | "tuple">("array", "tuple"),
  props: fc.subarray(NAMES, { minLength: 1 }).chain((names) => fc.tuple(...names.map((n) => fc.tuple(fc.constant(n), fc.boolean())))),
}) as fc.Arbitrary<Member>;
const unions = fc.sample(fc.array(member, { minLength: 2, maxLength: 3 }), { numRuns: 24, seed: 20261125 });

function typeText(u: Member[]): string {
  return u.map(({ container, props }) => {
    const object = `{ ${props.map(([n, optional]) => `${n}${optional ? "?" : ""}: number`).join("; ")} }`;
    return container === "array" ? `${object}[]` : `[${object}]`;
  }).join(" | ");
}

const generated = load<Record<string, any>>("union_choice_property", `import { codecFor } from "typed-msgpack";
${unions.map((u, i) => `export const U${i} = codecFor<${typeText(u)}>();`).join("\n")}
`);

test.each(unions.map((u, i) => [i, typeText(u), u] as const))("U%d %s: a value made from one member round-trips whole", (i, _text, u) => {
  const codec = generated["U" + i];
  const objectOf = (props: Member["props"]) => fc.tuple(...props.map(([, optional]) => (optional ? fc.option(fc.integer(), { nil: undefined }) : fc.integer())))
    .map((values) => Object.fromEntries(props.flatMap(([n], k) => (values[k] === undefined ? [] : [[n, values[k]]]))));
  const value = fc.integer({ min: 0, max: u.length - 1 }).chain((k) => {
    const { container, props } = u[k]!;
    return container === "array" ? fc.array(objectOf(props), { minLength: 1, maxLength: 3 }) : objectOf(props).map((o) => [o]);
  });
  fc.assert(fc.property(value, (v) => {
    expect(codec.decode(codec.encode(v))).toEqual(v);
    expect(codec.decode(peerEncode(v))).toEqual(v);
  }), { numRuns: 60, seed: 1125 + i });
});
