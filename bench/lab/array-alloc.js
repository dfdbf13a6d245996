#!/usr/bin/env node
// What allocating a decoded number array costs by itself, per length: V8 puts an array of more
// than about 16,000 elements in its large-object space, where `new Array(n)` costs far more per
// element. Every JavaScript decoder pays this; it is why numeric decode ratios stay near 1-1.5x.
// Run: node bench/lab/array-alloc.js   (2026-11, Node 20: about 1.5 ns per element up to 16,000, then
// 7-8.5 ns; `new Array(25_000)` filled with doubles 180-220 µs)
"use strict";
for (const n of [8_000, 16_000, 16_500, 25_000, 100_000]) {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    let count = 0;
    while (Number(process.hrtime.bigint() - start) < 2e8) {
      const a = new Array(n);
      for (let i = 0; i < n; i++) a[i] = i + 0.5;
      count++;
    }
    best = Math.min(best, Number(process.hrtime.bigint() - start) / count);
  }
  console.log(
    `new Array(${n}) filled with doubles: ${(best / 1000).toFixed(1)} µs, ${(best / n).toFixed(2)} ns per element`,
  );
}
