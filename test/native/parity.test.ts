/**
 * One model, two checkers: every golden case and the property zoo give the same type model (IR)
 * and the same problems through TypeScript 7's checker (checkers/native.ts) as through TypeScript
 * 6's (checkers/classic.ts), on TypeScript 7.0 and the newest 7.x.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { NativeProgram } from "../../transformer/checkers/native";
import type { NativeSourceFile } from "../../transformer/checkers/native-api";
import { diagnosticOf, modelFile } from "../../transformer/pipeline";
import { compile } from "../helpers/compile";
import { ZOO_SOURCE } from "../property/zoo";
import { NATIVE_VERSIONS, withSession, writeProject } from "./helpers";

const CASES_DIR = path.join(__dirname, "../golden/cases");
const sources: [string, string][] = [
  ...fs
    .readdirSync(CASES_DIR)
    .filter((f) => f.endsWith(".ts"))
    .map((f): [string, string] => [f.replace(/\.ts$/, ""), fs.readFileSync(path.join(CASES_DIR, f), "utf8")]),
  ["zoo", ZOO_SOURCE],
];

describe.each(NATIVE_VERSIONS)("TypeScript %s", (version) => {
  test.each(sources)("%s: the same model and problems as TypeScript 6", (name, source) => {
    const classic = compile(`parity_${name}`, source);
    const tsconfig = writeProject(`parity-${version}-${name}`, { [`${name}.ts`]: source });
    const native = withSession(version, tsconfig, (session) => {
      const view = new NativeProgram(session.project);
      const file = view.sourceFile(path.join(path.dirname(tsconfig), `${name}.ts`))!;
      const result = modelFile(view, file, { link: true, moduleOf: (f) => f });
      const at = (offset: number) => {
        const { line, character } = (file as unknown as NativeSourceFile).getLineAndCharacterOfPosition(offset);
        return `${line + 1}:${character + 1}`;
      };
      const diagnostics = result.problems.map((p) => diagnosticOf(file, p)).map((d) => `${at(d.start)} ${d.message}`);
      return { model: result.model, diagnostics };
    });
    expect(JSON.stringify(native.model, null, 1)).toBe(JSON.stringify(classic.model, null, 1));
    // The transformer's diagnostics (the fixture's own type errors come first in classic's list).
    const expected = classic.diagnostics.filter((d) => /^\d+:\d+ (\w+\.)?codecFor/.test(d));
    expect(native.diagnostics).toEqual(expected);
    if (name.startsWith("error-")) expect(expected.length).toBeGreaterThan(0);
  });
});
