/**
 * The transformer prints generated JavaScript itself (transformer/emit/print.ts) instead of through
 * TypeScript's printer, for build speed. Its output must be exactly what TypeScript's printer makes of
 * the same nodes, over every golden case and the property tests' type zoo, with and without comments.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { emitStatements } from "../../transformer/emit/codec";
import { printStatements } from "../../transformer/emit/print";
import { compile } from "../helpers/compile";
import { ZOO_SOURCE } from "../property/zoo";

const CASES_DIR = path.join(__dirname, "../golden/cases");
const sources: [string, string][] = [
  ...fs.readdirSync(CASES_DIR).filter((f) => f.endsWith(".ts") && !f.startsWith("error-")).map((f): [string, string] => [f, fs.readFileSync(path.join(CASES_DIR, f), "utf8")]),
  ["zoo", ZOO_SOURCE],
  ["odd strings", `import { codecFor } from "typed-msgpack";
export interface Odd { "naïve": 1 | 2; "ключ": "значение" | "x\\y"; "😀"?: boolean; 'a"b': \`pre-\${number}\`; "tab\\t": "\\u0000" | "\\u00001" | "\\u007f\\v\\u001b\\u2028" }
export const OddCodec = codecFor<Odd>();
`],
];

function typescriptPrints(statements: ts.Statement[], removeComments: boolean): string {
  const printer = ts.createPrinter({ removeComments });
  const file = ts.createSourceFile("generated.js", "", ts.ScriptTarget.ES2020, false, ts.ScriptKind.JS);
  return printer.printFile(ts.factory.updateSourceFile(file, statements));
}

test.each(sources)("%s: the generated code prints as TypeScript prints it", (name, source) => {
  const { model, diagnostics } = compile("print_" + name.replace(/\W/g, "_"), source);
  expect(diagnostics).toEqual([]);
  const { code } = emitStatements(ts.factory, model!);
  expect(code.length).toBeGreaterThan(2);
  expect(printStatements(code)).toBe(typescriptPrints(code, false));
  expect(printStatements(code, false)).toBe(typescriptPrints(code, true));
});

test("a node kind the printer does not know is an internal error, not wrong output", () => {
  const f = ts.factory;
  const spread = f.createExpressionStatement(f.createArrayLiteralExpression([f.createSpreadElement(f.createIdentifier("xs"))]));
  expect(() => printStatements([spread])).toThrow(/no rule for SpreadElement/);
});
