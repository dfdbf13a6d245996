"use strict";
// Two checkouts' generated codec of one dataset, each timed against this checkout's hand-written
// codec in a fresh process (median of alternating 60 ms CPU-time slices), A and B alternating for
// `rounds` processes each; prints every process's ratio and B's median ÷ A's. Slower than `builds`,
// but each process compiles one generated codec only, so neither the order of loading nor one
// process's compilation decides the result: V8 compiles the same code differently from process to
// process, and a median over processes is what a user's process sees. AB_LAYOUT=positional: the
// positional codecs (each decoding its own bytes, the hand-written one its keyed bytes).
const { AB, alternateProcesses, alternateSlices, generated, median, ratiosOf } = require("./timing.js");

exports.usage = "processes <checkout A> <checkout B> <dataset> [enc|dec] [rounds=7] [seconds=3]";
exports.child = ([root, ds, dir, secs]) => {
  const { codecs, positionalCodecs } = generated("codecs.js", root);
  const G = (process.env.AB_LAYOUT === "positional" ? positionalCodecs : codecs)[ds];
  const H = generated("handwritten/index.js").handwritten[ds];
  const value = generated("data.js").makeDataset(ds);
  const [gBytes, hBytes] = [G.encode(value), H.encode(value)];
  const fns =
    dir === "dec" ? [() => G.decode(gBytes), () => H.decode(hBytes)] : [() => G.encode(value), () => H.encode(value)];
  const [g, h] = alternateSlices(fns, { secs, sliceMs: 60, warmMs: 400, clock: "cpu" });
  console.log(median(ratiosOf(g, h)));
};
exports.run = ([a, b, ds, dir = "dec", rounds = "7", secs = "3"]) => {
  if (!ds) return false;
  const runs = alternateProcesses([AB, "processes"], a, b, +rounds, [ds, dir, secs]);
  for (const name of ["A", "B"])
    console.log(
      `${name} ÷ hand-written: ${runs[name].map((x) => x.toFixed(3)).join(" ")}  median ${median(runs[name]).toFixed(3)}`,
    );
  console.log(
    `${ds} ${dir}: B ÷ A ${(median(runs.B) / median(runs.A)).toFixed(3)} (medians over ${rounds} processes each)`,
  );
};
