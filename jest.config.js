/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "<rootDir>/test/tsconfig.json" }] },
  // Generated fixtures import the runtime by its package name, as user code does.
  moduleNameMapper: { "^typed-msgpack$": "<rootDir>/runtime/index.ts", "^typed-msgpack/stream$": "<rootDir>/runtime/stream.ts", "^(\\.{1,2}/.*)\\.js$": "$1" },
  testTimeout: 60000,
};
