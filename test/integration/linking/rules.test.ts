/**
 * Which codecs a file links to (docs/generated-code.md, "Codecs link to each other across modules"): only
 * exported top-level `const`s declared by another file, exactly one owner per type (the first file
 * by path), specifiers relative and with `.js` exactly when the file's own imports have it, and
 * names that never collide with the file's own. Every project's output is loaded by node.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import {
  build,
  buildClean,
  cli,
  hasOwnCodec,
  linkingProject,
  node,
  packageBuild,
  relativeImportsOf,
  removeTempDirs,
  ROOT_TYPESCRIPT,
  run,
} from "./helpers";

afterAll(() => removeTempDirs());

const CJS = { module: ts.ModuleKind.CommonJS }; // TypeScript 6 picks the resolution (node10 is deprecated)

describe("who links to what (module commonjs)", () => {
  const FILES: Record<string, string> = {
    "src/models/customer.ts": "export interface Customer { id: number; name: string }\n",
    // A module named after the codec it exports: its import alias must not take the name of a codec constant.
    "src/CustomerCodec.ts": `import { codecFor } from "typed-msgpack";
import type { Customer } from "./models/customer.js";
export const CustomerCodec = codecFor<Customer>();
`,
    // Imports with .js: links with .js, up and across folders.
    "src/codecs/order.ts": `import { codecFor } from "typed-msgpack";
import type { Customer } from "../models/customer.js";
export interface Order { id: number; customer: Customer; lines: Line[] }
export interface Line { sku: string }
export const OrderCodec = codecFor<Order>();
`,
    // A second codec for an owned type: it links to the owner (and so declares __tm_CustomerCodec itself).
    "src/codecs/again.ts": `import { codecFor } from "typed-msgpack";
import type { Customer } from "../models/customer.js";
export const CustomerAgainCodec = codecFor<Customer>();
`,
    // Two codecs in one file, one type reaching the other: called directly, never through an import of itself.
    "src/local.ts": `import { codecFor } from "typed-msgpack";
export interface Part { label: string }
export interface Whole { part: Part; parts: Part[] }
export const PartCodec = codecFor<Part>();
export const WholeCodec = codecFor<Whole>();
`,
    // Codecs nothing may link to.
    "src/hidden.ts": `import { codecFor } from "typed-msgpack";
export interface Hidden { secret: string }
export interface Mutable { m: number }
export interface Inner { i: number }
export interface Defaulted { dflt: boolean }
const HiddenCodec = codecFor<Hidden>();
export let MutableCodec = codecFor<Mutable>();
export function innerCodec() { const InnerCodec = codecFor<Inner>(); return InnerCodec; }
export default codecFor<Defaulted>();
`,
    "src/user.ts": `import { codecFor } from "typed-msgpack";
import type { Defaulted, Hidden, Inner, Mutable } from "./hidden";
export interface User { hidden: Hidden; mutable: Mutable; inner: Inner; defaulted: Defaulted }
export const UserCodec = codecFor<User>();
`,
    // codecFor under another name, or through a namespace import: still a declaration to link to.
    "src/aliased.ts": `import { codecFor as make } from "typed-msgpack";
export interface Aliased { al: string }
export const AliasedCodec = make<Aliased>();
`,
    "src/ns.ts": `import * as tm from "typed-msgpack";
export interface Spaced { sp: string }
export const SpacedCodec = tm.codecFor<Spaced>();
`,
    "src/linker.ts": `import { codecFor } from "typed-msgpack";
import type { Aliased } from "./aliased";
import type { Spaced } from "./ns";
export interface Both { al: Aliased; sp: Spaced }
export const BothCodec = codecFor<Both>();
`,
    // One type, two exported codecs: dup-a.ts owns it (first by path), dup-b.ts links to it, never the reverse.
    "src/shared.ts": "export interface Shared { v: number }\n",
    "src/dup-b.ts": `import { codecFor } from "typed-msgpack";
import type { Shared } from "./shared";
export const SharedCodec = codecFor<Shared>();
`,
    "src/dup-a.ts": `import { codecFor } from "typed-msgpack";
import type { Shared } from "./shared";
export const SharedCodecToo = codecFor<Shared>();
`,
    "src/holder.ts": `import { codecFor } from "typed-msgpack";
import type { Shared } from "./shared";
export interface Holder { s: Shared }
export const HolderCodec = codecFor<Holder>();
`,
  };

  /** Loads each module (dup-b before dup-a) and round-trips a value through each codec. */
  const CHECK = `
const out = (f) => require("./out/" + f + ".js");
const samples = [
  ["codecs/order", "OrderCodec", { id: 1, customer: { id: 2, name: "Ada" }, lines: [{ sku: "A" }] }],
  ["codecs/again", "CustomerAgainCodec", { id: 3, name: "Bob" }],
  ["CustomerCodec", "CustomerCodec", { id: 4, name: "Cy" }],
  ["local", "WholeCodec", { part: { label: "p" }, parts: [{ label: "q" }] }],
  ["user", "UserCodec", { hidden: { secret: "s" }, mutable: { m: 1 }, inner: { i: 2 }, defaulted: { dflt: true } }],
  ["linker", "BothCodec", { al: { al: "x" }, sp: { sp: "y" } }],
  ["dup-b", "SharedCodec", { v: 5 }],
  ["dup-a", "SharedCodecToo", { v: 6 }],
  ["holder", "HolderCodec", { s: { v: 7 } }],
];
const results = {};
for (const [file, name, value] of samples) {
  const codec = out(file)[name];
  const bytes = codec.encode(value);
  results[name] = { same: JSON.stringify(codec.decode(bytes)) === JSON.stringify(value), hex: Buffer.from(bytes).toString("hex") };
}
let error;
try { out("holder").HolderCodec.encode({ s: { v: "7" } }); } catch (e) { error = e.path; }
results.holderError = error;
console.log(JSON.stringify(results));
`;

  let js: Record<string, string>;
  let results: Record<string, { same: boolean; hex: string }> & { holderError: string };

  beforeAll(() => {
    const dir = linkingProject("rules", { ...FILES, "check.js": CHECK });
    js = buildClean(dir, CJS);
    results = JSON.parse(node(dir, "check.js"));
  }, 120_000);

  test.each([
    ["codecs/order.js", ["../CustomerCodec.js"], ["Line"], ["Customer"]],
    ["codecs/again.js", ["../CustomerCodec.js"], [], ["Customer"]],
    ["CustomerCodec.js", [], ["Customer"], []],
    ["local.js", [], ["Part", "Whole"], []],
    ["user.js", [], ["Hidden", "Mutable", "Inner", "Defaulted"], []],
    ["linker.js", ["./aliased", "./ns"], ["Both"], ["Aliased", "Spaced"]],
    ["dup-a.js", [], ["Shared"], []],
    ["dup-b.js", ["./dup-a"], [], ["Shared"]],
    ["holder.js", ["./dup-a"], ["Holder"], ["Shared"]],
  ])("%s imports %j, has its own codecs for %j and none for %j", (file, imports, own, linked) => {
    const text = js[file]!;
    expect(relativeImportsOf(text)).toEqual(imports);
    for (const name of own) expect({ name, own: hasOwnCodec(text, name) }).toEqual({ name, own: true });
    for (const name of linked) expect({ name, own: hasOwnCodec(text, name) }).toEqual({ name, own: false });
  });

  test("every module loads and every codec round-trips; codecs of one type write the same bytes whichever file owns it", () => {
    for (const [name, r] of Object.entries(results))
      if (name !== "holderError") expect({ name, same: (r as { same: boolean }).same }).toEqual({ name, same: true });
    expect(Object.keys(results)).toHaveLength(10);
    expect(results.SharedCodec!.hex).toBe("81a17605");
    expect(results.SharedCodecToo!.hex).toBe("81a17606");
    expect(results.holderError).toBe("$.s.v");
  });

  test("the owner's codec is linked, not a copy: Whole calls Part's function in its own file, dup-b calls dup-a's SharedCodecToo", () => {
    expect(js["local.js"]).not.toMatch(/\.PartCodec\.(writeTo|readFrom)\(/);
    expect(js["dup-b.js"]).toMatch(/\.SharedCodecToo\.writeTo\(/);
    expect(js["dup-a.js"]).not.toContain("SharedCodec.");
    expect(js["holder.js"]).toMatch(/\.SharedCodecToo\.readFrom\(/);
  });
});

describe("the link option", () => {
  test.each([["yes"], [0], [1], ["false"], [{}], [null]])(
    "link: %j is an error that names the option and the value",
    (value) => {
      const { transformer } = packageBuild();
      expect(() => transformer(ts.createProgram([], {}), { link: value })).toThrow(
        `option "link" must be true or false, got ${JSON.stringify(value)}`,
      );
    },
  );

  /** A two-file project built by tspc (ts-patch 4, the repository's) with `plugin` as the plugins entry. */
  function tspc(name: string, plugin: object) {
    const dir = linkingProject(name, {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2020",
          module: "node16",
          moduleResolution: "node16",
          strict: true,
          skipLibCheck: true,
          types: [],
          rootDir: "src",
          outDir: "out",
          plugins: [plugin],
        },
        include: ["src"],
      }),
      "src/a.ts": `import { codecFor } from "typed-msgpack";\nexport interface A { name: string }\nexport const ACodec = codecFor<A>();\n`,
      "src/b.ts": `import { codecFor } from "typed-msgpack";\nimport type { A } from "./a.js";\nexport interface B { a: A }\nexport const BCodec = codecFor<B>();\n`,
    });
    const result = run(process.execPath, [path.join(ROOT_TYPESCRIPT, "../ts-patch/bin/tspc.js"), "-p", "."], dir);
    const b = path.join(dir, "out/b.js");
    return { dir, result, b: fs.existsSync(b) ? fs.readFileSync(b, "utf8") : undefined };
  }

  test('from tsconfig through tspc: "link": false copies, "link": "no" stops the build with the message', () => {
    const copied = tspc("tspc-nolink", { transform: "typed-msgpack/transformer", link: false });
    expect(copied.result.output).toMatch(/exit 0\)/);
    expect(relativeImportsOf(copied.b!)).toEqual([]);
    expect(hasOwnCodec(copied.b!, "A")).toBe(true);
    expect(
      JSON.parse(
        node(
          copied.dir,
          "-p",
          `const { BCodec } = require("./out/b.js"); JSON.stringify(BCodec.decode(BCodec.encode({ a: { name: "x" } })))`,
        ),
      ),
    ).toEqual({ a: { name: "x" } });

    const bad = tspc("tspc-badlink", { transform: "typed-msgpack/transformer", link: "no" });
    expect(bad.result.status).not.toBe(0);
    expect(bad.result.output).toContain('option "link" must be true or false, got "no"');
    expect(bad.b).toBeUndefined();
  }, 60_000);
});

describe("rebuilding only the owner's module", () => {
  const A = `import { codecFor } from "typed-msgpack";
export interface A { name: string }
export const ACodec = codecFor<A>();
`;
  const B = `import { codecFor } from "typed-msgpack";
import type { A } from "./a";
export interface B { a: A; list: A[] }
export const BCodec = codecFor<B>();
`;
  const CHECK = `
const msgpack = require("@msgpack/msgpack");
const { BCodec } = require("./" + process.argv[2] + "/b.js");
const value = { a: { name: "x", added: "new" }, list: [{ name: "y", added: "too" }] };
console.log(JSON.stringify({ wire: msgpack.decode(BCodec.encode(value)), back: BCodec.decode(msgpack.encode(value)) }));
`;

  test("a property added to A reaches b.js's codec when only a.ts is re-emitted; b.js is the same whatever A's shape; link: false keeps the old copy", () => {
    const dir = linkingProject("rebuild", { "src/a.ts": A, "src/b.ts": B, "check.js": CHECK });
    const before = buildClean(dir, CJS);
    buildClean(dir, CJS, { link: false }, { outDir: "out-copied" });

    fs.writeFileSync(path.join(dir, "src/a.ts"), A.replace("name: string }", "name: string; added?: string }"));
    expect(Object.keys(buildClean(dir, CJS, {}, { only: "a.ts" }))).toEqual(["a.js"]);
    expect(Object.keys(buildClean(dir, CJS, { link: false }, { outDir: "out-copied", only: "a.ts" }))).toEqual([
      "a.js",
    ]);

    const value = { a: { name: "x", added: "new" }, list: [{ name: "y", added: "too" }] };
    expect(JSON.parse(node(dir, "check.js", "out"))).toEqual({ wire: value, back: value });
    // The copy in b.js still has A's old shape: it drops the new property on both sides.
    expect(JSON.parse(node(dir, "check.js", "out-copied"))).toEqual({
      wire: { a: { name: "x" }, list: [{ name: "y" }] },
      back: { a: { name: "x" }, list: [{ name: "y" }] },
    });
    // Re-emitting b.ts after the change gives the same b.js: it names A's codec, it does not describe A.
    const after = build(dir, CJS, {}, { outDir: "out-again" });
    expect(after.js["b.js"]).toBe(before["b.js"]);
  });
});

describe("generate links only to inputs it generates", () => {
  test("customer.ts exports a codec but is no input: order.codecs.ts copies Customer; invoice.codecs.ts links to order.codecs.js; all compile and run", () => {
    const { pkg } = packageBuild();
    const customer = `import { codecFor } from "typed-msgpack";\nexport interface Customer { id: number; name: string }\nexport const CustomerCodec = codecFor<Customer>();\n`;
    const dir = linkingProject(
      "generate-partial",
      {
        "package.json": JSON.stringify({
          type: "commonjs",
          "typed-msgpack": { inputs: ["src/order.ts", "src/invoice.ts"] },
        }),
        "tsconfig.json": JSON.stringify({
          compilerOptions: {
            target: "es2020",
            module: "node16",
            moduleResolution: "node16",
            strict: true,
            skipLibCheck: true,
            types: [],
            outDir: "out",
            rootDir: "src",
          },
          include: ["src/*.codecs.ts"],
        }),
        "src/customer.ts": customer,
        "src/order.ts": `import { codecFor } from "typed-msgpack";
import type { Customer } from "./customer.js";
export interface Order { id: number; customer: Customer }
export const OrderCodec = codecFor<Order>();
`,
        "src/invoice.ts": `import { codecFor } from "typed-msgpack";
import type { Customer } from "./customer.js";
import type { Order } from "./order.js";
export interface Invoice { billTo: Customer; orders: Order[] }
export const InvoiceCodec = codecFor<Invoice>();
`,
        "check.js": `const { InvoiceCodec } = require("./out/invoice.codecs.js");
const ada = { id: 1, name: "Ada" };
const invoice = { billTo: ada, orders: [{ id: 7, customer: ada }] };
console.log(JSON.stringify(InvoiceCodec.decode(InvoiceCodec.encode(invoice))));
`,
      },
      "commonjs",
      { typescript: true },
    );
    const generated = cli(pkg, ["generate"], dir);
    expect(generated.output).toMatch(/2 written/);
    expect(fs.existsSync(path.join(dir, "src/customer.codecs.ts"))).toBe(false);
    const order = fs.readFileSync(path.join(dir, "src/order.codecs.ts"), "utf8");
    const invoice = fs.readFileSync(path.join(dir, "src/invoice.codecs.ts"), "utf8");
    expect(relativeImportsOf(order)).toEqual(["./customer.js"]); // the type import the user wrote, only
    expect(order).not.toContain("CustomerCodec");
    expect(hasOwnCodec(order, "Customer")).toBe(true);
    expect(relativeImportsOf(invoice)).toEqual(["./customer.js", "./order.codecs.js", "./order.js"]);
    expect(invoice).toMatch(/import \* as \w+ from "\.\/order\.codecs\.js"/);
    expect(hasOwnCodec(invoice, "Order")).toBe(false);
    expect(hasOwnCodec(invoice, "Customer")).toBe(true);

    const tsc = run(process.execPath, [path.join(ROOT_TYPESCRIPT, "bin/tsc"), "-p", "."], dir);
    expect(tsc.output).not.toMatch(/error TS/);
    expect(JSON.parse(node(dir, "check.js"))).toEqual({
      billTo: { id: 1, name: "Ada" },
      orders: [{ id: 7, customer: { id: 1, name: "Ada" } }],
    });
  }, 60_000);
});
