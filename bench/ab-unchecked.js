#!/usr/bin/env node
"use strict";
// node bench/ab-unchecked.js <dataset> [seconds=6]: what the encoder's validation of its input costs
// against the hand-written encoder, which checks nothing the types promise. Times, in ONE process
// and alternating slices of 100 ms, the hand-written encoder, the generated one, and a copy of the
// generated one with its per-value shape checks removed (that the value is an object, that a
// tuple is an array of its length, that a discriminant has its member's value); prints both
// ratios to the hand-written encoder. A measurement only: the copy accepts values the contract
// rejects, so nothing ships it. Checks inside the runtime (a number is a number, a Float32 stays
// finite) stay in both. Needs bench/.generated (`node bench/index.js --help`).
const fs = require("node:fs");
const path = require("node:path");
const [ds, secs = "6"] = process.argv.slice(2);
if (!ds) {
  console.error("usage: node bench/ab-unchecked.js <dataset> [seconds]");
  process.exit(2);
}
const generated = path.join(__dirname, ".generated");
const source = fs.readFileSync(path.join(generated, "codecs.js"), "utf8");
const CHECKS = [
  /\n( +)if \(!\(typeof v === "object" && v !== null\)\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
  /\n( +)if \(Object\.getPrototypeOf\(v\) !== Object\.prototype && !\(__tm_isRecordLike\(v\)\)\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
  /\n( +)if \(!\(Array\.isArray\(v\) && v\.length === \d+\)\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
  /\n( +)if \(\w+_ !== "[^"\n]*"\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
];
let removed = 0;
const unchecked = CHECKS.reduce((text, check) => text.replace(check, () => (removed++, "")), source);
const copy = path.join(generated, "codecs-unchecked.js");
fs.writeFileSync(copy, unchecked);
const G = require(path.join(generated, "codecs.js")).codecs[ds];
const U = require(copy).codecs[ds];
const H = require(path.join(generated, "handwritten/index.js")).handwritten[ds];
if (!G || !H) {
  console.error(`no dataset ${ds}`);
  process.exit(2);
}
const value = require(path.join(generated, "data.js")).makeDataset(ds);
const same = Buffer.from(U.encode(value)).equals(Buffer.from(G.encode(value)));
if (!same) throw new Error("the unchecked copy writes other bytes");
function rate(f, ms) {
  const t0 = performance.now();
  let n = 0,
    t;
  do {
    f();
    n++;
  } while ((t = performance.now() - t0) < ms);
  return n / t;
}
const run = { hand: () => H.encode(value), gen: () => G.encode(value), unchecked: () => U.encode(value) };
for (const f of Object.values(run)) rate(f, 500);
const gen = [],
  bare = [];
const end = Date.now() + 1000 * +secs;
while (Date.now() < end) {
  const h = rate(run.hand, 100),
    g = rate(run.gen, 100),
    u = rate(run.unchecked, 100);
  gen.push(g / h);
  bare.push(u / h);
}
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1].toFixed(2);
console.log(
  `${ds} enc ÷ hand: generated ${median(gen)}, without shape checks ${median(bare)} (${gen.length} rounds; ${removed} checks removed from the file)`,
);
