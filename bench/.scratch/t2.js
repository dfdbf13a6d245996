const C = require("/work/main/test/.generated/stream_split.js");
const { ExtData } = require("/work/main/dist/runtime/index.js");
const o = { id: 1, customer: "éééé", items: Array.from({length: 15}, (_, k) => ({ sku: "S" + k, qty: k, price: 1.5 })), placedAt: new Date(), tags: new Set(["a"]), meta: { a: [1, 2, { b: null }], e: new ExtData(1, new Uint8Array(3)) }, blob: new Uint8Array(300), big: 5n, flag: null };
const bytes = C.OrderC.encode(o);
(async () => {
  const mode = process.argv[2];
  let t = performance.now();
  const N = 20000;
  for (let i = 0; i < N; i++) {
    const k = i % bytes.length;
    if (mode === "whole") await C.OrderC.decodeAsync([bytes]);
    else if (mode === "split") await C.OrderC.decodeAsync([bytes.subarray(0, k), bytes.subarray(k)]);
    else if (mode === "err") { try { C.OrderC.decode(bytes.subarray(0, k)); } catch {} }
    else C.OrderC.decode(bytes);
  }
  console.log(mode, ((performance.now() - t) / N * 1000).toFixed(2), "us");
})();
