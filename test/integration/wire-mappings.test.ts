/**
 * Wire mappings (issue 59, docs/type-mapping.md "Wire mappings") on real routes: a project whose
 * mappings live in a module that no codec's module imports (money.ts: decimal.js `Decimal` and
 * bson `ObjectId`) and beside the codecs (order.ts: `URL`), built by the compiler plugin of the
 * private package build as CommonJS and as ES modules, and by `typed-msgpack generate` then tsc;
 * each output run by node in a child process, where the modules resolve as they do for a user.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import {
  buildClean,
  cli,
  linkingProject,
  node,
  packageBuild,
  removeTempDirs,
  ROOT_TYPESCRIPT,
  run,
} from "./linking/helpers";

afterAll(() => removeTempDirs());

const ROOT = path.resolve(__dirname, "../..");

const FILES = {
  "src/money.ts": `import { wireMapping } from "typed-msgpack";
import { Decimal } from "decimal.js";
import { ObjectId } from "bson";
export const DecimalWire = wireMapping<Decimal, string>({
  is: (v) => v instanceof Decimal,
  encode: (d) => d.toString(),
  decode: (s) => new Decimal(s),
});
export const ObjectIdWire = wireMapping<ObjectId, Uint8Array>({
  is: (v) => v instanceof ObjectId,
  encode: (id) => id.id,
  decode: (bytes) => new ObjectId(bytes),
});
`,
  "src/order.ts": `import { codecFor, wireMapping } from "typed-msgpack";
import type { Decimal } from "decimal.js";
import type { ObjectId } from "bson";
export const UrlWire = wireMapping<URL, string>({
  is: (v) => v instanceof URL,
  encode: (u) => u.href,
  decode: (s) => new URL(s),
});
export interface Order { _id: ObjectId; total: Decimal; lines: { price: Decimal; qty: number }[]; refund: Decimal | null; site: URL }
export const OrderCodec = codecFor<Order>();
`,
};

/** What the child process checks, given the OrderCodec module and the two libraries. */
const CHECK = `
function check(OrderCodec, Decimal, ObjectId) {
  const order = {
    _id: new ObjectId("65f0a1b2c3d4e5f601234567"),
    total: new Decimal("0.30000000000000000000001"),
    lines: [{ price: new Decimal("0.1"), qty: 3 }],
    refund: null,
    site: new URL("https://shop.example/o/1"),
  };
  const bytes = OrderCodec.encode(order);
  const back = OrderCodec.decode(bytes);
  const bad = Buffer.from(bytes);
  const at = bad.indexOf(Buffer.from("0.1"));
  bad[at + 1] = 0x2c; // "0,1"
  let error;
  try { OrderCodec.decode(bad); } catch (e) { error = { name: e.name, code: e.code, path: e.path, offset: e.offset }; }
  return {
    hex: Buffer.from(bytes).toString("hex"),
    types: [back.total instanceof Decimal, back._id instanceof ObjectId, back.lines[0].price instanceof Decimal, back.site instanceof URL],
    values: [back.total.toString(), back._id.toHexString(), back.lines[0].price.toString(), back.refund, back.site.href],
    error,
    at,
  };
}
`;

function expectChecked(out: string): void {
  const r = JSON.parse(out);
  expect(r.types).toEqual([true, true, true, true]);
  expect(r.values).toEqual([
    "0.30000000000000000000001",
    "65f0a1b2c3d4e5f601234567",
    "0.1",
    null,
    "https://shop.example/o/1",
  ]);
  expect(r.hex).toContain("c40c65f0a1b2c3d4e5f601234567"); // the ObjectId as bin 8 of 12 bytes
  expect(r.error).toEqual({ name: "CodecError", code: "type-mismatch", path: "$.lines[0].price", offset: r.at - 1 });
}

function project(name: string, type: "commonjs" | "module", extra: Record<string, string> = {}): string {
  const dir = linkingProject(name, { ...FILES, ...extra }, type, { typescript: Object.keys(extra).length > 0 });
  for (const library of ["decimal.js", "bson"])
    fs.symlinkSync(path.join(ROOT, "node_modules", library), path.join(dir, "node_modules", library), "dir");
  return dir;
}

const OPTIONS: ts.CompilerOptions = { lib: ["lib.es2020.d.ts", "lib.dom.d.ts"], esModuleInterop: true };

test("compiler plugin, CommonJS: the codec imports money.ts and its own module; every class comes back", () => {
  const dir = project("wm-cjs", "commonjs");
  const out = buildClean(dir, {
    ...OPTIONS,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
  });
  expect(out["order.js"]).toContain('require("./money.js")');
  expect(out["order.js"]).toContain('require("./order.js")');
  fs.writeFileSync(
    path.join(dir, "check.js"),
    `${CHECK}
const Decimal = require("decimal.js"); const { ObjectId } = require("bson");
console.log(JSON.stringify(check(require("./out/order.js").OrderCodec, Decimal, ObjectId)));
`,
  );
  expectChecked(node(dir, "check.js"));
});

test("compiler plugin, ES modules (nodenext): the same, through live namespace imports", () => {
  const dir = project("wm-esm", "module");
  const out = buildClean(dir, {
    ...OPTIONS,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  expect(out["order.js"]).toMatch(/import \* as \w+ from "\.\/money\.js"/);
  fs.writeFileSync(
    path.join(dir, "check.mjs"),
    `${CHECK}
const { default: Decimal } = await import("decimal.js"); const { ObjectId } = await import("bson");
console.log(JSON.stringify(check((await import("./out/order.js")).OrderCodec, Decimal, ObjectId)));
`,
  );
  expectChecked(node(dir, "check.mjs"));
});

test("generate: order.codecs.ts imports money.ts as written and itself, type-checks under tsc and runs", () => {
  const { pkg } = packageBuild();
  const dir = project("wm-generate", "commonjs", {
    "package.json": JSON.stringify({ type: "commonjs", "typed-msgpack": { inputs: ["src/order.ts"] } }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "es2020",
        module: "node16",
        moduleResolution: "node16",
        lib: ["es2020", "dom"],
        strict: true,
        esModuleInterop: true,
        skipLibCheck: true,
        types: [],
        outDir: "out",
        rootDir: "src",
      },
      include: ["src"],
    }),
  });
  const generated = cli(pkg, ["generate"], dir);
  expect(generated.output).not.toMatch(/error|TS9\d{4}/);
  expect(generated.status).toBe(0);
  const order = fs.readFileSync(path.join(dir, "src/order.codecs.ts"), "utf8");
  expect(order).toContain('from "./money.js"');
  expect(order).toContain('from "./order.codecs.js"');
  // Run again, with the copy (which repeats UrlWire) in the program: the same file, up to date.
  const check = cli(pkg, ["generate", "--check"], dir);
  expect([check.status, check.output]).toEqual([0, expect.not.stringMatching(/stale|differ|error/i)]);
  const tsc = run(process.execPath, [path.join(ROOT_TYPESCRIPT, "bin/tsc"), "-p", "."], dir);
  expect(tsc.output).not.toMatch(/error TS/);
  fs.writeFileSync(
    path.join(dir, "check.js"),
    `${CHECK}
const Decimal = require("decimal.js"); const { ObjectId } = require("bson");
console.log(JSON.stringify(check(require("./out/order.codecs.js").OrderCodec, Decimal, ObjectId)));
`,
  );
  expectChecked(node(dir, "check.js"));
});
