/**
 * Generated codecs in builds that cannot run the transformer: TypeScript 7's tsc (native, no
 * plugins), esbuild and tsx, installed from examples/generate-esbuild's lockfile
 * (`npm ci`, once). A project whose own typescript is 7.0.2 runs `typed-msgpack generate`, each
 * tool builds and runs the result, and the codecs round-trip and interoperate with
 * @msgpack/msgpack in both directions. Then: that the command runs on the project's own
 * TypeScript (7 through its API, no TypeScript 6 anywhere), and the example project itself.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { docsLink } from "../../transformer/diagnostics/catalog";
import { decode, encode } from "@msgpack/msgpack";
import {
  acquireLock,
  buildPackageOf,
  builtPackage,
  cli,
  EXAMPLE,
  link,
  makeProject,
  mustRun,
  removeTempDirs,
  ROOT_TYPESCRIPT,
  run,
  tempDir,
  writeFiles,
} from "./helpers";
import { NOT_COMPILED } from "../helpers/not-compiled";

const TS_VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT_TYPESCRIPT, "package.json"), "utf8")).version;
const tool = (...parts: string[]) => path.join(EXAMPLE, "node_modules", ...parts);
const TSC7 = () => tool("typescript/bin/tsc");
const ESBUILD = () => tool("esbuild/bin/esbuild");
const TSX = () => tool("tsx/dist/cli.mjs");

/** A TypeScript 7 project with the strictest settings, a "paths" alias, and three inputs. */
const APP: Record<string, string> = {
  "package.json": JSON.stringify({ name: "app", private: true, type: "module" }),
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "es2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      lib: ["es2022"],
      types: [],
      rootDir: "src",
      outDir: "dist-tsc",
      paths: { "@model/*": ["./src/model/*"] },
      strict: true,
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
    },
    include: ["src"],
  }),
  "src/model/order.ts": `export type Status = "open" | "shipped" | "cancelled";
export interface Item { sku: string; qty: number; price: number }
export interface Order {
  id: number; status: Status; placedAt: Date; items: Item[]; note?: string;
  total: bigint; attachment: Uint8Array; meta: Record<string, string>;
}
`,
  "src/model/shape.ts": `export type Shape = { kind: "circle"; r: number } | { kind: "square"; side: number };\n`,
  "src/codecs/order.ts": `import { codecFor } from "typed-msgpack";
import type { Order } from "@model/order.js";
import type { Shape } from "../model/shape.js";

export const OrderCodec = codecFor<Order>();
export const ShapesCodec = codecFor<Shape[]>();
`,
  "src/codecs/misc.ts": `import { codecFor as makeCodec, type Codec } from "typed-msgpack";

export interface TreeNode { label: string; children: TreeNode[] }
export type Reading = [at: Date, value: number, unit?: string];

export const TreeCodec: Codec<TreeNode> = makeCodec<TreeNode>();
export const ReadingsCodec = makeCodec<Map<string, Reading[]>>();
`,
  "src/codecs/ns.ts": `import * as tm from "typed-msgpack";\n\nexport const FlagsCodec = tm.codecFor<Set<"a" | "b" | "c">>();\n`,
  "src/main.ts": `import { CodecError, type Codec } from "typed-msgpack";
import type { Order } from "@model/order.js";
import type { Shape } from "./model/shape.js";
import { OrderCodec, ShapesCodec } from "./codecs/order.codecs.js";
import { ReadingsCodec, TreeCodec, type Reading, type TreeNode } from "./codecs/misc.codecs.js";
import { FlagsCodec } from "./codecs/ns.codecs.js";

declare const process: { argv: string[] };
declare const console: { log(text: string): void };

const order: Order = {
  id: 42, status: "shipped", placedAt: new Date("2024-01-02T03:04:05.678Z"),
  items: [{ sku: "A-1", qty: 2, price: 9.5 }, { sku: "B-2", qty: 1, price: 120 }],
  note: "fragile", total: 9007199254740993n, attachment: new Uint8Array([1, 2, 255]), meta: { gift: "yes", channel: "web" },
};
const shapes: Shape[] = [{ kind: "circle", r: 1.5 }, { kind: "square", side: 2 }];
const tree: TreeNode = { label: "root", children: [{ label: "leaf", children: [] }] };
const readings = new Map<string, Reading[]>([["sensor-1", [[new Date(0), 21.5, "C"], [new Date(1000), 22]]]]);
const flags = new Set<"a" | "b" | "c">(["a", "c"]);

interface Entry { sample: unknown; encode(): Uint8Array; decode(bytes: Uint8Array): unknown }
function entry<T>(codec: Codec<T>, sample: T): Entry {
  return { sample, encode: () => codec.encode(sample), decode: (bytes) => codec.decode(bytes) };
}
const entries: Record<string, Entry> = {
  order: entry(OrderCodec, order), shapes: entry(ShapesCodec, shapes), tree: entry(TreeCodec, tree),
  readings: entry(ReadingsCodec, readings), flags: entry(FlagsCodec, flags),
};

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (hex: string): Uint8Array => new Uint8Array((hex.match(/../g) ?? []).map((b) => parseInt(b, 16)));

/** JSON-comparable form of a decoded value. */
function plain(v: unknown): unknown {
  if (v instanceof Date) return { $date: v.toISOString() };
  if (typeof v === "bigint") return { $bigint: v.toString() };
  if (v instanceof Uint8Array) return { $bin: toHex(v) };
  if (v instanceof Map) return { $map: [...v].map(([k, x]: [unknown, unknown]) => [plain(k), plain(x)]) };
  if (v instanceof Set) return { $set: [...v].map(plain) };
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === "object" && v !== null) {
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

const [mode = "encode", input = "{}"] = process.argv.slice(2);
const out: Record<string, unknown> = {};
if (mode === "encode") {
  for (const [name, e] of Object.entries(entries)) {
    const bytes = e.encode();
    out[name] = { hex: toHex(bytes), sample: plain(e.sample), roundTrip: plain(e.decode(bytes)) };
  }
  try {
    OrderCodec.encode({ ...order, items: [{ sku: "A-1", qty: "2", price: 9.5 }] } as unknown as Order);
  } catch (e) {
    out["rejected"] = e instanceof CodecError ? e.path : String(e);
  }
} else {
  for (const [name, hex] of Object.entries(JSON.parse(input) as Record<string, string>)) {
    const e = entries[name];
    if (!e) throw new Error("no codec " + name);
    out[name] = plain(e.decode(fromHex(hex)));
  }
}
console.log(JSON.stringify(out));
`,
};

/** What each sample is on the wire, as @msgpack/msgpack sees it (useBigInt64: int64 values as bigint). */
const WIRE: Record<string, unknown> = {
  order: {
    id: 42,
    status: "shipped",
    placedAt: new Date("2024-01-02T03:04:05.678Z"),
    items: [
      { sku: "A-1", qty: 2, price: 9.5 },
      { sku: "B-2", qty: 1, price: 120 },
    ],
    note: "fragile",
    total: 9007199254740993n,
    attachment: new Uint8Array([1, 2, 255]),
    meta: { gift: "yes", channel: "web" },
  },
  shapes: [
    { kind: "circle", r: 1.5 },
    { kind: "square", side: 2 },
  ],
  tree: { label: "root", children: [{ label: "leaf", children: [] }] },
  readings: {
    "sensor-1": [
      [new Date(0), 21.5, "C"],
      [new Date(1000), 22],
    ],
  },
  flags: ["a", "c"],
};

type Encoded = Record<string, { hex: string; sample: unknown; roundTrip: unknown }> & { rejected: string };

let pkg = "";
let app = "";
let release: (() => void) | undefined;
const exampleLink = path.join(EXAMPLE, "node_modules/typed-msgpack");

beforeAll(async () => {
  // Another jest run in this checkout may be using the example's node_modules; wait for it.
  release = await acquireLock("example", 180_000);
  pkg = builtPackage();
  // The example's pinned tools, from its lockfile. --ignore-scripts: the linked typed-msgpack's
  // "prepare" would build the repository's own dist/; esbuild works without its postinstall.
  mustRun("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], EXAMPLE);
  // The example links typed-msgpack to the repository root (file:../..); point it at the fresh build instead.
  link(EXAMPLE, "typed-msgpack", pkg);
  link(EXAMPLE, "typed-msgpack-build", buildPackageOf(pkg)); // and the command with it
  app = makeProject("ts7-app", APP, { pkg, typescript: tool("typescript") });
}, 420_000);

afterAll(() => {
  try {
    if (fs.existsSync(path.join(EXAMPLE, "node_modules"))) {
      fs.rmSync(exampleLink, { recursive: true, force: true });
      fs.symlinkSync("../../..", exampleLink, "dir"); // as npm ci left it
      const buildLink = path.join(EXAMPLE, "node_modules/typed-msgpack-build");
      fs.rmSync(buildLink, { recursive: true, force: true });
      fs.symlinkSync("../../../typed-msgpack-build", buildLink, "dir");
    }
    removeTempDirs();
  } finally {
    release?.();
  }
});

const byBuild: Record<string, Encoded> = {};

test("generate runs in a project whose typescript is 7.x, on that TypeScript 7 (its API, no TypeScript 6)", () => {
  const version = JSON.parse(fs.readFileSync(path.join(app, "node_modules/typescript/package.json"), "utf8")).version;
  expect(version).toMatch(/^7\./);
  const result = cli(pkg, ["generate"], app);
  expect(result.status).toBe(0);
  expect(result.stdout).toContain(`(TypeScript ${version}): 3 written`);
});

test("TypeScript 7's tsc type-checks the generated files under the strictest settings, and its output runs", () => {
  const tsc = run(process.execPath, [TSC7(), "-v"], app);
  expect(tsc.stdout).toMatch(/Version 7\./);
  const build = run(process.execPath, [TSC7(), "-p", "."], app);
  expect(build.output).toMatch(/exit 0\)\n$/);
  byBuild.tsc = JSON.parse(mustRun(process.execPath, ["dist-tsc/main.js"], app));
});

test("a type changed after generate is a TypeScript 7 compile error naming the stale codec; generate again and it is gone", () => {
  const model = path.join(app, "src/model/order.ts");
  const original = fs.readFileSync(model, "utf8");
  try {
    fs.writeFileSync(model, original.replace("note?: string;", "note?: string; gift?: boolean;"));
    const stale = run(process.execPath, [TSC7(), "-p", ".", "--noEmit"], app);
    expect(stale.output).toContain("OrderCodec was generated for another Order: run `npx typed-msgpack generate`");
    expect(stale.output).not.toContain("ShapesCodec");
    expect(cli(pkg, ["generate"], app).status).toBe(0);
    expect(run(process.execPath, [TSC7(), "-p", ".", "--noEmit"], app).output).toMatch(/exit 0\)\n$/);
  } finally {
    fs.writeFileSync(model, original);
    expect(cli(pkg, ["generate"], app).status).toBe(0);
  }
});

test("TypeScript 7 reports no fresh copy as stale: private and protected properties, properties that can only be absent, a type nested deeper than it compares", () => {
  const chain = (extra: number) =>
    Array.from(
      { length: 60 },
      (_, i) =>
        `export interface T${i} { id: number;${i === extra ? " extra?: string;" : ""} ${i < 59 ? `maybe?: T${i + 1}[]; next: T${i + 1};` : "end: true;"} }`,
    ).join("\n");
  const files = {
    chain: path.join(app, "src/model/chain.ts"),
    input: path.join(app, "src/codecs/edge.ts"),
    output: path.join(app, "src/codecs/edge.codecs.ts"),
  };
  try {
    fs.writeFileSync(files.chain, chain(-1));
    fs.writeFileSync(
      files.input,
      [
        `import { codecFor } from "typed-msgpack";`,
        `import type { T0 } from "../model/chain.js";`,
        `export class Account { id = 0; private secret = ""; protected pin = 0; readonly kind = "user"; hint = this.secret.length }`,
        `export interface Fields { account: Account; none: undefined; maybe?: undefined; nothing: void; either: string | void }`,
        `export const FieldsCodec = codecFor<Fields>();`,
        `export const ChainCodec = codecFor<T0>();`,
        ``,
      ].join("\n"),
    );
    expect(cli(pkg, ["generate"], app).status).toBe(0);
    expect(fs.readFileSync(files.output, "utf8")).toContain("__tm_check_T0");
    const fresh = run(process.execPath, [TSC7(), "-p", ".", "--noEmit"], app);
    expect(fresh.output).toMatch(/exit 0\)\n$/);
    fs.writeFileSync(files.chain, chain(5));
    expect(run(process.execPath, [TSC7(), "-p", ".", "--noEmit"], app).output).toContain(
      "ChainCodec was generated for another T0",
    );
  } finally {
    for (const file of Object.values(files)) fs.rmSync(file, { force: true });
  }
});

test("esbuild bundles them", () => {
  mustRun(
    process.execPath,
    [
      ESBUILD(),
      "src/main.ts",
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--outfile=dist-esbuild/main.mjs",
      "--log-level=warning",
    ],
    app,
  );
  byBuild.esbuild = JSON.parse(mustRun(process.execPath, ["dist-esbuild/main.mjs"], app));
});

test("tsx runs them from source", () => {
  byBuild.tsx = JSON.parse(mustRun(process.execPath, [TSX(), "src/main.ts"], app));
});

test("every build encodes the same bytes, and every value round-trips", () => {
  expect(Object.keys(byBuild).sort()).toEqual(["esbuild", "tsc", "tsx"]);
  expect(byBuild.esbuild).toEqual(byBuild.tsc);
  expect(byBuild.tsx).toEqual(byBuild.tsc);
  const encoded = byBuild.tsc!;
  for (const name of Object.keys(WIRE))
    expect({ name, value: encoded[name]!.roundTrip }).toEqual({ name, value: encoded[name]!.sample });
  expect(encoded.rejected).toBe("$.items[0].qty");
});

test("interop: @msgpack/msgpack reads what the generated codecs write, and they read what it writes", () => {
  const encoded = byBuild.tsc!;
  for (const [name, wire] of Object.entries(WIRE)) {
    expect({ name, value: decode(Buffer.from(encoded[name]!.hex, "hex"), { useBigInt64: true }) }).toEqual({
      name,
      value: wire,
    });
  }
  const peer = Object.fromEntries(
    Object.entries(WIRE).map(([name, wire]) => [
      name,
      Buffer.from(encode(wire, { useBigInt64: true })).toString("hex"),
    ]),
  );
  const expected = Object.fromEntries(Object.keys(WIRE).map((name) => [name, encoded[name]!.sample]));
  for (const [label, args] of [
    ["tsc", ["dist-tsc/main.js"]],
    ["esbuild", ["dist-esbuild/main.mjs"]],
    ["tsx", [TSX(), "src/main.ts"]],
  ] as const) {
    expect({
      label,
      decoded: JSON.parse(mustRun(process.execPath, [...args, "decode", JSON.stringify(peer)], app)),
    }).toEqual({ label, decoded: expected });
  }
});

describe("an installed typed-msgpack runs on the project's own TypeScript, never one of its own", () => {
  /** node_modules/typed-msgpack as a real copy (not a link into the repository), beside `typescript` (if any). */
  function installed(name: string, typescript: string | undefined): string {
    const dir = tempDir(name);
    writeFiles(dir, {
      "package.json": JSON.stringify({ name, private: true, type: "module" }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "nodenext", moduleResolution: "nodenext", strict: true, types: [], noEmit: true },
        include: ["src"],
      }),
      "src/a.ts": `import { codecFor } from "typed-msgpack";\nexport const A = codecFor<{ a: string }>();\n`,
    });
    if (typescript) link(dir, "typescript", typescript);
    fs.cpSync(pkg, path.join(dir, "node_modules/typed-msgpack"), { recursive: true });
    return dir;
  }
  const runInstalled = (dir: string, ...flags: string[]) =>
    run(
      process.execPath,
      [path.join(dir, "node_modules/typed-msgpack/dist/transformer/cli/main.js"), "generate", ...flags],
      dir,
    );

  test("TypeScript 7: its API, with no TypeScript 6 anywhere in node_modules", () => {
    const dir = installed("ts7", tool("typescript"));
    const found = (root: string): string[] =>
      fs.readdirSync(root, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(root, e.name);
        if (e.name === "package.json" && JSON.parse(fs.readFileSync(full, "utf8")).name === "typescript")
          return [JSON.parse(fs.readFileSync(full, "utf8")).version as string];
        return e.isDirectory() && !e.isSymbolicLink() ? found(full) : [];
      });
    expect(found(path.join(dir, "node_modules")).filter((v) => !v.startsWith("7."))).toEqual([]);
    const result = runInstalled(dir);
    expect(result.output).toContain("(TypeScript 7.0.2): 1 written");
    expect(fs.existsSync(path.join(dir, "src/a.codecs.ts"))).toBe(true);

    // --verbose: what each codec cost, in requests to TypeScript 7's process and in time.
    const verbose = runInstalled(dir, "--check", "--verbose");
    expect(verbose.status).toBe(0);
    const codecLine = /^ {2}src\/a\.ts:2:\d+ codecFor<\{ a: string \}>\(\): (\d+) checker requests?, [\d.]+ m?s$/m;
    expect(verbose.stdout).toMatch(codecLine);
    expect(Number(codecLine.exec(verbose.stdout)![1])).toBeGreaterThan(0);
    expect(verbose.stdout).toMatch(/^1 codec on TypeScript 7\.0\.2: \d+ checker requests, [\d.]+ m?s$/m);
  });

  test("TypeScript 6: its API in process", () => {
    const dir = installed("ts6", ROOT_TYPESCRIPT);
    expect(runInstalled(dir).output).toContain(`(TypeScript ${TS_VERSION}): 1 written`);
    // In process there are no requests to count: --verbose gives the time.
    expect(runInstalled(dir, "--check", "--verbose").stdout).toMatch(
      /^ {2}src\/a\.ts:2:\d+ codecFor<\{ a: string \}>\(\): [\d.]+ m?s$/m,
    );
  });

  test("none: exit 2, naming the supported versions and the command that fixes it", () => {
    const result = runInstalled(installed("no-typescript", undefined));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /typed-msgpack's build tools run on your project's own TypeScript \(TypeScript 4\.9 to 6\.x, or 7\.0 and later\), and found none from .*: npm install --save-dev typescript\n$/,
    );
  });
});

describe("TypeScript 7's tsc --init defaults (issue 55)", () => {
  test("a relative import without .js under nodenext: TS91003 shows TypeScript's TS2835, with file:line:col", () => {
    const codec = `import { codecFor } from "typed-msgpack";\nimport type { Point } from "./types";\nexport const PointCodec = codecFor<Point>();\n`;
    const dir = makeProject(
      "nodenext-extension",
      {
        "package.json": JSON.stringify({ name: "nodenext-extension", private: true, type: "module" }),
        // What TypeScript 7's tsc --init writes, as far as it matters here.
        "tsconfig.json": JSON.stringify({
          compilerOptions: {
            module: "nodenext",
            target: "esnext",
            types: [],
            strict: true,
            rootDir: "src",
            outDir: "dist",
          },
        }),
        "src/types.ts": "export interface Point { x: number; y: number }\n",
        "src/codec.ts": codec,
      },
      { pkg, typescript: tool("typescript") },
    );
    const result = cli(pkg, ["generate", "src/codec.ts"], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `${path.join("src", "codec.ts")}:3:27 - error TS91003: codecFor<Point>(): the type Point could not be resolved, so no codec can be generated. Fix this error, which TypeScript reports where the type is written or imported, and the codec follows${docsLink(91003)}:\n` +
        "  codec.ts:2:28 - error TS2835: Relative import paths need explicit file extensions in ECMAScript imports when '--moduleResolution' is 'node16' or 'nodenext'. Did you mean './types.js'?\n",
    );
    // Followed, the advice works.
    fs.writeFileSync(path.join(dir, "src/codec.ts"), codec.replace('"./types"', '"./types.js"'));
    expect(cli(pkg, ["generate", "src/codec.ts"], dir).stdout).toContain("(TypeScript 7.0.2): 1 written");
  });
});

describe("with TypeScript 7 installed, the compiler plugin and an uncompiled codecFor say what to do instead (issue 19)", () => {
  test('require("typed-msgpack/transformer") fails with the documented message, not a TypeError from inside', () => {
    // A real copy of the package beside TypeScript 7, so that its require("typescript") gets TypeScript 7.
    const dir = tempDir("ts7-transformer");
    writeFiles(dir, { "package.json": JSON.stringify({ name: "ts7-transformer", private: true }) });
    link(dir, "typescript", tool("typescript"));
    fs.cpSync(pkg, path.join(dir, "node_modules/typed-msgpack"), { recursive: true });
    for (const entry of ["typed-msgpack/transformer", "typed-msgpack/ts-jest"]) {
      const result = run(process.execPath, ["-e", `require(${JSON.stringify(entry)})`], dir);
      expect(result.status).toBe(1);
      expect(result.stderr).not.toContain("TypeError");
      expect(result.stderr).toMatch(
        /"typescript" is TypeScript 7\.0\.2 \(.*typescript\), the native compiler\. TypeScript 7 runs no transformers/,
      );
      expect(result.stderr).toContain(
        [
          "With a bundler (Vite, vitest, Rollup, Rolldown, esbuild, webpack, Rspack), use the bundler plugin of typed-msgpack-build/unplugin instead.",
          "Without one, use `npx typed-msgpack generate`: it writes each file's codecs as TypeScript source beside it (src/wire.ts -> src/wire.codecs.ts),",
          "which tsc 7, esbuild, tsx and Vite compile as they are; import your codecs from there (docs/generate.md).",
          "Both come with the dev dependency typed-msgpack-build: npm install -D typed-msgpack-build.",
          "To keep the plugin, build with TypeScript 6 instead: npm install -D typescript@6.0 ts-patch@4, and npx tspc.",
        ].join("\n"),
      );
    }
  });

  /** A TypeScript 7 project whose tsconfig has the plugins line, which tsc 7 and tsx ignore. */
  const PLUGGED: Record<string, string> = {
    "package.json": JSON.stringify({ name: "plugged", private: true, type: "module" }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        rootDir: "src",
        outDir: "dist",
        strict: true,
        types: [],
        plugins: [{ transform: "typed-msgpack/transformer" }],
      },
      include: ["src"],
    }),
    "src/main.ts": `import { codecFor } from "typed-msgpack";\nexport interface Item { sku: string }\nexport const ItemCodec = codecFor<Item>();\n`,
  };
  /** The whole message: the bundler plugin and generate first, then why the plugins line did nothing. */
  const ignored = (dir: string, caller: string) =>
    NOT_COMPILED.head(caller) +
    NOT_COMPILED.ROUTES +
    NOT_COMPILED.NOT_INSTALLED +
    NOT_COMPILED.ignoredByTs7(path.join(dir, "tsconfig.json"), "7.0.2");

  test("tsc 7 builds it without a word; the call then says, when it runs, that the plugins line was ignored", () => {
    const dir = makeProject("plugged-tsc", PLUGGED, { pkg, typescript: tool("typescript") });
    mustRun(process.execPath, [TSC7(), "-p", "."], dir);
    const result = run(process.execPath, ["dist/main.js"], dir);
    expect(result.status).toBe(1);
    const real = fs.realpathSync(dir);
    expect(result.stderr).toContain(ignored(real, path.join(real, "dist", "main.js")));
    expect(result.stderr).not.toContain("Add ");
  });

  test("tsx runs the source: the same", () => {
    const dir = makeProject("plugged-tsx", PLUGGED, { pkg, typescript: tool("typescript") });
    const result = run(process.execPath, [TSX(), "src/main.ts"], dir);
    expect(result.status).toBe(1);
    const real = fs.realpathSync(dir);
    expect(result.stderr).toContain(ignored(real, path.join(real, "src", "main.ts")));
  });
});

test("examples/generate-esbuild: its committed codecs are current, and it builds with tsc 7 + esbuild and runs", () => {
  const check = run("npm", ["run", "check"], EXAMPLE);
  if (check.status !== 0)
    throw new Error(
      `examples/generate-esbuild/src/wire.codecs.ts is out of date: run \`npm run generate\` in examples/generate-esbuild\n${check.output}`,
    );
  mustRun("npm", ["run", "build"], EXAMPLE);
  const started = JSON.parse(mustRun("npm", ["run", "--silent", "start"], EXAMPLE));
  expect(started).toEqual({
    bytes: expect.any(Number),
    id: "9007199254740993",
    placedAt: "2024-05-01T12:00:00.000Z",
    items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
    payment: { method: "card", last4: "4242" },
    tags: ["gift"],
    payments: ["card", "invoice"],
    rejectedAt: "$.items[0].quantity",
  });
  expect(JSON.parse(mustRun("npm", ["run", "--silent", "dev"], EXAMPLE))).toEqual(started);
});
