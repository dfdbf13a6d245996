#!/usr/bin/env node
"use strict";
// node bench/ab-records.js <dataset[,dataset...]|all> [enc|dec|both] [seconds=6]: the positional
// codec of a dataset against msgpackr's records mode, the "msgpackr-records" contender of
// bench/src/contenders.ts made by the same makeContender (sender Packr({ useFloat32 }), a separate
// receiver Packr(), the native addon msgpackr-extract if it loads), in ONE process, alternating
// slices of 60 ms of CPU time. Prints the median (and quartiles) of positional ÷ records as a speed
// ratio (> 1: positional is faster) and both sizes in bytes. "all": every dataset made of objects.
// Each dataset × direction runs in a fresh process: in one process, the datasets decoded earlier
// leave the runtime's functions polymorphic, which slowed later ones by up to 3x (shapes dec 0.41
// instead of 1.58). AB_RATES=1 also prints the last slice's ms per operation of each.
// Needs bench/.generated (`node bench/index.js --help`).
const [which = "all", dirArg = "both", secs = "6"] = process.argv.slice(2);
// text and numeric are arrays of objects with few keys; floats, floats32 and smallints are one
// object around one array of numbers and are left out.
const OBJECT_DATASETS = [
  "lite",
  "sbt",
  "tree",
  "events",
  "text",
  "numeric",
  "blobs",
  "shapes",
  "company",
  "flat",
  "categories",
  "api",
];
const datasets = which === "all" ? OBJECT_DATASETS : which.split(",");
const dirs = dirArg === "both" ? ["enc", "dec"] : [dirArg];
const { isNativeAccelerationEnabled } = require("msgpackr");

if (datasets.length > 1 || dirs.length > 1) {
  const { execFileSync } = require("node:child_process");
  console.log(
    `msgpackr native addon ${isNativeAccelerationEnabled ? "loaded" : "NOT loaded"}; node ${process.version}`,
  );
  for (const ds of datasets)
    for (const dir of dirs) {
      process.stdout.write(
        execFileSync(process.execPath, [__filename, ds, dir, secs], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
          env: { ...process.env, AB_CHILD: "1" },
        }),
      );
    }
  process.exit(0);
}

const { makeContender } = require("./.generated/contenders.js");
const { makeDataset } = require("./.generated/data.js");
const { difference } = require("./.generated/equal.js");
const [ds] = datasets,
  [dir] = dirs;
if (!process.env.AB_CHILD)
  console.log(
    `msgpackr native addon ${isNativeAccelerationEnabled ? "loaded" : "NOT loaded"}; node ${process.version}`,
  );
const value = makeDataset(ds);
const positional = makeContender("typed-msgpack-positional", ds);
const records = makeContender("msgpackr-records", ds);
const pb = positional.encode(value),
  rb = records.encode(value);
for (const [name, c, b] of [
  ["positional", positional, pb],
  ["records", records, rb],
]) {
  const diff = difference(value, c.decode(b), c.equal);
  if (diff) {
    console.error(`${ds}: ${name} does not round-trip: ${diff}`);
    process.exit(1);
  }
}
const [fp, fr] =
  dir === "dec"
    ? [() => positional.decode(pb), () => records.decode(rb)]
    : [() => positional.encode(value), () => records.encode(value)];
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
rate(fp, 400);
rate(fr, 400);
const ratios = [];
let last;
const end = Date.now() + 1000 * +secs;
while (Date.now() < end) {
  const p = rate(fp, 60),
    r = rate(fr, 60);
  ratios.push(p / r);
  last = [p, r];
}
ratios.sort((a, b) => a - b);
const at = (q) => ratios[Math.floor(q * ratios.length)].toFixed(2);
const rates = process.env.AB_RATES
  ? ` [last slice: positional ${(1 / last[0]).toFixed(3)} ms, records ${(1 / last[1]).toFixed(3)} ms]`
  : "";
console.log(
  `${ds} ${dir}: positional ÷ records ${ratios[ratios.length >> 1].toFixed(2)} (IQR ${at(0.25)}–${at(0.75)}, ${ratios.length} pairs; ${pb.length} / ${rb.length} bytes, ${pb.length > rb.length ? "+" : ""}${((pb.length / rb.length - 1) * 100).toFixed(1)} %)${rates}`,
);
