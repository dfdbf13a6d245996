#!/usr/bin/env node
"use strict";
// `npm run build && node bench/size.js`: the code-size part of `npm run bench` alone, in seconds.
// Prints the "Runtime" figure of the report (the browser bundle of one `codecFor<boolean>()`, what
// any app pays for the runtime) with the minified bytes each runtime file puts in it, then the
// same for the sbt ModuleID[] codec. Compiles bench/src first, as `node bench/index.js --help` does.
const { spawnSync } = require("node:child_process");
const path = require("node:path");
const { gzipSync } = require("node:zlib");
const esbuild = require("esbuild");

const ROOT = path.resolve(__dirname, "..");
const compiled = spawnSync(process.execPath, [path.join(__dirname, "index.js"), "--help"], {
  stdio: ["ignore", "ignore", "inherit"],
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
const OUT = path.join(__dirname, ".generated");
const { measureCode } = require(path.join(OUT, "sizes.js"));
const { bundle } = measureCode(); // also writes .generated/sizes/<dataset>.js

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log(
  `runtime (codecFor<boolean>() bundle): ${kb(bundle.runtimeOnlyMinGz)} min+gz (${bundle.runtimeOnlyMinGz} B), ` +
    `${kb(bundle.runtimeOnlyMin)} min of runtime (${bundle.runtimeOnlyMin} B)`,
);
breakdown(path.join(OUT, "sizes/minimal.js"));
console.log(
  `\nrecord app (codecFor<{ id; name; email?; tags: string[]; active }>() bundle): ${kb(bundle.recordMinGz)} min+gz (${bundle.recordMinGz} B), ` +
    `${kb(bundle.recordRuntimeMin)} min of runtime`,
);
breakdown(path.join(OUT, "sizes/record.js"));
console.log(
  `\nsbt ModuleID[] app bundle: ${kb(bundle.esmMinGz)} min+gz, ${kb(bundle.esmMin)} min (runtime ${kb(bundle.runtimeMin)}, codec ${kb(bundle.codecMin)})`,
);
breakdown(path.join(OUT, "sizes/sbt.js"));

/** Minified bytes per input file of the bundle of `entry`, as bench/src/sizes.ts bundles it. */
function breakdown(entry) {
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    alias: {
      "typed-msgpack/internal": path.join(ROOT, "dist/esm/runtime/internal.js"),
      "typed-msgpack": path.join(ROOT, "dist/esm/runtime/index.js"),
    },
    logLevel: "silent",
    metafile: true,
  });
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs).sort(
    (a, b) => b[1].bytesInOutput - a[1].bytesInOutput,
  );
  for (const [file, { bytesInOutput }] of inputs)
    console.log(`  ${String(bytesInOutput).padStart(6)}  ${path.relative(ROOT, path.resolve(file))}`);
  const contents = result.outputFiles[0].contents;
  console.log(`  ${String(contents.length).padStart(6)}  total min, ${gzipSync(contents, { level: 9 }).length} min+gz`);
}
