const C = require("/work/main/test/.generated/stream_split.js");
const { ExtData } = require("/work/main/dist/runtime/index.js");
const o = { id: 1, customer: "éééé", items: Array.from({length: 15}, (_, k) => ({ sku: "S" + k, qty: k, price: 1.5 })), placedAt: new Date(), tags: new Set(["a"]), meta: { a: [1, 2, { b: null }], e: new ExtData(1, new Uint8Array(3)) }, blob: new Uint8Array(300), big: 5n, flag: null };
const bytes = C.OrderC.encode(o);
console.log(bytes.length);
(async () => {
  for (let rep = 0; rep < 3; rep++) {
    let t = performance.now();
    for (let k = 0; k <= bytes.length; k++) await C.OrderC.decodeAsync([bytes.subarray(0, k), bytes.subarray(k)]);
    console.log("decodeAsync per split", ((performance.now() - t) / bytes.length * 1000).toFixed(1), "us");
    t = performance.now();
    for (let k = 0; k <= bytes.length; k++) C.OrderC.decode(bytes);
    console.log("decode", ((performance.now() - t) / bytes.length * 1000).toFixed(1), "us");
  }
})();
