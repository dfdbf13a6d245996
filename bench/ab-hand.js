#!/usr/bin/env node
"use strict";
// node bench/ab-hand.js <dataset> [enc|dec] [seconds=6]: the generated codec against the hand-written
// one in ONE process, alternating 100 ms slices, and the median (and quartiles) of the slices'
// ratios: steadier than separate processes on a shared machine, for iterating on the emitter.
// Needs bench/.generated from any `npm run bench` (`node bench/index.js --help` recompiles it).
const G = require("./.generated/codecs.js").codecs;
const H = require("./.generated/handwritten/index.js").handwritten;
const { makeDataset } = require("./.generated/data.js");
const [ds, dir = "dec", secs = "6"] = process.argv.slice(2);
const value = makeDataset(ds);
const bytes = H[ds].encode(value);
const run =
  dir === "dec"
    ? { gen: () => G[ds].decode(bytes), hand: () => H[ds].decode(bytes) }
    : { gen: () => G[ds].encode(value), hand: () => H[ds].encode(value) };
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
rate(run.gen, 500);
rate(run.hand, 500);
const ratios = [];
const end = Date.now() + 1000 * +secs;
while (Date.now() < end) {
  const a = rate(run.gen, 100),
    b = rate(run.hand, 100);
  ratios.push(a / b);
}
ratios.sort((a, b) => a - b);
console.log(
  `${ds} ${dir}: generated ÷ hand ${ratios[ratios.length >> 1].toFixed(2)} (IQR ${ratios[ratios.length >> 2].toFixed(2)}–${ratios[(3 * ratios.length) >> 2].toFixed(2)}, ${ratios.length} pairs)`,
);
