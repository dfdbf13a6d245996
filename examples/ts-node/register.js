// ts-node without ts-patch: the transformer handed to ts-node's programmatic `transformers` option.
// ts-node calls the function with its current Program before each emit.
//
//   node register.js
//
// `compiler: "typescript"` overrides tsconfig.json's "ts-node" section (which selects ts-patch for
// `npx ts-node`), so that the transformer is not also run a second time from the "plugins" line.
// The function form needs type information: ts-node refuses it with --transpile-only.
const typedMsgpack = require("typed-msgpack/transformer").default;

require("ts-node").register({
  compiler: "typescript",
  transformers: (program) => ({ before: [typedMsgpack(program)] }),
});

require("./src/main.ts");
