/**
 * Rspack 2 with the bundler plugin (typed-msgpack-build/unplugin's rspack entry) in a TypeScript 7
 * project (examples/rspack, installed from its lockfile plus the packed tarball): a build bundles
 * the generated codec ahead of Rspack's SWC loader, and in watch mode a change to the type in
 * model.ts, which Rspack never loads (main.ts imports it type-only), rebuilds main.ts with the new
 * codec.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  count,
  EXAMPLES,
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
  project = setUpExample("rspack", { build: true });
}, INSTALL_TIMEOUT);

afterAll(() => removeTempDirs());

const runApp = () => JSON.parse(mustRun("node", ["dist/main.js"], project));

test(
  "node build.js: the codec is generated into the bundle; tsc 7 type-checks the app",
  () => {
    expect(installedVersion(project, "@rspack/core")).toMatch(/^2\./);
    expect(installedVersion(project, "typescript")).toMatch(/^7\./);
    expectOnlyTypeScript7(project);
    mustRun("npx", ["tsc", "-p", "."], project);
    expect(mustRun("node", ["build.js"], project, {}, WATCH_TIMEOUT)).toMatch(/build finished/);
    const js = fs.readFileSync(path.join(project, "dist/main.js"), "utf8");
    expect(js).not.toMatch(/codecFor/);
    // The generated key table of Reading.
    expect(js).toMatch(/"sensor",\s*"celsius",\s*"takenAt"/);
    expect(runApp()).toEqual({ keys: ["sensor", "celsius", "takenAt"], bytes: 45 });
  },
  WATCH_TIMEOUT,
);

test(
  "node build.js --watch: a type edit in a type-only import rebuilds the codec",
  async () => {
    fs.rmSync(path.join(project, "dist"), { recursive: true, force: true });
    const watcher = startBackground("node", ["build.js", "--watch"], project);
    try {
      await waitFor("the first build", () => /build finished/.test(watcher.output()), WATCH_TIMEOUT, watcher.output);
      expect(runApp()).toEqual({ keys: ["sensor", "celsius", "takenAt"], bytes: 45 });
      await new Promise((resolve) => setTimeout(resolve, 500)); // past the first build's file timestamps
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
      expect(watcher.output()).not.toMatch(/build failed/);
      expect(runApp()).toEqual({ keys: ["sensor", "celsius", "takenAt", "humidity"], bytes: 55 });
    } finally {
      await watcher.stop();
      fs.copyFileSync(path.join(EXAMPLES, "rspack/src/model.ts"), path.join(project, "src/model.ts"));
    }
  },
  WATCH_TIMEOUT * 2,
);
