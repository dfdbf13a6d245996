/**
 * Linking (docs/generated-code.md, "Codecs link to each other across modules"): a codec whose type reaches a type
 * with an exported codec in another module calls that codec instead of copying it. Each project is
 * compiled through the real transformer of the private package build, and its output is run by node
 * in a child process (CommonJS, ES modules, an esbuild bundle), so specifiers resolve for real.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import {
  buildClean,
  cli,
  hasOwnCodec,
  linkingProject,
  node,
  packageBuild,
  removeTempDirs,
  ROOT_TYPESCRIPT,
  run,
} from "./helpers";

afterAll(() => removeTempDirs());

const TYPES = {
  "src/customer.ts": `import { codecFor } from "typed-msgpack";
export interface Customer { id: number; name: string; tier: "gold" | "silver" }
export const CustomerCodec = codecFor<Customer>();
`,
  "src/order.ts": `import { codecFor } from "typed-msgpack";
import type { Customer } from "./customer.js";
import type { Circle, Rect } from "./shapes.js";
export interface Order {
  id: number;
  customer: Customer;
  others: Customer[];
  backup?: Customer | null;
  byName: Record<string, Customer>;
  index: Map<string, Customer>;
  pairs: [Customer, number][];
  shapes: (Circle | Rect)[];
}
export const OrderCodec = codecFor<Order>();
`,
  "src/shapes.ts": `import { codecFor } from "typed-msgpack";
export interface Circle { kind: "circle"; r: number }
export interface Rect { kind: "rect"; w: number; h: number }
export const CircleCodec = codecFor<Circle>();
export const RectCodec = codecFor<Rect>();
`,
  // An import cycle: each module's codec links to the other's.
  "src/a.ts": `import { codecFor } from "typed-msgpack";
import type { B } from "./b.js";
export interface A { name: string; b?: B }
export const ACodec = codecFor<A>();
`,
  "src/b.ts": `import { codecFor } from "typed-msgpack";
import type { A } from "./a.js";
export interface B { count: number; a?: A }
export const BCodec = codecFor<B>();
`,
  // Not exported, or not at the top level: never linked to.
  "src/hidden.ts": `import { codecFor } from "typed-msgpack";
export interface Hidden { secret: string }
const HiddenCodec = codecFor<Hidden>();
export function inner() { const InnerCodec = codecFor<{ x: number }>(); return [HiddenCodec, InnerCodec]; }
`,
  "src/user.ts": `import { codecFor } from "typed-msgpack";
import type { Hidden } from "./hidden.js";
export interface User { hidden: Hidden }
export const UserCodec = codecFor<User>();
`,
};

/** Values and what the child process checks; results come back as JSON on stdout. */
const CHECK = `
const customer = { id: 1, name: "Ada", tier: "gold" };
const order = {
  id: 7, customer, others: [customer, { id: 2, name: "Bob", tier: "silver" }], backup: null,
  byName: { ada: customer }, index: new Map([["bob", customer]]), pairs: [[customer, 3]],
  shapes: [{ kind: "circle", r: 1.5 }, { kind: "rect", w: 2, h: 3 }],
};
function error(f) { try { f(); return null; } catch (e) { return { name: e.name, code: e.code, path: e.path, offset: e.offset, message: e.message }; } }
function checks(m) {
  const { OrderCodec, ACodec, BCodec, UserCodec } = m;
  const bytes = OrderCodec.encode(order);
  // The second shape's key "w" renamed "x": RectCodec, reached through a link, misses "w".
  const at = Buffer.from(bytes).lastIndexOf(Buffer.from([0xa1, 0x77, 0x02]));
  const broken = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xa1, 0x78]), bytes.subarray(at + 2)]);
  let deep = { name: "leaf" };
  for (let i = 0; i < 1100; i++) deep = i % 2 ? { name: "a" + i, b: { count: i, a: deep } } : deep;
  return {
    roundTrip: OrderCodec.decode(bytes),
    bytes: Buffer.from(bytes).toString("hex"),
    reference: Buffer.from(m.msgpack.encode({ ...order, index: { bob: customer } })).toString("hex"),
    nestedError: error(() => OrderCodec.decode(broken)),
    encodeError: error(() => OrderCodec.encode({ ...order, others: [customer, { id: 2, name: 5, tier: "gold" }] })),
    tooDeep: error(() => ACodec.encode(deep)),
    cycle: ACodec.decode(ACodec.encode({ name: "x", b: { count: 1, a: { name: "y" } } })),
    cycleB: BCodec.decode(BCodec.encode({ count: 2, a: { name: "z", b: { count: 3 } } })),
    user: UserCodec.decode(UserCodec.encode({ hidden: { secret: "s" } })),
  };
}
`;

/** The @msgpack/msgpack encoding of a Map key is a map too, so `index` is compared as an object. */
function expectResults(out: string): void {
  const r = JSON.parse(out);
  const customer = { id: 1, name: "Ada", tier: "gold" };
  expect(r.roundTrip).toEqual({
    id: 7,
    customer,
    others: [customer, { id: 2, name: "Bob", tier: "silver" }],
    backup: null,
    byName: { ada: customer },
    index: {},
    pairs: [[customer, 3]],
    shapes: [
      { kind: "circle", r: 1.5 },
      { kind: "rect", w: 2, h: 3 },
    ],
  }); // JSON.stringify of a Map is {}
  expect(r.bytes).toBe(r.reference);
  expect(r.nestedError).toMatchObject({ name: "CodecError", code: "missing-property", path: "$.shapes[1]" });
  expect(r.nestedError.message).toContain('required property "w" is missing');
  expect(r.encodeError).toMatchObject({ name: "CodecError", code: "type-mismatch", path: "$.others[1].name" });
  expect(r.tooDeep).toMatchObject({ name: "CodecError", code: "too-deep" });
  expect(r.cycle).toEqual({ name: "x", b: { count: 1, a: { name: "y" } } });
  expect(r.cycleB).toEqual({ count: 2, a: { name: "z", b: { count: 3 } } });
  expect(r.user).toEqual({ hidden: { secret: "s" } });
}

const build = buildClean;

function project(name: string, type: "commonjs" | "module", extensions = true): string {
  return linkingProject(
    name,
    Object.fromEntries(
      Object.entries(TYPES).map(([file, text]) => [file, extensions ? text : text.replace(/\.js"/g, '"')]),
    ),
    type,
  );
}

const codecsOf = hasOwnCodec;

test("CommonJS (module node16): codecs import the modules that declare the codecs they reach, and copy none", () => {
  const dir = project("cjs", "commonjs");
  const out = build(dir, { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 });
  const order = out["order.js"]!;
  expect(order).toContain('require("./customer.js")');
  expect(order).toContain('require("./shapes.js")');
  for (const name of ["Customer", "Circle", "Rect"]) expect(codecsOf(order, name)).toBe(false);
  expect(order).toMatch(/\.CustomerCodec\.writeTo\(/);
  // Cycle: a.js imports b.js and b.js imports a.js.
  expect(out["a.js"]).toContain('require("./b.js")');
  expect(out["b.js"]).toContain('require("./a.js")');
  // Never linked: a codec that is not exported, or not at the top level.
  expect(out["user.js"]).not.toContain("./hidden.js");
  expect(codecsOf(out["user.js"]!, "Hidden")).toBe(true);

  for (const first of ["a", "b"]) {
    fs.writeFileSync(
      path.join(dir, `check-${first}.js`),
      `${CHECK}
const other = "${first}" === "a" ? "b" : "a";
require("./out/${first}.js"); require("./out/" + other + ".js");
const m = { ...require("./out/order.js"), ...require("./out/customer.js"), ...require("./out/a.js"), ...require("./out/b.js"), ...require("./out/user.js"), msgpack: require("@msgpack/msgpack") };
console.log(JSON.stringify(checks(m)));
`,
    );
    expectResults(node(dir, `check-${first}.js`));
  }
});

test("ES modules (module nodenext): specifiers carry .js and resolve in node; either side of a cycle loads first", () => {
  const dir = project("esm", "module");
  const out = build(dir, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
  expect(out["order.js"]).toMatch(/import \* as \w+ from "\.\/customer\.js"/);
  for (const first of ["a", "b"]) {
    fs.writeFileSync(
      path.join(dir, `check-${first}.mjs`),
      `${CHECK}
await import("./out/${first}.js");
const modules = await Promise.all(["order", "customer", "a", "b", "user"].map((f) => import("./out/" + f + ".js")));
console.log(JSON.stringify(checks(Object.assign({ msgpack: await import("@msgpack/msgpack") }, ...modules))));
`,
    );
    expectResults(node(dir, `check-${first}.mjs`));
  }
});

test("bundler resolution: extensionless specifiers, bundled by esbuild and run", async () => {
  const dir = project("bundler", "module", false);
  const out = build(dir, { module: ts.ModuleKind.ES2020, moduleResolution: ts.ModuleResolutionKind.Bundler });
  expect(out["order.js"]).toMatch(/from "\.\/customer"/);
  fs.writeFileSync(
    path.join(dir, "entry.mjs"),
    `${CHECK}
import * as orderModule from "./out/order.js"; import * as customerModule from "./out/customer.js"; import * as aModule from "./out/a.js";
import * as bModule from "./out/b.js"; import * as userModule from "./out/user.js"; import * as msgpack from "@msgpack/msgpack";
console.log(JSON.stringify(checks({ ...orderModule, ...customerModule, ...aModule, ...bModule, ...userModule, msgpack })));
`,
  );
  const esbuild = require(path.join(ROOT_TYPESCRIPT, "../esbuild"));
  await esbuild.build({
    entryPoints: [path.join(dir, "entry.mjs")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: path.join(dir, "bundle.mjs"),
    logLevel: "silent",
    resolveExtensions: [".js"],
  });
  expectResults(node(dir, "bundle.mjs"));
});

test(".ts extensions (allowImportingTsExtensions, rewriteRelativeImportExtensions): codecs are imported as the file imports, the compiler rewrites both to .js, and the output runs", () => {
  const dir = linkingProject(
    "ts-extensions",
    Object.fromEntries(Object.entries(TYPES).map(([file, text]) => [file, text.replace(/\.js"/g, '.ts"')])),
    "module",
  );
  const out = build(dir, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    rewriteRelativeImportExtensions: true,
  });
  expect(out["order.js"]).toMatch(/import \* as \w+ from "\.\/customer\.js"/);
  expect(out["order.js"]).not.toContain('.ts"');
  expect(codecsOf(out["order.js"]!, "Customer")).toBe(false);
  fs.writeFileSync(
    path.join(dir, "check.mjs"),
    `${CHECK}
const modules = await Promise.all(["order", "customer", "a", "b", "user"].map((f) => import("./out/" + f + ".js")));
console.log(JSON.stringify(checks(Object.assign({ msgpack: await import("@msgpack/msgpack") }, ...modules))));
`,
  );
  expectResults(node(dir, "check.mjs"));
});

test("link: false copies the codecs instead, and the output still works", () => {
  const dir = project("nolink", "commonjs");
  const out = build(
    dir,
    { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
    { link: false },
  );
  expect(out["order.js"]).not.toContain("./customer.js");
  expect(codecsOf(out["order.js"]!, "Customer")).toBe(true);
  fs.writeFileSync(
    path.join(dir, "check.js"),
    `${CHECK}
const m = { ...require("./out/order.js"), ...require("./out/customer.js"), ...require("./out/a.js"), ...require("./out/b.js"), ...require("./out/user.js"), msgpack: require("@msgpack/msgpack") };
console.log(JSON.stringify(checks(m)));
`,
  );
  expectResults(node(dir, "check.js"));
});

test("generate with .ts extensions: order.codecs.ts imports ./customer.codecs.ts as the input imports ./customer.ts; tsc rewrites both and the output runs", () => {
  const { pkg } = packageBuild();
  const withTs = (file: keyof typeof TYPES) => TYPES[file].replace(/\.js"/g, '.ts"');
  const dir = linkingProject(
    "generate-ts-ext",
    {
      "package.json": JSON.stringify({
        type: "module",
        "typed-msgpack": { inputs: ["src/customer.ts", "src/order.ts", "src/shapes.ts"] },
      }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2020",
          module: "nodenext",
          moduleResolution: "nodenext",
          allowImportingTsExtensions: true,
          rewriteRelativeImportExtensions: true,
          strict: true,
          skipLibCheck: true,
          types: [],
          outDir: "out",
          rootDir: "src",
        },
        include: ["src"],
      }),
      "src/customer.ts": withTs("src/customer.ts"),
      "src/order.ts": withTs("src/order.ts"),
      "src/shapes.ts": withTs("src/shapes.ts"),
    },
    "module",
    { typescript: true },
  );
  expect(cli(pkg, ["generate"], dir).status).toBe(0);
  const order = fs.readFileSync(path.join(dir, "src/order.codecs.ts"), "utf8");
  expect(order).toMatch(/from "\.\/customer\.codecs\.ts"/);
  const tsc = run(process.execPath, [path.join(ROOT_TYPESCRIPT, "bin/tsc"), "-p", "."], dir);
  expect(tsc.output).not.toMatch(/error TS/);
  expect(fs.readFileSync(path.join(dir, "out/order.codecs.js"), "utf8")).toMatch(/from "\.\/customer\.codecs\.js"/);
  fs.writeFileSync(
    path.join(dir, "check.mjs"),
    `
const { OrderCodec } = await import("./out/order.codecs.js");
const customer = { id: 1, name: "Ada", tier: "gold" };
const order = { id: 7, customer, others: [], byName: {}, index: new Map(), pairs: [], shapes: [{ kind: "rect", w: 1, h: 2 }] };
console.log(JSON.stringify(OrderCodec.decode(OrderCodec.encode(order))));
`,
  );
  expect(JSON.parse(node(dir, "check.mjs"))).toMatchObject({
    id: 7,
    customer: { id: 1, name: "Ada", tier: "gold" },
    shapes: [{ kind: "rect", w: 1, h: 2 }],
  });
});

test("generate: a .codecs.ts imports the other input's generated file, type-checks and runs", () => {
  const { pkg } = packageBuild();
  const dir = linkingProject(
    "generate",
    {
      "package.json": JSON.stringify({
        type: "commonjs",
        "typed-msgpack": { inputs: ["src/customer.ts", "src/order.ts", "src/shapes.ts"] },
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
        include: ["src"],
      }),
      "src/customer.ts": TYPES["src/customer.ts"],
      "src/order.ts": TYPES["src/order.ts"],
      "src/shapes.ts": TYPES["src/shapes.ts"],
    },
    "commonjs",
    { typescript: true },
  );
  const generated = cli(pkg, ["generate"], dir);
  expect(generated.status).toBe(0);
  const order = fs.readFileSync(path.join(dir, "src/order.codecs.ts"), "utf8");
  expect(order).toMatch(/from "\.\/customer\.codecs\.js"/);
  expect(codecsOf(order, "Customer")).toBe(false);
  const tsc = run(process.execPath, [path.join(ROOT_TYPESCRIPT, "bin/tsc"), "-p", "."], dir);
  expect(tsc.output).not.toMatch(/error TS/);
  fs.writeFileSync(
    path.join(dir, "check.js"),
    `
const { OrderCodec } = require("./out/order.codecs.js");
const customer = { id: 1, name: "Ada", tier: "gold" };
const order = { id: 7, customer, others: [], byName: {}, index: new Map(), pairs: [], shapes: [{ kind: "rect", w: 1, h: 2 }] };
console.log(JSON.stringify(OrderCodec.decode(OrderCodec.encode(order))));
`,
  );
  expect(JSON.parse(node(dir, "check.js"))).toEqual({
    id: 7,
    customer: { id: 1, name: "Ada", tier: "gold" },
    others: [],
    byName: {},
    index: {},
    pairs: [],
    shapes: [{ kind: "rect", w: 1, h: 2 }],
  });
});
