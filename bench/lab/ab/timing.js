"use strict";
// The timing every `node bench/ab.js` subcommand shares: rates over slices of the wall clock or of
// the process's CPU time, alternating slices of several functions in one process, the median and
// quartiles of their ratios, and (for the fresh-process subcommands) one codec's median rate in a
// child and the parent's alternation of two children.
const path = require("node:path");
const { execFileSync } = require("node:child_process");

/** bench/ab.js, which runs a subcommand's children. */
const AB = path.join(__dirname, "..", "..", "ab.js");
/** bench/.generated of this checkout (`node bench/index.js --help` compiles it). */
const GENERATED = path.join(__dirname, "..", "..", ".generated");
/** A module of this checkout's bench/.generated, or of another checkout's with `root`. */
const generated = (file, root) =>
  require(root === undefined ? path.join(GENERATED, file) : path.resolve(root, "bench/.generated", file));

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const CLOCKS = { wall: () => performance.now(), cpu: cpuMs };

/**
 * Calls of `f` a second over `ms` of the clock ("wall" or "cpu"; CPU time does not count a slice
 * waiting for a core on a shared machine), `chunk` calls per clock read.
 */
function rate(f, ms, clock = "wall", chunk = 1) {
  const now = CLOCKS[clock];
  const t0 = now();
  let n = 0,
    t;
  do {
    for (let i = 0; i < chunk; i++) f();
    n += chunk;
  } while ((t = now() - t0) < ms);
  return (1000 * n) / t;
}

/**
 * `fns` timed in ONE process in alternating slices for `secs` seconds, after a warm-up of `warmMs`
 * each; returns one list of rates per function, slice by slice. `chunked`: as many calls per clock
 * read as take about 0.5 ms (from the warm-up), so the clock stays out of tiny operations.
 */
function alternateSlices(fns, { secs, sliceMs = 100, warmMs = 500, clock = "wall", chunked = false }) {
  const chunks = fns.map((f) => {
    const warm = rate(f, warmMs, clock);
    return chunked ? Math.max(1, Math.round(warm / 2000)) : 1;
  });
  const rates = fns.map(() => []);
  const end = Date.now() + 1000 * +secs;
  while (Date.now() < end) fns.forEach((f, i) => rates[i].push(rate(f, sliceMs, clock, chunks[i])));
  return rates;
}

/** Per slice, a's rate ÷ b's. */
const ratiosOf = (a, b) => a.map((x, i) => x / b[i]);

/** "1.02 (IQR 0.97–1.06, 60 pairs)": the median and quartiles of `ratios`. */
function summary(ratios, digits = 2, unit = "pairs") {
  const s = [...ratios].sort((x, y) => x - y);
  const at = (q) => s[Math.floor(q * s.length)];
  return `${at(0.5).toFixed(digits)} (IQR ${at(0.25).toFixed(2)}–${at(0.75).toFixed(2)}, ${s.length} ${unit})`;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

/** Dataset `ds`'s codec of `who`: a checkout's generated one, or `hand` (this checkout's hand-written one). */
function codecOf(who, ds) {
  return who === "hand" ? generated("handwritten/index.js").handwritten[ds] : generated("codecs.js", who).codecs[ds];
}

/**
 * In a child: the median rate of `run` over 100 ms wall-clock slices for `secs` seconds, after a
 * 1 s warm-up; `between`, if given, runs for 100 ms before every slice (as a benchmark worker runs
 * its other direction's rounds in between).
 */
function sliceMedian(run, between, secs) {
  rate(run, 1000);
  const rates = [];
  const end = Date.now() + 1000 * secs;
  while (Date.now() < end) {
    if (between) rate(between, 100);
    rates.push(rate(run, 100));
  }
  return median(rates);
}

/**
 * In the parent: `rounds` fresh processes of `node <...command> --child <A or B> ...args` each (a
 * subcommand's: [AB, "solo"]), A and B alternating (A first in even rounds); each child prints one
 * number. Returns both lists of numbers.
 */
function alternateProcesses(command, a, b, rounds, args) {
  const runs = { A: [], B: [] };
  for (let i = 0; i < rounds; i++) {
    const order =
      i % 2 === 0
        ? [
            ["A", a],
            ["B", b],
          ]
        : [
            ["B", b],
            ["A", a],
          ];
    for (const [name, who] of order)
      runs[name].push(
        +execFileSync(process.execPath, [...command, "--child", who, ...args], { encoding: "utf8" }).trim(),
      );
  }
  return runs;
}

module.exports = {
  AB,
  GENERATED,
  generated,
  rate,
  alternateSlices,
  ratiosOf,
  summary,
  median,
  codecOf,
  sliceMedian,
  alternateProcesses,
};
