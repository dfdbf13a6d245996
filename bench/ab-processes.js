#!/usr/bin/env node
"use strict";
// node bench/ab-processes.js <checkout A> <checkout B> <dataset> [enc|dec] [rounds=7] [seconds=3]:
// two checkouts' generated codec of one dataset, each timed against this checkout's hand-written
// codec in a fresh process (median of alternating 60 ms CPU-time slices), A and B alternating for
// `rounds` processes each; prints every process's ratio and B's median ÷ A's. Slower than
// ab-builds.js, but each process compiles one generated codec only, so neither the order of
// loading nor one process's compilation decides the result: V8 compiles the same code
// differently from process to process (tree decode 0.58-1.37x the hand-written codec by process),
// and a median over processes is what a user's process sees. AB_LAYOUT=positional: the positional
// codecs (each decoding its own bytes, the hand-written one its keyed bytes).
const path = require("node:path");
const { execFileSync } = require("node:child_process");

if (process.argv[2] === "--child") {
  const [root, ds, dir, secs] = process.argv.slice(3);
  const positional = process.env.AB_LAYOUT === "positional";
  const { codecs, positionalCodecs } = require(path.resolve(root, "bench/.generated/codecs.js"));
  const G = (positional ? positionalCodecs : codecs)[ds];
  const H = require(path.join(__dirname, ".generated/handwritten/index.js")).handwritten[ds];
  const value = require(path.join(__dirname, ".generated/data.js")).makeDataset(ds);
  const [gBytes, hBytes] = [G.encode(value), H.encode(value)];
  const [g, h] =
    dir === "dec" ? [() => G.decode(gBytes), () => H.decode(hBytes)] : [() => G.encode(value), () => H.encode(value)];
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const rate = (f, ms) => {
    const t0 = cpuMs();
    let n = 0,
      t;
    do {
      f();
      n++;
    } while ((t = cpuMs() - t0) < ms);
    return n / t;
  };
  rate(g, 400);
  rate(h, 400);
  const ratios = [];
  const end = Date.now() + 1000 * +secs;
  while (Date.now() < end) ratios.push(rate(g, 60) / rate(h, 60));
  ratios.sort((x, y) => x - y);
  console.log(ratios[ratios.length >> 1]);
  process.exit(0);
}

const [a, b, ds, dir = "dec", rounds = "7", secs = "3"] = process.argv.slice(2);
if (!ds) {
  console.error("usage: node bench/ab-processes.js <checkout A> <checkout B> <dataset> [enc|dec] [rounds] [seconds]");
  process.exit(2);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const runs = { A: [], B: [] };
for (let i = 0; i < +rounds; i++) {
  for (const [name, root] of i % 2 === 0
    ? [
        ["A", a],
        ["B", b],
      ]
    : [
        ["B", b],
        ["A", a],
      ]) {
    runs[name].push(
      +execFileSync(process.execPath, [__filename, "--child", root, ds, dir, secs], { encoding: "utf8" }).trim(),
    );
  }
}
for (const name of ["A", "B"])
  console.log(
    `${name} ÷ hand-written: ${runs[name].map((x) => x.toFixed(3)).join(" ")}  median ${median(runs[name]).toFixed(3)}`,
  );
console.log(
  `${ds} ${dir}: B ÷ A ${(median(runs.B) / median(runs.A)).toFixed(3)} (medians over ${rounds} processes each)`,
);
