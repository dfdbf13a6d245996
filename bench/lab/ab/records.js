"use strict";
// The positional codec of a dataset against msgpackr's records mode, the "msgpackr-records"
// contender of bench/src/contenders.ts made by the same makeContender (sender Packr({ useFloat32 }),
// a separate receiver Packr(), the native addon msgpackr-extract if it loads), in ONE process,
// alternating slices of 60 ms of CPU time. Prints the median (and quartiles) of positional ÷
// records as a speed ratio (> 1: positional is faster) and both sizes in bytes. "all": every dataset
// made of objects. Each dataset × direction runs in a fresh process: in one process, the datasets
// decoded earlier leave the runtime's functions polymorphic, which slowed later ones several times
// over. AB_RATES=1 also prints the last slice's ms per operation of each.
const path = require("node:path");
const { execFileSync } = require("node:child_process");
const { alternateSlices, generated, ratiosOf, summary } = require("./timing.js");

// text and numeric are arrays of objects with few keys; floats, floats32 and smallints are one
// object around one array of numbers and are left out.
const OBJECT_DATASETS = "lite sbt tree events text numeric blobs shapes company flat categories api".split(" ");

exports.usage = "records <dataset[,dataset...]|all> [enc|dec|both] [seconds=6]";
exports.run = ([which = "all", dirArg = "both", secs = "6"]) => {
  const datasets = which === "all" ? OBJECT_DATASETS : which.split(",");
  const dirs = dirArg === "both" ? ["enc", "dec"] : [dirArg];
  const { isNativeAccelerationEnabled } = require("msgpackr");
  const banner = `msgpackr native addon ${isNativeAccelerationEnabled ? "loaded" : "NOT loaded"}; node ${process.version}`;
  if (datasets.length > 1 || dirs.length > 1) {
    console.log(banner);
    for (const ds of datasets)
      for (const dir of dirs)
        process.stdout.write(
          execFileSync(process.execPath, [path.join(__dirname, "..", "..", "ab.js"), "records", ds, dir, secs], {
            encoding: "utf8",
            stdio: ["ignore", "pipe", "inherit"],
            env: { ...process.env, AB_CHILD: "1" },
          }),
        );
    return;
  }
  const [ds] = datasets,
    [dir] = dirs;
  if (!process.env.AB_CHILD) console.log(banner);
  const { makeContender } = generated("contenders.js");
  const { difference } = generated("equal.js");
  const value = generated("data.js").makeDataset(ds);
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
  const fns =
    dir === "dec"
      ? [() => positional.decode(pb), () => records.decode(rb)]
      : [() => positional.encode(value), () => records.encode(value)];
  const [p, r] = alternateSlices(fns, { secs, sliceMs: 60, warmMs: 400, clock: "cpu" });
  const rates = process.env.AB_RATES
    ? ` [last slice: positional ${(1000 / p.at(-1)).toFixed(3)} ms, records ${(1000 / r.at(-1)).toFixed(3)} ms]`
    : "";
  const bytes = `${pb.length} / ${rb.length} bytes, ${pb.length > rb.length ? "+" : ""}${((pb.length / rb.length - 1) * 100).toFixed(1)} %`;
  console.log(`${ds} ${dir}: positional ÷ records ${summary(ratiosOf(p, r)).replace(/\)$/, `; ${bytes})`)}${rates}`);
};
