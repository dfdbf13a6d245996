"use strict";
// "typed-msgpack/transformer" for tools that resolve it as a file path and ignore package.json
// "exports" (ttypescript, older ts-patch, tsconfig "transform" paths). The module object already
// carries `default` and `createTransformer`, so ts-patch's default import keeps working.
module.exports = require("./dist/plugin/index.js");
