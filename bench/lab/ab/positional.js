"use strict";
// The positional codec of one dataset against its keyed codec, in ONE process, alternating slices
// of 60 ms of CPU time; the median (and quartiles) of positional ÷ keyed, and both sizes. A few
// datasets (categories) come out bimodal across processes: take the median of three runs.
const { alternateSlices, generated, ratiosOf, summary } = require("./timing.js");

exports.usage = "positional <dataset> [enc|dec] [seconds=6]";
exports.run = ([ds, dir = "dec", secs = "6"]) => {
  if (!ds) return false;
  const { codecs, positionalCodecs } = generated("codecs.js");
  if (!positionalCodecs[ds]) {
    console.error(`no positional codec for ${ds}; datasets: ${Object.keys(positionalCodecs).join(" ")}`);
    process.exit(2);
  }
  const keyed = codecs[ds],
    positional = positionalCodecs[ds];
  const value = generated("data.js").makeDataset(ds);
  const kb = keyed.encode(value),
    pb = positional.encode(value);
  const fns =
    dir === "dec"
      ? [() => keyed.decode(kb), () => positional.decode(pb)]
      : [() => keyed.encode(value), () => positional.encode(value)];
  const [k, p] = alternateSlices(fns, { secs, sliceMs: 60, warmMs: 400, clock: "cpu" });
  const s = summary(ratiosOf(p, k)).replace(/\)$/, `; ${pb.length} / ${kb.length} bytes)`);
  console.log(`${ds} ${dir}: positional ÷ keyed ${s}`);
};
