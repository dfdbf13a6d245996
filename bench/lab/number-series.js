#!/usr/bin/env node
"use strict";
// node bench/lab/number-series.js <A> <B> [rounds=5] [seconds=2] [series...]: `number[]` encode of series that the
// benchmark's datasets do not have, by two checkouts' floats codecs ({ xs: number[] }), each alone in
// fresh processes as `node bench/ab.js solo` times them (A and B alternate, median of 100 ms slices after a
// 1 s warm-up, decodes between the timed slices). A and B: a checkout, or `hand` (this checkout's
// hand-written floats codec). The series, 100,000 elements each, from the floats dataset's values:
// - fractions: the dataset itself (every element a fraction), an array made by `new Array(n)` and
//   filled, which V8 marks holey; `, packed`: the same values in an array made by spreading them;
// - whole 10 %, whole 50 %: the same with every tenth, or every other, element rounded to an int
//   (prices, readings rounded to whole units): groups of four fractions break between them;
// - int first: the dataset with its first element 0, as a series that starts at 0;
// - whole, fraction second: every element rounded to an int but the second, 0.5;
// - `, new Array(n)`: the same values in an array made by `new Array(n)` and filled, as decoders
//   make theirs (V8 boxes each element of a holey array of doubles where a use needs it tagged).
// writeNumberArray chooses its loop by the first four elements (the floats loop for a fraction
// among them), so that every series here takes the floats loop; by the first element alone, as
// before, int first and whole, fraction second took the loop for numbers of every form.
// Run: npm run build && node bench/index.js --help >/dev/null && node bench/lab/number-series.js <copy> .
// (series by name after the seconds, e.g. `... 5 2 "whole 50 %"`).
const path = require("node:path");
const { alternateProcesses, codecOf, median, sliceMedian } = require("./ab/timing.js");

const SERIES = {
  fractions: (xs) => xs,
  "fractions, packed": (xs) => [...xs],
  "whole 10 %": (xs) => xs.map((x, i) => (i % 10 === 9 ? Math.round(x) : x)),
  "whole 50 %": (xs) => xs.map((x, i) => (i % 2 === 1 ? Math.round(x) : x)),
  "int first": (xs) => [0, ...xs.slice(1)],
  "int first, new Array(n)": (xs) => filled([0, ...xs.slice(1)]),
  "whole, fraction second": (xs) => xs.map((x, i) => (i === 1 ? 0.5 : Math.round(x))),
  "whole 50 %, new Array(n)": (xs) => filled(xs.map((x, i) => (i % 2 === 1 ? Math.round(x) : x))),
};

/** The same values in an array made by `new Array(n)` and filled, as decoders make theirs: V8 marks it holey. */
function filled(xs) {
  const out = new Array(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = xs[i];
  return out;
}

if (process.argv[2] === "--child") {
  const [who, series, secs] = process.argv.slice(3);
  const codec = codecOf(who, "floats");
  const value = { xs: SERIES[series](require(path.join(__dirname, "../.generated/data.js")).makeDataset("floats").xs) };
  const bytes = codec.encode(value);
  console.log(
    sliceMedian(
      () => codec.encode(value),
      () => codec.decode(bytes),
      +secs,
    ),
  );
  process.exit(0);
}

const [a, b, rounds = "5", secs = "2", ...only] = process.argv.slice(2);
if (!b) {
  console.error(
    "usage: node bench/lab/number-series.js <checkout A | hand> <checkout B | hand> [rounds] [seconds] [series...]",
  );
  process.exit(2);
}
console.log(`| series | A encodes/s | B encodes/s | B ÷ A |\n|---|---:|---:|---:|`);
for (const series of only.length ? only : Object.keys(SERIES)) {
  if (!SERIES[series]) {
    console.error(`no series "${series}": ${Object.keys(SERIES).join(", ")}`);
    process.exit(2);
  }
  const runs = alternateProcesses([__filename], a, b, +rounds, [series, secs]);
  const ma = median(runs.A),
    mb = median(runs.B);
  console.log(`| ${series} | ${ma.toFixed(0)} | ${mb.toFixed(0)} | ${(mb / ma).toFixed(3)} |`);
}
console.log(`(medians over ${rounds} processes each, ${process.version})`);
