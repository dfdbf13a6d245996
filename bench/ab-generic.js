#!/usr/bin/env node
"use strict";
// node bench/ab-generic.js [accounts|numbers] [enc|dec] [seconds=6] [shared]: a generic codec applied to a
// concrete one (`pageCodec(AccountCodec)`, issue 16) against the concrete codec of the same type
// (`codecFor<Page<Account>>()`) in ONE process, alternating 100 ms slices as ab-hand.js does; prints
// the median (and quartiles) of the slices' ratios, composed ÷ direct in speed (1.00 = as fast).
// `shared`: first run `pageCodec` over four other element codecs (Company, Category, ApiProfile,
// TreeNode), as an application with several paged types does. Every codec a factory makes runs the
// same inner functions, so V8 keeps one set of call-site feedback for all of them: this is where
// `__tm_T.writeTo(...)` / `__tm_T.readFrom(...)` stop being monomorphic calls.
// Needs bench/.generated from any `npm run bench` (`node bench/index.js --help` recompiles it).
const { generic, codecs, pageCodec } = require("./.generated/codecs.js");
const { makeDataset } = require("./.generated/data.js");
const [which = "accounts", dir = "dec", secs = "6", mode = ""] = process.argv.slice(2);
if (mode === "shared") {
  for (const ds of ["company", "categories", "api", "tree"]) {
    const page = pageCodec(codecs[ds]);
    const other = { items: [makeDataset(ds), makeDataset(ds)], total: 2 };
    for (let i = 0; i < 300; i++) page.decode(page.encode(other));
  }
}
const { composed, direct } = generic[which];
const items = which === "accounts" ? makeDataset("flat") : makeDataset("smallints").xs;
const value = { items, next: "cursor-2", total: items.length };
const bytes = direct.encode(value);
if (Buffer.compare(Buffer.from(composed.encode(value)), Buffer.from(bytes)) !== 0)
  throw new Error("the composed codec writes other bytes");
const run =
  dir === "dec"
    ? { a: () => composed.decode(bytes), b: () => direct.decode(bytes) }
    : { a: () => composed.encode(value), b: () => direct.encode(value) };
function rate(f, ms) {
  const t0 = performance.now();
  let n = 0,
    t;
  do {
    f();
    n++;
  } while ((t = performance.now() - t0) < ms);
  return n / t;
}
rate(run.a, 500);
rate(run.b, 500);
const ratios = [];
const end = Date.now() + 1000 * +secs;
while (Date.now() < end) {
  const a = rate(run.a, 100),
    b = rate(run.b, 100);
  ratios.push(a / b);
}
ratios.sort((x, y) => x - y);
console.log(
  `${which}${mode ? " " + mode : ""} ${dir}: composed ÷ direct ${ratios[ratios.length >> 1].toFixed(2)} (IQR ${ratios[ratios.length >> 2].toFixed(2)}–${ratios[(3 * ratios.length) >> 2].toFixed(2)}, ${ratios.length} pairs, ${items.length} items)`,
);
