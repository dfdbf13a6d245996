const { CodecError, Reader } = require("/work/main/dist/runtime/index.js");
let N = 100000, t = performance.now();
for (let i = 0; i < N; i++) { try { throw new CodecError("x at byte 3", "incomplete", undefined, 3); } catch {} }
console.log("CodecError throw", ((performance.now() - t) / N * 1000).toFixed(2), "us");
t = performance.now();
for (let i = 0; i < N; i++) { try { throw new Error("x"); } catch {} }
console.log("Error throw", ((performance.now() - t) / N * 1000).toFixed(2), "us");
const C = require("/work/main/test/.generated/stream_split.js");
const b = C.StrC.encode("hello");
t = performance.now();
for (let i = 0; i < N; i++) { try { C.StrC.decode(b.subarray(0, 3)); } catch {} }
console.log("StrC truncated decode", ((performance.now() - t) / N * 1000).toFixed(2), "us");
