"use strict";
// Decodes a second of two codecs of one dataset on messages whose strs are new each time, as a
// service's messages carry fresh ids and names, where the benchmark decodes the same bytes again
// and again (so that any cache of recent strings always hits). `variants` copies of the dataset's
// value (4,000, or as many as 64 MB of messages hold), each str of 8 to 27 characters ending in the
// copy's number (a str at a path the type fixes, a string literal, is kept), decoded in turn; A and
// B alternate in fresh processes, `rounds` each, as in `solo`. A and B: a checkout (its generated
// codec), or `hand` (this checkout's hand-written codec).
const { AB, alternateProcesses, codecOf, generated, median, sliceMedian } = require("./timing.js");

/**
 * `value` with each str of 8-27 characters not at a path in `fixed` suffixed by `n`. Paths name
 * no array index (`$[].kind`), so that one path stands for a field in every element.
 */
function vary(value, n, fixed, p = "$") {
  if (typeof value === "string") return value.length >= 8 && value.length < 28 && !fixed.has(p) ? value + n : value;
  if (Array.isArray(value)) return value.map((x) => vary(x, n, fixed, `${p}[]`));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out = {};
    for (const key of Object.keys(value))
      out[key] = vary(
        value[key],
        n,
        fixed,
        /^[A-Za-z_$][\w$]*$/.test(key) ? `${p}.${key}` : `${p}[${JSON.stringify(key)}]`,
      );
    return out;
  }
  return value;
}

exports.usage = "fresh <checkout A | hand> <checkout B | hand> <dataset> [rounds=5] [variants]";
exports.child = ([who, ds, variants]) => {
  const codec = codecOf(who, ds);
  const value = generated("data.js").makeDataset(ds);
  // A path whose str the type fixes fails to encode when varied: found once, then kept as it is,
  // at every index of the arrays on the way (one encode per field, not per element).
  const fixed = new Set();
  for (;;) {
    try {
      codec.encode(vary(value, 0, fixed));
      break;
    } catch (e) {
      const at = e && typeof e.path === "string" ? e.path.replace(/\[\d+\]/g, "[]") : undefined;
      if (at === undefined || fixed.has(at)) throw e;
      fixed.add(at);
    }
  }
  const count = variants ? +variants : Math.max(2, Math.min(4000, Math.floor((64 << 20) / codec.encode(value).length)));
  const inputs = Array.from({ length: count }, (_, n) => codec.encode(vary(value, n, fixed)));
  let next = 0;
  const run = () => {
    codec.decode(inputs[next]);
    next = (next + 1) % inputs.length;
  };
  console.log(sliceMedian(run, undefined, 2));
};
exports.run = ([a, b, ds, rounds = "5", variants = ""]) => {
  if (!ds) return false;
  const runs = alternateProcesses([AB, "fresh"], a, b, +rounds, [ds, variants]);
  for (const name of ["A", "B"])
    console.log(
      `${name} ops/s: ${runs[name].map((x) => x.toFixed(0)).join(" ")}  median ${median(runs[name]).toFixed(1)}`,
    );
  console.log(
    `${ds} dec, fresh strs: B ÷ A ${(median(runs.B) / median(runs.A)).toFixed(3)} (medians over ${rounds} processes each)`,
  );
};
