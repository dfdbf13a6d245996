/**
 * The kinds table (transformer/model/kinds.ts): every kind of the type model is listed, and has a
 * golden case (test/golden/cases, found in the expected IR files) and a round-trip row (found in
 * the type models of the round-trip fixtures, test/roundtrip). A new kind is added to the table
 * first (the compiler insists), then here; this test then asks for its two kinds of tests.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { compile } from "../helpers/compile";
import { KIND_NAMES, describeNode, KINDS } from "../../transformer/model/kinds";
import * as internal from "../../runtime/internal";
import { Reader } from "../../runtime/reader";
import { Writer } from "../../runtime/writer";

const GOLDEN_EXPECTED = path.join(__dirname, "../golden/expected");
const ROUNDTRIP_DIR = path.join(__dirname, "../roundtrip");
const FIXTURES_DIR = path.join(__dirname, "../fixtures");

/** Every `"kind": "..."` of the table's kinds in a JSON text (the IR's node kinds; `object`/`alias` are shapes). */
function kindsIn(json: string): Set<string> {
  const found = new Set<string>();
  for (const [, kind] of json.matchAll(/"kind":\s*"(\w+)"/g)) if (kind! in KINDS) found.add(kind!);
  return found;
}

interface Fixture {
  name: string;
  source: string;
  /** Loaded (a round trip runs on it), not only compiled (an error case, or a module others import). */
  loaded: boolean;
}

/**
 * The fixtures a round-trip file compiles: `load(name, source)` and `compile(name, source)` with a
 * string name and a source written in place, in a const of the file, or read by `fixture(name)`
 * from test/fixtures.
 */
function fixturesOf(file: string): Fixture[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.Expression>();
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      consts.set(node.name.text, node.initializer);
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ["load", "compile"].includes(node.expression.text)
    )
      calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const text = (e: ts.Expression | undefined): string | undefined => {
    if (e && ts.isIdentifier(e)) e = consts.get(e.text);
    // `fixture("roundtrip/x")`: the source in test/fixtures/roundtrip/x.ts.
    if (e && ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "fixture") {
      const name = text(e.arguments[0]);
      const file = name === undefined ? "" : path.join(FIXTURES_DIR, name + ".ts");
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    }
    return e && (ts.isNoSubstitutionTemplateLiteral(e) || ts.isStringLiteral(e)) ? e.text : undefined;
  };
  return calls.flatMap((call) => {
    const [name, body] = [text(call.arguments[0]), text(call.arguments[1])];
    const loaded = (call.expression as ts.Identifier).text === "load";
    return name === undefined || body === undefined ? [] : [{ name, source: body, loaded }];
  });
}

test("the table lists every kind of the type model", () => {
  expect(KIND_NAMES).toEqual([
    "array",
    "arrayBuffer",
    "bigint",
    "boolean",
    "bytes",
    "date",
    "flags",
    "literals",
    "map",
    "mapped",
    "null",
    "number",
    "numberOrBigint",
    "param",
    "record",
    "ref",
    "set",
    "string",
    "template",
    "temporal",
    "tuple",
    "undefined",
    "union",
    "unknown",
  ]);
});

test("every kind has a golden case (test/golden/cases)", () => {
  const covered = new Map<string, string>();
  for (const file of fs
    .readdirSync(GOLDEN_EXPECTED)
    .filter((f) => f.endsWith(".ir.json"))
    .sort()) {
    for (const kind of kindsIn(fs.readFileSync(path.join(GOLDEN_EXPECTED, file), "utf8")))
      if (!covered.has(kind)) covered.set(kind, file);
  }
  expect(KIND_NAMES.filter((kind) => !covered.has(kind))).toEqual([]);
});

test("every kind has a round-trip row (test/roundtrip)", () => {
  const covered = new Set<string>();
  const files = fs.readdirSync(ROUNDTRIP_DIR).filter((f) => f.endsWith(".test.ts"));
  for (const file of files.sort()) {
    const fixtures = fixturesOf(path.join(ROUNDTRIP_DIR, file));
    // Names of their own, so that the round-trip suites' compiled fixtures are left alone; imports
    // between the fixtures of a file follow the names.
    const own = (name: string) => `kinds_${name}`;
    const renamed = (source: string) =>
      fixtures.reduce((text, f) => text.split(`"./${f.name}"`).join(`"./${own(f.name)}"`), source);
    const imported = fixtures.filter((f) => fixtures.some((g) => g.source.includes(`"./${f.name}"`)));
    for (const f of imported) compile(own(f.name), renamed(f.source));
    for (const f of fixtures.filter((f) => f.loaded)) {
      const { model } = compile(own(f.name), renamed(f.source));
      for (const kind of kindsIn(JSON.stringify(model ?? {}))) covered.add(kind);
    }
  }
  expect(covered.size).toBeGreaterThan(0);
  expect(KIND_NAMES.filter((kind) => !covered.has(kind))).toEqual([]);
});

test("every runtime function a kind names is exported to generated code, every method exists", () => {
  const missing: string[] = [];
  for (const kind of KIND_NAMES) {
    const { write, read } = KINDS[kind].runtime;
    for (const name of [...write, ...read]) {
      const exists = name.startsWith("w.")
        ? typeof (Writer.prototype as any)[name.slice(2)] === "function"
        : name.startsWith("r.")
          ? typeof (Reader.prototype as any)[name.slice(2)] === "function"
          : typeof (internal as Record<string, unknown>)[name] === "function";
      if (!exists) missing.push(`${kind}: ${name}`);
    }
  }
  expect(missing).toEqual([]);
});

describe("one describe for every message", () => {
  const named = { Item: { display: "Item", shape: { kind: "object" as const, properties: [] } } };
  const cases: [string, Parameters<typeof describeNode>[0], message: string, runtime: string][] = [
    ["a set", { kind: "set", element: { kind: "string" } }, "Set<string>", "Set"],
    [
      "a map",
      { kind: "map", key: { kind: "string" }, value: { kind: "ref", name: "Item" } },
      "Map<string, Item>",
      "Map",
    ],
    [
      "a record",
      { kind: "record", key: { kind: "string" }, value: { kind: "number" } },
      "Record<string, number>",
      "Record",
    ],
    [
      "a tuple with a rest element",
      {
        kind: "tuple",
        elements: [
          { mode: "required", type: { kind: "number" } },
          { mode: "rest", type: { kind: "string" } },
        ],
      },
      "[number, ...string[]]",
      "tuple",
    ],
    [
      "an array of a union",
      { kind: "array", element: { kind: "union", members: [{ kind: "string" }, { kind: "null" }] } },
      "(string | null)[]",
      "(string | null)[]",
    ],
    ["a width", { kind: "number", width: "int8" }, "int8", "int8"],
    ["Int64", { kind: "numberOrBigint", width: "int64" }, "int64", "int64"],
    ["number | bigint", { kind: "numberOrBigint" }, "number | bigint", "number | bigint"],
    ["a flag enum", { kind: "flags", values: [0, 1, 2] }, "a combination of 1, 2", "a combination of 1, 2"],
    ["a type parameter", { kind: "param", name: "T" }, "T", "T"],
  ];
  test.each(cases)("%s", (_, node, message, runtime) => {
    expect(describeNode(node, named)).toBe(message);
    expect(describeNode(node, named, "runtime")).toBe(runtime);
  });
});
