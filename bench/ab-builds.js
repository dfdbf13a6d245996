#!/usr/bin/env node
"use strict";
// node bench/ab-builds.js <checkout A> <checkout B> <dataset> [enc|dec] [seconds=6]: the generated
// codec of one dataset as two checkouts built it (each with its own dist/ runtime), in ONE process,
// alternating slices of 60 ms of CPU time; prints the median (and quartiles) of B's rate ÷ A's.
// CPU time rather than the wall clock: on a shared machine a slice may wait for a core without it
// counting. Each checkout needs bench/.generated (`npm run build && node bench/index.js --help`).
// Run it both ways round (A B, then B A): a difference smaller than the two runs disagree is noise.
// AB_LAYOUT=positional: the dataset's positional codec (positionalCodecs) instead of the keyed one.
const path = require("node:path");
const [a, b, ds, dir = "dec", secs = "6"] = process.argv.slice(2);
if (!ds) {
  console.error("usage: node bench/ab-builds.js <checkout A> <checkout B> <dataset> [enc|dec] [seconds]");
  process.exit(2);
}
const layout = process.env.AB_LAYOUT === "positional" ? "positionalCodecs" : "codecs";
const load = (root) => require(path.resolve(root, "bench/.generated/codecs.js"))[layout][ds];
const A = load(a),
  B = load(b);
const value = require(path.resolve(a, "bench/.generated/data.js")).makeDataset(ds);
const bytes = A.encode(value);
const [fa, fb] =
  dir === "dec" ? [() => A.decode(bytes), () => B.decode(bytes)] : [() => A.encode(value), () => B.encode(value)];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function rate(f, ms) {
  const t0 = cpuMs();
  let n = 0,
    t;
  do {
    f();
    n++;
  } while ((t = cpuMs() - t0) < ms);
  return n / t;
}
rate(fa, 400);
rate(fb, 400);
const ratios = [];
const end = Date.now() + 1000 * +secs;
while (Date.now() < end) {
  const x = rate(fa, 60),
    y = rate(fb, 60);
  ratios.push(y / x);
}
ratios.sort((p, q) => p - q);
const at = (q) => ratios[Math.floor(q * ratios.length)].toFixed(2);
console.log(
  `${ds} ${dir}: B ÷ A ${ratios[ratios.length >> 1].toFixed(3)} (IQR ${at(0.25)}–${at(0.75)}, ${ratios.length} pairs)`,
);
