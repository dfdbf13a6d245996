/**
 * The published package, as a user gets it: `npm pack`, install the tarball into a fresh project
 * with typescript@6.0.3 and ts-patch@4.0.1, build through the tsconfig plugin line with `npx tspc`,
 * and run the output with plain node. Needs the npm registry (or an npm cache that has both).
 */
import { GENERATED_CODE_VERSION } from "../../runtime/codec";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as esbuild from "esbuild";
import { packedTarball } from "../helpers/tarball";

/** npm pack + npm install of two packages from the registry; a cold cache takes a while. */
const TIMEOUT = 240_000;

let work = "";
let app = "";

/** Runs a command and returns its status and output; never throws, so tests can assert on failures too. */
function run(command: string, args: string[], cwd: string) {
  // npm and npx are .cmd scripts on Windows, which only a shell can start.
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    shell: process.platform === "win32",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = `$ ${command} ${args.join(" ")}  (in ${cwd})\n${result.stdout}${result.stderr}`;
  return { status: result.status, stdout: result.stdout, output };
}

function mustRun(command: string, args: string[], cwd: string): string {
  const result = run(command, args, cwd);
  if (result.status !== 0) throw new Error(`exit code ${result.status}\n${result.output}`);
  return result.stdout;
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function tsconfig(include: string[]): string {
  return JSON.stringify(
    {
      compilerOptions: {
        target: "es2020",
        module: "node16",
        moduleResolution: "node16",
        lib: ["es2020"],
        types: [],
        strict: true,
        outDir: "dist",
        rootDir: "src",
        plugins: [{ transform: "typed-msgpack/transformer" }],
      },
      include,
    },
    null,
    2,
  );
}

/** The scripts npm runs when it installs a package from the registry or a tarball. */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];

const MAIN_TS = `
import { codecFor, CodecError } from "typed-msgpack";
declare const console: { log(text: string): void }; // the app installs no @types/node

interface Item { sku: string; price: number }
interface Order { id: number; items: Item[]; placedAt: Date; note?: string }

const OrderCodec = codecFor<Order>();
const order: Order = { id: 7, items: [{ sku: "A-1", price: 9.5 }], placedAt: new Date(0), note: "hi" };
const back = OrderCodec.decode(OrderCodec.encode(order));

let error: unknown;
try {
  // A JS caller handing over the wrong shape: encode must refuse it.
  OrderCodec.encode({ ...order, items: [{ sku: "A-1", price: "9.5" }] } as unknown as Order);
} catch (e) {
  error = e;
}
console.log(JSON.stringify({
  back: { ...back, placedAt: back.placedAt.toISOString() },
  isCodecError: error instanceof CodecError,
  path: error instanceof CodecError ? error.path : String(error),
}));
`;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "typed-msgpack-pack-"));
  // `npm pack` (its "prepack" builds dist/ first), once per source state for every test file that installs it.
  const tarball = packedTarball();

  app = path.join(work, "app");
  write(path.join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true }));
  mustRun(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, "typescript@6.0.3", "ts-patch@4.0.1"],
    app,
  );
}, TIMEOUT);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** Bytes of every file under `dir`, as `du` counts what an install puts on disk (without block rounding). */
function treeSize(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? treeSize(full) : fs.statSync(full).size);
  }, 0);
}

test("the tarball ships the runtime, the transformer and the root shims, and nothing else: no dependencies, under 1 MB", () => {
  const pkgDir = path.join(app, "node_modules/typed-msgpack");
  const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
  // An app that only runs codecs installs only this: the command and the bundler plugin are in
  // typed-msgpack-build (a dev dependency).
  expect(manifest.dependencies).toBeUndefined();
  expect(manifest.bundleDependencies).toBeUndefined();
  // Nothing runs on install (npm warns about packages whose scripts do): dist/ is built before packing.
  expect(Object.keys(manifest.scripts ?? {}).filter((s) => INSTALL_SCRIPTS.includes(s))).toEqual([]);
  expect(manifest.bin).toBeUndefined();
  expect(fs.existsSync(path.join(pkgDir, "node_modules"))).toBe(false);
  expect(treeSize(pkgDir)).toBeLessThan(1024 * 1024);
  expect(Number(mustRun("du", ["-sk", pkgDir], app).split("\t")[0])).toBeLessThan(1024);
  expect(fs.readlinkSync(path.join(app, "node_modules/.bin/tsc"))).toBe("../typescript/bin/tsc");
  expect(manifest.peerDependencies).toEqual({ typescript: ">=4.9" });
  for (const file of [
    "transformer.js",
    "transformer.d.ts",
    "internal.js",
    "internal.d.ts",
    "stream.js",
    "stream.d.ts",
    "README.md",
    "dist/runtime/index.js",
    "dist/runtime/internal.js",
    "dist/runtime/internal.d.ts",
    "dist/esm/runtime/internal.js",
    "interpret.js",
    "interpret.d.ts",
    "dist/runtime/interpret/index.js",
    "dist/runtime/interpret/index.d.ts",
    "dist/esm/runtime/interpret/index.js",
    "dist/runtime/index.d.ts",
    "dist/runtime/stream.js",
    "dist/runtime/stream.d.ts",
    "dist/esm/runtime/stream.js",
    "dist/plugin/index.js",
    "dist/plugin/ts-jest.js",
    "dist/transformer/index.d.ts",
  ]) {
    expect(fs.existsSync(path.join(pkgDir, file))).toBe(true);
  }
  const top = fs.readdirSync(pkgDir).sort();
  expect(top).toEqual([
    "README.md",
    "dist",
    "internal.d.ts",
    "internal.js",
    "interpret.d.ts",
    "interpret.js",
    "package.json",
    "stream.d.ts",
    "stream.js",
    "transformer.d.ts",
    "transformer.js",
    "unplugin-moved.js",
  ]);
  // 0.7's plugin entry says where the plugin went.
  const moved = run("node", ["-e", `require("typed-msgpack/unplugin")`], app);
  expect(moved.status).not.toBe(0);
  expect(moved.output).toContain(
    "typed-msgpack/unplugin moved to typed-msgpack-build/unplugin in 0.8: run `npm i -D typed-msgpack-build`",
  );
  expect(fs.readdirSync(path.join(pkgDir, "dist")).sort()).toEqual(["esm", "plugin", "runtime", "transformer"]);
  // The compiler plugin is bundled (dist/plugin); of dist/transformer only the types its entries name.
  expect(fs.readdirSync(path.join(pkgDir, "dist/plugin")).sort()).toEqual(["index.js", "ts-jest.js"]);
  expect(
    fs
      .readdirSync(path.join(pkgDir, "dist/transformer"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".js")),
  ).toEqual([]);

  // What apps ship: the runtime loads only its own files (no typescript, no packages) and stays CSP-safe,
  // in both builds: CommonJS for Node, ES modules for bundlers.
  const esm = path.join(pkgDir, "dist/esm/runtime");
  const cjsFiles = fs.readdirSync(path.join(pkgDir, "dist/runtime")).filter((f) => f.endsWith(".js"));
  expect(fs.readdirSync(esm).filter((f) => f.endsWith(".js"))).toEqual(cjsFiles);
  for (const file of cjsFiles) {
    const js = fs.readFileSync(path.join(pkgDir, "dist/runtime", file), "utf8");
    for (const [, id] of js.matchAll(/require\("([^"]+)"\)/g)) expect(`${file}: ${id}`).toMatch(/: \.\//);
    const mjs = fs.readFileSync(path.join(esm, file), "utf8");
    // (import and export statements: not-compiled.js's message quotes an import line for the user to write)
    for (const [, id] of mjs.matchAll(/^(?:import|export)\b[^"'`]*\sfrom "([^"]+)"/gm))
      expect(`${file}: ${id}`).toMatch(/: \.\/[\w-]+\.js$/);
    expect(mjs.match(/^(?:import|export)\b.*\sfrom "/gm)?.length ?? 0).toBe(mjs.match(/\sfrom "\.\//g)?.length ?? 0);
    expect(mjs).not.toMatch(/\brequire\(|\bmodule\.exports\b/);
    for (const code of [js, mjs]) expect(code).not.toMatch(/\beval\s*\(|new\s+Function\b/);
  }
  expect(JSON.parse(fs.readFileSync(path.join(pkgDir, "dist/esm/package.json"), "utf8"))).toEqual({
    type: "module",
    sideEffects: false,
  });

  // Generated code reads runtime functions from the module (`const __tm_name = __tm.name`): each must
  // be a plain property of the CommonJS exports, not a re-export's getter.
  const runtime = require(path.join(pkgDir, "dist/runtime/internal.js"));
  const called = Object.keys(runtime).filter((name) => /^[a-z]/.test(name) && typeof runtime[name] === "function");
  expect(called).toEqual(
    expect.arrayContaining(["isRecordLike", "readBytes", "writeDate", "readTag", "readDynamic", "codec"]),
  );
  for (const name of called)
    expect([name, typeof Object.getOwnPropertyDescriptor(runtime, name)!.get]).toEqual([name, "undefined"]);

  // ttypescript loads "typed-msgpack/transformer" as the file transformer.js; it must be the same plugin.
  const shim = require(path.join(pkgDir, "transformer.js"));
  const viaExports = require(require.resolve("typed-msgpack/transformer", { paths: [app] }));
  expect(typeof shim.default).toBe("function");
  expect(shim.default).toBe(viaExports.default);
  expect(shim.createTransformer).toBe(viaExports.default);

  // "typed-msgpack/stream": through "exports", and as the file stream.js where "exports" is ignored; in
  // plain node, since jest's moduleNameMapper maps "typed-msgpack/stream" to the repository's source.
  const stream = JSON.parse(
    mustRun(
      "node",
      [
        "-e",
        `
    const viaExports = require("typed-msgpack/stream");
    const shim = require(require("node:path").resolve("node_modules/typed-msgpack/stream.js"));
    console.log(JSON.stringify({ names: Object.keys(viaExports).sort(), same: shim.decodeStream === viaExports.decodeStream }));`,
      ],
      app,
    ),
  );
  expect(stream).toEqual({ names: ["decodeArrayStream", "decodeAsync", "decodeMulti", "decodeStream"], same: true });
  // "typed-msgpack/internal", which generated code imports: the same two ways.
  const internal = JSON.parse(
    mustRun(
      "node",
      [
        "-e",
        `
    const viaExports = require("typed-msgpack/internal");
    const shim = require(require("node:path").resolve("node_modules/typed-msgpack/internal.js"));
    console.log(JSON.stringify({ version: viaExports.GENERATED_CODE_VERSION, same: shim.codec === viaExports.codec }));`,
      ],
      app,
    ),
  );
  expect(internal).toEqual({ version: GENERATED_CODE_VERSION, same: true });
});

test(
  "typed-msgpack-build, beside TypeScript 7: no compiler of its own (under 3 MB installed); the typed-msgpack command generates on the project's TypeScript 7",
  () => {
    const tool = path.join(work, "ts7");
    write(
      path.join(tool, "package.json"),
      JSON.stringify({
        name: "ts7-app",
        version: "1.0.0",
        private: true,
        "typed-msgpack": { inputs: ["src/wire.ts"] },
      }),
    );
    write(
      path.join(tool, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "es2022", module: "nodenext", strict: true, noEmit: true, types: [] },
        include: ["src"],
      }),
    );
    write(
      path.join(tool, "src/wire.ts"),
      `import { codecFor } from "typed-msgpack";\nexport interface Ping { id: number; at: Date }\nexport const PingCodec = codecFor<Ping>();\n`,
    );
    mustRun(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        packedTarball(),
        packedTarball("typed-msgpack-build"),
        "typescript@7.0.2",
      ],
      tool,
    );
    const manifest = JSON.parse(
      fs.readFileSync(path.join(tool, "node_modules/typed-msgpack-build/package.json"), "utf8"),
    );
    expect(manifest.bin).toEqual({ "typed-msgpack": "dist/transformer/cli/main.js" });
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.dependencies).toEqual({ unplugin: "^3.7.0" });
    expect(manifest.peerDependencies).toMatchObject({ typescript: ">=4.9" });
    expect(fs.existsSync(path.join(tool, "node_modules/typed-msgpack-build/node_modules"))).toBe(false);
    // What installing it adds: the package itself and unplugin's own dependencies.
    const unplugin = JSON.parse(fs.readFileSync(path.join(tool, "node_modules/unplugin/package.json"), "utf8"));
    const added = ["typed-msgpack-build", "unplugin", ...Object.keys(unplugin.dependencies ?? {})];
    const kilobytes = added.reduce((sum, name) => sum + treeSize(path.join(tool, "node_modules", name)) / 1024, 0);
    expect(kilobytes).toBeLessThan(3 * 1024);
    const typescripts = fs
      .readdirSync(path.join(tool, "node_modules"))
      .filter((name) => name === "typescript" || name.startsWith("typescript-") || name === "@typescript");
    expect(typescripts.sort()).toEqual(["@typescript", "typescript"]);
    expect(JSON.parse(fs.readFileSync(path.join(tool, "node_modules/typescript/package.json"), "utf8")).version).toBe(
      "7.0.2",
    );

    const out = mustRun("npx", ["--no", "--", "typed-msgpack", "generate"], tool);
    expect(out).toContain(`typed-msgpack ${manifest.version} (TypeScript 7.0.2): 1 written`);
    const generated = fs.readFileSync(path.join(tool, "src/wire.codecs.ts"), "utf8");
    expect(generated).toMatch(/__tm_codec\(\d+ \/\* generated-code version \*\/, __tm_encPing, __tm_decPing\)/);
    // The plugin entry loads from the build package.
    expect(
      mustRun(
        "node",
        [
          "--input-type=module",
          "-e",
          `const p = await import("typed-msgpack-build/unplugin"); console.log(Object.keys(p).filter((k) => typeof p[k] === "function").sort().join(","))`,
        ],
        tool,
      ).trim(),
    ).toBe("esbuild,rolldown,rollup,rspack,vite,webpack");
  },
  TIMEOUT,
);

test(
  'transformer.d.ts and stream.d.ts type the shims where "exports" is ignored (moduleResolution node10)',
  () => {
    const dir = path.join(app, "node10");
    write(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "commonjs",
          moduleResolution: "node10",
          ignoreDeprecations: "6.0",
          strict: true,
          noEmit: true,
          types: [],
          esModuleInterop: true,
        },
        files: ["check.ts"],
      }),
    );
    write(
      path.join(dir, "check.ts"),
      `
import transformer, { createTransformer, type TransformerOptions } from "typed-msgpack/transformer";
import ts from "typescript";
import { codecFor } from "typed-msgpack";
import { decodeStream, type ByteSource } from "typed-msgpack/stream";
declare const program: ts.Program;
const options: TransformerOptions = { runtimeModule: "typed-msgpack" };
export const factory: ts.TransformerFactory<ts.SourceFile> = transformer(program, options);
export const same: typeof transformer = createTransformer;
export const rows = (source: ByteSource): AsyncIterable<number> => decodeStream(codecFor<number>(), source);
`,
    );
    const out = mustRun("npx", ["--no", "--", "tsc", "-p", ".", "--traceResolution"], dir);
    expect(out).toMatch(
      /'typed-msgpack\/transformer' was successfully resolved to '.*typed-msgpack[\\/]transformer\.d\.ts'/,
    );
    expect(out).toMatch(/'typed-msgpack\/stream' was successfully resolved to '.*typed-msgpack[\\/]stream\.d\.ts'/);
  },
  TIMEOUT,
);

test(
  "tspc builds a codecFor<Order>() through the plugin line, and the output round-trips under node",
  () => {
    write(path.join(app, "tsconfig.json"), tsconfig(["src/main.ts"]));
    write(path.join(app, "src/main.ts"), MAIN_TS);
    // --no: never download a missing tspc; --: so that npx does not read -p as its own --package.
    mustRun("npx", ["--no", "--", "tspc", "-p", "."], app);

    const js = fs.readFileSync(path.join(app, "dist/main.js"), "utf8");
    expect(js).toContain("__tm_codec("); // the call was replaced by a generated codec
    expect(js).not.toMatch(/\beval\s*\(|new\s+Function\b/);

    const result = JSON.parse(mustRun("node", ["dist/main.js"], app));
    expect(result).toEqual({
      back: { id: 7, items: [{ sku: "A-1", price: 9.5 }], placedAt: "1970-01-01T00:00:00.000Z", note: "hi" },
      isCodecError: true,
      path: "$.items[0].price",
    });
  },
  TIMEOUT,
);

test(
  "a bundler takes the ES module build, which runs and is smaller than the CommonJS one",
  () => {
    const dir = path.join(app, "bundled");
    write(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2020",
          module: "es2020",
          moduleResolution: "bundler",
          lib: ["es2020"],
          types: [],
          strict: true,
          outDir: "dist",
          rootDir: "src",
          plugins: [{ transform: "typed-msgpack/transformer" }],
        },
        include: ["src/main.ts"],
      }),
    );
    write(path.join(dir, "src/main.ts"), MAIN_TS);
    mustRun("npx", ["--no", "--", "tspc", "-p", "."], dir);
    const bundle = (alias: Record<string, string>) =>
      esbuild.buildSync({
        entryPoints: [path.join(dir, "dist/main.js")],
        bundle: true,
        minify: true,
        platform: "browser",
        format: "iife",
        write: false,
        metafile: true,
        logLevel: "silent",
        nodePaths: [path.join(app, "node_modules")],
        alias,
      });
    const viaExports = bundle({});
    const runtimeFiles = Object.keys(viaExports.metafile.inputs).filter((f) =>
      f.includes("node_modules/typed-msgpack/"),
    );
    expect(runtimeFiles.length).toBeGreaterThan(0);
    for (const file of runtimeFiles) expect(file).toMatch(/typed-msgpack\/dist\/esm\/runtime\//);
    // An app that decodes in memory ships none of the streaming code.
    expect(runtimeFiles.filter((f) => /\/(stream|framer|chunks)\.js$/.test(f))).toEqual([]);
    const cjsRuntime = path.join(app, "node_modules/typed-msgpack/dist/runtime");
    const cjs = bundle({
      "typed-msgpack/internal": path.join(cjsRuntime, "internal.js"),
      "typed-msgpack": path.join(cjsRuntime, "index.js"),
    });
    expect(viaExports.outputFiles[0]!.contents.length).toBeLessThan(cjs.outputFiles[0]!.contents.length);

    write(path.join(dir, "bundle.js"), viaExports.outputFiles[0]!.text);
    expect(JSON.parse(mustRun("node", ["bundle.js"], dir))).toEqual({
      back: { id: 7, items: [{ sku: "A-1", price: 9.5 }], placedAt: "1970-01-01T00:00:00.000Z", note: "hi" },
      isCodecError: true,
      path: "$.items[0].price",
    });
  },
  TIMEOUT,
);

test(
  "tspc fails the build with the transformer's diagnostic for an unsupported type",
  () => {
    const dir = path.join(app, "unsupported");
    write(path.join(dir, "tsconfig.json"), tsconfig(["src/widget.ts"]));
    write(
      path.join(dir, "src/widget.ts"),
      `
import { codecFor } from "typed-msgpack";
interface Widget { id: number; onClick: () => void }
export const WidgetCodec = codecFor<Widget>();
`,
    );
    const result = run("npx", ["--no", "--", "tspc", "-p", "."], dir);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(
      /src\/widget\.ts\(4,\d+\): error TS91010: codecFor<Widget>\(\): \$\.onClick has a function type/,
    );
  },
  TIMEOUT,
);
