/**
 * esbuild 0.28 with the bundler plugin (typed-msgpack-build/unplugin's esbuild entry) in a TypeScript 7
 * project (examples/esbuild, installed from its lockfile plus the packed tarball): a build bundles
 * the generated codec, and in watch mode a change to the type in model.ts, which esbuild never
 * loads (main.ts imports it type-only), rebuilds main.ts with the new codec.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  count,
  INSTALL_TIMEOUT,
  expectOnlyTypeScript7,
  installedVersion,
  mustRun,
  removeTempDirs,
  setUpExample,
  startBackground,
  waitFor,
} from "./helpers";

const WATCH_TIMEOUT = 120_000;

let project = "";

beforeAll(() => {
  project = setUpExample("esbuild", { build: true });
}, INSTALL_TIMEOUT);

afterAll(() => removeTempDirs());

const runApp = () => JSON.parse(mustRun("node", ["dist/main.js"], project));

test("node build.js: the codec is generated into the bundle; tsc 7 type-checks the app", () => {
  expect(installedVersion(project, "typescript")).toMatch(/^7\./);
  expectOnlyTypeScript7(project);
  mustRun("npx", ["tsc", "-p", "."], project);
  mustRun("node", ["build.js"], project);
  expect(fs.readFileSync(path.join(project, "dist/main.js"), "utf8")).not.toMatch(/= codecFor/);
  expect(runApp()).toEqual({ keys: ["sensor", "celsius", "takenAt"], bytes: 45 });
});

test(
  "node build.js --watch: a type edit in a type-only import rebuilds the codec",
  async () => {
    const watcher = startBackground("node", ["build.js", "--watch"], project);
    try {
      await waitFor("the first build", () => /build finished/.test(watcher.output()), WATCH_TIMEOUT, watcher.output);
      const model = path.join(project, "src/model.ts");
      fs.writeFileSync(
        model,
        fs.readFileSync(model, "utf8").replace("  takenAt: Date;", "  takenAt: Date;\n  humidity?: number;"),
      );
      await waitFor(
        "a rebuild after src/model.ts changed",
        () => count(watcher.output(), /build finished/) >= 2,
        WATCH_TIMEOUT,
        watcher.output,
      );
      expect(watcher.output()).toContain('change: "src/model.ts"');
      expect(runApp()).toEqual({ keys: ["sensor", "celsius", "takenAt", "humidity"], bytes: 55 });
    } finally {
      await watcher.stop();
    }
  },
  WATCH_TIMEOUT * 2,
);
