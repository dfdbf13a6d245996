"use strict";
// A generic codec applied to a concrete one (`pageCodec(AccountCodec)`, issue 16) against the
// concrete codec of the same type (`codecFor<Page<Account>>()`) in ONE process, alternating 100 ms
// slices; the median (and quartiles) of composed ÷ direct in speed (1.00 = as fast).
// `shared`: first run `pageCodec` over four other element codecs (Company, Category, ApiProfile,
// TreeNode), as an application with several paged types does. Every codec a factory makes runs the
// same inner functions, so V8 keeps one set of call-site feedback for all of them: this is where
// `__tm_T.writeTo(...)` / `__tm_T.readFrom(...)` stop being monomorphic calls.
const { alternateSlices, generated, ratiosOf, summary } = require("./timing.js");

exports.usage = "generic [accounts|numbers] [enc|dec] [seconds=6] [shared]";
exports.run = ([which = "accounts", dir = "dec", secs = "6", mode = ""]) => {
  const { generic, codecs, pageCodec } = generated("codecs.js");
  const { makeDataset } = generated("data.js");
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
  const fns =
    dir === "dec"
      ? [() => composed.decode(bytes), () => direct.decode(bytes)]
      : [() => composed.encode(value), () => direct.encode(value)];
  const [c, d] = alternateSlices(fns, { secs });
  const ratios = summary(ratiosOf(c, d)).replace(/\)$/, `, ${items.length} items)`);
  console.log(`${which}${mode ? ` ${mode}` : ""} ${dir}: composed ÷ direct ${ratios}`);
};
