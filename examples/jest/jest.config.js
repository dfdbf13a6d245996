// jest 30 + ts-jest 29: the transformer as a ts-jest AST transformer. typed-msgpack/ts-jest takes
// the current Program from ts-jest's language service for each file (ts-jest's public
// `tsCompiler.program` never holds the file being compiled).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { astTransformers: { before: ["typed-msgpack/ts-jest"] } }],
  },
};
