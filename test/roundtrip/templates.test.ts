/**
 * Template literal types take the strings TypeScript assigns to them (issue 58, items 3 and 6):
 * each placeholder up to the first occurrence of the text after it, `${number}` whatever `+s` reads
 * as a finite number, `${bigint}` a bigint literal as the TypeScript scanner reads one. Both
 * directions and every place a template appears (root, union member, Record key) use the one rule
 * (runtime/template.ts); test/property/template.test.ts holds it to the checker itself.
 */
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { codecError, decodeError, expectDecodeError, roundTrip, str } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_templates", fixture("roundtrip/templates"));

describe("strings TypeScript assigns to the type round-trip", () => {
  test.each([
    // `${number}`: whatever `+s` reads as a finite number, not only what String(n) writes.
    ["Num", " 1"],
    ["Num", "+5"],
    ["Num", "0x10"],
    ["Num", "0b11"],
    ["Num", "0o17"],
    ["Num", "1 "],
    ["Num", "1e3"],
    ["Num", ".5"],
    ["Num", " "],
    // `${bigint}`: a bigint literal in any radix, with a leading `-`.
    ["Big", "0x1f"],
    ["Big", "-0x10"],
    ["Big", "0B11"],
    ["Big", "-0"],
    ["Big", "12345678901234567890123"],
    ["Pair", "a-1"],
    ["Pair", "-1"],
    ["Pair", "a - 1"],
    // An empty text between placeholders: the first takes one character, the second the rest.
    ["Adjacent", "12"],
    ["Adjacent", "1.5e3"],
    ["Around", "aa"],
    ["Around", "aba"],
    ["Suffix", "1-x"],
    ["Suffix", "-1-x"],
  ])("%s takes %p", (name, value) => {
    roundTrip(C[name]!, value);
  });

  test("as a union member and as a Record key", () => {
    roundTrip(C.OrNone!, "# 0x1F");
    roundTrip(C.Keys!, { "id-0x1f": true, "id--7": false });
  });
});

describe("strings TypeScript does not assign to the type are refused both ways", () => {
  test.each([
    ["Num", "1e400"], // +s is Infinity
    ["Num", "Infinity"],
    ["Num", ""],
    ["Num", "1_000"],
    ["Num", "-0x10"], // +s is NaN
    ["Big", "023"], // a legacy octal literal
    ["Big", "08"],
    ["Big", "1.0"],
    ["Big", "1e3"],
    ["Big", " 1"],
    ["Big", "+1"],
    ["Big", "1_0"],
    ["Big", "0x"],
    ["Big", "1n"],
    // `${string}` ends at the first "-", and "b-1" is no number.
    ["Pair", "a-b-1"],
    ["Pair", "a"],
    ["Adjacent", "1"],
    ["Adjacent", "1e"],
    // The first and the last text may not overlap.
    ["Around", "a"],
    // The last placeholder takes all before the last text: "1-x" is no number.
    ["Suffix", "1-x-x"],
  ])("%s refuses %p", (name, value) => {
    const codec = C[name]!;
    expect(codecError(() => codec.encode(value))).toMatchObject({ path: "$", code: "type-mismatch" });
    expectDecodeError(codec, str(value), { path: "$", code: "type-mismatch", offset: 0 });
  });

  test("as a union member and as a Record key", () => {
    expect(codecError(() => C.OrNone!.encode("#1e400"))).toMatchObject({ path: "$", code: "type-mismatch" });
    expectDecodeError(C.OrNone!, str("#1e400"), { path: "$", code: "type-mismatch", offset: 0 });
    expect(codecError(() => C.Keys!.encode({ "id-023": true }))).toMatchObject({ path: "$.<key>" });
    expectDecodeError(C.Keys!, "81" + str("id-023") + "c3", { path: "$.<key>", code: "type-mismatch", offset: 1 });
  });

  test("messages name the type as TypeScript writes it", () => {
    expect(decodeError(C.Suffix!, str("1-y")).message).toContain(`expected \`\${number}-x\`, got string "1-y"`);
    expect(codecError(() => C.Big!.encode("023")).message).toContain(
      `expected a string matching \`\${bigint}\`, got string "023"`,
    );
  });
});
