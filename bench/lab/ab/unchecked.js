"use strict";
// What the encoder's validation of its input costs against the hand-written encoder, which checks
// nothing the types promise. Times, in ONE process and alternating slices of 100 ms, the
// hand-written encoder, the generated one, and a copy of the generated one with its per-value shape
// checks removed (that the value is an object, that a tuple is an array of its length, that a
// discriminant has its member's value); prints both ratios to the hand-written encoder. A
// measurement only: the copy (bench/.generated/codecs-unchecked.js) accepts values the contract
// rejects, so nothing ships it. Checks inside the runtime (a number is a number, a Float32 stays
// finite) stay in both.
const fs = require("node:fs");
const path = require("node:path");
const { GENERATED, alternateSlices, generated, median, ratiosOf } = require("./timing.js");

const CHECKS = [
  /\n( +)if \(!\(typeof v === "object" && v !== null\)\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
  /\n( +)if \(Object\.getPrototypeOf\(v\) !== Object\.prototype && !\(__tm_isRecordLike\(v\)\)\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
  /\n( +)if \(!\(Array\.isArray\(v\) && v\.length === \d+\)\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
  /\n( +)if \(\w+_ !== "[^"\n]*"\) \{\n +__tm_mismatch\([^\n]*\n\1\}/g,
];

exports.usage = "unchecked <dataset> [seconds=6]";
exports.run = ([ds, secs = "6"]) => {
  if (!ds) return false;
  const source = fs.readFileSync(path.join(GENERATED, "codecs.js"), "utf8");
  let removed = 0;
  const unchecked = CHECKS.reduce((text, check) => text.replace(check, () => (removed++, "")), source);
  fs.writeFileSync(path.join(GENERATED, "codecs-unchecked.js"), unchecked);
  const G = generated("codecs.js").codecs[ds];
  const U = generated("codecs-unchecked.js").codecs[ds];
  const H = generated("handwritten/index.js").handwritten[ds];
  if (!G || !H) {
    console.error(`no dataset ${ds}`);
    process.exit(2);
  }
  const value = generated("data.js").makeDataset(ds);
  if (!Buffer.from(U.encode(value)).equals(Buffer.from(G.encode(value))))
    throw new Error("the unchecked copy writes other bytes");
  const [h, g, u] = alternateSlices([() => H.encode(value), () => G.encode(value), () => U.encode(value)], { secs });
  const m = (xs) => median(xs).toFixed(2);
  console.log(
    `${ds} enc ÷ hand: generated ${m(ratiosOf(g, h))}, without shape checks ${m(ratiosOf(u, h))} (${h.length} rounds; ${removed} checks removed from the file)`,
  );
};
