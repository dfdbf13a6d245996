#!/usr/bin/env node
"use strict";
// node bench/ab-positional.js <dataset> [enc|dec] [seconds=6]: the positional codec of one dataset
// against its keyed codec, in ONE process, alternating slices of 60 ms of CPU time; prints the
// median (and quartiles) of positional ÷ keyed. Needs bench/.generated (`node bench/index.js --help`).
const { codecs, positionalCodecs } = require("./.generated/codecs.js");
const { makeDataset } = require("./.generated/data.js");
const [ds, dir = "dec", secs = "6"] = process.argv.slice(2);
if (!positionalCodecs[ds]) {
  console.error(`no positional codec for ${ds}; datasets: ${Object.keys(positionalCodecs).join(" ")}`);
  process.exit(2);
}
const keyed = codecs[ds],
  positional = positionalCodecs[ds];
const value = makeDataset(ds);
const kb = keyed.encode(value),
  pb = positional.encode(value);
const [fk, fp] =
  dir === "dec"
    ? [() => keyed.decode(kb), () => positional.decode(pb)]
    : [() => keyed.encode(value), () => positional.encode(value)];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function rate(f, ms) {
  const t0 = cpuMs();
  let n = 0,
    t;
  do {
    f();
    n++;
  } while ((t = cpuMs() - t0) < ms);
  return n / t;
}
rate(fk, 400);
rate(fp, 400);
const ratios = [];
const end = Date.now() + 1000 * +secs;
while (Date.now() < end) {
  const k = rate(fk, 60),
    p = rate(fp, 60);
  ratios.push(p / k);
}
ratios.sort((a, b) => a - b);
const at = (q) => ratios[Math.floor(q * ratios.length)].toFixed(2);
console.log(
  `${ds} ${dir}: positional ÷ keyed ${ratios[ratios.length >> 1].toFixed(2)} (IQR ${at(0.25)}–${at(0.75)}, ${ratios.length} pairs; ${pb.length} / ${kb.length} bytes)`,
);
