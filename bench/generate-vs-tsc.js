#!/usr/bin/env node
"use strict";
// `typed-msgpack generate` against `tsc --noEmit` on the same project and the same TypeScript.
//
//   npm run build && node bench/generate-vs-tsc.js [--kind chain] [--size 300] [--runs 5] [--typescript <package folder>]
//
//   e.g. on TypeScript 7.0:
//   node bench/generate-vs-tsc.js --typescript test/native/ts-7.0/node_modules/typescript
//
// Generates bench/src/buildscale.ts's project (ten types per file, one codecFor per type), links
// typed-msgpack to this repository and typescript to --typescript, then runs, alternating which
// goes first, `tsc --noEmit` and `typed-msgpack generate --check` (after one generate that writes the
// files, so both read the same project). Prints the median wall time and CPU time (user + sys of
// the process tree, TypeScript 7's checker process included) of each, and generate's ratio to tsc.
// On a shared machine the CPU ratio is the one to compare.
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const { loadGenerator, median, option } = require("./build-project.js");

const ROOT = path.resolve(__dirname, "..");

const kind = option("kind", "chain");
const size = Number(option("size", "300"));
const runs = Number(option("runs", "5"));
const typescriptDir = path.resolve(option("typescript", path.join(ROOT, "node_modules/typescript")));
const typescriptVersion = JSON.parse(fs.readFileSync(path.join(typescriptDir, "package.json"), "utf8")).version;
const CLI = path.join(ROOT, "typed-msgpack-build/dist/transformer/cli/main.js");

function setUp() {
  if (!fs.existsSync(CLI)) throw new Error("no typed-msgpack-build/dist: run npm run build first");
  const base = path.join(os.tmpdir(), "typed-msgpack-generate-bench");
  fs.mkdirSync(base, { recursive: true });
  const { dir } = loadGenerator().generateProject(kind, size, base);
  // The build-scale benchmark's options (src/buildtime.ts), as a project's tsconfig.
  const compilerOptions = { target: "es2020", module: "node16", strict: true, skipLibCheck: true, types: [] };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }, null, 2));
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  for (const [name, target] of [
    ["typed-msgpack", ROOT],
    ["typescript", typescriptDir],
  ]) {
    const link = path.join(dir, "node_modules", name);
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(target, link, "dir");
  }
  // TypeScript 7's compiler is a platform package beside typescript (@typescript/native-preview-*).
  const scope = path.join(typescriptDir, "..", "@typescript");
  if (fs.existsSync(scope)) {
    fs.rmSync(path.join(dir, "node_modules/@typescript"), { recursive: true, force: true });
    fs.symlinkSync(scope, path.join(dir, "node_modules/@typescript"), "dir");
  }
  return dir;
}

/** Runs a command under /usr/bin/time: wall and CPU seconds. */
function timed(dir, label, args) {
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S", process.execPath, ...args], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const times = result.stderr.trim().split("\n").pop().split(" ").map(Number);
  if (result.status !== 0 || times.length !== 3)
    throw new Error(`${label} failed (exit ${result.status})\n${result.stdout}${result.stderr}`);
  return { wall: times[0], cpu: times[1] + times[2] };
}

const fmt = (x) => x.toFixed(2);

function main() {
  const dir = setUp();
  const tsc = path.join(typescriptDir, "bin/tsc");
  const commands = {
    "tsc --noEmit": [tsc, "--noEmit", "-p", "tsconfig.json"],
    "typed-msgpack generate --check": [CLI, "generate", "--check"],
  };
  timed(dir, "generate", [CLI, "generate"]);
  const samples = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let run = 0; run < runs; run++) {
    const order = Object.keys(commands);
    if (run % 2 === 1) order.reverse();
    for (const label of order) samples[label].push(timed(dir, label, commands[label]));
  }
  console.log(`${kind} project, ${size} types, TypeScript ${typescriptVersion}, medians of ${runs} runs`);
  const row = (label) => {
    const wall = median(samples[label].map((s) => s.wall));
    const cpu = median(samples[label].map((s) => s.cpu));
    return { wall, cpu };
  };
  const base = row("tsc --noEmit");
  for (const label of Object.keys(commands)) {
    const { wall, cpu } = row(label);
    console.log(
      `${label.padEnd(32)} wall ${fmt(wall)} s  cpu ${fmt(cpu)} s  (${fmt(wall / base.wall)}× / ${fmt(cpu / base.cpu)}× tsc)`,
    );
  }
}

main();
