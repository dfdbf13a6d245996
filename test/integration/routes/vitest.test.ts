/**
 * vitest 4 with the bundler plugin in vitest.config.ts (examples/vitest: TypeScript 7, installed from
 * its lockfile plus the packed tarball): a test file calls codecFor<Point>() for a type declared in
 * src/point.ts, which it imports type-only; `vitest run` passes, and `vitest --watch` re-runs the
 * test after Point changes, with a codec generated for the new Point (the test's assertion on the
 * decoded keys then fails, naming the new property).
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
  run,
  setUpExample,
  startBackground,
  waitFor,
} from "./helpers";

const WATCH_TIMEOUT = 120_000;

let project = "";

beforeAll(() => {
  project = setUpExample("vitest", { build: true });
}, INSTALL_TIMEOUT);

afterAll(() => removeTempDirs());

test(
  "vitest run: a test file's codecFor<T>() call, for a type from another file, is generated",
  () => {
    expect(installedVersion(project, "typescript")).toMatch(/^7\./);
    expectOnlyTypeScript7(project);
    mustRun("npx", ["tsc", "-p", "."], project);
    const out = mustRun("npx", ["vitest", "run"], project, {}, WATCH_TIMEOUT);
    expect(out).toMatch(/Tests\s+2 passed \(2\)/);
  },
  WATCH_TIMEOUT,
);

test(
  "a CodecError thrown in a test file: vitest's stack names the line of the test file that threw (the plugin's source map)",
  () => {
    const file = path.join(project, "test/stack.test.ts");
    fs.writeFileSync(
      file,
      `import { codecFor } from "typed-msgpack";
import { test } from "vitest";
import type { Point } from "../src/point";

const PointCodec = codecFor<Point>();

test("decoding a string as a Point", () => {
  const point = PointCodec.decode(new Uint8Array([0xa1, 0x78]));
  console.log(point);
});
`,
    );
    try {
      const result = run("npx", ["vitest", "run", "test/stack.test.ts"], project, {}, WATCH_TIMEOUT);
      expect(result.status).toBe(1);
      expect(result.output).toContain("CodecError");
      // Line 8, column 28: PointCodec.decode in the file as written (15 lines without the map's help).
      expect(result.output).toMatch(/test\/stack\.test\.ts:8:28/);
      expect(result.output).not.toMatch(/test\/stack\.test\.ts:(1[1-9]|[2-9]\d|\d{3,}):/);
    } finally {
      fs.rmSync(file, { force: true });
    }
  },
  WATCH_TIMEOUT,
);

test(
  "vitest --watch: a change to the type re-runs the test with the new codec",
  async () => {
    const watcher = startBackground("npx", ["vitest", "--watch"], project);
    try {
      await waitFor(
        "the first run",
        () => /Waiting for file changes/.test(watcher.output()),
        WATCH_TIMEOUT,
        watcher.output,
      );
      expect(watcher.output()).toMatch(/Tests\s+2 passed \(2\)/);
      const point = path.join(project, "src/point.ts");
      fs.writeFileSync(
        point,
        fs.readFileSync(point, "utf8").replace("  label?: string;", "  label?: string;\n  color?: string;"),
      );
      await waitFor(
        "a re-run after src/point.ts changed",
        () => count(watcher.output(), /Watching for file changes|Waiting for file changes/) >= 2,
        WATCH_TIMEOUT,
        watcher.output,
      );
      expect(watcher.output()).toMatch(/RERUN\s+src\/point\.ts/);
      // The test passes { ..., color: "red" }: the new codec keeps color, which the test did not expect.
      expect(watcher.output()).toContain(
        "expected [ 'x', 'y', 'label', 'color' ] to deeply equal [ 'x', 'y', 'label' ]",
      );
    } finally {
      await watcher.stop();
    }
  },
  WATCH_TIMEOUT * 2,
);
