/**
 * The type-level stale-codec check (runtime/shape.ts) over a table of cases
 * (test/fixtures/shape-check/cases.ts): identical shapes — recursive types, generic instances, index
 * signatures, enums, brands, readonly, tuples, Map/Set, JSON-like aliases — compile, and every
 * change (a property added, removed or retyped, at any depth) is caught (`Bad<...>` is `true` only
 * then). Under strict, and strict with exactOptionalPropertyTypes.
 */
import * as path from "node:path";
import ts from "typescript";

const CASES = path.join(__dirname, "../fixtures/shape-check/cases.ts");

test.each([
  ["strict", { strict: true }],
  ["strict + exactOptionalPropertyTypes", { strict: true, exactOptionalPropertyTypes: true }],
])("%s: no errors, so no false alarm and no missed change", (_label, extra) => {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    types: [],
    skipLibCheck: true,
    ...extra,
  };
  const program = ts.createProgram([CASES], options);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  expect(errors).toEqual([]);
});
