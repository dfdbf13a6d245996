/**
 * A minimal TypeScript loader for the fuzzer (ts-node is not a dependency): transpiles .ts files
 * with the project's own `typescript` on require, maps "typed-msgpack" to runtime/index.ts and
 * "./x.js" imports to "./x.ts" — what jest.config.js's moduleNameMapper does for the tests — so the
 * fuzzer runs exactly the sources and helpers that `npx jest` runs.
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const Module = require("node:module");
const ts = require("typescript");

const ROOT = path.resolve(__dirname, "../..");
const RUNTIME = path.join(ROOT, "runtime/index.ts");

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === "typed-msgpack") return RUNTIME;
  if (parent?.filename && /^\.{1,2}\//.test(request) && request.endsWith(".js")) {
    const candidate = path.resolve(path.dirname(parent.filename), request.slice(0, -3) + ".ts");
    if (fs.existsSync(candidate)) return candidate;
  }
  return resolve.call(this, request, parent, ...rest);
};

const options = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2020,
  esModuleInterop: true,
  inlineSourceMap: true,
  isolatedModules: true,
};

require.extensions[".ts"] = (module, filename) => {
  const source = fs.readFileSync(filename, "utf8");
  const out = ts.transpileModule(source, { compilerOptions: options, fileName: filename });
  module._compile(out.outputText, filename);
};
