"use strict";
// Ops/s of two codecs of one dataset, each alone in fresh processes (as the benchmark's workers
// time them, but without the other contenders' rounds in between): A and B alternate for `rounds`
// processes each; prints every process's ops/s (median of 100 ms wall-clock slices after a 1 s
// warm-up) and B's median ÷ A's. A and B: a checkout (its generated codec), or `hand` (this
// checkout's hand-written codec). Unlike `processes` nothing else shares the process, its heap or
// its garbage collector: the generated ÷ hand-written ratio of `solo hand . <dataset>` is what a
// user's process of either codec sees, and allocation differences count in full.
// AB_BETWEEN=enc|dec|alloc puts 100 ms of encodes, decodes or plain allocations before every timed
// slice, as a benchmark worker runs its encode rounds between its decode rounds.
const { AB, alternateProcesses, codecOf, generated, median, sliceMedian } = require("./timing.js");

exports.usage = "solo <checkout A | hand> <checkout B | hand> <dataset> [enc|dec] [rounds=7] [seconds=3]";
exports.child = ([who, ds, dir, secs]) => {
  const codec = codecOf(who, ds);
  const value = generated("data.js").makeDataset(ds);
  const bytes = codec.encode(value);
  const run = dir === "dec" ? () => codec.decode(bytes) : () => codec.encode(value);
  const between = {
    enc: () => codec.encode(value),
    dec: () => codec.decode(bytes),
    alloc: () => new Uint8Array(bytes.length),
  }[process.env.AB_BETWEEN];
  console.log(sliceMedian(run, between, +secs));
};
exports.run = ([a, b, ds, dir = "dec", rounds = "7", secs = "3"]) => {
  if (!ds) return false;
  const runs = alternateProcesses([AB, "solo"], a, b, +rounds, [ds, dir, secs]);
  for (const name of ["A", "B"])
    console.log(
      `${name} ops/s: ${runs[name].map((x) => x.toFixed(0)).join(" ")}  median ${median(runs[name]).toFixed(1)}`,
    );
  console.log(
    `${ds} ${dir}: B ÷ A ${(median(runs.B) / median(runs.A)).toFixed(3)} (medians over ${rounds} processes each)`,
  );
};
