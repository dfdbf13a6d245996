#!/usr/bin/env node
"use strict";
// `npm run bench` entry (`--redraw`: only redraw the published results, below). Compiles bench/src through the REAL typed-msgpack transformer (dist/, which
// `npm run bench` builds first) into bench/.generated, then runs the compiled harness. Compiling
// here rather than with tspc keeps a failure to transform from going unnoticed: any diagnostic,
// the transformer's included, stops the benchmark.
const path = require("node:path");
const ts = require("typescript");

function compile() {
  const transformer = require("../dist/transformer/index.js").default;
  const configPath = path.join(__dirname, "tsconfig.json");
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) };
  const config = ts.getParsedCommandLineOfConfigFile(configPath, undefined, host);
  const program = ts.createProgram(config.fileNames, config.options);
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  const extras = { addDiagnostic: (d) => void diagnostics.push(d) };
  const emitted = program.emit(undefined, undefined, undefined, false, {
    before: [transformer(program, {}, extras)],
  });
  diagnostics.push(...emitted.diagnostics);
  if (diagnostics.length > 0) fail(diagnostics);
  return config.options.outDir;
}

function fail(diagnostics) {
  const formatHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  };
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  process.exit(1);
}

/** bench/src/publish.ts, transpiled alone: redrawing needs neither dist/ nor the codecs. */
function loadPublish() {
  const fs = require("node:fs");
  const file = path.join(__dirname, "src/publish.ts");
  const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const m = new module.constructor(file);
  m.filename = file;
  m.paths = module.paths;
  m._compile(outputText, file);
  return m.exports;
}

if (process.argv.includes("--redraw")) {
  // `node bench/index.js --redraw`: docs/bench.svg, README.md's summary and docs/performance.md's
  // table drawn again from docs/bench.json, e.g. after a change to how they are drawn.
  for (const file of loadPublish().publish()) process.stderr.write(`[bench] wrote ${file}\n`);
  process.exit(0);
}

const started = Date.now();
const outDir = compile();
process.stderr.write(`[bench] compiled bench/src with the transformer in ${Date.now() - started} ms\n`);
require(path.join(outDir, "main.js"))
  .main(process.argv.slice(2))
  .catch((e) => {
    process.stderr.write(`${e?.stack ? e.stack : e}\n`);
    process.exit(1);
  });
