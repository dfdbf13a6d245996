/**
 * The bundler plugin (typed-msgpack-build/unplugin) under Rollup 4, Rolldown 1 and webpack 5, on
 * TypeScript 7 (examples/bundlers, installed from its lockfile plus the packed tarball). For each bundler: a
 * build's bundle runs and encodes with the generated codec; then the bundler's own watch mode is
 * started (Rollup's and Rolldown's watch(), webpack's compiler.watch), a property is added to Item
 * in src/model.ts, which src/main.ts imports only with `import type` (so the bundler never loads
 * it), and the rebuilt bundle must write and read the new property. Each watcher runs in its own
 * process group and is killed at the end of its test; every wait is bounded.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decode } from "@msgpack/msgpack";
import {
  count,
  EXAMPLES,
  expectOnlyTypeScript7,
  INSTALL_TIMEOUT,
  installedVersion,
  mustRun,
  removeTempDirs,
  run,
  setUpExample,
  startBackground,
  waitFor,
  type Background,
} from "./helpers";

const BUILD_WAIT = 120_000;
const TEST_TIMEOUT = 300_000;

let project = "";
let watcher: Background | undefined;

beforeAll(() => {
  project = setUpExample("bundlers", { build: true });
}, INSTALL_TIMEOUT);

afterEach(async () => {
  await watcher?.stop();
  watcher = undefined;
});

afterAll(() => removeTempDirs());

test("the example's TypeScript is 7, and no other: the plugin runs on TypeScript 7's API", () => {
  expectOnlyTypeScript7(project);
});

const OLD_SHAPE = [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }];
const NEW_SHAPE = [{ sku: "A-1", quantity: 2, unitPrice: 9.5, currency: "EUR" }];

/**
 * Runs dist/<bundler>/main.js in a fresh node process (so the newest build is loaded) and returns
 * what it decoded, after checking that its bytes, read by @msgpack/msgpack, are that same value.
 */
function runBundle(bundler: string): unknown {
  const printed = JSON.parse(mustRun("node", [`dist/${bundler}/main.js`], project)) as {
    hex: string;
    decoded: unknown;
  };
  expect(decode(Buffer.from(printed.hex, "hex"))).toEqual(printed.decoded);
  return printed.decoded;
}

function resetModel(): void {
  fs.copyFileSync(path.join(EXAMPLES, "bundlers/src/model.ts"), path.join(project, "src/model.ts"));
}

/** Adds `currency?: string` to Item in src/model.ts; main.ts is not touched. */
function addCurrency(): void {
  const file = path.join(project, "src/model.ts");
  const text = fs.readFileSync(file, "utf8");
  const changed = text.replace("  unitPrice: number;\n}", "  unitPrice: number;\n  currency?: string;\n}");
  expect(changed).not.toBe(text);
  fs.writeFileSync(file, changed);
}

const BUNDLERS: [name: string, pkg: string, version: RegExp][] = [
  ["rollup", "rollup", /^4\./],
  ["rolldown", "rolldown", /^1\./],
  ["webpack", "webpack", /^5\./],
];

describe.each(BUNDLERS)("%s", (bundler, pkg, version) => {
  test(
    `node build.js ${bundler}: the bundle holds the generated codec, which round-trips`,
    () => {
      expect(installedVersion(project, pkg)).toMatch(version);
      resetModel();
      fs.rmSync(path.join(project, "dist", bundler), { recursive: true, force: true });
      expect(mustRun("node", ["build.js", bundler], project, {}, BUILD_WAIT)).toMatch(new RegExp(`built ${bundler}`));
      const js = fs.readFileSync(path.join(project, "dist", bundler, "main.js"), "utf8");
      expect(js).not.toMatch(/codecFor/);
      expect(runBundle(bundler)).toEqual(OLD_SHAPE);
    },
    TEST_TIMEOUT,
  );

  test(
    `node build.js ${bundler} --watch: a property added in a type-only import is in the rebuilt codec`,
    async () => {
      resetModel();
      fs.rmSync(path.join(project, "dist", bundler), { recursive: true, force: true });
      const w = (watcher = startBackground(process.execPath, ["build.js", bundler, "--watch"], project));
      const builds = () => count(w.output(), new RegExp(`built ${bundler}`));
      await waitFor("the first build", () => builds() >= 1, BUILD_WAIT, w.output);
      expect(runBundle(bundler)).toEqual(OLD_SHAPE);

      await new Promise((resolve) => setTimeout(resolve, 500)); // past the first build's file timestamps
      addCurrency();
      await waitFor("the rebuild after src/model.ts changed", () => builds() >= 2, BUILD_WAIT, w.output);
      expect(w.output()).not.toMatch(/failed/);
      expect(runBundle(bundler)).toEqual(NEW_SHAPE);
    },
    TEST_TIMEOUT,
  );
});

test(
  "rollup --watch: an edit to a global script (no import reaches it) rebuilds the codec",
  async () => {
    resetModel();
    const globals = path.join(project, "src/globals.d.ts");
    const model = path.join(project, "src/model.ts");
    fs.writeFileSync(globals, "interface ItemExtras {}\n");
    fs.writeFileSync(
      model,
      fs.readFileSync(model, "utf8").replace("export interface Item {", "export interface Item extends ItemExtras {"),
    );
    try {
      const w = (watcher = startBackground(process.execPath, ["build.js", "rollup", "--watch"], project));
      const builds = () => count(w.output(), /built rollup/);
      await waitFor("the first build", () => builds() >= 1, BUILD_WAIT, w.output);
      expect(runBundle("rollup")).toEqual(OLD_SHAPE);
      await new Promise((resolve) => setTimeout(resolve, 500));
      fs.writeFileSync(globals, "interface ItemExtras {\n  currency?: string;\n}\n");
      await waitFor("the rebuild after src/globals.d.ts changed", () => builds() >= 2, BUILD_WAIT, w.output);
      expect(runBundle("rollup")).toEqual(NEW_SHAPE);
    } finally {
      fs.rmSync(globals, { force: true });
      resetModel();
    }
  },
  TEST_TIMEOUT,
);

describe("the plugin's disk cache (node_modules/.cache/typed-msgpack)", () => {
  const cacheDir = () => path.join(project, "node_modules/.cache/typed-msgpack");
  const entries = () =>
    fs.existsSync(cacheDir()) ? fs.readdirSync(cacheDir()).filter((f) => f.endsWith(".json")) : [];
  const build = () =>
    expect(mustRun("node", ["build.js", "rolldown"], project, {}, BUILD_WAIT)).toMatch(/built rolldown/);
  /**
   * Makes Item extend ItemExtras (imported by `importLine`, or a global), builds, then lets `change`
   * give ItemExtras `currency?: string` in a file the plugin read or looked for: the next build
   * misses the cache and has the new codec.
   */
  const followsItemExtras = (importLine: string, change: () => void) => {
    const model = path.join(project, "src/model.ts");
    fs.writeFileSync(
      model,
      importLine +
        fs.readFileSync(model, "utf8").replace("export interface Item {", "export interface Item extends ItemExtras {"),
    );
    build();
    expect(runBundle("rolldown")).toEqual(OLD_SHAPE);
    change();
    build();
    expect(runBundle("rolldown")).toEqual(NEW_SHAPE);
  };

  test(
    "a build with nothing changed reuses the entry; an edit to any file the codec came from is a miss, and the new build has the new codec",
    () => {
      resetModel();
      fs.rmSync(cacheDir(), { recursive: true, force: true });
      build();
      expect(runBundle("rolldown")).toEqual(OLD_SHAPE);
      // main.ts and src/codecs.ts, the modules that call codecFor.
      expect(entries()).toHaveLength(2);
      const entry = entries().find((name) =>
        fs.readFileSync(path.join(cacheDir(), name), "utf8").includes("ItemsCodec"),
      );
      const written = fs.readFileSync(path.join(cacheDir(), entry!), "utf8");
      // main.ts's inputs: its type-only import, the module whose ItemCodec it links to, the tsconfig,
      // and the declaration files of typed-msgpack's API it reaches; also, recorded as absent, the
      // paths where resolving "./model" and "typed-msgpack" looked first and found nothing.
      const recorded = JSON.parse(written).inputs as [string, string | null][];
      const inputs = recorded.filter(([, hash]) => hash !== null).map(([file]) => path.relative(project, file));
      expect(inputs.filter((file) => !file.startsWith("node_modules")).sort()).toEqual([
        "package.json",
        "src/codecs.ts",
        "src/model.ts",
        "tsconfig.json",
      ]);
      expect(inputs).toContain(path.join("node_modules/typed-msgpack/dist/runtime/index.d.ts"));
      const absent = recorded.filter(([, hash]) => hash === null).map(([file]) => path.relative(project, file));
      expect(absent).toEqual(expect.arrayContaining(["src/node_modules/typed-msgpack/package.json"]));

      // A second process: the entry is read, not written again.
      const mtime = fs.statSync(path.join(cacheDir(), entry!)).mtimeMs;
      build();
      expect(fs.statSync(path.join(cacheDir(), entry!)).mtimeMs).toBe(mtime);
      expect(runBundle("rolldown")).toEqual(OLD_SHAPE);

      // src/model.ts changed while no bundler ran: the entry no longer matches, so the codec is generated again.
      addCurrency();
      build();
      expect(runBundle("rolldown")).toEqual(NEW_SHAPE);
      expect(fs.readFileSync(path.join(cacheDir(), entry!), "utf8")).not.toBe(written);

      // A module main.ts's codec links to is an input too, though main.ts does not import it: with
      // ItemCodec no longer exported, main.ts's codec is generated again, with its own copy of Item's.
      resetModel();
      const codecs = path.join(project, "src/codecs.ts");
      const linked = fs.readFileSync(codecs, "utf8");
      build();
      expect(fs.readFileSync(path.join(project, "dist/rolldown/main.js"), "utf8")).toContain("ItemCodec");
      try {
        fs.writeFileSync(codecs, linked.replace("export const ItemCodec", "const ItemCodec"));
        build();
        expect(runBundle("rolldown")).toEqual(OLD_SHAPE);
      } finally {
        fs.writeFileSync(codecs, linked);
      }

      // A global script (no import or export) reaches main.ts without an import; an edit to it is a miss too.
      const globals = path.join(project, "src/globals.d.ts");
      try {
        fs.writeFileSync(globals, "interface ItemExtras {}\n");
        followsItemExtras("", () => fs.writeFileSync(globals, "interface ItemExtras {\n  currency?: string;\n}\n"));
      } finally {
        fs.rmSync(globals, { force: true });
        resetModel();
      }

      // A file created where an import's resolution looked and found nothing is a miss: "./extra"
      // found src/extra/index.ts; a new src/extra.ts comes first, and the codec must follow it.
      const extraDir = path.join(project, "src/extra");
      const extraFile = path.join(project, "src/extra.ts");
      try {
        fs.mkdirSync(extraDir, { recursive: true });
        fs.writeFileSync(path.join(extraDir, "index.ts"), "export interface ItemExtras {}\n");
        followsItemExtras('import type { ItemExtras } from "./extra";\n', () =>
          fs.writeFileSync(extraFile, "export interface ItemExtras {\n  currency?: string;\n}\n"),
        );
      } finally {
        fs.rmSync(extraDir, { recursive: true, force: true });
        fs.rmSync(extraFile, { force: true });
        resetModel();
      }

      // The tsconfig is an input too: a setting the codecs depend on (here, one that breaks the build) is seen.
      resetModel();
      build();
      const tsconfig = path.join(project, "tsconfig.json");
      const original = fs.readFileSync(tsconfig, "utf8");
      try {
        fs.writeFileSync(tsconfig, original.replace('"strict": true', '"strict": true, "target": "es3"'));
        const failed = run("node", ["build.js", "rolldown"], project, {}, BUILD_WAIT);
        expect(failed.status).not.toBe(0);
        // TypeScript 7 has no ES3 target at all (TS6046); 6 said it was removed (TS5108).
        expect(failed.output).toMatch(
          /tsconfig.json:\d+:\d+ - error TS(6046: Argument for '--target' option must be|5108: Option .target=ES3. has been removed)/,
        );
      } finally {
        fs.writeFileSync(tsconfig, original);
      }
    },
    TEST_TIMEOUT,
  );
});
