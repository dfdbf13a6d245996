"use strict";
// The generated codec against the hand-written one in ONE process, alternating 100 ms slices, and
// the median (and quartiles) of the slices' ratios: steadier than separate processes on a shared
// machine, for iterating on the emitter.
const { alternateSlices, generated, ratiosOf, summary } = require("./timing.js");

exports.usage = "hand <dataset> [enc|dec] [seconds=6]";
exports.run = ([ds, dir = "dec", secs = "6"]) => {
  if (!ds) return false;
  const G = generated("codecs.js").codecs;
  const H = generated("handwritten/index.js").handwritten;
  const value = generated("data.js").makeDataset(ds);
  const bytes = H[ds].encode(value);
  const fns =
    dir === "dec"
      ? [() => G[ds].decode(bytes), () => H[ds].decode(bytes)]
      : [() => G[ds].encode(value), () => H[ds].encode(value)];
  const [gen, hand] = alternateSlices(fns, { secs });
  console.log(`${ds} ${dir}: generated ÷ hand ${summary(ratiosOf(gen, hand))}`);
};
