/**
 * The bundler plugin (typed-msgpack/unplugin) under Rollup 4, Rolldown 1 and webpack 5
 * (examples/bundlers, installed from its lockfile plus the packed tarball). For each bundler: a
 * build's bundle runs and encodes with the generated codec; then the bundler's own watch mode is
 * started (Rollup's and Rolldown's watch(), webpack's compiler.watch), a property is added to Item
 * in src/model.ts, which src/main.ts imports only with `import type` (so the bundler never loads
 * it), and the rebuilt bundle must write and read the new property. Each watcher runs in its own
 * process group and is killed at the end of its test; every wait is bounded.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decode } from "@msgpack/msgpack";
import { count, EXAMPLES, INSTALL_TIMEOUT, installedVersion, mustRun, removeTempDirs, setUpExample, startBackground, waitFor, type Background } from "./helpers";

const BUILD_WAIT = 120_000;
const TEST_TIMEOUT = 300_000;

let project = "";
let watcher: Background | undefined;

beforeAll(() => {
  project = setUpExample("bundlers");
}, INSTALL_TIMEOUT);

afterEach(async () => {
  await watcher?.stop();
  watcher = undefined;
});

afterAll(() => removeTempDirs());

const OLD_SHAPE = [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }];
const NEW_SHAPE = [{ sku: "A-1", quantity: 2, unitPrice: 9.5, currency: "EUR" }];

/**
 * Runs dist/<bundler>/main.js in a fresh node process (so the newest build is loaded) and returns
 * what it decoded, after checking that its bytes, read by @msgpack/msgpack, are that same value.
 */
function runBundle(bundler: string): unknown {
  const printed = JSON.parse(mustRun("node", [`dist/${bundler}/main.js`], project)) as { hex: string; decoded: unknown };
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
  test(`node build.js ${bundler}: the bundle holds the generated codec, which round-trips`, () => {
    expect(installedVersion(project, pkg)).toMatch(version);
    resetModel();
    fs.rmSync(path.join(project, "dist", bundler), { recursive: true, force: true });
    expect(mustRun("node", ["build.js", bundler], project, {}, BUILD_WAIT)).toMatch(new RegExp(`built ${bundler}`));
    const js = fs.readFileSync(path.join(project, "dist", bundler, "main.js"), "utf8");
    expect(js).not.toMatch(/codecFor/);
    expect(runBundle(bundler)).toEqual(OLD_SHAPE);
  }, TEST_TIMEOUT);

  test(`node build.js ${bundler} --watch: a property added in a type-only import is in the rebuilt codec`, async () => {
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
  }, TEST_TIMEOUT);
});
