/**
 * Transpile-only modes compile each file on its own, with no type information, so no codec can be
 * generated. Each must fail the build with a message that names the setting, never emit a bundle
 * or script whose codecFor<T>() calls are left to throw (or worse, a wrong codec):
 *
 * - ts-node --transpile-only (TS_NODE_TRANSPILE_ONLY), through ts-patch and through `transformers`;
 * - ts-loader transpileOnly, with getCustomTransformers and with compiler: "ts-patch/compiler";
 * - ts-jest with isolatedModules: true (in the tsconfig it uses), with typed-msgpack/ts-jest and
 *   with compiler: "ts-patch/compiler".
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { INSTALL_TIMEOUT, removeTempDirs, run, setUpExample } from "./helpers";

const TIMEOUT = 180_000;
/** What the runtime's codecFor throws when a call reached it uncompiled: a build that let it through. */
const LEFT_FOR_RUN_TIME = "was not compiled by the typed-msgpack transformer";

let tsNode = "";
let webpack = "";
let jestProject = "";

beforeAll(() => {
  tsNode = setUpExample("ts-node");
  webpack = setUpExample("webpack");
  jestProject = setUpExample("jest");

  for (const [name, base] of [
    ["webpack.transpile-only.config.js", "webpack.config.js"],
    ["webpack.ts-patch.transpile-only.config.js", "webpack.ts-patch.config.js"],
  ]) {
    fs.writeFileSync(
      path.join(webpack, name!),
      `
const config = require("./${base}");
config.module.rules[0].options.transpileOnly = true;
module.exports = config;
`,
    );
  }
  // The common way to get there: isolatedModules in the tsconfig (as esbuild, swc and Vite recommend).
  fs.writeFileSync(
    path.join(jestProject, "tsconfig.isolated.json"),
    JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { isolatedModules: true } }),
  );
  fs.writeFileSync(
    path.join(jestProject, "jest.isolated.config.js"),
    `
module.exports = { testEnvironment: "node", transform: { "^.+\\\\.ts$": ["ts-jest", { tsconfig: "tsconfig.isolated.json", astTransformers: { before: ["typed-msgpack/ts-jest"] } }] } };
`,
  );
  fs.writeFileSync(
    path.join(jestProject, "jest.ts-patch.isolated.config.js"),
    `
module.exports = { testEnvironment: "node", transform: { "^.+\\\\.ts$": ["ts-jest", { tsconfig: "tsconfig.isolated.json", compiler: "ts-patch/compiler" }] } };
`,
  );
}, INSTALL_TIMEOUT);

afterAll(() => removeTempDirs());

/** A failure, at build time, that names the call and the setting. */
function expectBuildFailure(result: { status: number | null; output: string }, setting: RegExp): void {
  expect(result.status).not.toBe(0);
  expect(result.output).not.toContain(LEFT_FOR_RUN_TIME);
  expect(result.output).toMatch(/codecFor<(Order|Item\[\])>\(\)/);
  expect(result.output).toMatch(setting);
}

describe("ts-node", () => {
  test(
    "--transpile-only through ts-patch fails with the transformer's message naming transpileOnly",
    () => {
      const result = run(
        "npx",
        ["--no", "--", "ts-node", "src/main.ts"],
        tsNode,
        { TS_NODE_TRANSPILE_ONLY: "true" },
        TIMEOUT,
      );
      expectBuildFailure(result, /ts-node transpileOnly/);
      expect(result.output).toMatch(/TS91003/);
    },
    TIMEOUT,
  );

  test(
    "transpileOnly with the programmatic transformers function: ts-node itself refuses it",
    () => {
      const result = run(
        "node",
        [
          "-e",
          `
const typedMsgpack = require("typed-msgpack/transformer").default;
require("ts-node").register({ compiler: "typescript", transpileOnly: true, transformers: (program) => ({ before: [typedMsgpack(program)] }) });
require("./src/main.ts");
`,
        ],
        tsNode,
        {},
        TIMEOUT,
      );
      expect(result.status).not.toBe(0);
      expect(result.output).toContain('Transformers function is unavailable in "--transpile-only"');
      expect(result.output).not.toContain(LEFT_FOR_RUN_TIME);
    },
    TIMEOUT,
  );
});

describe("ts-loader transpileOnly", () => {
  test.each([
    ["getCustomTransformers", "webpack.transpile-only.config.js"],
    ["compiler: ts-patch/compiler", "webpack.ts-patch.transpile-only.config.js"],
  ])(
    "with %s, webpack fails with the message naming transpileOnly",
    (_, config) => {
      fs.rmSync(path.join(webpack, "dist"), { recursive: true, force: true });
      const result = run(
        process.execPath,
        ["node_modules/webpack-cli/bin/cli.js", "--config", config],
        webpack,
        {},
        TIMEOUT,
      );
      expectBuildFailure(result, /ts-loader transpileOnly/);
      expect(result.output).toMatch(/TS91003/);
      expect(result.output).toMatch(/ERROR in/);
    },
    TIMEOUT,
  );
});

describe("ts-jest with isolatedModules: true", () => {
  test.each([
    ["astTransformers: typed-msgpack/ts-jest", "jest.isolated.config.js", /ts-jest runs with isolatedModules: true/],
    ["compiler: ts-patch/compiler", "jest.ts-patch.isolated.config.js", /ts-jest isolatedModules/],
  ])(
    "with %s, the test file fails to run with the message naming isolatedModules",
    (_, config, message) => {
      const result = run(
        process.execPath,
        [
          "node_modules/jest/bin/jest.js",
          "--config",
          config,
          "--ci",
          "--cacheDirectory",
          path.join(jestProject, ".jest-cache"),
        ],
        jestProject,
        {},
        TIMEOUT,
      );
      expectBuildFailure(result, message);
      expect(result.output).toMatch(/Test suite failed to run/);
      expect(result.output).toMatch(/Tests:\s+0 total/);
    },
    TIMEOUT,
  );
});
