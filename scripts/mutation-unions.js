#!/usr/bin/env node
// Mutation check of the union-choice rules (README "Unions"): switches each rule off in the source,
// runs the union tests, and expects them to fail; restores the file whatever happens.
//   node scripts/mutation-unions.js
// Exit 1 when a mutation leaves the tests green (a rule no test guards). About a minute.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const ROOT = path.join(__dirname, "..");
const TESTS = ["test/roundtrip/union-choice.test.ts", "test/roundtrip/unions.test.ts"];

/** [rule, file, text, replacement]: each replacement turns one rule off. */
const MUTATIONS = [
  ["encode: try same-test members strictly first (writeFirstOf)", "runtime/unions.ts", "for (const strict of [true, false]) {\n    for (const encode", "for (const strict of [false]) {\n    for (const encode"],
  ["decode: try same-family members strictly first (firstOf)", "runtime/unions.ts", "for (const strict of [true, false]) {\n    for (const candidate", "for (const strict of [false]) {\n    for (const candidate"],
  ["encode: objects under a strict attempt refuse undeclared properties", "runtime/objects.ts", "if (defined !== n) throw", "if (false) throw"],
  ["encode: object members chosen by the value's keys, declaring all of them first (pickByKeys)", "runtime/objects.ts", "if (names === null || onlyKeys(v, names)) return i;", "if (names === null || true) return i;"],
  ["decode: object members chosen by the map's keys, declaring all of them first (pickMember)", "runtime/unions.ts", "if (!unknown[c]) return c;", "return c;"],
];

let unguarded = 0;
for (const [rule, file, text, replacement] of MUTATIONS) {
  const full = path.join(ROOT, file);
  const original = fs.readFileSync(full, "utf8");
  if (!original.includes(text)) throw new Error(`${file} no longer contains the text of "${rule}": update this script`);
  fs.writeFileSync(full, original.replace(text, replacement));
  try {
    const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/jest/bin/jest.js"), "--silent", ...TESTS], { cwd: ROOT, encoding: "utf8" });
    const summary = /Tests:\s+(.*)/.exec(r.stderr)?.[1] ?? "no summary";
    const caught = r.status !== 0;
    if (!caught) unguarded++;
    console.log(`${caught ? "caught " : "MISSED "} ${rule}: ${summary}`);
  } finally {
    fs.writeFileSync(full, original);
  }
}
process.exit(unguarded > 0 ? 1 : 0);
