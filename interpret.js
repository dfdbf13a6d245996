"use strict";
// "typed-msgpack/interpret" (size-optimized codecs' runtime) for tools that resolve it as a file
// path and ignore package.json "exports"; see internal.js.
module.exports = require("./dist/runtime/interpret/index.js");
