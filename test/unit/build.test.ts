/**
 * The compiler plugin writes generated JavaScript as text (TextBuild) instead of building nodes and
 * printing them through TypeScript (NodeBuild, which `generate` uses), for build speed. The text
 * must be exactly what TypeScript's factory and printer make of the same code: the parentheses
 * precedence needs and the layout, over every golden case, the property tests' type zoo, odd
 * strings and every builder method, with and without comments.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { TextBuild, type Build, type Stmt } from "../../transformer/emit/build";
import { NodeBuild } from "../helpers/node-build";
import { emitCode } from "../../transformer/emit/codec";
import { compile } from "../helpers/compile";
import { ZOO_SOURCE } from "../property/zoo";

const CASES_DIR = path.join(__dirname, "../golden/cases");
const sources: [string, string][] = [
  ...fs
    .readdirSync(CASES_DIR)
    .filter((f) => f.endsWith(".ts") && !f.startsWith("error-"))
    .map((f): [string, string] => [f, fs.readFileSync(path.join(CASES_DIR, f), "utf8")]),
  ["zoo", ZOO_SOURCE],
  [
    "odd strings",
    `import { codecFor } from "typed-msgpack";
export interface Odd { "naïve": 1 | 2; "ключ": "значение" | "x\\y"; "😀"?: boolean; 'a"b': \`pre-\${number}\`; "tab\\t": "\\u0000" | "\\u00001" | "\\u007f\\v\\u001b\\u2028" }
export const OddCodec = codecFor<Odd>();
`,
  ],
];

function typescriptPrints(statements: ts.Statement[], removeComments: boolean): string {
  const printer = ts.createPrinter({ removeComments });
  const file = ts.createSourceFile("generated.js", "", ts.ScriptTarget.ES2020, false, ts.ScriptKind.JS);
  return printer.printFile(ts.factory.updateSourceFile(file, statements));
}

/** TextBuild's text and TypeScript's printing of NodeBuild's nodes for the same code, with and without comments. */
function bothWays(code: (b: Build) => Stmt[]): {
  text: string;
  printed: string;
  textNoComments: string;
  printedNoComments: string;
} {
  const nodes = new NodeBuild(ts.factory);
  const statements = nodes.statements(code(nodes));
  return {
    text: new TextBuild().render(code(new TextBuild())),
    printed: typescriptPrints(statements, false),
    textNoComments: new TextBuild(false).render(code(new TextBuild(false))),
    printedNoComments: typescriptPrints(statements, true),
  };
}

test.each(sources)("%s: the generated code is written as TypeScript prints it", (name, source) => {
  const { model, diagnostics } = compile("build_" + name.replace(/\W/g, "_"), source);
  expect(diagnostics).toEqual([]);
  const out = bothWays((b) => emitCode(b, model!).code);
  expect(out.text.split("\n").length).toBeGreaterThan(20);
  expect(out.text).toBe(out.printed);
  expect(out.textNoComments).toBe(out.printedNoComments);
});

test("every builder method, nested, is written as TypeScript prints it", () => {
  const out = bothWays((b) => {
    const [x, y, z] = [b.id("x"), b.id("y"), b.id("z")];
    const sum = b.bin(x, "+", b.bin(y, "+", z));
    const mixed = [
      sum,
      b.bin(b.bin(x, "+", y), "+", z),
      b.bin(b.str("a"), "+", b.bin(b.str("b"), "+", b.str("c"))),
      b.bin(b.str("a"), "+", b.bin(b.num(1), "+", b.num(2))),
      b.bin(x, "-", b.bin(y, "-", z)),
      b.bin(x, "/", b.bin(y, "+", z)),
      b.bin(b.bin(x, "||", y), "&&", z),
      b.bin(x, "&&", b.bin(y, "||", z)),
      b.bin(x, "&&", b.bin(y, "&&", z)),
      b.bin(x, "|", b.bin(y, "|", z)),
      b.bin(x, "&", b.bin(y, "&", z)),
      b.bin(x, "<<", b.bin(y, "&", z)),
      b.bin(b.bin(x, "===", y), "===", z),
      b.bin(x, "instanceof", b.bin(y, "||", z)),
      b.bin(x, "<", b.num(-1)),
      b.bin(x, "-", b.num(-1)),
      b.typeIs(b.bin(x, "+", y), "string"),
      b.not(x),
      b.not(b.all([x, y, z], "||")),
      b.all([]),
      b.num(-0),
      b.num(1.5e300),
      b.cond(b.bin(x, "||", y), b.cond(x, y, z), b.bin(x, "+", y)),
      b.cond(b.cond(x, y, z), x, y),
      b.bin(x, "||", b.cond(x, y, z)),
      b.call(b.bin(x, "||", y), x),
      b.prop(b.call(x), "odd-name"),
      b.index(b.bin(x, "+", y), b.bin(x, "+", y)),
      b.method(b.new(b.id("Map")), "get", x),
      b.new(b.id("Set"), b.array([b.lit("a"), b.lit(2), b.lit(true), b.lit(false), b.null(), b.undef()])),
      b.arrow(b.call(x, y)),
      b.arrow(b.object([["a", x]])),
      b.bin(x, "||", b.arrow(y)),
      b.object([]),
      b.object([
        ["a", x],
        ["b-c", y],
        ["__proto__", z],
      ]),
      b.object([
        ["a", x],
        [
          "b",
          b.object([
            ["c", y],
            ["d", z],
            ["e", x],
            [
              "f",
              b.object([
                ["g", x],
                ["h", y],
                ["i", z],
                ["j", b.str("^a/b$")],
              ]),
            ],
          ]),
        ],
        ["k", y],
        ["l", z],
      ]),
      b.named(b.num(7), "MAP"),
      b.bin(b.named(b.id("w"), "w"), "+", b.named(b.bin(b.id("u"), "+", y), "sum")),
      b.emptyArray(),
      b.str('\u2028\u0000\u00001"\\\t'),
    ];
    return [
      b.let(["a"], ["c", x]),
      b.fn(
        "f",
        [
          ["w", "any"],
          ["v", "any"],
          ["n", "number", b.num(0)],
          ["p", "path", b.call(x)],
        ],
        "void",
        [
          ...mixed.map((e, i) => b.const("e" + i, e)),
          b.assign(b.index(x, b.num(0)), b.bin(y, "||", z)),
          b.assign(x, b.cond(x, y, z)),
          b.orAssign("a", b.bin(x, "<<", y)),
          b.inc("a"),
          b.dec("a"),
          b.if(x, []),
          b.if(x, [b.ret()], [b.brk()]),
          b.if(x, [b.ret(x)], [b.if(y, [b.ret(y)], [b.if(z, [])])]),
          b.while(b.bin(x, ">", y), [b.dec("n")]),
          b.forCount("i", x, [b.expr(b.call(x, b.id("i")))]),
          b.forCount(b.id("i"), b.bin(x, "+", y), [], 2),
          b.forOf("k", x, [b.expr(x)]),
          b.forOf(["k", "v"], b.call(x), []),
          b.switch(
            x,
            [
              [[b.num(0), b.named(b.num(1), "one")], [b.ret(x)]],
              [[b.str("two")], [b.expr(x), b.brk()]],
              [[b.num(3)], []],
              [[b.num(4)], [b.block([b.const("q", x), b.ret(b.id("q"))])]],
            ],
            [b.ret(y)],
          ),
          b.switch(y, [[[b.num(0)], [b.comment(b.ret(x), "zero")]]]),
          b.block([]),
          b.comment(b.const("i", b.cond(b.bin(x, "===", y), b.num(0), b.num(1))), "1: the tag came first"),
          b.comment(b.if(x, [b.ret()]), "after a block"),
          b.ret(
            b.object([
              ["a", x],
              ["b", y],
              ["c", z],
              [
                "d",
                b.object([
                  ["e", x],
                  ["f", y],
                  ["g", z],
                  ["h", x],
                ]),
              ],
            ]),
          ),
        ],
      ),
      b.commentAbove(b.const("last", b.call(x)), "codecFor<T>()"),
    ];
  });
  expect(out.text).toBe(out.printed);
  expect(out.textNoComments).toBe(out.printedNoComments);
});
