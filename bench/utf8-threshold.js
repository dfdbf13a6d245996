#!/usr/bin/env node
// Where should short strings stop going through a JS loop and go to the platform codec?
// Decode: 600k ASCII strings per length, a JS loop into an array + one String.fromCharCode.apply
// (runtime/utf8.ts below SHORT_DECODE_LIMIT) against TextDecoder.
// Encode: 400k strings per length, a JS loop (below SHORT_ENCODE_LIMIT) against TextEncoder.encodeInto.
// Run: node bench/utf8-threshold.js   (measured 2026-11 on the CI machine: decode loop wins up to
// ~20 bytes; encode loop wins up to ~24 characters, encodeInto from 32; on multi-byte text the
// decode loop wins up to ~200 bytes of Cyrillic and ~1 KB of CJK)
"use strict";
const decoder = new TextDecoder("utf-8", { fatal: true });

for (const length of [4, 8, 12, 16, 20, 24, 32, 48, 64]) {
  const count = 2000;
  const bytes = new Uint8Array(count * length).map((_, i) => 97 + (i % 26));
  const loop = (start) => {
    const units = new Array(length);
    for (let i = 0; i < length; i++) units[i] = bytes[start + i];
    return String.fromCharCode.apply(null, units);
  };
  const platform = (start) => decoder.decode(bytes.subarray(start, start + length));
  const time = (decode) => {
    let best = Infinity;
    for (let round = 0; round < 5; round++) {
      const t = process.hrtime.bigint();
      let keep = [];
      for (let k = 0; k < 300; k++) for (let s = 0; s < count; s++) keep.push(decode(s * length));
      keep = null;
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
    }
    return best;
  };
  const [a, b] = [time(loop), time(platform)];
  console.log(`${String(length).padStart(3)} bytes: JS loop ${a.toFixed(0)} ms, TextDecoder ${b.toFixed(0)} ms -> ${a <= b ? "loop" : "TextDecoder"}`);
}

// Multi-byte text (runtime/utf8.ts MULTI_BYTE_DECODE_LIMIT): the runtime's JS loop against
// TextDecoder, per script and length. Needs `npm run build` first.
const { decodeLoop } = require("../dist/runtime/utf8.js");
for (const [script, sample] of [["cyrillic", "привет мир строка "], ["cjk", "東京日本語図書館人間時間"]]) {
  const row = [];
  for (const target of [32, 64, 128, 256, 512, 1024]) {
    let text = sample;
    while (Buffer.byteLength(text) < target) text += sample;
    const one = new TextEncoder().encode(text);
    const length = one.length, count = Math.max(50, Math.floor(400_000 / length));
    const bytes = new Uint8Array(length * count);
    for (let i = 0; i < count; i++) bytes.set(one, i * length);
    const time = (decode) => {
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const t = process.hrtime.bigint();
        for (let s = 0; s < count; s++) decode(s * length);
        best = Math.min(best, Number(process.hrtime.bigint() - t) / count);
      }
      return best;
    };
    const loop = time((start) => decodeLoop(bytes, start, length));
    const platform = time((start) => decoder.decode(bytes.subarray(start, start + length)));
    row.push(`${length} B: loop ${loop.toFixed(0)} ns, TextDecoder ${platform.toFixed(0)} ns`);
  }
  console.log(`${script}: ${row.join(" | ")}`);
}

const encoder = new TextEncoder();
const out = new Uint8Array(1 << 20);
// The shape of runtime/utf8.ts's loop (its multi-byte branches are not taken by ASCII input).
function encodeLoop(s, pos) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) out[pos++] = c;
    else { out[pos++] = 0xc0 | (c >> 6); out[pos++] = 0x80 | (c & 0x3f); }
  }
  return pos;
}
for (const length of [8, 16, 20, 24, 32, 64]) {
  const strings = Array.from({ length: 2000 }, (_, i) => ("s" + i + "abcdefghijklmnopqrstuvwxyz".repeat(4)).slice(0, length));
  const time = (encode) => {
    let best = Infinity;
    for (let round = 0; round < 5; round++) {
      const t = process.hrtime.bigint();
      for (let k = 0; k < 200; k++) { let pos = 0; for (const s of strings) pos = encode(s, pos) % 900_000; }
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
    }
    return best;
  };
  const [a, b] = [time(encodeLoop), time((s, pos) => pos + encoder.encodeInto(s, out.subarray(pos)).written)];
  console.log(`${String(length).padStart(3)} chars: JS loop ${a.toFixed(0)} ms, encodeInto ${b.toFixed(0)} ms -> ${a <= b ? "loop" : "encodeInto"}`);
}
