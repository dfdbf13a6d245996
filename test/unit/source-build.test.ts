/**
 * generate prints its generated code with TypeScript's printer, from typed nodes (NodeBuild) edited
 * by tidyGenerated; TypeScript 7 has no printer. emitSourceText writes the same statements as text
 * (SourceBuild), with tidy's edits made as it builds. This holds the two to byte equality, statement
 * by statement, over every golden case, the property tests' type zoo, odd strings and the fixtures
 * of test/generate/generate-source.test.ts: with comments and without, LF and CRLF; and the block
 * they make, spaced as generate spaces it, is in generate's output.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { SourceBuild, type Build, type Stmt } from "../../transformer/emit/build";
import { ClassicProgram } from "../../transformer/checkers/classic";
import { emitCode, namespaceImport, runtimeImport, verbatim } from "../../transformer/emit/codec";
import { shapeChecks as shapeCheckCode } from "../../transformer/emit/shape";
import { modelFile } from "../../transformer/pipeline";
import type { SyntaxFile } from "../../transformer/recognize/syntax";
import { NodeBuild } from "../helpers/node-build";
import { tidyGenerated } from "../helpers/tidy-generated";
import { namespaceImportText, emitSourceText } from "../../transformer/emit/source";
import { generateSource, shapeChecks } from "../../transformer/generate";
import type { FileModel } from "../../transformer/model/ir";
import { cachingHost, FIXTURE_OPTIONS, GENERATED_DIR } from "../helpers/compile";
import { runtimeModules } from "../helpers/module-graph";
import { ZOO_SOURCE } from "../property/zoo";
import { bySize } from "../helpers/tier";

const DIR = path.join(GENERATED_DIR, "source-build");
const CASES_DIR = path.join(__dirname, "../golden/cases");

/** A program's worth of files; each of `inputs` is generated (the first file when not given). */
interface Fixture {
  files: Record<string, string>;
  inputs?: string[];
  /** generate's `moduleOf` links the inputs to each other's `.codecs.ts`. */
  link?: boolean;
  options?: ts.CompilerOptions;
}

const lines = (...ls: string[]) => ls.join("\n") + "\n";
const one = (source: string): Fixture => ({ files: { "input.ts": source } });

/** The fresh-copy chain of generate-source.test.ts: T0 → T1 → ... nested deeper than TypeScript compares. */
const chain = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `export interface T${i} { id: number; ${i + 1 < n ? `next: T${i + 1}; maybe?: T${i + 1}[];` : "end: true;"} }`,
  ).join("\n");

const GENERIC = lines(
  `import { codecFor, type Codec } from "typed-msgpack";`,
  `export interface User { id: number; email: string }`,
  `export interface Page<T> { items: T[]; next?: string; total: number }`,
  `export interface Envelope<K extends string, P> { kind: K; sentAt: Date; payload: P }`,
  `export type Tree<T> = { value: T; children: Tree<T>[] };`,
  `export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E | null };`,
  `export function pageCodec<T>(item: Codec<T>): Codec<Page<T>> {`,
  `  return codecFor<Page<T>>(item);`,
  `}`,
  `export function envelopeCodec<K extends string, P>(kind: Codec<K>, payload: Codec<P>): Codec<Envelope<K, P>> {`,
  `  return codecFor<Envelope<K, P>>(kind, payload);`,
  `}`,
  `export const treeCodec = <T>(value: Codec<T>) => codecFor<Tree<T>>(value);`,
  `export function resultCodec<T, E>(value: Codec<T>, error: Codec<E>) { return codecFor<Result<T, E>>(value, error); }`,
  `export const UserCodec = codecFor<User>();`,
  `export const UserPage = pageCodec(UserCodec);`,
  `export const OrderEvent = envelopeCodec(codecFor<"order">(), pageCodec(UserCodec));`,
  `export const UserPageDirect = codecFor<Page<User>>();`,
);

const STALE_INPUT = lines(
  `import { codecFor } from "typed-msgpack";`,
  `import type { Order } from "./stale-types";`,
  `export const OrderCodec = codecFor<Order>();`,
  `export const OrdersCodec = codecFor<Order[]>();`,
  `export function local() { interface Local { n: number } return codecFor<Local>(); }`,
);
const STALE_TYPES = lines(
  `export interface Item { sku: string; qty: number; note?: string }`,
  `export interface Order { id: number; status: "open" | "paid"; items: Item[]; parent?: Order; deep: { a: { b: { c: string } } } }`,
);

const fixtures: [string, Fixture][] = [
  ...fs
    .readdirSync(CASES_DIR)
    .filter((f) => f.endsWith(".ts") && !f.startsWith("error-"))
    .map((f): [string, Fixture] => [f, one(fs.readFileSync(path.join(CASES_DIR, f), "utf8"))]),
  ["zoo", one(ZOO_SOURCE)],
  [
    "odd strings",
    one(`import { codecFor } from "typed-msgpack";
export interface Odd { "naïve": 1 | 2; "ключ": "значение" | "x\\y"; "😀"?: boolean; 'a"b': \`pre-\${number}\`; "tab\\t": "\\u0000" | "\\u00001" | "\\u007f\\v\\u001b\\u2028" }
export const OddCodec = codecFor<Odd>();
`),
  ],
  // The fixtures of test/generate/generate-source.test.ts.
  [
    "generate: kept as written",
    one(
      lines(
        `// Order codecs, as the team wrote them.`,
        `import { codecFor } from "typed-msgpack";`,
        `/** An order. */`,
        `export interface Order {   id: number;`,
        `  lines: Array<{ sku: string; qty: number }>;   // odd spacing stays`,
        `  placedAt?: Date }`,
        `export const OrderCodec = codecFor<Order>();   /* trailing comment */`,
        `export const PairCodec = codecFor<[`,
        `  first: string,`,
        `  second?: number,`,
        `]>();`,
      ),
    ),
  ],
  ["generate: same line", one(`import { codecFor } from "typed-msgpack"; export const N = codecFor<number>();\n`)],
  [
    "generate: a directive, a function above the imports, re-exports",
    one(
      lines(
        `"use client";`,
        `function itemCodec() { return codecFor<Item>(); }`,
        `import { codecFor } from "typed-msgpack";`,
        `export * from "typed-msgpack/stream";`,
        `export interface Item { sku: string; qty: number }`,
        `export const ItemCodec = itemCodec();`,
        `import { CodecError } from "typed-msgpack";`,
        `export const isError = (e: unknown): boolean => e instanceof CodecError;`,
      ),
    ),
  ],
  [
    "generate: linked codecs",
    {
      files: {
        "linked-owner.ts": lines(
          `import { codecFor } from "typed-msgpack";`,
          `export interface Item { sku: string; qty: number }`,
          `export const ItemCodec = codecFor<Item>();`,
        ),
        "linked-user.ts": lines(
          `import { codecFor } from "typed-msgpack";`,
          `import type { Item } from "./linked-owner";`,
          `export const OrderCodec = codecFor<{ items: Item[] }>();`,
          `export const ItemsCodec = codecFor<Map<string, Item[]>>();`,
        ),
      },
      inputs: ["linked-owner.ts", "linked-user.ts"],
      link: true,
    },
  ],
  [
    "generate: imports",
    one(
      lines(
        `import * as tm from "typed-msgpack";`,
        `import { CodecError, codecFor as makeCodec, type Codec } from "typed-msgpack";`,
        `export const S = tm.codecFor<string>();`,
        `export const T = makeCodec<string | null>();`,
        `export const isError = (e: unknown): boolean => e instanceof CodecError || e instanceof tm.CodecError;`,
        `export type C = Codec<string>;`,
      ),
    ),
  ],
  [
    "generate: types from other modules",
    {
      files: {
        "rich.ts": lines(
          `import { codecFor, type Codec } from "typed-msgpack";`,
          `import type { Shape, Tree } from "./rich-types";`,
          `export interface Reading { at: Date; value: number; tags: Set<string>; extra: Record<string, bigint>; raw?: Uint8Array }`,
          `export const ShapesCodec = codecFor<Shape[]>();`,
          `export const TreeCodec: Codec<Tree> = codecFor<Tree>();`,
          `export const ReadingsCodec = codecFor<Map<string, [Reading, Reading?]>>();`,
          `export const MaybeCodec = codecFor<{ kind: "a"; n: number } | { kind: "b"; s: string } | null>();`,
        ),
        "rich-types.ts": lines(
          `export type Shape = { kind: "circle"; r: number } | { kind: "rect"; w: number; h: number; label?: string };`,
          `export interface Tree { value: "leaf" | \`node-\${number}\`; children: Tree[]; meta: { [k: string]: string | number | boolean | null } }`,
        ),
      },
    },
  ],
  ["generate: stale checks", { files: { "stale.ts": STALE_INPUT, "stale-types.ts": STALE_TYPES } }],
  [
    "generate: no checks without strictNullChecks",
    {
      files: { "stale.ts": STALE_INPUT, "stale-types.ts": STALE_TYPES },
      options: { ...FIXTURE_OPTIONS, strict: false },
    },
  ],
  [
    "generate: number widths",
    {
      files: {
        "widths.ts": lines(
          `import { codecFor } from "typed-msgpack";`,
          `import type { Reading } from "./width-types";`,
          `export const ReadingCodec = codecFor<Reading>();`,
        ),
        "width-types.ts": lines(
          `import type { Float32, Int32, Int64 } from "typed-msgpack";`,
          `export interface Reading { value: Float32; count: Int32; id: Int64; samples: Float32[]; plain: number }`,
        ),
      },
    },
  ],
  [
    "generate: positional layout",
    {
      files: {
        "positional.ts": lines(
          `import { codecFor } from "typed-msgpack";`,
          `import type { Mark, Point } from "./positional-types";`,
          `export const MarkCodec = codecFor<Mark>({ layout: "positional" });`,
          `export const PointCodec = codecFor<Point>();`,
        ),
        "positional-types.ts": lines(
          `export interface Point { x: number; y: number; label?: string }`,
          `export type Mark = { kind: "pin"; at: Point } | { kind: "line"; from: Point; to: Point };`,
        ),
      },
    },
  ],
  [
    "generate: fresh copies (hidden properties, a deep chain)",
    {
      files: {
        "fresh.ts": lines(
          `import { codecFor } from "typed-msgpack";`,
          `import type { Fields } from "./fresh-edge";`,
          `import type { T0 } from "./fresh-chain";`,
          `export const FieldsCodec = codecFor<Fields>();`,
          `export const ChainCodec = codecFor<T0>();`,
        ),
        "fresh-edge.ts": lines(
          `export class Account { id = 0; private secret = ""; protected pin = 0; readonly kind = "user"; hint = this.secret.length }`,
          `export interface Fields { account: Account; none: undefined; maybe?: undefined; nothing: void; either: string | void }`,
        ),
        "fresh-chain.ts": chain(120),
      },
    },
  ],
  [
    "generate: a recursive ring too deep to check",
    {
      files: {
        "ring.ts": lines(
          `import { codecFor } from "typed-msgpack";`,
          `import type { R0 } from "./ring-types";`,
          `export const RingCodec = codecFor<R0>();`,
        ),
        "ring-types.ts": Array.from(
          { length: 60 },
          (_, i) => `export interface R${i} { id: number; next?: R${(i + 1) % 60}[] }`,
        ).join("\n"),
      },
    },
  ],
  [
    "generate: CRLF",
    one(`import { codecFor } from "typed-msgpack";\r\nexport const S = codecFor<{ a: string }>();\r\n`),
  ],
  [
    "generate: shebang",
    one(`#!/usr/bin/env node\nimport { codecFor } from "typed-msgpack";\nexport const S = codecFor<string>();\n`),
  ],
  [
    "generate: same bytes",
    one(
      `import { codecFor } from "typed-msgpack";\nexport interface A { x: number; y?: string[]; z: Map<string, A> }\nexport const C = codecFor<A>();\n`,
    ),
  ],
  ["generate: generic codecs", one(GENERIC)],
];

/**
 * What generate printed before it wrote text: the same model's code as typed nodes (NodeBuild),
 * tidied (test/helpers/tidy-generated.ts), with the runtime import first and the stale-codec
 * checks last, as the old transform inserted them.
 */
function generatedNodes(program: ts.Program, file: ts.SourceFile, moduleOf: (f: string) => string | undefined) {
  const view = ClassicProgram.of(program);
  const result = modelFile(view, file as unknown as SyntaxFile, { link: true, moduleOf });
  if (result.problems.length > 0) throw new Error(result.problems.map((p) => p.problem.kind).join(", "));
  const model: FileModel = result.model!;
  const checks = view.strictNullChecks ? shapeChecks(view, result.calls) : [];
  const nodes = new NodeBuild(ts.factory, true);
  const { imports, code } = emitCode(nodes, model);
  // No statement when no check can be written (a recursive ring too deep to check).
  const shapeCode = checks.length > 0 ? shapeCheckCode(model, checks) : "";
  const shape = shapeCode === "" ? [] : [verbatim(ts.factory, shapeCode)];
  const generated = [
    runtimeImport(ts.factory, "typed-msgpack"),
    ...imports.map(({ alias, module }) => namespaceImport(ts.factory, alias, module)),
    ...nodes.statements(code),
    ...shape,
  ];
  const out = ts.transform(ts.factory.updateSourceFile(file, generated), [
    (context) => (sf) => tidyGenerated(sf, context),
  ]);
  return { statements: [...out.transformed[0]!.statements], model, checks, dispose: () => out.dispose() };
}

/** Each statement as generate's `insertion` prints it: the printer's text, its line breaks made `newLine`. */
function printed(statements: ts.Statement[], file: ts.SourceFile, newLine: "\n" | "\r\n", removeComments: boolean) {
  const kind = newLine === "\n" ? ts.NewLineKind.LineFeed : ts.NewLineKind.CarriageReturnLineFeed;
  const printer = ts.createPrinter({ newLine: kind, removeComments });
  return statements.map((s) => printer.printNode(ts.EmitHint.Unspecified, s, file).replace(/\r?\n/g, newLine));
}

/** generate's spacing between inserted statements (generate.ts `insertion`): multi-line ones and those after an import set off. */
function block(texts: string[], importCount: number): string {
  return texts
    .map(
      (text, i) =>
        (i > 0 && (text.includes("\n") || texts[i - 1]!.includes("\n") || i <= importCount) ? "\n" : "") + text,
    )
    .join("\n");
}

let compared = 0;

/**
 * The fixtures that take a second or more each (a deep chain of copies, the zoo, a ring too deep to
 * check): the full tier only (test/helpers/tier.ts); the fast tier compares the other ones.
 */
const SLOW = new Set([
  "generate: fresh copies (hidden properties, a deep chain)",
  "zoo",
  "generate: a recursive ring too deep to check",
]);
const compares = bySize(
  fixtures,
  fixtures.filter(([name]) => !SLOW.has(name)),
);

test.each(compares)("%s: emitSourceText writes what generate prints", (name, fixture) => {
  const dir = path.join(DIR, name.replace(/\W+/g, "_"));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(fixture.files)) fs.writeFileSync(path.join(dir, file), text);
  const inputs = (fixture.inputs ?? [Object.keys(fixture.files)[0]!]).map((f) => path.join(dir, f));
  const options = fixture.options ?? FIXTURE_OPTIONS;
  const program = ts.createProgram(inputs, options, cachingHost());
  const moduleOf = fixture.link
    ? (f: string) => (inputs.includes(f) ? f.replace(/\.ts$/, ".codecs.ts") : undefined)
    : () => undefined;
  let imports = 0;
  for (const input of inputs) {
    const file = program.getSourceFile(input)!;
    const today = generatedNodes(program, file, moduleOf);
    try {
      const mine = emitSourceText(today.model, today.checks);
      const texts = [
        namespaceImportText("__tm", "typed-msgpack/internal"),
        ...mine.imports.map(({ alias, module }) => namespaceImportText(alias, module)),
        ...mine.statements,
      ];
      expect(texts).toEqual(printed(today.statements, file, "\n", false));
      expect(texts.map((t) => t.replace(/\n/g, "\r\n"))).toEqual(printed(today.statements, file, "\r\n", false));
      const bare = emitSourceText(today.model, today.checks, { comments: false });
      expect([
        texts[0],
        ...bare.imports.map(({ alias, module }) => namespaceImportText(alias, module)),
        ...bare.statements,
      ]).toEqual(printed(today.statements, file, "\n", true));
      imports += mine.imports.length;
      compared += texts.length;

      // The block as generate inserts it, spaced as it spaces statements, is in its output.
      const crlf = file.text.includes("\r\n");
      const generated = generateSource(program, file, {}, fixture.link ? moduleOf : undefined);
      expect(generated.diagnostics).toEqual([]);
      const expected = block(texts, 1 + mine.imports.length);
      expect(generated.text).toContain(crlf ? expected.replace(/\n/g, "\r\n") : expected);
    } finally {
      today.dispose();
    }
  }
  if (fixture.link) expect(imports).toBeGreaterThan(0);
});

afterAll(() => {
  // Every fixture contributes its runtime import, declarations and codecs (a count, not a golden number).
  expect(compared).toBeGreaterThan(compares.length * 4);
});

/** SourceBuild's text and what generate prints of typed NodeBuild's nodes after tidyGenerated, for the same code. */
function typedBothWays(code: (b: Build) => Stmt[], comments: boolean): { text: string[]; printed: string[] } {
  const nodes = new NodeBuild(ts.factory, true);
  const empty = ts.createSourceFile("generated.ts", "", ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
  const file = ts.factory.updateSourceFile(empty, nodes.statements(code(nodes)));
  const result = ts.transform(file, [(context) => (sf) => tidyGenerated(sf, context)]);
  const printer = ts.createPrinter({ removeComments: !comments });
  const printed = result.transformed[0]!.statements.map((s) => printer.printNode(ts.EmitHint.Unspecified, s, empty));
  result.dispose();
  const b = new SourceBuild(comments);
  return { text: b.source(code(b)), printed };
}

test("every tidy rule, and every builder method in typed output, is written as generate prints it", () => {
  const code = (b: Build): Stmt[] => {
    const [x, y, v, w] = [b.id("x"), b.id("y"), b.id("v"), b.id("w")];
    const table = b.id("__tm_K_User");
    return [
      b.let(["a"], ["c", x]),
      b.let(["only"]),
      // At the top level nothing is tidied but table entries; an unread constant stays.
      b.const("top", b.index(table, b.num(0))),
      b.const("outside", b.prop(v, "name")),
      b.fn(
        "__tm_encUser",
        [
          ["w", { runtime: "__tm.Writer" }],
          ["v", "any"],
          ["p", "path"],
          ["d", "number"],
          ["_seen", "number", b.num(0)],
          ["n", "number", b.method(b.id("r"), "mapHeader", b.prop(v, "inInitializer"))],
        ],
        "void",
        [
          b.const("unread", b.call(x, b.prop(v, "a"))),
          b.comment(b.const("unreadObject", b.object([["a", x]])), "goes with its declaration"),
          b.commentAbove(b.const("unreadArray", b.emptyArray()), "also"),
          b.let(["unreadLet", b.num(0)]),
          b.let(["kept"], ["alsoKept", b.num(1)]),
          b.const("read", b.prop(v, "b")),
          b.assign(b.id("kept"), b.bin(b.prop(v, "length"), "+", b.prop(v, "size"))),
          b.expr(b.method(w, "put", b.prop(b.prop(v, "deep"), "er"), b.prop(b.paren(v), "paren"), b.id("read"))),
          b.expr(b.prop(v, "odd-name")),
          b.expr(b.prop(v, "naïve")),
          b.expr(b.index(table, b.bin(b.id("n"), "-", b.num(2)))),
          b.expr(b.method(b.index(b.call(b.id("__tm_keys"), b.array([b.str("tag")])), b.num(0)), "at", b.num(1))),
          b.expr(b.index(b.id("local"), b.num(0))),
          b.expr(b.typeIs(b.index(table, b.num(1)), "object")),
          b.expr(b.not(b.index(table, b.num(1)))),
          b.if(x, [b.const("inThen", b.num(1))], [b.const("inElse", b.num(2)), b.ret()]),
          b.if(y, [b.const("t", x), b.ret(b.id("t"))]),
          b.while(x, [b.const("inWhile", b.call(y)), b.dec("alsoKept")]),
          b.forCount("i", x, [b.const("inFor", b.index(v, b.id("i")))]),
          b.forCount(b.id("kept"), y, [], 2),
          b.forOf(["k", "e"], b.call(x), [b.const("inForOf", b.id("k"))]),
          b.block([b.const("q", x), b.expr(b.id("q"))]),
          b.block([b.const("shadowed", x), b.block([b.expr(b.id("shadowed"))])]),
          b.switch(x, [
            [[b.num(0)], [b.const("inCase", b.num(1))]],
            [[b.named(b.num(1), "one")], [b.block([b.const("inCaseBlock", b.prop(v, "c"))]), b.brk()]],
          ]),
          b.expr(b.arrow(b.prop(v, "inArrow"))),
          b.fn(
            "nested",
            [
              ["u", "any"],
              ["v", "number"],
              ["unused", "any[]"],
            ],
            "any",
            [b.ret(b.bin(b.prop(b.id("u"), "x"), "+", b.prop(v, "fromOuter")))],
          ),
          b.fn("empty", [["e", "any"]], "void", []),
        ],
      ),
      b.commentAbove(
        b.fn(
          "__tm_Page_TCodec",
          [
            ["__tm_T", { runtime: "__tm.Codec", of: "any" }],
            ["__tm_U", { runtime: "__tm.Codec", of: "any" }],
          ],
          { runtime: "__tm.Codec", of: "any" },
          [
            b.const("__tm_K_Page", b.call(b.id("__tm_keys"), b.array([b.str("items")]))),
            b.const("__tm_unread", b.call(b.id("__tm_keys"), b.array([]))),
            b.fn(
              "__tm_decPage",
              [
                ["r", { runtime: "__tm.Reader" }],
                ["p", "path"],
                ["d", "number"],
              ],
              "any",
              [
                b.ret(
                  b.method(b.id("__tm_T"), "readFrom", b.id("r"), b.index(b.id("__tm_K_Page"), b.num(0)), b.id("d")),
                ),
              ],
            ),
            b.ret(b.call(b.id("__tm_codec"), b.id("__tm_decPage"))),
          ],
        ),
        "codecFor<Page<T>>(item)",
      ),
    ];
  };
  for (const comments of [true, false]) {
    const { text, printed } = typedBothWays(code, comments);
    expect(text).toEqual(printed);
  }
  // The rules did something.
  const text = typedBothWays(code, true).text.join("\n");
  for (const made of [
    "_p: string | undefined",
    "_unused: any[]",
    'v["a"]',
    "__tm_K_User[0]!",
    'x(v["a"]);',
    "({ a: x });",
    "0;",
  ])
    expect(text).toContain(made);
});

test("emitSourceText and the builders run without the typescript module", () => {
  const emit = path.join(__dirname, "../../transformer/emit");
  const modules = runtimeModules(path.join(emit, "source.ts"));
  expect(modules).toContain(path.join(emit, "source-build.ts"));
  expect(modules).toContain(path.join(emit, "values.ts"));
  expect(modules).not.toContain("typescript");
  expect(runtimeModules(path.join(emit, "build.ts"))).not.toContain("typescript");
});
