/**
 * Watch mode: a watcher is started on an example, a property is added to a type declared in
 * src/model.ts (another file than src/codecs.ts, which calls codecFor and is not touched), and the
 * rebuilt output must encode the new shape. Each watcher runs in its own process group and is
 * killed at the end of its test; every wait is bounded.
 *
 * - `webpack --watch` with ts-loader and getCustomTransformers: (program, getProgram) => transformer(getProgram)
 * - `webpack --watch` with ts-loader's compiler: "ts-patch/compiler"
 * - control: the same with transformer(program), ts-loader's first Program, which goes stale
 * - `tspc --watch` (examples/ts-patch)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decode } from "@msgpack/msgpack";
import {
  count,
  INSTALL_TIMEOUT,
  mustRun,
  removeTempDirs,
  setUpExample,
  startBackground,
  waitFor,
  type Background,
} from "./helpers";

const BUILD_WAIT = 90_000;
const TEST_TIMEOUT = 240_000;

let webpackProject = "";
let tsPatchProject = "";
let watcher: Background | undefined;

beforeAll(() => {
  webpackProject = setUpExample("webpack");
  tsPatchProject = setUpExample("ts-patch");
  // The control's config: the Program ts-loader hands over first, instead of the getProgram function.
  fs.writeFileSync(
    path.join(webpackProject, "webpack.first-program.config.js"),
    `
const config = require("./webpack.config.js");
const typedMsgpack = require("typed-msgpack/transformer").default;
config.module.rules[0].options.getCustomTransformers = (program) => ({ before: [typedMsgpack(program)] });
module.exports = config;
`,
  );
}, INSTALL_TIMEOUT);

afterEach(async () => {
  await watcher?.stop();
  watcher = undefined;
});

afterAll(() => removeTempDirs());

const ITEM = { sku: "A-1", quantity: 2, unitPrice: 9.5, currency: "EUR" };

/**
 * Encodes ITEM with the built ItemsCodec in a fresh node process (so the newest build is loaded)
 * and returns what @msgpack/msgpack reads from the bytes.
 */
function encodeItem(module: string): unknown {
  const hex = mustRun(
    "node",
    [
      "-e",
      `
const { ItemsCodec } = require(${JSON.stringify(module)});
process.stdout.write(Buffer.from(ItemsCodec.encode([${JSON.stringify(ITEM)}])).toString("hex"));
`,
    ],
    path.dirname(module),
  );
  return decode(Buffer.from(hex, "hex"));
}

/** Adds `currency?: string` to Item in src/model.ts; the rest of the project still type-checks. */
function addCurrency(project: string): void {
  const file = path.join(project, "src/model.ts");
  const text = fs.readFileSync(file, "utf8");
  const changed = text.replace("  unitPrice: number;\n}", "  unitPrice: number;\n  currency?: string;\n}");
  expect(changed).not.toBe(text);
  fs.writeFileSync(file, changed);
}

function resetModel(project: string, example: string): void {
  fs.copyFileSync(
    path.join(__dirname, "../../../examples", example, "src/model.ts"),
    path.join(project, "src/model.ts"),
  );
}

const OLD_SHAPE = [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }];
const NEW_SHAPE = [ITEM];

/** Starts `webpack --watch`, changes the type after the first build, and returns [before, after]. */
async function webpackWatch(config: string): Promise<[unknown, unknown]> {
  resetModel(webpackProject, "webpack");
  fs.rmSync(path.join(webpackProject, "dist"), { recursive: true, force: true });
  const w = (watcher = startBackground(
    process.execPath,
    ["node_modules/webpack-cli/bin/cli.js", "--watch", "--config", config],
    webpackProject,
  ));
  const builds = () => count(w.output(), /compiled (successfully|with)/);
  await waitFor("the first build", () => builds() >= 1, BUILD_WAIT, w.output);
  expect(w.output()).toMatch(/compiled successfully/);
  const bundle = path.join(webpackProject, "dist/app.js");
  const before = encodeItem(bundle);

  await new Promise((resolve) => setTimeout(resolve, 500)); // past the first build's file timestamps
  addCurrency(webpackProject);
  await waitFor("the rebuild after src/model.ts changed", () => builds() >= 2, BUILD_WAIT, w.output);
  expect(count(w.output(), /compiled successfully/)).toBe(2);
  return [before, encodeItem(bundle)];
}

test(
  "webpack --watch, getCustomTransformers with getProgram: the rebuilt bundle encodes the new property",
  async () => {
    const [before, after] = await webpackWatch("webpack.config.js");
    expect(before).toEqual(OLD_SHAPE);
    expect(after).toEqual(NEW_SHAPE);
  },
  TEST_TIMEOUT,
);

test(
  'webpack --watch, ts-loader with compiler: "ts-patch/compiler": the rebuilt bundle encodes the new property',
  async () => {
    const [before, after] = await webpackWatch("webpack.ts-patch.config.js");
    expect(before).toEqual(OLD_SHAPE);
    expect(after).toEqual(NEW_SHAPE);
  },
  TEST_TIMEOUT,
);

test(
  "control: webpack --watch with transformer(program), ts-loader's first Program, keeps the old codec after the change",
  async () => {
    const [before, after] = await webpackWatch("webpack.first-program.config.js");
    expect(before).toEqual(OLD_SHAPE);
    expect(after).toEqual(OLD_SHAPE); // stale: why docs/getting-started.md passes getProgram
  },
  TEST_TIMEOUT,
);

test(
  "tspc --watch: the re-emitted codecs encode the new property",
  async () => {
    resetModel(tsPatchProject, "ts-patch");
    fs.rmSync(path.join(tsPatchProject, "dist"), { recursive: true, force: true });
    const w = (watcher = startBackground(
      process.execPath,
      ["node_modules/ts-patch/bin/tspc.js", "-p", ".", "--watch", "--preserveWatchOutput"],
      tsPatchProject,
    ));
    const compiled = () => count(w.output(), "Watching for file changes");
    await waitFor("the first compilation", () => compiled() >= 1, BUILD_WAIT, w.output);
    expect(w.output()).toContain("Found 0 errors");
    const codecs = path.join(tsPatchProject, "dist/codecs.js");
    expect(encodeItem(codecs)).toEqual(OLD_SHAPE);

    await new Promise((resolve) => setTimeout(resolve, 500));
    addCurrency(tsPatchProject);
    await waitFor(
      "the incremental compilation after src/model.ts changed",
      () => compiled() >= 2,
      BUILD_WAIT,
      w.output,
    );
    expect(count(w.output(), "Found 0 errors")).toBe(2);
    expect(encodeItem(codecs)).toEqual(NEW_SHAPE);
  },
  TEST_TIMEOUT,
);
