/**
 * scripts/mutation-unions.js switches each union-choice rule off by replacing a piece of source
 * text; a rule whose text moved would no longer be checked. Each text must be in its file, once.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const { MUTATIONS } = require("../../scripts/mutation-unions.js") as {
  MUTATIONS: [rule: string, file: string, text: string, replacement: string][];
};

const ROOT = path.resolve(__dirname, "../..");

test.each(MUTATIONS.map(([rule, file, text]) => [rule, file, text]))(
  "%s: its text is in %s exactly once",
  (_rule, file, text) => {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    expect(source.split(text).length - 1).toBe(1);
  },
);
