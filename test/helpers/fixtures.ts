/**
 * TypeScript sources the tests compile, kept as real files under test/fixtures/ (issue 57) so that an
 * editor and `tsc -p test/tsconfig.json` check them, rather than in template strings nothing checks.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const FIXTURES_DIR = path.resolve(__dirname, "../fixtures");

/** The text of `test/fixtures/<name>.ts` (`fixture("roundtrip/objects")`), byte for byte. */
export function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES_DIR, name + ".ts"), "utf8");
}
