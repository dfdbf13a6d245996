// The same tests with ts-patch as ts-jest's compiler: the transformer comes from the "plugins" line
// in tsconfig.json, as with tspc.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { compiler: "ts-patch/compiler" }],
  },
};
