"use strict";
// The generated codec of one dataset as two checkouts built it (each with its own dist/ runtime),
// in ONE process, alternating slices of 60 ms of CPU time; prints the median (and quartiles) of
// B's rate ÷ A's. Each checkout needs bench/.generated (`npm run build && node bench/index.js
// --help`). Run it both ways round (A B, then B A): a difference smaller than the two runs
// disagree is noise. AB_LAYOUT=positional: the dataset's positional codec instead of the keyed one.
const { alternateSlices, generated, ratiosOf, summary } = require("./timing.js");

exports.usage = "builds <checkout A> <checkout B> <dataset> [enc|dec] [seconds=6]";
exports.run = ([a, b, ds, dir = "dec", secs = "6"]) => {
  if (!ds) return false;
  const layout = process.env.AB_LAYOUT === "positional" ? "positionalCodecs" : "codecs";
  const A = generated("codecs.js", a)[layout][ds];
  const B = generated("codecs.js", b)[layout][ds];
  const value = generated("data.js", a).makeDataset(ds);
  const bytes = A.encode(value);
  const fns =
    dir === "dec" ? [() => A.decode(bytes), () => B.decode(bytes)] : [() => A.encode(value), () => B.encode(value)];
  const [ra, rb] = alternateSlices(fns, { secs, sliceMs: 60, warmMs: 400, clock: "cpu" });
  console.log(`${ds} ${dir}: B ÷ A ${summary(ratiosOf(rb, ra), 3)}`);
};
