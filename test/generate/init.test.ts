/**
 * `typed-msgpack init`, run as a user runs it (a node process in the project folder) on projects in
 * a temp folder; each configured project is then built through the route init chose (Vite with
 * the plugin under a real TypeScript 7; tspc with the tsconfig plugin line; jest with ts-jest), and
 * the built code round-trips a value through its codec.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  buildPackageOf,
  builtPackage,
  cli,
  link,
  linkTypescript7,
  makeProject,
  mustRun,
  readTree,
  removeTempDirs,
  ROOT,
  ROOT_TYPESCRIPT,
  run,
} from "./helpers";

const MODEL = `export interface Point { x: number; y: number; label?: string }\n`;
const MAIN = `import { codecFor } from "typed-msgpack";
import type { Point } from "./model";

const PointCodec = codecFor<Point>();
const bytes = PointCodec.encode({ x: 1, y: 2, label: "p" });
console.log("decoded " + JSON.stringify(PointCodec.decode(bytes)) + " from " + bytes.length + " bytes");
`;
const DECODED = `decoded {"x":1,"y":2,"label":"p"} from 15 bytes`;

let pkg: string;
beforeAll(() => {
  pkg = builtPackage();
}, 300_000);
afterAll(() => removeTempDirs());

/** typed-msgpack-build in `dir`'s node_modules with its bin, as npm installs it: package.json scripts run `typed-msgpack`. */
function linkBuildPackage(dir: string): void {
  link(dir, "typed-msgpack-build", buildPackageOf(pkg));
  fs.mkdirSync(path.join(dir, "node_modules/.bin"), { recursive: true });
  fs.rmSync(path.join(dir, "node_modules/.bin/typed-msgpack"), { force: true });
  fs.symlinkSync(
    "../typed-msgpack-build/dist/transformer/cli/main.js",
    path.join(dir, "node_modules/.bin/typed-msgpack"),
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

function init(dir: string, ...args: string[]): string {
  const result = cli(pkg, ["init", ...args], dir);
  if (result.status !== 0) throw new Error(result.output);
  return result.stdout;
}

test("TypeScript 7 + Vite: writes vite.config.ts with the plugin, and vite build bundles working codecs", () => {
  const dir = makeProject(
    "ts7-vite",
    {
      "package.json": JSON.stringify(
        { name: "app", private: true, type: "module", scripts: { build: "vite build" } },
        null,
        2,
      ),
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          strict: true,
          noEmit: true,
        },
        include: ["src"],
      }),
      "src/model.ts": MODEL,
      "src/main.ts": MAIN,
    },
    { pkg, typescript: false },
  );
  // The real TypeScript 7 (native, no JavaScript API), as `npm install typescript` gives today.
  mustRun("npm", ["install", "--no-audit", "--no-fund", "--no-save", "typescript@7.0.2"], dir);
  link(dir, "typed-msgpack", pkg); // npm install prunes the link makeProject made
  link(dir, "typed-msgpack-build", buildPackageOf(pkg));
  link(dir, "vite", path.join(ROOT, "node_modules/vite"));
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  manifest.devDependencies = { typescript: "7.0.2", vite: "8.3.8" };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");

  const first = init(dir);
  expect(first).toContain("found: TypeScript 7; vite");
  expect(first).toContain("changed vite.config.ts: new, with the typed-msgpack plugin");
  expect(fs.readFileSync(path.join(dir, "vite.config.ts"), "utf8")).toContain(
    `import { vite as typedMsgpack } from "typed-msgpack-build/unplugin";`,
  );
  expect(
    fs.existsSync(path.join(dir, "tsconfig.json")) && fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8"),
  ).not.toContain("plugins");

  // An SSR build of the entry, so that node can run what Vite built with the plugin init configured.
  mustRun(
    process.execPath,
    [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--ssr", "src/main.ts", "--logLevel", "error"],
    dir,
  );
  expect(fs.readFileSync(path.join(dir, "dist/main.js"), "utf8")).not.toContain("codecFor");
  expect(mustRun(process.execPath, ["dist/main.js"], dir).trim()).toBe(DECODED);
}, 180_000);

test("an existing Vite config: adds the import and the plugin entry, keeps the rest", () => {
  const config = `import { defineConfig } from "vite";
import other from "./other-plugin";

// the user's comment
export default defineConfig({
  plugins: [other()],
  server: { port: 5000 },
});
`;
  const dir = makeProject(
    "vite-existing",
    {
      "package.json": JSON.stringify({
        name: "app",
        private: true,
        devDependencies: { vite: "^8.0.0", typescript: "^7.0.0" },
      }),
      "vite.config.ts": config,
    },
    { pkg, typescript: false },
  );
  init(dir);
  expect(fs.readFileSync(path.join(dir, "vite.config.ts"), "utf8")).toBe(
    config
      .replace(
        `import other from "./other-plugin";`,
        `import other from "./other-plugin";\nimport { vite as typedMsgpack } from "typed-msgpack-build/unplugin";`,
      )
      .replace("plugins: [other()]", "plugins: [typedMsgpack(), other()]"),
  );
  expect(init(dir)).toContain("nothing to change");
});

test("a Vite config it cannot edit safely: prints the lines to add and leaves the file alone", () => {
  const config = `export default { plugins: [a()], worker: { plugins: [b()] } };\n`;
  const dir = makeProject(
    "vite-odd",
    {
      "package.json": JSON.stringify({ name: "app", private: true, devDependencies: { vite: "^8.0.0" } }),
      "vite.config.js": config,
    },
    { pkg, typescript: false },
  );
  const output = init(dir);
  expect(output).toContain(
    `to do by hand: vite.config.js: add import { vite as typedMsgpack } from "typed-msgpack-build/unplugin";`,
  );
  expect(fs.readFileSync(path.join(dir, "vite.config.js"), "utf8")).toBe(config);
});

test("TypeScript 6 + ts-patch: the tsconfig plugins entry and tspc build script; tspc then compiles working codecs", () => {
  const tsconfig = {
    compilerOptions: {
      target: "es2020",
      module: "node16",
      moduleResolution: "node16",
      types: [],
      strict: true,
      rootDir: "src",
      outDir: "dist",
    },
    include: ["src"],
  };
  const dir = makeProject(
    "ts6-tspc",
    {
      "package.json": JSON.stringify(
        {
          name: "app",
          private: true,
          scripts: { build: "tsc -p ." },
          devDependencies: { typescript: "6.0.3", "ts-patch": "4.0.1" },
        },
        null,
        2,
      ),
      "tsconfig.json": JSON.stringify(tsconfig, null, 2),
      "src/model.ts": MODEL,
      "src/main.ts": MAIN,
    },
    { pkg, typescript: ROOT_TYPESCRIPT },
  );
  link(dir, "ts-patch", path.join(ROOT, "node_modules/ts-patch"));

  const output = init(dir);
  expect(output).toContain("found: TypeScript 6; ts-patch");
  expect(output).toContain(`changed package.json: script "build": "tspc -p ."`);
  expect(output).not.toContain("to do by hand");
  const written = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8"));
  expect(written).toEqual({
    ...tsconfig,
    compilerOptions: { ...tsconfig.compilerOptions, plugins: [{ transform: "typed-msgpack/transformer" }] },
  });
  expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts).toEqual({ build: "tspc -p ." });

  // The build script init wrote, run as npm would (tspc from ts-patch).
  mustRun(process.execPath, [path.join(dir, "node_modules/ts-patch/bin/tspc.js"), "-p", "."], dir);
  expect(mustRun(process.execPath, ["dist/main.js"], dir).trim()).toBe(DECODED);
}, 120_000);

test("TypeScript 6 + jest: writes a jest.config.js with ts-jest and typed-msgpack/ts-jest; the test then passes", () => {
  const dir = makeProject(
    "ts6-jest",
    {
      "package.json": JSON.stringify(
        {
          name: "app",
          private: true,
          scripts: { test: "jest" },
          devDependencies: { typescript: "6.0.3", jest: "30.5.2", "ts-jest": "29.4.15" },
        },
        null,
        2,
      ),
      "tsconfig.json": JSON.stringify(
        {
          compilerOptions: {
            target: "es2020",
            module: "commonjs",
            types: ["jest"],
            strict: true,
            isolatedModules: false,
          },
          include: ["src", "test"],
        },
        null,
        2,
      ),
      "src/model.ts": MODEL,
      "test/point.test.ts": `import { codecFor } from "typed-msgpack";
import type { Point } from "../src/model";

test("round trip", () => {
  const codec = codecFor<Point>();
  expect(codec.decode(codec.encode({ x: 1, y: 2 }))).toEqual({ x: 1, y: 2 });
  expect(() => codec.decode(codec.encode({ x: 1 } as Point))).toThrow();
});
`,
    },
    { pkg, typescript: ROOT_TYPESCRIPT },
  );
  for (const name of ["ts-jest", "@types/jest"]) link(dir, name, path.join(ROOT, "node_modules", name));

  const output = init(dir);
  expect(output).toContain("changed jest.config.js: new, with ts-jest running typed-msgpack/ts-jest");
  expect(output).toContain("to do by hand: install ts-patch");
  // ts-jest resolves "typed-msgpack/ts-jest" from its own folder; linked here from the repository,
  // it would look there, so NODE_PATH gives it the project's node_modules as an install would.
  const result = run(
    process.execPath,
    [path.join(ROOT, "node_modules/jest/bin/jest.js"), "--rootDir", dir, "--ci"],
    dir,
    { NODE_PATH: path.join(dir, "node_modules") },
  );
  expect(result.output).toMatch(/Tests:\s+1 passed, 1 total/);
  expect(result.status).toBe(0);
}, 120_000);

test("TypeScript 6 + ts-node: the plugins line and ts-node's ts-patch compiler; ts-node then runs working codecs", () => {
  const dir = makeProject(
    "ts6-ts-node",
    {
      "package.json": JSON.stringify(
        {
          name: "app",
          private: true,
          devDependencies: { typescript: "6.0.3", "ts-patch": "4.0.1", "ts-node": "10.9.2" },
        },
        null,
        2,
      ),
      "tsconfig.json": JSON.stringify(
        {
          compilerOptions: { target: "es2020", module: "commonjs", types: [], strict: true, rootDir: "src" },
          include: ["src"],
        },
        null,
        2,
      ),
      "src/model.ts": MODEL,
      "src/main.ts": MAIN,
    },
    { pkg, typescript: false },
  );
  mustRun("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--ignore-scripts", "ts-node@10.9.2"], dir);
  // After the install, which prunes links it did not make.
  link(dir, "typed-msgpack", pkg);
  link(dir, "typescript", ROOT_TYPESCRIPT);
  link(dir, "ts-patch", path.join(ROOT, "node_modules/ts-patch"));

  const output = init(dir);
  expect(output).toContain(`"ts-node".compiler = "ts-patch/compiler"`);
  const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8"));
  expect(tsconfig["ts-node"]).toEqual({ compiler: "ts-patch/compiler" });
  expect(tsconfig.compilerOptions.plugins).toEqual([{ transform: "typed-msgpack/transformer" }]);
  expect(
    mustRun(process.execPath, [path.join(dir, "node_modules/ts-node/dist/bin.js"), "src/main.ts"], dir).trim(),
  ).toBe(DECODED);
  expect(init(dir)).toContain("nothing to change");
}, 120_000);

test("TypeScript 7 without a bundler: generate scripts", () => {
  const dir = makeProject(
    "ts7-plain",
    {
      "package.json": JSON.stringify({ name: "app", private: true, devDependencies: { typescript: "^7.0.2" } }),
    },
    { pkg, typescript: false },
  );
  expect(init(dir)).toContain(`changed package.json: script "codecs": "typed-msgpack generate"`);
  expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts).toEqual({
    codecs: "typed-msgpack generate",
    "codecs:check": "typed-msgpack generate --check",
  });
});

test("--dry-run prints the changes and writes nothing; a second real run changes nothing", () => {
  const files = {
    "package.json":
      JSON.stringify(
        { name: "app", private: true, scripts: { build: "tsc" }, devDependencies: { typescript: "^5.9.0" } },
        null,
        2,
      ) + "\n",
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true } }, null, 2) + "\n",
  };
  const dir = makeProject("dry-run", files, { pkg, typescript: false });
  const before = readTree(dir);
  const dry = init(dir, "--dry-run");
  expect(dry).toContain("dry run: nothing is written");
  expect(dry).toContain(
    `would change tsconfig.json: compilerOptions.plugins += { "transform": "typed-msgpack/transformer" }`,
  );
  expect(dry).toContain(`would change package.json: script "build": "tspc"`);
  expect(dry).toContain("to do by hand: install ts-patch, which runs the tsconfig plugin: npm install -D ts-patch@3");
  expect(readTree(dir)).toEqual(before);

  expect(init(dir)).toContain("changed tsconfig.json");
  const after = readTree(dir);
  expect(after).not.toEqual(before);
  const second = init(dir);
  expect(second).toContain("nothing to change");
  expect(readTree(dir)).toEqual(after);
});

test("a tsconfig.json with comments is left alone, with the line to add printed", () => {
  const tsconfig = `{\n  // mine\n  "compilerOptions": { "strict": true }\n}\n`;
  const dir = makeProject(
    "jsonc",
    {
      "package.json": JSON.stringify({ name: "app", private: true, devDependencies: { typescript: "6.0.3" } }),
      "tsconfig.json": tsconfig,
    },
    { pkg, typescript: false },
  );
  expect(init(dir)).toContain(
    `to do by hand: tsconfig.json has comments or is not plain JSON, so init leaves it as it is; add to its compilerOptions: "plugins": [{ "transform": "typed-msgpack/transformer" }]`,
  );
  expect(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8")).toBe(tsconfig);
});

test("bad arguments and no package.json exit 2", () => {
  const dir = makeProject("empty", {}, { pkg, typescript: false });
  expect(cli(pkg, ["init", "--force"], dir).status).toBe(2);
  const none = cli(pkg, ["init"], dir);
  expect(none.status).toBe(2);
  expect(none.stdout).toContain("no package.json");
  fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "x",, }');
  const malformed = cli(pkg, ["init"], dir);
  expect(malformed.status).toBe(2);
  expect(malformed.stdout).toContain("package.json is not valid JSON");
});

test("TypeScript older than 4.9: no plugins line, the upgrade said instead", () => {
  const dir = makeProject(
    "ts48",
    {
      "package.json": JSON.stringify({ name: "old", devDependencies: { typescript: "4.8.4" } }),
      "tsconfig.json": "{}\n",
    },
    { pkg, typescript: false },
  );
  const result = cli(pkg, ["init", "--dry-run"], dir);
  expect(result.status).toBe(0);
  expect(result.stdout).toContain(
    "TypeScript 4.8.4 is older than 4.9, the oldest the compiler plugin runs under: upgrade it (npm install -D typescript@6.0)",
  );
  expect(result.stdout).not.toContain("plugins");
});

test("Node + tsx on TypeScript 7: esbuild under tsx is no route; codecs scripts, dev/test run generate first, a tsconfig.json; the scripts then work under tsx", () => {
  const dir = makeProject(
    "ts7-tsx",
    {
      "package.json": json({
        name: "app",
        private: true,
        type: "module",
        scripts: { dev: "tsx watch src/main.ts", test: "tsx src/main.ts" },
        devDependencies: { typescript: "^7.0.2", tsx: "^4.23.15" },
      }),
      "src/model.ts": MODEL,
      "src/main.ts": MAIN,
    },
    { pkg, typescript: false },
  );
  // tsx's own esbuild lands in node_modules, as in every tsx project.
  mustRun("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--ignore-scripts", "tsx@4.23.15"], dir);
  expect(fs.existsSync(path.join(dir, "node_modules/esbuild/package.json"))).toBe(true);
  link(dir, "typed-msgpack", pkg);
  linkBuildPackage(dir);
  linkTypescript7(dir);

  const output = init(dir);
  expect(output).toContain("  found: TypeScript 7; tsx\n");
  expect(output).not.toContain("esbuild");
  expect(output).not.toContain("nothing to change");
  expect(output).toContain(
    `changed tsconfig.json: new, there was none, and generate reads the project's types and module settings from it (module esnext, moduleResolution bundler, strict, include src)`,
  );
  expect(output).toContain(`changed package.json: script "codecs": "typed-msgpack generate"`);
  expect(output).toContain(
    `changed package.json: script "test": "typed-msgpack generate && tsx src/main.ts" (was "tsx src/main.ts": the codecs are generated before it runs, so they match the types)`,
  );
  expect(output).toContain(
    `to do by hand: "dev" watches your files, but generates the codecs only when it starts: after editing a type while it runs, run npm run codecs (or keep typed-msgpack generate --watch running beside it)`,
  );
  expect(output).toContain(
    "to do by hand: or compile the codecs as modules load, with nothing generated to go stale: run your entry as node --import typed-msgpack-build/register --import tsx <entry> (the hook before tsx; with node --watch, an edit to a type restarts it)",
  );
  expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts).toEqual({
    dev: "typed-msgpack generate && tsx watch src/main.ts",
    test: "typed-msgpack generate && tsx src/main.ts",
    codecs: "typed-msgpack generate",
    "codecs:check": "typed-msgpack generate --check",
  });
  expect(JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8"))).toEqual({
    compilerOptions: {
      target: "es2022",
      strict: true,
      skipLibCheck: true,
      module: "esnext",
      moduleResolution: "bundler",
      noEmit: true,
    },
    include: ["src"],
  });
  expect(init(dir)).toContain("nothing to change in the project's files; what is left is yours to do:");

  // The codecs script as npm runs it (the bin of typed-msgpack-build), on the project's TypeScript 7.
  expect(mustRun("npm", ["run", "--silent", "codecs"], dir)).toContain("1 written");
  expect(
    mustRun(process.execPath, [path.join(dir, "node_modules/tsx/dist/cli.mjs"), "src/main.codecs.ts"], dir).trim(),
  ).toBe(DECODED);
  // The hook init names instead, on the file as written.
  expect(
    mustRun(
      process.execPath,
      ["--import", "typed-msgpack-build/register", "--import", "tsx", "src/main.ts"],
      dir,
    ).trim(),
  ).toBe(DECODED);
}, 180_000);

test("Node type stripping on TypeScript 7: found from the scripts; a tsconfig.json for Node's own resolution", () => {
  const dir = makeProject(
    "ts7-node-strip",
    {
      "package.json": json({
        name: "app",
        private: true,
        type: "module",
        scripts: { start: "node src/main.ts", test: "node --test test/*.test.ts" },
        devDependencies: { typescript: "7.0.2" },
      }),
      "src/model.ts": MODEL,
      "src/main.ts": MAIN.replace(`"./model"`, `"./model.ts"`),
    },
    { pkg, typescript: false },
  );
  linkBuildPackage(dir);
  linkTypescript7(dir);
  const output = init(dir);
  expect(output).toContain("  found: TypeScript 7; node (type stripping)\n");
  expect(output).toContain(
    "to do by hand: or compile the codecs as modules load, with nothing generated to go stale: node --import typed-msgpack-build/register <entry> (Node 22.18+ or 24, which strip types; with node --watch, an edit to a type restarts it)",
  );
  expect(output).toContain(
    `changed tsconfig.json: new, there was none, and generate reads the project's types and module settings from it (module nodenext, strict, include src)`,
  );
  expect(JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8")).compilerOptions).toMatchObject({
    module: "nodenext",
    allowImportingTsExtensions: true,
    rewriteRelativeImportExtensions: true,
    noEmit: true,
  });
  expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts.test).toBe(
    "typed-msgpack generate && node --test test/*.test.ts",
  );
  // generate runs under the tsconfig init wrote (imports written with .ts, as Node needs).
  expect(mustRun("npm", ["run", "--silent", "codecs"], dir)).toContain("1 written");
  expect(fs.readFileSync(path.join(dir, "src/main.codecs.ts"), "utf8")).toContain(
    "const PointCodec = (__tm_PointCodec as __tm.Codec<Point>);",
  );
}, 120_000);

test("Bun on TypeScript 7: found from bunfig.toml and bun scripts; generate scripts", () => {
  const dir = makeProject(
    "ts7-bun",
    {
      "package.json": json({
        name: "app",
        private: true,
        scripts: { dev: "bun --watch src/main.ts", build: "bun build src/main.ts --outdir dist" },
        devDependencies: { typescript: "^7.0.2", "@types/bun": "^1.3.0" },
      }),
      "bunfig.toml": "",
    },
    { pkg, typescript: false },
  );
  const output = init(dir);
  expect(output).toContain("  found: TypeScript 7; bun\n");
  expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts).toEqual({
    dev: "typed-msgpack generate && bun --watch src/main.ts",
    build: "typed-msgpack generate && bun build src/main.ts --outdir dist",
    codecs: "typed-msgpack generate",
    "codecs:check": "typed-msgpack generate --check",
  });
});

test("webpack and Rspack: the plugin line for their config, no generate scripts, a bundler tsconfig.json", () => {
  for (const [name, manifestDeps, config] of [
    ["webpack", { webpack: "^5.100.0", "webpack-cli": "^6.0.0" }, "webpack.config.js"],
    ["rspack", { "@rspack/core": "^1.5.0", "@rspack/cli": "^1.5.0" }, "rspack.config.mjs"],
  ] as const) {
    const dir = makeProject(
      `ts7-${name}`,
      {
        "package.json": json({
          name: "app",
          private: true,
          scripts: { build: `${name} build` },
          devDependencies: { typescript: "^7.0.2", ...manifestDeps },
        }),
        [config]: "module.exports = { plugins: [] };\n",
      },
      { pkg, typescript: false },
    );
    const output = init(dir);
    expect(output).toContain(`  found: TypeScript 7; ${name}\n`);
    expect(output).toContain(
      `to do by hand: ${name}: add the plugin to your ${name} configuration (init does not edit ${name} configs): import { ${name} as typedMsgpack } from "typed-msgpack-build/unplugin"; then plugins: [typedMsgpack()]`,
    );
    expect(output).toContain(
      "changed tsconfig.json: new, there was none, and the bundler plugin reads the project's types and module settings from it (module esnext, moduleResolution bundler, strict)",
    );
    expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts).toEqual({
      build: `${name} build`,
    });
  }
});

test("vitest alone: a vitest.config.ts from vitest/config (vite itself, vitest's dependency, is no route)", () => {
  const dir = makeProject(
    "ts7-vitest",
    {
      "package.json": json({
        name: "app",
        private: true,
        scripts: { test: "vitest run" },
        devDependencies: { typescript: "^7.0.2", vitest: "^4.0.0" },
      }),
      "node_modules/vite/package.json": json({ name: "vite", version: "8.3.8" }),
      "tsconfig.json": json({ compilerOptions: { strict: true } }),
    },
    { pkg, typescript: false },
  );
  const output = init(dir);
  expect(output).toContain("  found: TypeScript 7; vitest\n");
  expect(fs.readFileSync(path.join(dir, "vitest.config.ts"), "utf8")).toBe(
    `import { defineConfig } from "vitest/config";\nimport { vite as typedMsgpack } from "typed-msgpack-build/unplugin";\n\nexport default defineConfig({\n  plugins: [typedMsgpack()],\n});\n`,
  );
  expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts).toEqual({ test: "vitest run" });
});

test("Vite react-ts (solution-style tsconfig): the plugin goes into vite.config.ts; the tsconfig files stay as they are", () => {
  const tsconfigs = {
    "tsconfig.json": json({
      files: [],
      references: [{ path: "./tsconfig.app.json" }, { path: "./tsconfig.node.json" }],
    }),
    "tsconfig.app.json": json({
      compilerOptions: {
        target: "es2022",
        module: "esnext",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        strict: true,
        noEmit: true,
      },
      include: ["src"],
    }),
    "tsconfig.node.json": json({
      compilerOptions: { target: "es2023", module: "esnext", moduleResolution: "bundler", strict: true, noEmit: true },
      include: ["vite.config.ts"],
    }),
  };
  const viteConfig = `import { defineConfig } from "vite";\nimport react from "@vitejs/plugin-react";\n\n// https://vite.dev/config/\nexport default defineConfig({\n  plugins: [react()],\n});\n`;
  const dir = makeProject(
    "ts7-react-ts",
    {
      "package.json": json({
        name: "app",
        private: true,
        type: "module",
        scripts: { dev: "vite", build: "tsc -b && vite build" },
        dependencies: { react: "^19.2.0" },
        devDependencies: { typescript: "~7.0.2", vite: "^8.0.0", "@vitejs/plugin-react": "^5.0.0" },
      }),
      ...tsconfigs,
      "vite.config.ts": viteConfig,
    },
    { pkg, typescript: false },
  );
  const output = init(dir);
  expect(output).toContain("  found: TypeScript 7; vite\n");
  expect(fs.readFileSync(path.join(dir, "vite.config.ts"), "utf8")).toBe(
    viteConfig
      .replace(
        `import react from "@vitejs/plugin-react";`,
        `import react from "@vitejs/plugin-react";\nimport { vite as typedMsgpack } from "typed-msgpack-build/unplugin";`,
      )
      .replace("plugins: [react()]", "plugins: [typedMsgpack(), react()]"),
  );
  for (const [file, text] of Object.entries(tsconfigs))
    expect(fs.readFileSync(path.join(dir, file), "utf8")).toBe(text);
  expect(output).not.toContain("tsconfig");
});

test("--dry-run prints a unified diff of each file it would change, a new tsconfig.json included", () => {
  const manifest = json({
    name: "app",
    private: true,
    scripts: { build: "tsc" },
    devDependencies: { typescript: "^5.9.0" },
  });
  const dir = makeProject("dry-run-diff", { "package.json": manifest }, { pkg, typescript: false });
  const dry = init(dir, "--dry-run");
  expect(dry).toContain(
    `would change tsconfig.json: new, there was none, and tspc reads the project's types and module settings from it (module nodenext, strict)`,
  );
  expect(dry).toContain(`--- /dev/null
+++ b/tsconfig.json
@@ -0,0 +1,14 @@
+{
+  "compilerOptions": {
+    "target": "es2022",
+    "strict": true,
+    "skipLibCheck": true,
+    "module": "nodenext",
+    "outDir": "dist",
+    "plugins": [
+      {
+        "transform": "typed-msgpack/transformer"
+      }
+    ]
+  }
+}
`);
  expect(dry).toContain(`--- a/package.json
+++ b/package.json
@@ -2,7 +2,7 @@
   "name": "app",
   "private": true,
   "scripts": {
-    "build": "tsc"
+    "build": "tspc"
   },
   "devDependencies": {
     "typescript": "^5.9.0"
`);
  expect(fs.existsSync(path.join(dir, "tsconfig.json"))).toBe(false);
  expect(fs.readFileSync(path.join(dir, "package.json"), "utf8")).toBe(manifest);
});
