/**
 * Golden files: each test/golden/cases/<name>.ts is compiled through the real transformer and
 * compared with test/golden/expected/<name>.{ir.json,emit.js,diagnostics.txt}:
 *   - ir.json: the type model (`model` of compile()), JSON with 2-space indent; absent when the file has no codec;
 *   - emit.js: the emitted JavaScript, as an ES module (the round trips run the CommonJS build);
 *   - diagnostics.txt: one `line:col message` per line; absent when there are none.
 * `UPDATE_GOLDEN=1 npx jest test/golden` rewrites the expected files (and removes stale ones);
 * review the diff before committing it.
 *
 * Cases named `error-*` must report diagnostics and all others must compile cleanly, so that
 * updating the golden files cannot bless a regression that breaks a good case. Good cases export
 * `roundTrip: [codec, value][]`, which is checked against the emitted code: each value decodes back
 * equal, and re-encoding what was decoded gives the same bytes (a byte fixpoint).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { compile, emitAsModule, type Compiled } from "../helpers/compile";
import { hex } from "../helpers/bytes";
import * as internal from "typed-msgpack/internal";

const CASES_DIR = path.join(__dirname, "cases");
const EXPECTED_DIR = path.join(__dirname, "expected");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const CASES = fs
  .readdirSync(CASES_DIR)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3))
  .sort();
const KINDS = ["ir.json", "emit.js", "diagnostics.txt"] as const;
type Kind = (typeof KINDS)[number];

const compiledCases = new Map<string, Compiled>();
function compiled(name: string): Compiled {
  let c = compiledCases.get(name);
  if (!c) {
    c = compile("golden_" + name.replace(/\W/g, "_"), fs.readFileSync(path.join(CASES_DIR, name + ".ts"), "utf8"));
    compiledCases.set(name, c);
  }
  return c;
}

function actualFiles(c: Compiled): Record<Kind, string | undefined> {
  return {
    "ir.json": c.model === undefined ? undefined : JSON.stringify(c.model, null, 2) + "\n",
    "emit.js": emitAsModule(c),
    "diagnostics.txt": c.diagnostics.length === 0 ? undefined : c.diagnostics.join("\n") + "\n",
  };
}

test("there are golden cases, good and failing", () => {
  expect(CASES.filter((n) => !n.startsWith("error-")).length).toBeGreaterThanOrEqual(5);
  expect(CASES.filter((n) => n.startsWith("error-")).length).toBeGreaterThanOrEqual(2);
});

describe.each(CASES)("%s", (name) => {
  test(name.startsWith("error-") ? "reports diagnostics" : "compiles without diagnostics", () => {
    const { diagnostics } = compiled(name);
    if (name.startsWith("error-")) expect(diagnostics.length).toBeGreaterThan(0);
    else expect(diagnostics).toEqual([]);
  });

  test.each(KINDS)("%s matches the expected file", (kind) => {
    const text = actualFiles(compiled(name))[kind];
    const file = path.join(EXPECTED_DIR, `${name}.${kind}`);
    if (UPDATE) {
      fs.mkdirSync(EXPECTED_DIR, { recursive: true });
      if (text === undefined) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, text);
      return;
    }
    if (text === undefined) {
      expect(`${path.basename(file)} exists: ${fs.existsSync(file)}`).toBe(`${path.basename(file)} exists: false`);
    } else {
      // Received: what the transformer emits now; expected: the golden file.
      expect(text).toBe(
        fs.existsSync(file)
          ? fs.readFileSync(file, "utf8")
          : `(missing ${path.relative(process.cwd(), file)}; run with UPDATE_GOLDEN=1)`,
      );
    }
  });

  if (!name.startsWith("error-")) {
    test("the emitted code round-trips the case's samples, to the same bytes", () => {
      const c = compiled(name);
      const { roundTrip } = require(c.file.replace(/\.ts$/, ".js")) as {
        roundTrip: [{ encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown }, unknown][];
      };
      expect(roundTrip.length).toBeGreaterThan(0);
      for (const [codec, value] of roundTrip) {
        const bytes = codec.encode(value);
        const decoded = codec.decode(bytes);
        expect(decoded).toEqual(value);
        // A byte fixpoint: what decode gives back encodes to the same bytes.
        expect(hex(codec.encode(decoded))).toBe(hex(bytes));
      }
    });
  }
});

test("no expected file is left over from a case that no longer exists", () => {
  const known = new Set(CASES.flatMap((name) => KINDS.map((kind) => `${name}.${kind}`)));
  const stale = fs.existsSync(EXPECTED_DIR) ? fs.readdirSync(EXPECTED_DIR).filter((f) => !known.has(f)) : [];
  if (UPDATE) stale.forEach((f) => fs.rmSync(path.join(EXPECTED_DIR, f)));
  else expect(stale).toEqual([]);
});

/**
 * Generated names come from the type (issue 57): `__tm_encOrder_lines_item`, `__tm_L_Account_status`,
 * never `__tm_encOrder2`. A name ending in a number after a letter is a counter, unless it is a
 * runtime export's alias (`__tm_readFloat32`) or a number width the type spells (`Int64`).
 */
test("no emitted golden names anything with a counter", () => {
  const runtime = new Set(Object.keys(internal).map((name) => "__tm_" + name));
  const width = /(Int|Uint|Float|Bigint)(8|16|32|64)$/;
  const numbered = fs
    .readdirSync(EXPECTED_DIR)
    .filter((f) => f.endsWith(".emit.js"))
    .flatMap((f) =>
      [...fs.readFileSync(path.join(EXPECTED_DIR, f), "utf8").matchAll(/\b__tm_\w*[A-Za-z]\d+\b/g)]
        .map((m) => m[0])
        .filter((name) => !runtime.has(name) && !width.test(name))
        .map((name) => `${f}: ${name}`),
    );
  expect([...new Set(numbered)]).toEqual([]);
});
