"use strict";
// "typed-msgpack/stream" for tools that resolve it as a file path and ignore package.json "exports"
// (TypeScript's moduleResolution "node", which ttypescript's TypeScript 4.9 setups use; older bundlers).
module.exports = require("./dist/runtime/stream.js");
