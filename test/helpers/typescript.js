// What `import ts from "typescript"` gives a suite: the worker's one compiler (see environment.js).
module.exports = globalThis.__typedMsgpackTest.typescript;
