"use strict";
// "typed-msgpack/internal" for tools that resolve it as a file path and ignore package.json "exports"
// (TypeScript's moduleResolution "node", which ttypescript's TypeScript 4.9 setups use; older bundlers).
module.exports = require("./dist/runtime/internal.js");
