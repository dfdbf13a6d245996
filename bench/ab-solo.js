#!/usr/bin/env node
"use strict";
// node bench/ab-solo.js <A> <B> <dataset> [enc|dec] [rounds=7] [seconds=3]: ops/s of two codecs of
// one dataset, each alone in fresh processes (as the benchmark's workers time them, but without
// the other contenders' rounds in between): A and B alternate for `rounds` processes each; prints
// every process's ops/s (median of 100 ms wall-clock slices after a 1 s warm-up) and B's median ÷
// A's. A and B: a checkout (its generated codec), or `hand` (this checkout's hand-written codec).
// Unlike ab-processes.js nothing else shares the process, its heap or its garbage collector: the
// generated ÷ hand-written ratio of `node bench/ab-solo.js hand . <dataset>` is what a user's
// process of either codec sees, and allocation differences count in full.
// AB_BETWEEN=enc|dec|alloc puts 100 ms of encodes, decodes or plain allocations before every timed
// slice.
const path = require("node:path");
const { alternate, codecOf, median, sliceMedian } = require("./solo.js");

if (process.argv[2] === "--child") {
  const [who, ds, dir, secs] = process.argv.slice(3);
  const codec = codecOf(who, ds);
  const value = require(path.join(__dirname, ".generated/data.js")).makeDataset(ds);
  const bytes = codec.encode(value);
  const run = dir === "dec" ? () => codec.decode(bytes) : () => codec.encode(value);
  // AB_BETWEEN: 100 ms of other work before every timed slice, as a benchmark worker runs its
  // encode rounds between its decode rounds: `enc` the codec's encodes, `dec` its decodes (for timed
  // encodes), `alloc` plain allocations.
  const between = {
    enc: () => codec.encode(value),
    dec: () => codec.decode(bytes),
    alloc: () => new Uint8Array(bytes.length),
  }[process.env.AB_BETWEEN];
  console.log(sliceMedian(run, between, +secs));
  process.exit(0);
}

const [a, b, ds, dir = "dec", rounds = "7", secs = "3"] = process.argv.slice(2);
if (!ds) {
  console.error(
    "usage: node bench/ab-solo.js <checkout A | hand> <checkout B | hand> <dataset> [enc|dec] [rounds] [seconds]",
  );
  process.exit(2);
}
const runs = alternate(__filename, a, b, +rounds, [ds, dir, secs]);
for (const name of ["A", "B"])
  console.log(
    `${name} ops/s: ${runs[name].map((x) => x.toFixed(0)).join(" ")}  median ${median(runs[name]).toFixed(1)}`,
  );
console.log(
  `${ds} ${dir}: B ÷ A ${(median(runs.B) / median(runs.A)).toFixed(3)} (medians over ${rounds} processes each)`,
);
