"use strict";
// What the build-tool benchmarks (generate-vs-tsc.js, vite-plugin.js) share: their command-line
// options, and bench/src/buildscale.ts's project generator, loaded as CommonJS.
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");

/** The value after `--name` on the command line, else `fallback`. */
function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** bench/src/buildscale.ts: `generateProject(kind, size, root)`. */
function loadGenerator() {
  const file = path.join(__dirname, "src/buildscale.ts");
  const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const m = new module.constructor(file);
  m.paths = module.paths;
  m._compile(outputText, file);
  return m.exports;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

module.exports = { option, loadGenerator, median };
