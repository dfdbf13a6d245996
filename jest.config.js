/**
 * Three projects over one set of suites:
 * - fast (`npm test`): the suites that need no build, no package install and no child compiler,
 *   with property tests at a small number of runs; the loop to run after every change.
 * - full (`npm run test:full`, what CI runs): every suite, property tests at full runs.
 * - size-mode (also in `npm run test:full`): the contract suites again, every codec as a table.
 */
const shared = {
  rootDir: __dirname,
  testEnvironment: "<rootDir>/test/helpers/environment.js",
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "<rootDir>/test/tsconfig.json" }] },
  moduleNameMapper: {
    // One compiler per worker, loaded by the environment (test/helpers/environment.js).
    "^typescript$": "<rootDir>/test/helpers/typescript.js",
    // Generated fixtures import the runtime by its package name, as user code does.
    "^typed-msgpack$": "<rootDir>/runtime/index.ts",
    "^typed-msgpack/stream$": "<rootDir>/runtime/stream.ts",
    "^typed-msgpack/internal$": "<rootDir>/runtime/internal.ts",
    "^typed-msgpack/interpret$": "<rootDir>/runtime/interpret/index.ts",
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
};

const FAST = ["unit", "golden", "roundtrip", "hostile", "contract", "property", "stream", "interop/test-suite-vectors"];

/**
 * Suites rerun in size mode: round trips (exact bytes included), hostile input, property tests,
 * streaming, and the interop tests that need no build (@msgpack/msgpack and msgpackr, the
 * msgpack-test-suite vectors, discord-api-types and Stripe).
 */
const SIZE_MODE = [
  "roundtrip",
  "hostile",
  "property",
  "stream",
  "interop/msgpack-peers",
  "interop/test-suite-vectors",
  "interop/discord-flags",
  "interop/stripe-decimal",
];

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60000,
  // Jest's default leaves one core to itself: on a 2-core machine, one worker.
  maxWorkers: "100%",
  projects: [
    {
      ...shared,
      displayName: "fast",
      testMatch: FAST.map((dir) => `<rootDir>/test/${dir}/**/*.test.ts`).concat(
        FAST.map((dir) => `<rootDir>/test/${dir}.test.ts`),
      ),
      testEnvironmentOptions: { propertyRuns: 10, tier: "fast" },
    },
    { ...shared, displayName: "full", testMatch: ["<rootDir>/test/**/*.test.ts"] },
    {
      // Size mode (`optimize: "size"`, issue 60) under the suites that pin down the contract: every
      // fixture compiled as a table run by typed-msgpack/interpret must behave as its functions do.
      ...shared,
      displayName: "size-mode",
      testMatch: SIZE_MODE.flatMap((dir) => [`<rootDir>/test/${dir}/**/*.test.ts`, `<rootDir>/test/${dir}.test.ts`]),
      testEnvironmentOptions: { propertyRuns: 25, optimize: "size" },
    },
  ],
};
