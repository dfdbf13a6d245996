#!/usr/bin/env node
"use strict";
// node bench/lab/alloc.js <dataset> [enc|dec] [generated|hand] [ops=100]: memory allocated per encode or
// decode, by allocating function, from V8's sampling heap profiler (every 1 KB, objects the GC
// collected included), after 200 untimed operations. Deterministic where timings are not: the way
// to compare what the generated and the hand-written codec leave to the GC. For messages of a few
// KB, count 100000 operations or more, so that the 1 KB samples add up to bytes per operation.
// Needs bench/.generated from any `npm run bench` (`node bench/index.js --help` recompiles it).
const inspector = require("node:inspector");
const G = require("../.generated/codecs.js").codecs;
const H = require("../.generated/handwritten/index.js").handwritten;
const { makeDataset } = require("../.generated/data.js");
const [ds, dir = "dec", who = "generated", ops = "100"] = process.argv.slice(2);
if (!ds || !G[ds])
  throw new Error(`usage: node bench/lab/alloc.js <${Object.keys(G).join("|")}> [enc|dec] [generated|hand] [ops]`);
const value = makeDataset(ds);
const bytes = H[ds].encode(value);
const codec = who === "hand" ? H[ds] : G[ds];
const run = dir === "enc" ? () => codec.encode(value) : () => codec.decode(bytes);
for (let i = 0; i < 200; i++) run();
const session = new inspector.Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
(async () => {
  await post("HeapProfiler.enable");
  await post("HeapProfiler.startSampling", {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const n = +ops;
  for (let i = 0; i < n; i++) run();
  const { profile } = await post("HeapProfiler.stopSampling");
  const byFunction = new Map();
  let total = 0;
  (function walk(node) {
    const f = node.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber + 1}`;
    total += node.selfSize;
    byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  })(profile.head);
  // Small messages allocate bytes, not megabytes, per operation: print bytes then.
  const [unit, scale] = total / n < 1e5 ? ["bytes", 1] : ["MB", 1e6];
  const show = (size) => (size / n / scale).toFixed(unit === "MB" ? 3 : 0).padStart(8);
  console.log(`${ds} ${dir}, ${who}: ${show(total).trim()} ${unit} per operation`);
  for (const [key, size] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`${show(size)}  ${key}`);
})();
