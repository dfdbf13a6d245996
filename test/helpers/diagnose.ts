import * as fs from "node:fs";
import * as path from "node:path";
import { compile, compileMany, type Compiled } from "./compile";
import { fixture } from "./fixtures";

/** The link compile() has checked each of our messages to end with (the one to its own code's section). */
const DOCS_LINK = / \(see typed-msgpack's docs\/diagnostics\.md#ts\d+\)(?=:?$)/m;

export const IMPORT = `import { codecFor } from "typed-msgpack";\n`;

/** 1-based `line:col` of the `occurrence`-th appearance of `needle` in `source`. */
export function positionOf(source: string, needle: string, occurrence = 0): string {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = source.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" occurs fewer than ${occurrence + 1} time(s) in the fixture`);
  }
  const before = source.slice(0, at).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

/**
 * Compiles `IMPORT + body` and returns it with a function that formats the diagnostic the
 * transformer should report for `call` (its text and position in the source) and `message`; the
 * diagnostics are given without the docs link that ends each (compile() checks it).
 */
export function diagnose(name: string, body: string): Diagnosed {
  return diagnoseSource(name, IMPORT + body);
}

/**
 * diagnose() of `test/fixtures/diagnostics/<file>.ts`, which starts with IMPORT itself, compiled as
 * `diag_<file>` (dashes as underscores).
 */
export function diagnoseFixture(file: string): Diagnosed {
  fixtures ??= compileMany(
    fs
      .readdirSync(path.join(__dirname, "../fixtures/diagnostics"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => [nameOf(f.slice(0, -3)), fixture("diagnostics/" + f.slice(0, -3))] as const),
  );
  return diagnosed(fixtures(nameOf(file)), fixture("diagnostics/" + file));
}

/** All of test/fixtures/diagnostics, compiled through one program (compileMany) on first use. */
let fixtures: ((name: string) => Compiled) | undefined;

const nameOf = (file: string) => "diag_" + file.replace(/-/g, "_");

type Diagnosed = Compiled & {
  source: string;
  expected: (call: string, message: string, occurrence?: number) => string;
};

function diagnoseSource(name: string, source: string): Diagnosed {
  return diagnosed(compile(name, source), source);
}

function diagnosed(compiled: Compiled, source: string): Diagnosed {
  return {
    ...compiled,
    // Without the link, which compile() checked against each diagnostic's code: the tests compare the text.
    diagnostics: compiled.diagnostics.map((d) => d.replace(DOCS_LINK, "")),
    source,
    expected: (call, message, occurrence = 0) => `${positionOf(source, call, occurrence)} ${call}: ${message}`,
  };
}
