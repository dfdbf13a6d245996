#!/usr/bin/env node
// Mutation check of the union-choice rules (docs/type-mapping.md, "Unions"): in a temporary copy of the sources
// (never in this checkout), switches each rule off, runs the union tests there, and expects them to
// fail. Nothing in the shipped runtime or transformer exists for this script.
//   node scripts/mutation-unions.js            all mutations
//   node scripts/mutation-unions.js keysThenTry   those whose name contains the word
// Exit 1 when a mutation leaves the tests green (a rule no test guards). About 3 minutes.
// test/unit/mutation-script.test.ts checks that every mutation's text is still in its file.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const ROOT = path.join(__dirname, "..");
const TESTS = ["test/roundtrip/union-choice.test.ts", "test/roundtrip/unions.test.ts"];

/** [rule, file, text, replacement]: each replacement turns one rule off. */
const MUTATIONS = [
  [
    "model: object members that one set of keys can fit alike are tried (keysThenTry)",
    "transformer/model/unions.ts",
    'return { by: tiesPossible(keyed as Keys[]) ? "keysThenTry" : "keys", members };',
    'return { by: "keys", members };',
  ],
  [
    "model: object types reached by a tried member check for undeclared properties (triedStrictly)",
    "transformer/model/unions.ts",
    'if (shape?.kind === "object" && !shape.link) shape.triedStrictly = true;',
    "if (false) shape!.triedStrictly = true;",
  ],
  [
    "model: members that share a JS test or family are tried, not the first taken (try)",
    "transformer/model/unions.ts",
    'return { by: "try", members };',
    'return { by: "only", member: members[0]! };',
  ],
  [
    "encode: tried members are tried strictly first (writeFirstOf)",
    "runtime/unions.ts",
    "for (const strict of [true, false]) {\n    for (const i of order) {\n      w.pos",
    "for (const strict of [false]) {\n    for (const i of order) {\n      w.pos",
  ],
  [
    "decode: tried members are tried strictly first (firstOf)",
    "runtime/unions.ts",
    "for (const strict of [true, false]) {\n    for (const i of order) {\n      r.pos",
    "for (const strict of [false]) {\n    for (const i of order) {\n      r.pos",
  ],
  [
    "encode: an object under a strict attempt refuses undeclared properties (noExtraKeys)",
    "runtime/objects.ts",
    "if (defined !== n) throw",
    "if (false) throw",
  ],
  [
    "encode: a member fits the value's keys only if it declares all of them (keyFits)",
    "runtime/unions.ts",
    "if (v[key] !== undefined && !names.includes(key)) return FINDS_REQUIRED;",
    "if (false) return FINDS_REQUIRED;",
  ],
  [
    "decode: a member fits the map's keys only if it declares all of them (mapFits)",
    "runtime/unions.ts",
    "return unknown[c] ? FINDS_REQUIRED : FITS;",
    "return FITS;",
  ],
  [
    "decode: an unknown key fails a strict attempt (unknownKey)",
    "runtime/strings.ts",
    "if (r.strict) r.fail(",
    "if (false) r.fail(",
  ],
];

/** A copy of what the tests need, node_modules linked: mutations never touch this checkout. */
function copyOfSources() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-mutation-"));
  for (const entry of ["runtime", "transformer", "test", "package.json", "jest.config.js", "tsconfig.json"]) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}.generated`),
    });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

module.exports = { MUTATIONS };

if (require.main === module) main(process.argv[2]);

function main(only) {
  const dir = copyOfSources();
  let unguarded = 0;
  try {
    for (const [rule, file, text, replacement] of MUTATIONS) {
      if (only && !rule.includes(only)) continue;
      const full = path.join(dir, file);
      const original = fs.readFileSync(full, "utf8");
      if (!original.includes(text))
        throw new Error(`${file} no longer contains the text of "${rule}": update this script`);
      fs.writeFileSync(full, original.replace(text, replacement));
      try {
        const r = spawnSync(
          process.execPath,
          [path.join(ROOT, "node_modules/jest/bin/jest.js"), "--silent", "--ci", ...TESTS],
          { cwd: dir, encoding: "utf8" },
        );
        const summary = /Tests:\s+(.*)/.exec(r.stderr)?.[1] ?? "no summary: " + r.stderr.slice(-500);
        const caught = r.status !== 0;
        if (!caught) unguarded++;
        console.log(`${caught ? "caught " : "MISSED "} ${rule}: ${summary}`);
      } finally {
        fs.writeFileSync(full, original);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exit(unguarded > 0 ? 1 : 0);
}
