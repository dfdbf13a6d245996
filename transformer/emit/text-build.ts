import { isIdentifierName } from "../model/ir.js";
import { Build, type BinaryOp, type Expr, type Parameter, type Stmt, type TypeSpec } from "./build-base.js";

/** TypeScript's operator precedence levels (OperatorPrecedence), for deciding parentheses as its factory does. */
export const Prec = {
  Assignment: 3,
  Conditional: 4,
  LogicalOr: 5,
  LogicalAnd: 6,
  BitwiseOr: 7,
  BitwiseAnd: 9,
  Equality: 10,
  Relational: 11,
  Shift: 12,
  Additive: 13,
  Multiplicative: 14,
  Unary: 16,
  Update: 17,
  LeftHandSide: 18,
  Member: 19,
  Primary: 20,
} as const;
export type Prec = (typeof Prec)[keyof typeof Prec];

const BINARY_PRECEDENCE: Record<BinaryOp, Prec> = {
  "=": Prec.Assignment,
  "|=": Prec.Assignment,
  "||": Prec.LogicalOr,
  "&&": Prec.LogicalAnd,
  "|": Prec.BitwiseOr,
  "&": Prec.BitwiseAnd,
  "===": Prec.Equality,
  "!==": Prec.Equality,
  "==": Prec.Equality,
  "<": Prec.Relational,
  ">": Prec.Relational,
  "<=": Prec.Relational,
  ">=": Prec.Relational,
  instanceof: Prec.Relational,
  "<<": Prec.Shift,
  "+": Prec.Additive,
  "-": Prec.Additive,
  "/": Prec.Multiplicative,
  "*": Prec.Multiplicative,
};

/** An expression's text and what parenthesizing it needs to know. */
export class Text {
  readonly text: string;
  readonly prec: Prec;
  /** For binary expressions, the operator; `"=>"` marks an arrow function, `"?:"` a conditional. */
  readonly op: BinaryOp | "=>" | "?:" | undefined;
  /** "string"/"number" for a literal, or a `+` chain of literals of that one kind (TypeScript keeps `"a" + ("b" + "c")` flat). */
  readonly literal: "string" | "number" | undefined;
  constructor(text: string, prec: Prec, op?: BinaryOp | "=>" | "?:", literal?: "string" | "number") {
    this.text = text;
    this.prec = prec;
    this.op = op;
    this.literal = literal;
  }
}

/**
 * A statement as lines; a nested array is a block's statements, one level deeper. A line may hold
 * "\n" (a multi-line object literal): rendering indents what follows it to the line's level.
 */
export type Lines = (string | Lines[])[];

const INDENT = "    ";
// Casts between the emitter's opaque Expr/Stmt and what the text builders hold.
export const text = (e: Expr) => e as unknown as Text;
const texts = (es: Expr[]) => (es as unknown as Text[]).map((e) => e.text).join(", ");
export const textExpr = (t: Text) => t as unknown as Expr;
export const lines = (s: Stmt) => s as unknown as Lines;
export const stmtLines = (l: Lines) => l as unknown as Stmt;
/** Text that needs no parentheses anywhere: a literal, or something already bracketed. */
const atom = (t: string) => textExpr(new Text(t, Prec.Primary));

/** Writes JavaScript text with the layout and parentheses TypeScript's factory and printer give NodeBuild's nodes. */
export class TextBuild extends Build {
  readonly typed: boolean = false;
  protected readonly comments: boolean;
  /** `comments: false` leaves the emitter's comments out (the compiler option removeComments). */
  constructor(comments = true) {
    super();
    this.comments = comments;
  }

  /** The statements as source text, one per line, blocks indented by four spaces. */
  render(statements: Stmt[]): string {
    let out = "";
    const write = (ls: Lines[], indent: string): void => {
      for (const l of ls) {
        for (const part of l) {
          if (typeof part === "string")
            out += indent + (part.includes("\n") ? part.replace(/\n/g, "\n" + indent) : part) + "\n";
          else write(part, indent + INDENT);
        }
      }
    };
    write(statements.map(lines), "");
    return out;
  }

  id(name: string): Expr {
    return textExpr(new Text(name, Prec.Primary));
  }
  str(value: string): Expr {
    return textExpr(new Text(quote(value), Prec.Primary, undefined, "string"));
  }
  protected numeral(value: number): Expr {
    return textExpr(new Text(String(value), Prec.Primary, undefined, "number"));
  }
  null(): Expr {
    return atom("null");
  }
  bool(value: boolean): Expr {
    return atom(String(value));
  }
  paren(e: Expr): Expr {
    return atom("(" + text(e).text + ")");
  }
  protected prefix(op: "-" | "!" | "typeof", e: Expr): Expr {
    const operand = text(e);
    // The operand of a prefix operator is a unary or left-hand-side expression; anything looser is parenthesized.
    const inner = operand.prec < Prec.Unary ? "(" + operand.text + ")" : operand.text;
    return textExpr(new Text(op === "typeof" ? "typeof " + inner : op + inner, Prec.Unary));
  }
  protected postfix(e: Expr, op: "++" | "--"): Expr {
    return textExpr(new Text(this.leftHandSide(text(e)) + op, Prec.Update));
  }
  bin(left: Expr, op: BinaryOp, right: Expr): Expr {
    const l = text(left),
      r = text(right);
    const lt = needsParens(op, l, true, l) ? "(" + l.text + ")" : l.text;
    const rt = needsParens(op, r, false, l) ? "(" + r.text + ")" : r.text;
    const literal = op === "+" && l.literal !== undefined && l.literal === r.literal ? l.literal : undefined;
    return textExpr(new Text(lt + " " + op + " " + rt, BINARY_PRECEDENCE[op], op, literal));
  }
  cond(c: Expr, whenTrue: Expr, whenFalse: Expr): Expr {
    const condition = text(c);
    const ct = condition.prec <= Prec.Conditional ? "(" + condition.text + ")" : condition.text;
    return textExpr(new Text(ct + " ? " + text(whenTrue).text + " : " + text(whenFalse).text, Prec.Conditional, "?:"));
  }
  call(callee: Expr, ...args: Expr[]): Expr {
    return textExpr(new Text(this.leftHandSide(text(callee)) + "(" + texts(args) + ")", Prec.Member));
  }
  new(ctor: Expr, ...args: Expr[]): Expr {
    return textExpr(new Text("new " + this.leftHandSide(text(ctor)) + "(" + texts(args) + ")", Prec.Member));
  }
  protected dot(object: Expr, name: string): Expr {
    return textExpr(new Text(this.leftHandSide(text(object)) + "." + name, Prec.Member));
  }
  index(object: Expr, index: Expr): Expr {
    return textExpr(new Text(this.leftHandSide(text(object)) + "[" + text(index).text + "]", Prec.Member));
  }
  array(elements: Expr[]): Expr {
    return atom("[" + texts(elements) + "]");
  }
  object(properties: [name: string, value: Expr][]): Expr {
    if (properties.length === 0) return atom("{}");
    const entries = properties.map(([name, value]) => {
      const key = name === "__proto__" ? "[" + quote(name) + "]" : isIdentifierName(name) ? name : quote(name);
      const v = text(value).text;
      return key + ": " + (v.includes("\n") ? v.replace(/\n/g, "\n" + INDENT) : v);
    });
    return atom(
      properties.length > 3 ? "{\n" + INDENT + entries.join(",\n" + INDENT) + "\n}" : "{ " + entries.join(", ") + " }",
    );
  }
  arrow(body: Expr): Expr {
    const b = text(body);
    // An object literal as the body would read as a block.
    return textExpr(new Text("() => " + (b.text.startsWith("{") ? "(" + b.text + ")" : b.text), Prec.Assignment, "=>"));
  }
  emptyArray(): Expr {
    return atom("[]");
  }
  named(e: Expr, comment: string): Expr {
    const t = text(e);
    return this.comments ? textExpr(new Text(t.text + " /* " + comment + " */", t.prec, t.op, t.literal)) : e;
  }

  /** Member access and calls need a left-hand-side expression before them. */
  private leftHandSide(t: Text): string {
    return t.prec < Prec.LeftHandSide ? "(" + t.text + ")" : t.text;
  }

  expr(e: Expr): Stmt {
    // An object literal first would read as a block (TypeScript's parenthesizeExpressionOfExpressionStatement).
    const t = text(e).text;
    return stmtLines([(t.startsWith("{") ? "(" + t + ")" : t) + ";"]);
  }
  let(...declarations: [name: string, init?: Expr][]): Stmt {
    return stmtLines([
      "let " + declarations.map(([name, init]) => (init ? name + " = " + text(init).text : name)).join(", ") + ";",
    ]);
  }
  const(name: string, init: Expr): Stmt {
    return stmtLines(["const " + name + " = " + text(init).text + ";"]);
  }
  ret(e?: Expr): Stmt {
    return stmtLines([e ? "return " + text(e).text + ";" : "return;"]);
  }
  brk(): Stmt {
    return stmtLines(["break;"]);
  }
  /** `head {`, the body one level deeper, `}`; an empty block is `head {` and `}` on the next line, as TypeScript prints it. */
  protected braces(head: string, body: Stmt[]): Lines {
    return [head + "{", body.map(lines), "}"];
  }
  block(statements: Stmt[]): Stmt {
    return stmtLines(this.braces("", statements));
  }
  if(condition: Expr, then: Stmt[], otherwise?: Stmt[]): Stmt {
    const out = this.braces("if (" + text(condition).text + ") ", then);
    if (otherwise) out.push(...this.braces("else ", otherwise));
    return stmtLines(out);
  }
  while(condition: Expr, body: Stmt[]): Stmt {
    return stmtLines(this.braces("while (" + text(condition).text + ") ", body));
  }
  forCount(i: string | Expr, limit: Expr, body: Stmt[], from = 0): Stmt {
    const counter = typeof i === "string" ? i : text(i).text;
    const init = typeof i === "string" ? "let " + i + " = " + text(this.num(from)).text : "";
    const test = text(this.bin(this.id(counter), "<", limit)).text;
    return stmtLines(this.braces("for (" + init + "; " + test + "; " + counter + "++) ", body));
  }
  forOf(name: string | [string, string], iterable: Expr, body: Stmt[]): Stmt {
    const binding = typeof name === "string" ? name : "[" + name.join(", ") + "]";
    return stmtLines(this.braces("for (const " + binding + " of " + text(iterable).text + ") ", body));
  }
  switch(subject: Expr, cases: [Expr[], Stmt[]][], fallback?: Stmt[]): Stmt {
    const clauses: Lines[] = [];
    const clause = (head: string, body: Stmt[]) => {
      // One statement goes on the clause's line, several on the lines below it.
      if (body.length === 1) {
        const [first, ...rest] = lines(body[0]!);
        clauses.push([head + " " + (first as string), ...rest]);
      } else clauses.push([head, body.map(lines)]);
    };
    for (const [labels, body] of cases)
      labels.forEach((label, i) => clause("case " + text(label).text + ":", i === labels.length - 1 ? body : []));
    if (fallback) clause("default:", fallback);
    return stmtLines(["switch (" + text(subject).text + ") {", clauses, "}"]);
  }
  fn(name: string, params: Parameter[], _returns: TypeSpec | "void", body: Stmt[]): Stmt {
    const list = params.map(([p, , initializer]) => (initializer ? p + " = " + text(initializer).text : p)).join(", ");
    return stmtLines(this.braces("function " + name + "(" + list + ") ", body));
  }
  comment(statement: Stmt, comment: string): Stmt {
    if (!this.comments) return statement;
    const l = lines(statement);
    return stmtLines([...l.slice(0, -1), l[l.length - 1] + " // " + comment]);
  }
  commentAbove(statement: Stmt, comment: string): Stmt {
    return this.comments ? stmtLines(["// " + comment, ...lines(statement)]) : statement;
  }
}

/**
 * Whether `operand` needs parentheses as the left or right operand of `op`, by the rules of
 * TypeScript's parenthesizer (binaryOperandNeedsParentheses): looser binds need them; at equal
 * precedence a left operand only under a right-associative operator, a right operand unless it
 * is itself right-associative, or the same associative operator, or `+` of literals of one kind.
 */
function needsParens(op: BinaryOp, operand: Text, isLeft: boolean, left: Text): boolean {
  const precedence = BINARY_PRECEDENCE[op];
  const rightAssociative = precedence === Prec.Assignment;
  if (!isLeft && operand.op === "=>" && precedence > Prec.Assignment) return true;
  if (operand.prec !== precedence) return operand.prec < precedence;
  if (isLeft) return rightAssociative;
  if (operand.op === op) {
    if (op === "|" || op === "&") return false;
    if (op === "+" && left.literal !== undefined && left.literal === operand.literal) return false;
  }
  const operandRightAssociative =
    operand.op === "=" ||
    operand.op === "|=" ||
    operand.op === "=>" ||
    operand.op === "?:" ||
    operand.prec === Prec.Unary;
  return !operandRightAssociative;
}

const ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  '"': '\\"',
  "\t": "\\t",
  "\n": "\\n",
  "\r": "\\r",
  "\b": "\\b",
  "\f": "\\f",
  "\v": "\\v",
};

/** A double-quoted literal escaped as TypeScript escapes synthesized strings (non-ASCII as `\uXXXX`). */
export function quote(value: string): string {
  return (
    '"' +
    value.replace(/[\\"\u0000-\u001f\u0080-\uffff]/g, (c, at: number) => {
      if (c === "\0") return /[0-9]/.test(value.charAt(at + 1)) ? "\\x00" : "\\0";
      return ESCAPES[c] ?? "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    }) +
    '"'
  );
}
