#!/usr/bin/env node
"use strict";
// node bench/ab-peer.js <dataset> [enc|dec] [seconds=6] [--no-native] [--sorted]: the hand-written codec (H)
// and the generated one (G) against msgpackr's standard mode (M, the bench's "msgpackr" contender:
// useRecords: false) in ONE process, alternating 100 ms slices H, M, G, and the median (and
// quartiles) of the slices' ratios H÷M and G÷M: is the ceiling (hand-written) itself ≥ 1.5× msgpackr?
// --no-native: msgpackr without its native addon (msgpackr-extract), through msgpackr's own switch
// MSGPACKR_NATIVE_ACCELERATION_DISABLED=true, set before msgpackr is loaded.
// --sorted: every array of numbers in the dataset sorted first: the same values, but each
// encoder's choice of number format in long predictable runs (what branch prediction costs).
// Each contender decodes its own encoding (as in the benchmark); before timing, each one's bytes
// are decoded by the others too and compared with the value (a sanity check, printed if it fails).
// Needs bench/.generated from any `npm run bench` (`node bench/index.js --help` recompiles it).
const args = process.argv.slice(2);
const noNative = args.includes("--no-native"),
  sorted = args.includes("--sorted");
if (noNative) process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const [ds, dir = "dec", secs = "6"] = args.filter((a) => !a.startsWith("--"));
const G = require("./.generated/codecs.js").codecs;
const H = require("./.generated/handwritten/index.js").handwritten;
const { makeDataset } = require("./.generated/data.js");
const { makeContender } = require("./.generated/contenders.js");
const { difference } = require("./.generated/equal.js");
const { isNativeAccelerationEnabled } = require("msgpackr");
if (isNativeAccelerationEnabled === noNative)
  throw new Error(
    `msgpackr native addon ${isNativeAccelerationEnabled ? "loaded" : "not loaded"} (wanted ${noNative ? "off" : "on"})`,
  );
const M = makeContender("msgpackr", ds);
const value = makeDataset(ds);
function sortNumberArrays(v) {
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number")) v.sort((a, b) => a - b);
  else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) sortNumberArrays(x);
}
if (sorted) sortNumberArrays(value);
const copy = (b) => (Buffer.isBuffer(b) ? Buffer.from(b) : b.slice());
const bytes = { hand: copy(H[ds].encode(value)), peer: copy(M.encode(value)), gen: copy(G[ds].encode(value)) };
const dec = { hand: (b) => H[ds].decode(b), peer: (b) => M.decode(b), gen: (b) => G[ds].decode(b) };
for (const by of Object.keys(bytes))
  for (const d of Object.keys(dec)) {
    let diff;
    try {
      diff = difference(value, dec[d](bytes[by]), M.equal);
    } catch (e) {
      diff = `threw ${e}`;
    }
    if (diff)
      console.log(`sanity: ${d} decoding ${by}'s ${bytes[by].length} bytes differs: ${String(diff).slice(0, 200)}`);
  }
let sink = 0;
const run =
  dir === "dec"
    ? {
        hand: () => {
          sink ^= H[ds].decode(bytes.hand) === null;
        },
        peer: () => {
          sink ^= M.decode(bytes.peer) === null;
        },
        gen: () => {
          sink ^= G[ds].decode(bytes.gen) === null;
        },
      }
    : {
        hand: () => {
          sink += H[ds].encode(value).length;
        },
        peer: () => {
          sink += M.encode(value).length;
        },
        gen: () => {
          sink += G[ds].encode(value).length;
        },
      };
// Calls per clock read: about 0.5 ms worth (from the warm-up), so the clock stays out of tiny ops.
function rate(f, ms, chunk = 1) {
  const t0 = performance.now();
  let n = 0,
    t;
  do {
    for (let i = 0; i < chunk; i++) f();
    n += chunk;
  } while ((t = performance.now() - t0) < ms);
  return n / t;
}
const chunk = {};
for (const k of ["hand", "peer", "gen"]) chunk[k] = Math.max(1, Math.round(rate(run[k], 500) / 2));
const hm = [],
  gm = [];
const end = Date.now() + 1000 * +secs;
while (Date.now() < end) {
  const h = rate(run.hand, 100, chunk.hand),
    m = rate(run.peer, 100, chunk.peer),
    g = rate(run.gen, 100, chunk.gen);
  hm.push(h / m);
  gm.push(g / m);
}
const q = (xs) => {
  xs.sort((a, b) => a - b);
  return `${xs[xs.length >> 1].toFixed(2)} (IQR ${xs[xs.length >> 2].toFixed(2)}–${xs[(3 * xs.length) >> 2].toFixed(2)})`;
};
console.log(
  `${ds} ${dir}${sorted ? " (number arrays sorted)" : ""} [msgpackr native ${noNative ? "off" : "on"}]: hand ÷ msgpackr ${q(hm)}, generated ÷ msgpackr ${q(gm)}, ${hm.length} slices; bytes hand ${bytes.hand.length}, msgpackr ${bytes.peer.length}, generated ${bytes.gen.length}${sink === 0.5 ? "" : ""}`,
);
