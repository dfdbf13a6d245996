/**
 * The emitter and the runtime agree on names: every `__tm.x` the generated code of the golden cases
 * and the type zoo reads is a runtime export, and every method it calls on the reader (`r.x(`) or
 * the writer (`w.x(`) exists on Reader / Writer. A rename on one side fails here, at build time,
 * instead of as a TypeError in a user's app. And generated code names the generated-code version it
 * was made for: code from another version fails when its module loads, saying what to do.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { GENERATED_CODE_VERSION } from "../../runtime/codec";
import { Reader, Writer } from "../../runtime/index";
import * as runtime from "../../runtime/internal";
import { compile } from "../helpers/compile";
import { ZOO_SOURCE } from "../property/zoo";

const CASES_DIR = path.join(__dirname, "../golden/cases");
const sources: [string, string][] = [
  ...fs
    .readdirSync(CASES_DIR)
    .filter((f) => f.endsWith(".ts") && !f.startsWith("error-"))
    .map((f): [string, string] => [f, fs.readFileSync(path.join(CASES_DIR, f), "utf8")]),
  ["zoo", ZOO_SOURCE],
];

/** The generated part of the emitted module: from the runtime import on. */
function generatedCode(js: string): string {
  const start = js.indexOf(`require("typed-msgpack/internal")`);
  expect(start).toBeGreaterThan(-1);
  return js.slice(start);
}

function names(code: string, pattern: RegExp): Set<string> {
  return new Set([...code.matchAll(pattern)].map((m) => m[1]!));
}

const compiled = new Map<string, { js: string; file: string }>();
const used = { runtime: new Set<string>(), reader: new Set<string>(), writer: new Set<string>() };

beforeAll(() => {
  for (const [name, source] of sources) {
    const { js, diagnostics, file } = compile("runtime_api_" + name.replace(/\W/g, "_"), source);
    expect(diagnostics).toEqual([]);
    compiled.set(name, { js, file });
    const code = generatedCode(js);
    for (const n of names(code, /\b__tm\.([A-Za-z_$][\w$]*)/g)) used.runtime.add(n);
    for (const n of names(code, /\br\.([A-Za-z_$][\w$]*)\b/g)) used.reader.add(n);
    for (const n of names(code, /\bw\.([A-Za-z_$][\w$]*)\b/g)) used.writer.add(n);
  }
});

test("every __tm.x the generated code reads is a runtime export", () => {
  expect(used.runtime.size).toBeGreaterThan(10);
  expect(used.runtime).toContain("codec");
  const missing = [...used.runtime].filter((n) => !(n in runtime));
  expect(missing).toEqual([]);
});

test("every r.x and w.x it uses exists on Reader and Writer", () => {
  expect(used.reader.size).toBeGreaterThan(10);
  expect(used.writer.size).toBeGreaterThan(5);
  expect(used.reader).toContain("mapHeader");
  expect(used.writer).toContain("raw");
  const reader = new Reader(new Uint8Array(0)) as unknown as Record<string, unknown>;
  const writer = new Writer() as unknown as Record<string, unknown>;
  expect([...used.reader].filter((n) => !(n in reader))).toEqual([]);
  expect([...used.writer].filter((n) => !(n in writer))).toEqual([]);
});

describe("generated code from another version", () => {
  /** The zoo's emitted module with its codec() calls edited as `edit` says, loaded beside the original. */
  function loadEdited(suffix: string, edit: (js: string) => string): () => unknown {
    const { js, file } = compiled.get("zoo")!;
    const edited = edit(js);
    expect(edited).not.toBe(js);
    const out = file.replace(/\.ts$/, `.${suffix}.js`);
    fs.writeFileSync(out, edited);
    return () => require(out);
  }

  test("the generated code passes the version this runtime runs", () => {
    expect(compiled.get("zoo")!.js).toContain(`__tm_codec(${GENERATED_CODE_VERSION} /* generated-code version */, `);
  });

  test("code from 0.5 or earlier (no version) fails at load and says to rebuild", () => {
    const load = loadEdited("v05", (js) =>
      js.replace(/__tm_codec\(\d+ \/\* generated-code version \*\/, /g, "__tm_codec("),
    );
    expect(load).toThrow(
      `typed-msgpack: code generated for runtime 0.5 or older runs on runtime ${GENERATED_CODE_VERSION}: rebuild it (run \`typed-msgpack generate\` again for generated files)`,
    );
  });

  test("code for another generated-code version fails at load naming both versions", () => {
    const load = loadEdited("v99", (js) => js.replace(/__tm_codec\(\d+ /g, "__tm_codec(99 "));
    expect(load).toThrow(`code generated for runtime 99 runs on runtime ${GENERATED_CODE_VERSION}`);
  });
});
