#!/usr/bin/env node
// Which strict UTF-8 decoding is fastest for text past the JS loop, string by string? runtime/utf8.ts
// decodes such text with a non-fatal TextDecoder and calls it valid when the result has no U+FFFD
// (the fatal TextDecoder decides when it has one); until 2026-11-29 it checked text with
// buffer.isUtf8 and then decoded it with the non-fatal one on Node 24, and used the fatal one
// elsewhere (the hand-written codecs, bench/src/handwritten/prims.ts, now decode as the runtime
// does). Prints ns per string (median of 7 rounds) for those two and for the runtime's
// `decodeUtf8` (its choice, the JS loop for short or mostly multi-byte text where that is faster,
// and the cost of making it), on the benchmark's own long strings (lite's string16, one body per
// language of dataset text) and a few more kinds of text.
// Run: npm run build && node bench/lab/utf8-decoders.js   (isUtf8 needs Node 18.14 or later)
"use strict";
const { isUtf8 } = require("node:buffer");
const { makeDataset } = require("../.generated/data.js");
const { decodeUtf8 } = require("../../dist/runtime/utf8.js");

const articles = makeDataset("text");
const body = (lang) => articles.find((a) => a.lang === lang).body;
const texts = {
  "lite string16": makeDataset("lite").string16,
  "text fr": body("fr"),
  "text ja": body("ja"),
  "text ru": body("ru"),
  "text ar": body("ar"),
  "text mixed": body("mixed"),
  "French, Latin-1 only": body("fr").replace(/[^\x00-\xff]/gu, "e"),
  German: "Die Straße führt über die Brücke nach Köln. ".repeat(20),
  "English, curly quotes": "It\u2019s the \u201cbest\u201d tool \u2014 really. ".repeat(30),
  "English, emoji": "Great job on the release everyone \u{1f389}\u{1f389} ".repeat(15),
  "English, a CJK name": "Order number 1234 shipped to \u6771\u4eac\u90fd on Monday. ".repeat(15),
  "\u2019, then Latin-1": "\u2019" + body("fr").replace(/[^\x00-\xff]/gu, "e"),
  ASCII: "a".repeat(600), // readString slices ASCII itself: its runtime column is only decodeUtf8's fallback
  "Cyrillic, short": body("ru").slice(0, 60),
};

const loose = new TextDecoder("utf-8", { ignoreBOM: true });
const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
let _sink;

for (const [name, text] of Object.entries(texts)) {
  const bytes = new Uint8Array(4 * text.length + 200);
  const start = 100,
    end = start + new TextEncoder().encodeInto(text, bytes.subarray(start)).written;
  const ways = {
    "isUtf8 + non-fatal": () => {
      const view = bytes.subarray(start, end);
      return isUtf8(view) ? loose.decode(view) : undefined;
    },
    fatal: () => {
      try {
        return fatal.decode(bytes.subarray(start, end));
      } catch {
        return undefined;
      }
    },
    runtime: () => decodeUtf8(bytes, start, end - start),
  };
  for (const decode of Object.values(ways)) if (decode() !== text) throw new Error(`${name}: wrong text`);
  const nsPerString = (decode, ms) => {
    const t0 = performance.now();
    let n = 0,
      t;
    do {
      for (let i = 0; i < 100; i++) _sink = decode();
      n += 100;
    } while ((t = performance.now() - t0) < ms);
    return (1e6 * t) / n;
  };
  const times = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
  for (const decode of Object.values(ways)) nsPerString(decode, 200);
  for (let round = 0; round < 7; round++)
    for (const [k, decode] of Object.entries(ways)) times[k].push(nsPerString(decode, 100));
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1].toFixed(0);
  console.log(
    `${name.padEnd(22)} ${String(end - start).padStart(5)} B  ` +
      Object.keys(ways)
        .map((k) => `${k} ${median(times[k]).padStart(5)} ns`)
        .join("   "),
  );
}
