/**
 * Template literal types: a codec takes a string exactly when the TypeScript checker assigns that
 * string literal to the type (issue 58, items 3 and 6). Strings are generated around each template
 * shape (several placeholders, empty texts between them, prefixes and suffixes, texts that number
 * syntax could hold, numbers in every JS syntax) and each is put to encode, to decode, and to
 * `checker.isTypeAssignableTo(checker.getStringLiteralType(s), T)` in the fixture's own Program.
 */
import fc from "fast-check";
import ts from "typescript";
import { encode as peerEncode } from "@msgpack/msgpack";
import { cachingHost, compile, FIXTURE_OPTIONS } from "../helpers/compile";
import { CodecError, type Codec } from "../../runtime/index";
import { scaledRuns } from "./lib/jest-run";

const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

const SHAPES = [
  `\`\${number}\``,
  `\`\${bigint}\``,
  `\`\${string}-\${number}\``,
  `\`\${number}\${number}\``,
  `\`\${bigint}\${string}\``,
  `\`\${bigint}\${string}0\``,
  `\`\${string}\${number}\``,
  `\`\${string}\${string}-\${string}\``,
  `\`a\${string}a\``,
  `\`user-\${number}\``,
  `\`\${number}-x\``,
  `\`\${number}.\${number}\``,
  `\`\${number}e\${number}\``,
  `\`\${bigint}-\${bigint}\``,
  `\`0x\${number}\``,
  `\`\${number} \${bigint}\``,
  `\`x\${number}y\${bigint}z\${string}\``,
  `\`\${number}\${bigint}\${string}\``,
  `\`<\${bigint}>\${number}</\``,
];

/** Parts that sit near some syntax's edge: every way JS and the TypeScript scanner write numbers, and what they refuse. */
const TRICKY = [
  ...["0", "1", "-1", "+1", "-0", "+0", "00", "023", "08", "0.0", "1.5", ".5", "5.", "-.5", "1.", "."],
  ...["1e3", "1E+3", "1e-3", "-1e3", "1e", "e5", "1e400", "-1e400", "1e308", "1.7976931348623157e308", "5e-324"],
  ...["Infinity", "-Infinity", "+Infinity", "NaN", "infinity"],
  ...["0x1F", "0X1f", "-0x10", "+0x10", "0x", "0xg", "0o17", "0O7", "0o8", "0b101", "0B1", "0b2", "0x1_0"],
  ...["1_000", "1__0", "_1", "1_", "1n", "0n", "-1n", "0xn", "12345678901234567890123", "-", "+", "--1", "+-1"],
  ...[
    " ",
    "",
    " 1",
    "1 ",
    "\t1\n",
    "- 1",
    "\u00a01",
    "\u20281",
    "-\u20281",
    "\u0085-1",
    "\u2029",
    "\u2029-\u20291",
    "\ufeff1",
    "\r\n2",
  ],
  ...["/*c*/1", "//", "a", "ab", "-x", "x", "y", "z", "<", ">", "</", "e", "user-", "a-b"],
];

/** A part for a placeholder: a tricky one, two run together, digits and signs, a number or bigint as String writes it. */
const partArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...TRICKY), fc.constantFrom(...TRICKY)).map(([a, b]) => a + b) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(..."0123456789abefxXoOn+-._ \t"), maxLength: 6 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);

/** Strings around the template of `texts`: a part per placeholder, each text mostly itself, else left out, another one, or twice. */
function around(texts: readonly string[]): fc.Arbitrary<string> {
  const text = (own: string) =>
    fc.oneof({ weight: 8, arbitrary: fc.constant(own) }, fc.constantFrom("", ...texts), fc.constant(own + own));
  return fc
    .tuple(
      fc.tuple(...texts.map(text)),
      fc.array(partArb, { minLength: texts.length - 1, maxLength: texts.length - 1 }),
    )
    .map(([t, parts]) => t[0] + parts.map((part, i) => part + t[i + 1]).join(""));
}

interface Shape {
  codec: Codec<string>;
  type: ts.TemplateLiteralType;
}

let checker: ts.TypeChecker;
let shapes: Shape[];

beforeAll(() => {
  const source = [
    `import { codecFor } from "typed-msgpack";`,
    ...SHAPES.map((t, i) => `export type T${i} = ${t};\nexport const C${i} = codecFor<T${i}>();`),
  ].join("\n");
  const compiled = compile("prop_templates", source);
  expect(compiled.diagnostics).toEqual([]);
  const codecs = require(compiled.file.replace(/\.ts$/, ".js")) as Record<string, Codec<string>>;
  const program = ts.createProgram([compiled.file], FIXTURE_OPTIONS, cachingHost());
  checker = program.getTypeChecker();
  const aliases = program.getSourceFile(compiled.file)!.statements.filter(ts.isTypeAliasDeclaration);
  shapes = aliases.map((alias, i) => {
    const type = checker.getTypeAtLocation(alias.name);
    expect(type.flags & ts.TypeFlags.TemplateLiteral).toBeTruthy();
    return { codec: codecs["C" + i]!, type: type as ts.TemplateLiteralType };
  });
});

/** What the checker, encode and decode each say of `s`; the three must agree. */
function verdicts(shape: Shape, s: string): { checker: boolean; encode: boolean; decode: boolean } {
  const assignable = checker.isTypeAssignableTo(checker.getStringLiteralType(s), shape.type);
  let encode = true;
  try {
    shape.codec.encode(s);
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    encode = false;
  }
  let decode = true;
  try {
    decode = shape.codec.decode(peerEncode(s)) === s;
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    decode = false;
  }
  return { checker: assignable, encode, decode };
}

/** `s` and the three verdicts when they disagree, else undefined. */
function disagreement(shape: Shape, s: string): string | undefined {
  const v = verdicts(shape, s);
  return v.encode === v.checker && v.decode === v.checker ? undefined : JSON.stringify({ s, ...v });
}

describe.each(SHAPES.map((source, i) => [source, i] as const))("%s", (_source, i) => {
  test("every tricky part in every placeholder: the codec takes the strings the checker assigns", () => {
    const shape = shapes[i]!;
    const wrong = TRICKY.flatMap((part) => [shape.type.texts.join(part), part]).map((s) => disagreement(shape, s));
    expect(wrong.filter((w) => w !== undefined)).toEqual([]);
  });

  test("strings around the template: the codec takes the strings the checker assigns", () => {
    const shape = shapes[i]!;
    fc.assert(
      fc.property(around(shape.type.texts), (s) => {
        const v = verdicts(shape, s);
        expect(v).toEqual({ checker: v.checker, encode: v.checker, decode: v.checker });
      }),
      { numRuns: scaledRuns(800), ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});
