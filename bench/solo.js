"use strict";
// Timing one codec alone in fresh processes, shared by ab-solo.js, ab-fresh.js and number-series.js:
// the child's codec and its median rate over 100 ms slices, and the parent's alternation of two
// checkouts' children.
const path = require("node:path");
const { execFileSync } = require("node:child_process");

/** Dataset `ds`'s codec of `who`: a checkout's generated one, or `hand` (this checkout's hand-written one). */
function codecOf(who, ds) {
  return who === "hand"
    ? require(path.join(__dirname, ".generated/handwritten/index.js")).handwritten[ds]
    : require(path.resolve(who, "bench/.generated/codecs.js")).codecs[ds];
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

/** Runs of `f` a second over `ms` of wall-clock time. */
function rate(ms, f) {
  const t0 = performance.now();
  let n = 0,
    t;
  do {
    f();
    n++;
  } while ((t = performance.now() - t0) < ms);
  return (1000 * n) / t;
}

/**
 * In a child: the median rate of `run` over 100 ms slices for `secs` seconds, after a 1 s warm-up;
 * `between`, if given, runs for 100 ms before every slice (as a benchmark worker runs its other
 * direction's rounds in between).
 */
function sliceMedian(run, between, secs) {
  rate(1000, run);
  const rates = [];
  const end = Date.now() + 1000 * secs;
  while (Date.now() < end) {
    if (between) rate(100, between);
    rates.push(rate(100, run));
  }
  return median(rates);
}

/**
 * In the parent: `rounds` fresh processes of `script --child <A or B> ...args` each, A and B
 * alternating (A first in even rounds); each child prints its rate. Returns both lists of rates.
 */
function alternate(script, a, b, rounds, args) {
  const runs = { A: [], B: [] };
  for (let i = 0; i < rounds; i++) {
    for (const [name, who] of i % 2 === 0
      ? [
          ["A", a],
          ["B", b],
        ]
      : [
          ["B", b],
          ["A", a],
        ]) {
      runs[name].push(+execFileSync(process.execPath, [script, "--child", who, ...args], { encoding: "utf8" }).trim());
    }
  }
  return runs;
}

module.exports = { alternate, codecOf, median, sliceMedian };
