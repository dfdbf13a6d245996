#!/usr/bin/env node
"use strict";
// Load time and memory of compiled codec modules, each required in fresh Node processes: for size
// mode against the default (docs/performance.md, "Size mode"). `npm run build` first (the modules
// resolve typed-msgpack through dist/), then, after the interop test has compiled them:
//   node bench/size-mode.js test/.generated/interop_size_mode_stripe_event_speed.js test/.generated/interop_size_mode_stripe_event_size.js
const { execFileSync } = require("node:child_process");
const path = require("node:path");

const RUNS = 7;
const PROBE = `
const m = process.argv[1];
global.gc();
const heap = process.memoryUsage().heapUsed;
const start = process.hrtime.bigint();
require(m);
const ms = Number(process.hrtime.bigint() - start) / 1e6;
global.gc();
console.log(JSON.stringify({ ms, heap: process.memoryUsage().heapUsed - heap }));
`;

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const file of process.argv.slice(2)) {
  const module = path.resolve(file);
  const samples = Array.from({ length: RUNS }, () =>
    JSON.parse(execFileSync(process.execPath, ["--expose-gc", "-e", PROBE, module], { encoding: "utf8" })),
  );
  const ms = median(samples.map((s) => s.ms));
  const heap = median(samples.map((s) => s.heap));
  console.log(
    `${path.basename(file)}: load ${ms.toFixed(1)} ms, heap +${(heap / 1024 / 1024).toFixed(2)} MB (median of ${RUNS})`,
  );
}
