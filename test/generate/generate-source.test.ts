/**
 * generateSource, in process: the input's own text is kept, only the calls, the generated block and
 * the imports the calls used change, and the result is clean under the strictest compiler settings.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decode, encode } from "@msgpack/msgpack";
import ts from "typescript";
import { generateSource } from "../../transformer/generate";
import { FIXTURE_OPTIONS, GENERATED_DIR } from "../helpers/compile";

const DIR = path.join(GENERATED_DIR, "generate-source");

/** The settings of @tsconfig/strictest and then some: a generated file must pass all of them. */
const STRICTEST: ts.CompilerOptions = {
  ...FIXTURE_OPTIONS,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noEmit: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  erasableSyntaxOnly: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
};

/** Parses lib and runtime files once for the whole file (fixtures change, those do not). */
const cache = new Map<string, ts.SourceFile>();
function host(options: ts.CompilerOptions): ts.CompilerHost {
  const base = ts.createCompilerHost(options, true);
  const getSourceFile = base.getSourceFile.bind(base);
  base.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName.startsWith(DIR)) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const key = fileName + JSON.stringify(languageVersion);
    let file = cache.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) cache.set(key, file);
    }
    return file;
  };
  return base;
}

function write(name: string, text: string): string {
  const file = path.join(DIR, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

/** Generates from `source` (with `others` beside it); fails on diagnostics unless `allowErrors`. */
function generate(name: string, source: string, others: Record<string, string> = {}) {
  for (const [other, text] of Object.entries(others)) write(other, text);
  const file = write(name + ".ts", source);
  const program = ts.createProgram([file], FIXTURE_OPTIONS, host(FIXTURE_OPTIONS));
  const result = generateSource(program, program.getSourceFile(file)!);
  return {
    ...result,
    file,
    messages: result.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
  };
}

/** Type errors of the generated text under STRICTEST, as `line:col message`. */
function strictErrors(name: string, text: string): string[] {
  const file = write(name + ".codecs.ts", text);
  const program = ts.createProgram([file], STRICTEST, host(STRICTEST));
  const sf = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map((d) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(d.start ?? 0);
    return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

test("the input's text is kept as written: comments, formatting and all; only the calls change", () => {
  const source = [
    `// Order codecs, as the team wrote them.`,
    `import { codecFor } from "typed-msgpack";`,
    ``,
    `/** An order. */`,
    `export interface Order {   id: number;`,
    `  lines: Array<{ sku: string; qty: number }>;   // odd spacing stays`,
    `  placedAt?: Date }`,
    ``,
    `export const OrderCodec = codecFor<Order>();   /* trailing comment */`,
    `export const PairCodec = codecFor<[`,
    `  first: string,`,
    `  second?: number,`,
    `]>();`,
    ``,
  ].join("\n");
  const { text, messages } = generate("kept", source);
  expect(messages).toEqual([]);
  const out = text!;
  expect(
    out.startsWith(`// Order codecs, as the team wrote them.\nimport * as __tm from "typed-msgpack/internal";\n`),
  ).toBe(true);
  expect(out).not.toContain(`import { codecFor }`);
  // From the interface on, the input's lines follow unchanged except for the two replaced calls.
  const tail = out.slice(out.indexOf("/** An order. */"));
  expect(tail).toBe(
    source
      .slice(source.indexOf("/** An order. */"))
      .replace("codecFor<Order>()", "(__tm_OrderCodec as __tm.Codec<Order>)")
      .replace(
        "codecFor<[\n  first: string,\n  second?: number,\n]>()",
        "(__tm_PairCodec as __tm.Codec<[\n  first: string,\n  second?: number,\n]>)",
      ),
  );
  expect(strictErrors("kept", out)).toEqual([]);
});

test("the generated block goes after the imports and before the first use, even on the import's line", () => {
  const { text } = generate(
    "same-line",
    `import { codecFor } from "typed-msgpack"; export const N = codecFor<number>();\n`,
  );
  const out = text!;
  expect(out.indexOf("const __tm_NumberCodec =")).toBeLessThan(out.indexOf("export const N ="));
  expect(strictErrors("same-line", out)).toEqual([]);
});

/** Compiles a generated text to CommonJS beside the fixtures and loads it, as a build of it would run. */
function load(name: string, text: string): Record<string, unknown> {
  const js = ts.transpileModule(text, {
    compilerOptions: { ...FIXTURE_OPTIONS, module: ts.ModuleKind.CommonJS, verbatimModuleSyntax: false },
  }).outputText;
  const file = write(name + ".codecs.js", js);
  delete require.cache[file];
  return require(file) as Record<string, unknown>;
}

describe("the generated block comes before its first use, whatever the order of imports (issue 19)", () => {
  const layouts: [string, string][] = [
    [
      "a codec line above a later import",
      [
        `import { codecFor } from "typed-msgpack";`,
        `export interface Item { sku: string; qty: number }`,
        `export const ItemCodec = codecFor<Item>();`,
        `import { CodecError } from "typed-msgpack";`,
        `export const isError = (e: unknown): boolean => e instanceof CodecError;`,
      ].join("\n"),
    ],
    [
      "codec lines between re-exports",
      [
        `import { codecFor } from "typed-msgpack";`,
        `export * from "typed-msgpack/stream";`,
        `export interface Item { sku: string; qty: number }`,
        `export const ItemCodec = codecFor<Item>();`,
        `export * from "typed-msgpack";`,
      ].join("\n"),
    ],
    [
      "a directive, and a function above the imports called while the module loads",
      [
        `"use client";`,
        `function itemCodec() { return codecFor<Item>(); }`,
        `import { codecFor } from "typed-msgpack";`,
        `export interface Item { sku: string; qty: number }`,
        `export const ItemCodec = itemCodec();`,
        `import { CodecError } from "typed-msgpack";`,
        `export const isError = (e: unknown): boolean => e instanceof CodecError;`,
      ].join("\n"),
    ],
  ];
  test.each(layouts)("%s", (label, source) => {
    const name = "order-" + label.replace(/\W+/g, "-");
    const { text, messages } = generate(name, source + "\n");
    expect(messages).toEqual([]);
    const out = text!;
    expect(out.indexOf("const __tm_ItemCodec =")).toBeLessThan(out.search(/export const ItemCodec = /));
    if (source.startsWith(`"use client"`))
      expect(out.startsWith(`"use client";\nimport * as __tm from "typed-msgpack/internal";\n`)).toBe(true);
    expect(strictErrors(name, out)).toEqual([]);
    const { ItemCodec } = load(name, out) as {
      ItemCodec: { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown };
    };
    expect(ItemCodec.decode(ItemCodec.encode({ sku: "A-1", qty: 2 }))).toEqual({ sku: "A-1", qty: 2 });
  });

  test("a linked codec's import goes with the block, before the first codec line", () => {
    const owner = write(
      "linked-owner.ts",
      `import { codecFor } from "typed-msgpack";\nexport interface Item { sku: string; qty: number }\nexport const ItemCodec = codecFor<Item>();\n`,
    );
    const user = write(
      "linked-user.ts",
      [
        `import { codecFor } from "typed-msgpack";`,
        `import type { Item } from "./linked-owner";`,
        `export const OrderCodec = codecFor<{ items: Item[] }>();`,
        `import { CodecError } from "typed-msgpack";`,
        `export const isError = (e: unknown): boolean => e instanceof CodecError;`,
        ``,
      ].join("\n"),
    );
    const program = ts.createProgram([owner, user], FIXTURE_OPTIONS, host(FIXTURE_OPTIONS));
    const moduleOf = (f: string) =>
      f === owner ? owner.replace(/\.ts$/, ".codecs.ts") : f === user ? user.replace(/\.ts$/, ".codecs.ts") : undefined;
    const ownerText = generateSource(program, program.getSourceFile(owner)!, {}, moduleOf).text!;
    const userText = generateSource(program, program.getSourceFile(user)!, {}, moduleOf).text!;
    expect(userText).toMatch(/^import \* as __tm_linked_owner_codecs from "\.\/linked-owner\.codecs\.js";$/m);
    expect(userText.indexOf("import * as __tm_linked_owner_codecs")).toBeLessThan(
      userText.indexOf("export const OrderCodec"),
    );
    load("linked-owner", ownerText);
    const { OrderCodec } = load("linked-user", userText) as {
      OrderCodec: { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown };
    };
    const order = { items: [{ sku: "A-1", qty: 2 }] };
    expect(OrderCodec.decode(OrderCodec.encode(order))).toEqual(order);
  });
});

describe("imports", () => {
  const cases: [string, string, string | undefined][] = [
    ["only codecFor: the line goes", `import { codecFor } from "typed-msgpack";`, undefined],
    [
      "codecFor among others",
      `import { CodecError, codecFor, type Codec } from "typed-msgpack";`,
      `import { CodecError, type Codec } from "typed-msgpack";`,
    ],
    ["an alias", `import { codecFor as makeCodec } from "typed-msgpack";`, undefined],
    ["a namespace used only for the calls", `import * as tm from "typed-msgpack";`, undefined],
  ];
  test.each(cases)("%s", (_, line, expected) => {
    const call = line.includes("* as tm") ? "tm.codecFor" : line.includes("makeCodec") ? "makeCodec" : "codecFor";
    const uses = line.includes("CodecError")
      ? `export const isError = (e: unknown): boolean => e instanceof CodecError;\nexport type C = Codec<string>;\n`
      : "";
    const { text } = generate("imports", `${line}\n${uses}export const S = ${call}<string>();\n`);
    const first = text!.split("\n")[0];
    if (expected === undefined) expect(first).toBe(`import * as __tm from "typed-msgpack/internal";`);
    else expect(first).toBe(expected);
    expect(strictErrors("imports", text!)).toEqual([]);
  });

  test("a namespace still used elsewhere stays; an import the input never used is not the generator's business", () => {
    const { text } = generate(
      "imports-kept",
      [
        `import * as tm from "typed-msgpack";`,
        `import { keys } from "typed-msgpack";`,
        `export const S = tm.codecFor<string>();`,
        `export const isError = (e: unknown): boolean => e instanceof tm.CodecError;`,
        ``,
      ].join("\n"),
    );
    expect(text).toContain(`import * as tm from "typed-msgpack";\nimport { keys } from "typed-msgpack";\n`);
  });

  test("codecFor still referenced (re-exported) stays imported", () => {
    const { text } = generate(
      "imports-reexport",
      `import { codecFor } from "typed-msgpack";\nexport { codecFor };\nexport const S = codecFor<string>();\n`,
    );
    expect(text!.startsWith(`import { codecFor } from "typed-msgpack";\n`)).toBe(true);
  });
});

test("types from other modules: the input's own imports stay, and the result passes the strictest settings", () => {
  const { text, messages } = generate(
    "rich",
    [
      `import { codecFor, type Codec } from "typed-msgpack";`,
      `import type { Shape, Tree } from "./rich-types";`,
      `export interface Reading { at: Date; value: number; tags: Set<string>; extra: Record<string, bigint>; raw?: Uint8Array }`,
      `export const ShapesCodec = codecFor<Shape[]>();`,
      `export const TreeCodec: Codec<Tree> = codecFor<Tree>();`,
      `export const ReadingsCodec = codecFor<Map<string, [Reading, Reading?]>>();`,
      `export const MaybeCodec = codecFor<{ kind: "a"; n: number } | { kind: "b"; s: string } | null>();`,
      `export const PathCodec = codecFor<{ points: [number, number][]; marks: ["pt", number, boolean][] }>();`,
      ``,
    ].join("\n"),
    {
      "rich-types.ts": [
        `export type Shape = { kind: "circle"; r: number } | { kind: "rect"; w: number; h: number; label?: string };`,
        `export interface Tree { value: "leaf" | \`node-\${number}\`; children: Tree[]; meta: { [k: string]: string | number | boolean | null } }`,
      ].join("\n"),
    },
  );
  expect(messages).toEqual([]);
  expect(text).toContain("Math.min(n - i, 1024)"); // an array of bounded tuples, written inline
  expect(text).toContain(`import type { Shape, Tree } from "./rich-types";`);
  expect(text).not.toMatch(/\bcodecFor\b(?!<)/); // only the `// codecFor<T>()` comments mention it
  expect(strictErrors("rich", text!)).toEqual([]);
});

describe("a stale copy is a compile error (issue 19): the copy records the shape it was generated for", () => {
  const TYPES = [
    `export interface Item { sku: string; qty: number; note?: string }`,
    `export interface Order { id: number; status: "open" | "paid"; items: Item[]; parent?: Order; deep: { a: { b: { c: string } } } }`,
  ].join("\n");
  const INPUT = [
    `import { codecFor } from "typed-msgpack";`,
    `import type { Order } from "./stale-types";`,
    `export const OrderCodec = codecFor<Order>();`,
    `export const OrdersCodec = codecFor<Order[]>();`,
    `export function local() { interface Local { n: number } return codecFor<Local>(); }`,
    ``,
  ].join("\n");
  let text = "";
  beforeAll(() => {
    const result = generate("stale", INPUT, { "stale-types.ts": TYPES });
    expect(result.messages).toEqual([]);
    text = result.text!;
  });

  test("the copy compiles while the types are as generated; a type local to a function is not checked", () => {
    expect(text).toContain(
      `declare const __tm_check_Order: __tm.Unchanged<__tm.SameShape<Order, __tm_S_Order, "OrderCodec was generated for another Order: run \`npx typed-msgpack generate\`">>;`,
    );
    expect(text).not.toContain("another Local");
    write("stale-types.ts", TYPES);
    expect(strictErrors("stale", text)).toEqual([]);
  });

  const changes: [string, string, string][] = [
    ["a required property added", "qty: number;", "qty: number; price: number;"],
    ["an optional property added", "qty: number;", "qty: number; gift?: boolean;"],
    ["a property removed", " note?: string", ""],
    ["an optional property made required", "note?: string", "note: string"],
    ["a property's type changed", "qty: number", "qty: string"],
    ["a literal union widened", `"open" | "paid"`, `"open" | "paid" | "void"`],
    ["a property added three levels down", "c: string", "c: string; d?: number"],
  ];
  test.each(changes)("%s: both codecs report it, by name", (_label, from, to) => {
    expect(TYPES).toContain(from);
    write("stale-types.ts", TYPES.replace(from, to));
    const errors = strictErrors("stale", text).join("\n");
    expect(errors).toContain("OrderCodec was generated for another Order: run `npx typed-msgpack generate`");
    expect(errors).toContain("OrdersCodec was generated for another Order[]");
  });

  test("without strictNullChecks no check is written (it cannot tell optional from required there)", () => {
    const options = { ...FIXTURE_OPTIONS, strict: false };
    write("stale-types.ts", TYPES);
    const file = write("stale-loose.ts", INPUT.replace(/stale-types/, "stale-types"));
    const program = ts.createProgram([file], options, host(options));
    const result = generateSource(program, program.getSourceFile(file)!);
    expect(result.diagnostics).toEqual([]);
    expect(result.text).toContain("__tm_codec(");
    expect(result.text).not.toContain("__tm_check_");
  });
});

describe("number widths (issue 17): generated like the plugin's, and a changed width makes the copy stale", () => {
  const TYPES = [
    `import type { Float32, Int32, Int64 } from "typed-msgpack";`,
    `export interface Reading { value: Float32; count: Int32; id: Int64; samples: Float32[]; plain: number }`,
  ].join("\n");
  const INPUT = [
    `import { codecFor } from "typed-msgpack";`,
    `import type { Reading } from "./width-types";`,
    `export const ReadingCodec = codecFor<Reading>();`,
    ``,
  ].join("\n");
  let text = "";
  beforeAll(() => {
    const result = generate("widths", INPUT, { "width-types.ts": TYPES });
    expect(result.messages).toEqual([]);
    text = result.text!;
  });

  test("the copy calls the width functions, records the widths, and compiles under the strictest settings", () => {
    expect(text).toContain("__tm_writeFloat32(w, value_, ");
    expect(text).toContain(`__tm_writeInt(w, v["count"], -2147483648, 2147483647, `);
    expect(text).toContain("__tm_readInt(r, -2147483648, 2147483647, ");
    expect(text).toContain("__tm_readFloat32Array(r, ");
    expect(text).toContain(`value: __tm.Width<"float32">; count: __tm.Width<"int32">; id: __tm.Width<"int64">`);
    write("width-types.ts", TYPES);
    expect(strictErrors("widths", text)).toEqual([]);
  });

  test.each([
    ["a width narrowed", "count: Int32", "count: Int8"],
    ["a width dropped", "value: Float32", "value: number"],
    ["a width added", "plain: number", "plain: Float32"],
    ["an element's width changed", "samples: Float32[]", "samples: Int32[]"],
  ])("%s: reported", (_label, from, to) => {
    write("width-types.ts", TYPES.replace("Float32, Int32, Int64", "Float32, Int8, Int32, Int64").replace(from, to));
    expect(strictErrors("widths", text).join("\n")).toContain("ReadingCodec was generated for another Reading");
  });
});

describe("the positional layout (issue 17) through generate", () => {
  test("the copy writes arrays, drops the options argument with the call, and compiles under the strictest settings", () => {
    write(
      "positional-types.ts",
      `export interface Point { x: number; y: number; label?: string }\nexport type Mark = { kind: "pin"; at: Point } | { kind: "line"; from: Point; to: Point };`,
    );
    const input = [
      `import { codecFor } from "typed-msgpack";`,
      `import type { Mark, Point } from "./positional-types";`,
      `export const MarkCodec = codecFor<Mark>({ layout: "positional" });`,
      `export const PointCodec = codecFor<Point>();`,
      ``,
    ].join("\n");
    const result = generate("positional", input, {});
    expect(result.messages).toEqual([]);
    const text = result.text!;
    expect(text).toContain(`// codecFor<Mark>({ layout: "positional" })`);
    expect(text).toContain("export const MarkCodec = (__tm_MarkPositionalCodec as __tm.Codec<Mark>);");
    expect(text).toContain("__tm_readPositionalTag(r, 0, ");
    expect(text).toContain("w.putArrayHeader(n);");
    expect(text).toMatch(/w\.put\(__tm_E_Point\[n - \d\]!\);/); // the keyed PointCodec beside it: map header and first key by size
    expect(text).not.toMatch(/= codecFor</);
    expect(strictErrors("positional", text)).toEqual([]);
  });
});

describe("size mode (issue 60) through generate", () => {
  test("the copy holds a table run by typed-msgpack/interpret, and compiles under the strictest settings", () => {
    const input = [
      `import { codecFor } from "typed-msgpack";`,
      `export type Mark = { kind: "pin"; at: { x: number; y: number }; label?: string | null } | { kind: "line"; len: number };`,
      `export const MarkCodec = codecFor<Mark>({ optimize: "size" });`,
      ``,
    ].join("\n");
    const result = generate("size-mode", input, {});
    expect(result.messages).toEqual([]);
    const text = result.text!;
    expect(text).toContain(`import * as __tm_interpret from "typed-msgpack/interpret";`);
    expect(text).toContain(`// codecFor<Mark>({ optimize: "size" })`);
    expect(text).toContain("__tm_interpret.interpret(");
    expect(strictErrors("size-mode", text)).toEqual([]);
  });
});

describe("a fresh copy is never reported stale (issue 19): what the check cannot compare is left out", () => {
  /** T0 → T1 → ... → T(n-1), each level also through an optional array: nested deeper than TypeScript compares (100 levels). */
  const chain = (n: number, extra = -1) =>
    Array.from(
      { length: n },
      (_, i) =>
        `export interface T${i} { id: number;${i === extra ? " extra?: string;" : ""} ${i + 1 < n ? `next: T${i + 1}; maybe?: T${i + 1}[];` : "end: true;"} }`,
    ).join("\n");
  const EDGE = [
    `export class Account { id = 0; private secret = ""; protected pin = 0; readonly kind = "user"; hint = this.secret.length }`,
    `export interface Fields { account: Account; none: undefined; maybe?: undefined; nothing: void; either: string | void }`,
  ].join("\n");
  const INPUT = [
    `import { codecFor } from "typed-msgpack";`,
    `import type { Fields } from "./fresh-edge";`,
    `import type { T0 } from "./fresh-chain";`,
    `export const FieldsCodec = codecFor<Fields>();`,
    `export const ChainCodec = codecFor<T0>();`,
    ``,
  ].join("\n");
  let text = "";
  beforeAll(() => {
    const result = generate("fresh", INPUT, { "fresh-edge.ts": EDGE, "fresh-chain.ts": chain(120) });
    expect(result.messages).toEqual([]);
    text = result.text!;
  });

  test("private and protected properties (not in keyof), properties that can only be absent (undefined, void), a type nested 360 levels deep", () => {
    expect(text).toContain("__tm_check_Fields");
    expect(text).toContain("__tm_check_T0");
    expect(strictErrors("fresh", text)).toEqual([]);
  });

  test("the deep type is compared to a depth (the rest is any): a change near its top is still reported", () => {
    write("fresh-chain.ts", chain(120, 3));
    expect(strictErrors("fresh", text).join("\n")).toContain("ChainCodec was generated for another T0");
    write("fresh-chain.ts", chain(120));
  });

  test("a recursive type too deep to compare is not checked; a file with nothing else to check has no checks", () => {
    const ring = Array.from(
      { length: 60 },
      (_, i) => `export interface R${i} { id: number; next?: R${(i + 1) % 60}[] }`,
    ).join("\n");
    const result = generate(
      "fresh-ring",
      `import { codecFor } from "typed-msgpack";\nimport type { R0 } from "./fresh-ring-types";\nexport const RingCodec = codecFor<R0>();\n`,
      { "fresh-ring-types.ts": ring },
    );
    expect(result.messages).toEqual([]);
    expect(result.text).toContain("__tm_codec(");
    expect(result.text).not.toContain("__tm_check_");
    expect(strictErrors("fresh-ring", result.text!)).toEqual([]);
  });

  test("a class's public property is still compared", () => {
    write("fresh-edge.ts", EDGE.replace("id = 0;", 'id = 0; label = "";'));
    expect(strictErrors("fresh", text).join("\n")).toContain("FieldsCodec was generated for another Fields");
    write("fresh-edge.ts", EDGE);
  });
});

test("CRLF input gives CRLF output", () => {
  const { text } = generate(
    "crlf",
    `import { codecFor } from "typed-msgpack";\r\nexport const S = codecFor<{ a: string }>();\r\n`,
  );
  expect(text).toContain("\r\n");
  expect(text!.replace(/\r\n/g, "")).not.toContain("\n");
});

test("a shebang stays on the first line", () => {
  const { text } = generate(
    "shebang",
    `#!/usr/bin/env node\nimport { codecFor } from "typed-msgpack";\nexport const S = codecFor<string>();\n`,
  );
  expect(text!.split("\n").slice(0, 2)).toEqual([
    "#!/usr/bin/env node",
    `import * as __tm from "typed-msgpack/internal";`,
  ]);
});

test("a file without codecFor calls gives no text", () => {
  expect(generate("none", `export const n: number = 1;\n`).text).toBeUndefined();
});

test("a file with a problem gives diagnostics and no text", () => {
  const { text, messages } = generate(
    "problem",
    `import { codecFor } from "typed-msgpack";\nexport const F = codecFor<{ f: () => void }>();\n`,
  );
  expect(text).toBeUndefined();
  expect(messages).toEqual([expect.stringContaining("$.f has a function type")]);
});

test("the same input gives the same bytes", () => {
  const source = `import { codecFor } from "typed-msgpack";\nexport interface A { x: number; y?: string[]; z: Map<string, A> }\nexport const C = codecFor<A>();\n`;
  expect(generate("same", source).text).toBe(generate("same", source).text);
});

describe("generic codecs (issue 16): the generic function keeps its shape, the factory is strict-clean", () => {
  const source = [
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
    ``,
  ].join("\n");

  test("each call becomes the factory applied to the codecs passed, typed as the codec of the call's type", () => {
    const { text, messages } = generate("generic", source);
    expect(messages).toEqual([]);
    expect(text).toContain(`  return (__tm_Page_TCodec(item) as __tm.Codec<Page<T>>);`);
    expect(text).toContain(`  return (__tm_Envelope_K_PCodec(kind, payload) as __tm.Codec<Envelope<K, P>>);`);
    expect(text).toContain(
      `export const treeCodec = <T>(value: Codec<T>) => (__tm_Tree_TCodec(value) as __tm.Codec<Tree<T>>);`,
    );
    expect(text).toContain(`function __tm_Page_TCodec(__tm_T: __tm.Codec<any>): __tm.Codec<any> {`);
    expect(strictErrors("generic", text!)).toEqual([]);
  });

  test("the generated file runs: same bytes as the concrete codec, as @msgpack/msgpack reads them", () => {
    const { text } = generate("generic_run", source + `export const UserPageDirect = codecFor<Page<User>>();\n`);
    const js = ts.transpileModule(text!, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
    }).outputText;
    const file = write("generic_run.codecs.js", js);
    const m = require(file);
    const page = {
      items: [
        { id: 1, email: "a@x" },
        { id: 2, email: "b@x" },
      ],
      next: "c2",
      total: 2,
    };
    const bytes = m.UserPage.encode(page);
    expect(Buffer.from(bytes).toString("hex")).toBe(Buffer.from(m.UserPageDirect.encode(page)).toString("hex"));
    expect(decode(bytes)).toEqual(page);
    expect(m.UserPage.decode(bytes)).toEqual(page);
    const event = { kind: "order", sentAt: new Date(5000), payload: { items: [], total: 0 } };
    expect(m.OrderEvent.decode(m.OrderEvent.encode(event))).toEqual(event);
    const tree = m.treeCodec(m.UserCodec);
    const t = { value: { id: 1, email: "r" }, children: [{ value: { id: 2, email: "c" }, children: [] }] };
    expect(tree.decode(encode(t))).toEqual(t);
    expect(() => m.UserPage.decode(encode({ items: [{ id: 1, email: 5 }], total: 1 }))).toThrow(
      expect.objectContaining({ path: "$.items[0].email" }),
    );
  });
});
