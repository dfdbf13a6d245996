#!/usr/bin/env node
// Where should strings stop going through a JS loop and go to the platform codec?
// Decode, ASCII: 600k strings per length, runtime/utf8.ts's decodeLoop (used up to
// SHORT_DECODE_LIMIT bytes) against TextDecoder.
// Decode, multi-byte text (Cyrillic, CJK, and French, which is mostly ASCII): decodeLoop (which
// decodeUtf8 uses at any length when at least half the first 32 bytes are multi-byte) against
// TextDecoder, per length.
// Code units to string (decodeLoop's last step): String.fromCharCode (used up to
// FROM_CHAR_CODE_LIMIT units) against a Node Buffer over the units and a UTF-16LE TextDecoder.
// Encode: 400k strings per length, a JS loop (below SHORT_ENCODE_LIMIT) against TextEncoder.encodeInto.
// Run: npm run build && node bench/lab/utf8-threshold.js   (measured 2026-11 on the CI machine, Node 20:
// the ASCII decode loop wins at 4 bytes and is within 10 % at 8, hence SHORT_DECODE_LIMIT = 8; on
// Cyrillic and CJK it wins at every length, 2-2.7x from 66 bytes; on French the two are even up to
// ~100 bytes and TextDecoder wins by ~15 % beyond; code units to string: fromCharCode wins up to 8 units, the
// Buffer from 10 on (70 vs 145 ns for TextDecoder at 24 units, 300 vs 1,500 at 2,000), hence
// FROM_CHAR_CODE_LIMIT = 8 on Node and 32 elsewhere; encode loop wins up to ~24 characters, encodeInto from 32)
// Node 24.21.0 (2026-11-28): TextDecoder wins on Cyrillic and CJK from ~100 bytes (2.6-3.3x from 1 KB),
// hence runtime/utf8.ts MULTI_BYTE_LOOP_LIMIT = 64 there; Node 22 is like Node 20.
"use strict";
const { decodeLoop } = require("../../dist/runtime/utf8.js");
const decoder = new TextDecoder("utf-8", { fatal: true });

/** ns per string: the best of 5 rounds decoding `count` strings of `length` bytes laid end to end. */
function timeDecode(_bytes, length, count, decode) {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const t = process.hrtime.bigint();
    for (let s = 0; s < count; s++) decode(s * length);
    best = Math.min(best, Number(process.hrtime.bigint() - t) / count);
  }
  return best;
}

function laidOut(text, minBytes, totalBytes) {
  while (Buffer.byteLength(text) < minBytes) text += text;
  const one = new TextEncoder().encode(text);
  const count = Math.max(50, Math.floor(totalBytes / one.length));
  const bytes = new Uint8Array(one.length * count);
  for (let i = 0; i < count; i++) bytes.set(one, i * one.length);
  return { bytes, length: one.length, count };
}

for (const length of [4, 8, 12, 16, 20, 24, 32, 48, 64]) {
  const count = 600_000;
  const bytes = new Uint8Array(count * length).map((_, i) => 97 + (i % 26));
  const loop = timeDecode(bytes, length, count, (start) => decodeLoop(bytes, start, length));
  const platform = timeDecode(bytes, length, count, (start) => decoder.decode(bytes.subarray(start, start + length)));
  console.log(
    `${String(length).padStart(3)} bytes ASCII: JS loop ${loop.toFixed(0)} ns, TextDecoder ${platform.toFixed(0)} ns -> ${loop <= platform ? "loop" : "TextDecoder"}`,
  );
}

for (const [script, sample] of [
  ["cyrillic", "привет мир строка "],
  ["cjk", "東京日本語図書館人間時間"],
  ["french", "L’homme n’est qu’un roseau, le plus faible "],
]) {
  const row = [];
  for (const target of [32, 64, 128, 256, 1024, 4096]) {
    const { bytes, length, count } = laidOut(sample, target, 400_000);
    const loop = timeDecode(bytes, length, count, (start) => decodeLoop(bytes, start, length));
    const platform = timeDecode(bytes, length, count, (start) => decoder.decode(bytes.subarray(start, start + length)));
    row.push(`${length} B: loop ${loop.toFixed(0)} ns, TextDecoder ${platform.toFixed(0)} ns`);
  }
  console.log(`${script}: ${row.join(" | ")}`);
}

{
  const text = "привет мир строка 東京日本語 ".repeat(100);
  const units = Uint16Array.from(text, (c) => c.charCodeAt(0));
  const asBuffer = Buffer.from(units.buffer);
  const wide = new TextDecoder("utf-16le");
  const views = [];
  const ways = {
    fromCharCode: (n) => String.fromCharCode.apply(null, views[n] ?? (views[n] = units.subarray(0, n))),
    "Node Buffer": (n) => asBuffer.toString("utf16le", 0, 2 * n),
    "UTF-16LE TextDecoder": (n) => wide.decode(units.subarray(0, n)),
  };
  for (const n of [4, 8, 10, 12, 16, 24, 32, 64, 256, 2000]) {
    const row = Object.entries(ways).map(([name, make]) => {
      if (make(n) !== text.slice(0, n)) throw new Error(`${name} made the wrong string`);
      return `${name} ${timeDecode(null, 0, 200_000, () => make(n)).toFixed(0)} ns`;
    });
    console.log(`${String(n).padStart(4)} units to string: ${row.join(", ")}`);
  }
}

const encoder = new TextEncoder();
const out = new Uint8Array(1 << 20);
// The shape of runtime/utf8.ts's loop (its multi-byte branches are not taken by ASCII input).
function encodeLoop(s, pos) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) out[pos++] = c;
    else {
      out[pos++] = 0xc0 | (c >> 6);
      out[pos++] = 0x80 | (c & 0x3f);
    }
  }
  return pos;
}
for (const length of [8, 16, 20, 24, 32, 64]) {
  const strings = Array.from({ length: 2000 }, (_, i) =>
    ("s" + i + "abcdefghijklmnopqrstuvwxyz".repeat(4)).slice(0, length),
  );
  const time = (encode) => {
    let best = Infinity;
    for (let round = 0; round < 5; round++) {
      const t = process.hrtime.bigint();
      for (let k = 0; k < 200; k++) {
        let pos = 0;
        for (const s of strings) pos = encode(s, pos) % 900_000;
      }
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
    }
    return best;
  };
  const [a, b] = [time(encodeLoop), time((s, pos) => pos + encoder.encodeInto(s, out.subarray(pos)).written)];
  console.log(
    `${String(length).padStart(3)} chars: JS loop ${a.toFixed(0)} ms, encodeInto ${b.toFixed(0)} ms -> ${a <= b ? "loop" : "encodeInto"}`,
  );
}
