"use strict";
// The hand-written codec (H) and the generated one (G) against msgpackr's standard mode (M, the
// bench's "msgpackr" contender: useRecords: false) in ONE process, alternating 100 ms slices H, M,
// G; the median (and quartiles) of H÷M and G÷M: is the ceiling (hand-written) itself ≥ 1.5×
// msgpackr? --no-native: msgpackr without its native addon (msgpackr-extract), through msgpackr's
// own switch MSGPACKR_NATIVE_ACCELERATION_DISABLED=true, set before msgpackr is loaded. --sorted:
// every array of numbers in the dataset sorted first: the same values, but each encoder's choice of
// number format in long predictable runs (what branch prediction costs). Each contender decodes its
// own encoding (as in the benchmark); before timing, each one's bytes are decoded by the others too
// and compared with the value (printed if they differ).
const { alternateSlices, generated, ratiosOf, summary } = require("./timing.js");

function sortNumberArrays(v) {
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number")) v.sort((a, b) => a - b);
  else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) sortNumberArrays(x);
}

exports.usage = "peer <dataset> [enc|dec] [seconds=6] [--no-native] [--sorted]";
exports.run = (args) => {
  const noNative = args.includes("--no-native"),
    sorted = args.includes("--sorted");
  if (noNative) process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
  const [ds, dir = "dec", secs = "6"] = args.filter((a) => !a.startsWith("--"));
  if (!ds) return false;
  const G = generated("codecs.js").codecs;
  const H = generated("handwritten/index.js").handwritten;
  const { makeContender } = generated("contenders.js");
  const { difference } = generated("equal.js");
  const { isNativeAccelerationEnabled } = require("msgpackr");
  if (isNativeAccelerationEnabled === noNative)
    throw new Error(
      `msgpackr native addon ${isNativeAccelerationEnabled ? "loaded" : "not loaded"} (wanted ${noNative ? "off" : "on"})`,
    );
  const M = makeContender("msgpackr", ds);
  const value = generated("data.js").makeDataset(ds);
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
  const fns =
    dir === "dec"
      ? [H[ds], M, G[ds]].map((c, i) => {
          const b = [bytes.hand, bytes.peer, bytes.gen][i];
          return () => {
            sink ^= c.decode(b) === null;
          };
        })
      : [H[ds], M, G[ds]].map((c) => () => {
          sink += c.encode(value).length;
        });
  const [h, m, g] = alternateSlices(fns, { secs, chunked: true });
  console.log(
    `${ds} ${dir}${sorted ? " (number arrays sorted)" : ""} [msgpackr native ${noNative ? "off" : "on"}]: hand ÷ msgpackr ${summary(ratiosOf(h, m)).replace(/, \d+ pairs\)$/, ")")}, generated ÷ msgpackr ${summary(ratiosOf(g, m)).replace(/, \d+ pairs\)$/, ")")}, ${h.length} slices; bytes hand ${bytes.hand.length}, msgpackr ${bytes.peer.length}, generated ${bytes.gen.length}${sink === 0.5 ? "" : ""}`,
  );
};
