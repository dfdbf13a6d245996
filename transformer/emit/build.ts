import ts from "typescript";
import { isIdentifierName, type Literal } from "../model/ir.js";

export type BinaryOp =
  | "==="
  | "!=="
  | "=="
  | "&&"
  | "||"
  | "+"
  | "-"
  | "/"
  | "<<"
  | "<"
  | ">"
  | "<="
  | ">="
  | "&"
  | "|"
  | "="
  | "|="
  | "instanceof";

/** An expression under construction: a ts node (NodeBuild) or text (TextBuild); opaque to the emitter. */
export type Expr = { readonly __expr: never };
/** A statement under construction, as Expr. */
export type Stmt = { readonly __stmt: never };

/** The few type annotations generated TypeScript source carries. */
export type TypeSpec = "any" | "number" | "path" | "any[]" | { runtime: string; of?: "any" };
/** A function parameter: its name, its type in typed output, and a default value if it has one. */
export type Parameter = [name: string, type: TypeSpec, initializer?: Expr];

/**
 * Small helpers for building generated code, so that emit code reads like the code it produces.
 * Two builders implement them: NodeBuild makes TypeScript nodes (with `typed`, declarations carry
 * type annotations, for the TypeScript source `generate` prints after editing the nodes), and
 * TextBuild writes the JavaScript the compiler plugin emits directly as text, laid out exactly as
 * TypeScript's printer lays out NodeBuild's nodes (test/unit/build.test.ts holds them to that).
 * Why two: building nodes and printing them through TypeScript was about half of what the plugin
 * adds to a build (bench `--build-time`, chain project), text costs a fraction of it.
 */
export abstract class Build {
  abstract readonly typed: boolean;

  // ---- primitives, one per construct
  abstract id(name: string): Expr;
  abstract str(text: string): Expr;
  /** A non-negative number literal (see `num`). */
  protected abstract numeral(value: number): Expr;
  abstract null(): Expr;
  abstract bool(value: boolean): Expr;
  /** `(e)` */
  abstract paren(e: Expr): Expr;
  protected abstract prefix(op: "-" | "!" | "typeof", e: Expr): Expr;
  protected abstract postfix(e: Expr, op: "++" | "--"): Expr;
  abstract bin(left: Expr, op: BinaryOp, right: Expr): Expr;
  abstract cond(condition: Expr, whenTrue: Expr, whenFalse: Expr): Expr;
  abstract call(callee: Expr, ...args: Expr[]): Expr;
  abstract new(ctor: Expr, ...args: Expr[]): Expr;
  protected abstract dot(object: Expr, name: string): Expr;
  abstract index(object: Expr, index: Expr): Expr;
  abstract array(elements: Expr[]): Expr;
  /** `{ a: x }`, on several lines from four properties on (as TypeScript prints a fresh literal). */
  abstract object(properties: [name: string, value: Expr][]): Expr;
  /** `() => body` */
  abstract arrow(body: Expr): Expr;
  /** `[]`, typed `any[]` in typed output so that strict TypeScript does not infer `never[]`. */
  abstract emptyArray(): Expr;
  /** Marks a numeric constant with its name for readers: `4 /* STR *\/`. */
  abstract named(e: Expr, comment: string): Expr;

  abstract expr(e: Expr): Stmt;
  /** `let a, b = init`; in typed output, declarations without an initializer are `any`. */
  abstract let(...declarations: [name: string, init?: Expr][]): Stmt;
  abstract const(name: string, init: Expr): Stmt;
  abstract ret(e?: Expr): Stmt;
  abstract brk(): Stmt;
  /** `{ statements }` as a statement of its own (a scope for its declarations). */
  abstract block(statements: Stmt[]): Stmt;
  abstract if(condition: Expr, then: Stmt[], otherwise?: Stmt[]): Stmt;
  abstract while(condition: Expr, body: Stmt[]): Stmt;
  /** `for (let i = from; i < limit; i++)`; given an existing variable, `for (; i < limit; i++)` from its value. */
  abstract forCount(i: string | Expr, limit: Expr, body: Stmt[], from?: number): Stmt;
  /** `for (const name of iterable)`, or `for (const [a, b] of iterable)` given a pair of names. */
  abstract forOf(name: string | [string, string], iterable: Expr, body: Stmt[]): Stmt;
  abstract switch(subject: Expr, cases: [Expr[], Stmt[]][], fallback?: Stmt[]): Stmt;
  abstract fn(name: string, params: Parameter[], returns: TypeSpec | "void", body: Stmt[]): Stmt;
  /** `statement // text`, for readers of the generated code. */
  abstract comment(statement: Stmt, text: string): Stmt;
  /** `// text` on the line above `statement`. */
  abstract commentAbove(statement: Stmt, text: string): Stmt;

  // ---- made of the primitives
  num(value: number): Expr {
    return value < 0 || Object.is(value, -0) ? this.prefix("-", this.numeral(-value)) : this.numeral(value);
  }
  lit(value: Literal): Expr {
    if (typeof value === "string") return this.str(value);
    if (typeof value === "number") return this.num(value);
    return this.bool(value);
  }
  /** `obj.name`, or `obj["odd-name"]` when the name is not an identifier. */
  prop(object: Expr, name: string): Expr {
    return isIdentifierName(name) ? this.dot(object, name) : this.index(object, this.str(name));
  }
  method(object: Expr, name: string, ...args: Expr[]): Expr {
    return this.call(this.prop(object, name), ...args);
  }
  /** Joins conditions with `op`; an empty list is `true`. */
  all(conditions: Expr[], op: "&&" | "||" = "&&"): Expr {
    if (conditions.length === 0) return this.bool(true);
    return conditions.reduce((a, b) => this.bin(a, op, b));
  }
  not(e: Expr): Expr {
    return this.prefix("!", this.paren(e));
  }
  typeIs(e: Expr, type: string): Expr {
    return this.bin(this.prefix("typeof", e), "===", this.str(type));
  }
  instanceOf(e: Expr, ctor: string): Expr {
    return this.bin(e, "instanceof", this.id(ctor));
  }
  isArray(e: Expr): Expr {
    return this.method(this.id("Array"), "isArray", e);
  }
  /** Whether `e` is the absent value of a `T | null` (`=== null`), `T | undefined`, or both (`== null`). */
  isNil(e: Expr, nil: "null" | "undefined" | "both"): Expr {
    return nil === "both"
      ? this.bin(e, "==", this.null())
      : this.bin(e, "===", nil === "null" ? this.null() : this.undef());
  }
  undef(): Expr {
    return this.id("undefined");
  }
  assign(target: Expr, value: Expr): Stmt {
    return this.expr(this.bin(target, "=", value));
  }
  inc(name: string): Stmt {
    return this.expr(this.postfix(this.id(name), "++"));
  }
  dec(name: string): Stmt {
    return this.expr(this.postfix(this.id(name), "--"));
  }
  orAssign(name: string, value: Expr): Stmt {
    return this.expr(this.bin(this.id(name), "|=", value));
  }
}

const OPERATORS: Record<BinaryOp, ts.BinaryOperator> = {
  "===": ts.SyntaxKind.EqualsEqualsEqualsToken,
  "!==": ts.SyntaxKind.ExclamationEqualsEqualsToken,
  "==": ts.SyntaxKind.EqualsEqualsToken,
  "/": ts.SyntaxKind.SlashToken,
  "<<": ts.SyntaxKind.LessThanLessThanToken,
  "&&": ts.SyntaxKind.AmpersandAmpersandToken,
  "||": ts.SyntaxKind.BarBarToken,
  "+": ts.SyntaxKind.PlusToken,
  "-": ts.SyntaxKind.MinusToken,
  "<": ts.SyntaxKind.LessThanToken,
  ">": ts.SyntaxKind.GreaterThanToken,
  "<=": ts.SyntaxKind.LessThanEqualsToken,
  ">=": ts.SyntaxKind.GreaterThanEqualsToken,
  "&": ts.SyntaxKind.AmpersandToken,
  "|": ts.SyntaxKind.BarToken,
  "=": ts.SyntaxKind.EqualsToken,
  "|=": ts.SyntaxKind.BarEqualsToken,
  instanceof: ts.SyntaxKind.InstanceOfKeyword,
};

const PREFIX = { "-": ts.SyntaxKind.MinusToken, "!": ts.SyntaxKind.ExclamationToken } as const;

// Casts between the emitter's opaque Expr/Stmt and what each builder really holds.
const node = (e: Expr) => e as unknown as ts.Expression;
const nodes = (es: Expr[]) => es as unknown as ts.Expression[];
const expr = (n: ts.Expression) => n as unknown as Expr;
const stmtNode = (s: Stmt) => s as unknown as ts.Statement;
const stmtNodes = (ss: Stmt[]) => ss as unknown as ts.Statement[];
const stmt = (n: ts.Statement) => n as unknown as Stmt;

/** Builds TypeScript nodes; the factory adds the parentheses that precedence needs. */
export class NodeBuild extends Build {
  readonly f: ts.NodeFactory;
  readonly typed: boolean;
  constructor(factory: ts.NodeFactory, typed = false) {
    super();
    this.f = factory;
    this.typed = typed;
  }

  /** The statements as nodes. */
  statements(ss: Stmt[]): ts.Statement[] {
    return stmtNodes(ss);
  }

  private type(spec: TypeSpec | undefined): ts.TypeNode | undefined {
    if (!this.typed || spec === undefined) return undefined;
    const f = this.f;
    const any = () => f.createKeywordTypeNode(ts.SyntaxKind.AnyKeyword);
    if (typeof spec === "object") {
      const [namespace, name] = spec.runtime.split(".") as [string, string];
      return f.createTypeReferenceNode(
        f.createQualifiedName(f.createIdentifier(namespace), name),
        spec.of ? [any()] : undefined,
      );
    }
    switch (spec) {
      case "any":
        return any();
      case "number":
        return f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword);
      case "any[]":
        return f.createArrayTypeNode(any());
      case "path":
        return f.createUnionTypeNode([
          f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
          f.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword),
        ]);
    }
  }

  id(name: string): Expr {
    return expr(this.f.createIdentifier(name));
  }
  str(text: string): Expr {
    return expr(this.f.createStringLiteral(text));
  }
  protected numeral(value: number): Expr {
    return expr(this.f.createNumericLiteral(value));
  }
  null(): Expr {
    return expr(this.f.createNull());
  }
  bool(value: boolean): Expr {
    return expr(value ? this.f.createTrue() : this.f.createFalse());
  }
  paren(e: Expr): Expr {
    return expr(this.f.createParenthesizedExpression(node(e)));
  }
  protected prefix(op: "-" | "!" | "typeof", e: Expr): Expr {
    return expr(
      op === "typeof"
        ? this.f.createTypeOfExpression(node(e))
        : this.f.createPrefixUnaryExpression(PREFIX[op], node(e)),
    );
  }
  protected postfix(e: Expr, op: "++" | "--"): Expr {
    return expr(
      this.f.createPostfixUnaryExpression(
        node(e),
        op === "++" ? ts.SyntaxKind.PlusPlusToken : ts.SyntaxKind.MinusMinusToken,
      ),
    );
  }
  bin(left: Expr, op: BinaryOp, right: Expr): Expr {
    return expr(this.f.createBinaryExpression(node(left), OPERATORS[op], node(right)));
  }
  cond(c: Expr, whenTrue: Expr, whenFalse: Expr): Expr {
    return expr(this.f.createConditionalExpression(node(c), undefined, node(whenTrue), undefined, node(whenFalse)));
  }
  call(callee: Expr, ...args: Expr[]): Expr {
    return expr(this.f.createCallExpression(node(callee), undefined, nodes(args)));
  }
  new(ctor: Expr, ...args: Expr[]): Expr {
    return expr(this.f.createNewExpression(node(ctor), undefined, nodes(args)));
  }
  protected dot(object: Expr, name: string): Expr {
    return expr(this.f.createPropertyAccessExpression(node(object), name));
  }
  index(object: Expr, index: Expr): Expr {
    return expr(this.f.createElementAccessExpression(node(object), node(index)));
  }
  array(elements: Expr[]): Expr {
    return expr(this.f.createArrayLiteralExpression(nodes(elements), false));
  }
  object(properties: [name: string, value: Expr][]): Expr {
    return expr(
      this.f.createObjectLiteralExpression(
        properties.map(([name, value]) =>
          this.f.createPropertyAssignment(
            // A literal `__proto__: x` would set the prototype; a computed key defines an own property.
            name === "__proto__"
              ? this.f.createComputedPropertyName(node(this.str(name)))
              : isIdentifierName(name)
                ? this.f.createIdentifier(name)
                : (node(this.str(name)) as ts.StringLiteral),
            node(value),
          ),
        ),
        properties.length > 3,
      ),
    );
  }
  arrow(body: Expr): Expr {
    return expr(
      this.f.createArrowFunction(
        undefined,
        undefined,
        [],
        undefined,
        this.f.createToken(ts.SyntaxKind.EqualsGreaterThanToken),
        node(body),
      ),
    );
  }
  emptyArray(): Expr {
    const empty = this.f.createArrayLiteralExpression([], false);
    return expr(this.typed ? this.f.createAsExpression(empty, this.type("any[]")!) : empty);
  }
  named(e: Expr, comment: string): Expr {
    return expr(ts.addSyntheticTrailingComment(node(e), ts.SyntaxKind.MultiLineCommentTrivia, ` ${comment} `, false));
  }

  expr(e: Expr): Stmt {
    return stmt(this.f.createExpressionStatement(node(e)));
  }
  let(...declarations: [name: string, init?: Expr][]): Stmt {
    return this.vars(ts.NodeFlags.Let, declarations);
  }
  const(name: string, init: Expr): Stmt {
    return this.vars(ts.NodeFlags.Const, [[name, init]]);
  }
  private vars(flags: ts.NodeFlags, declarations: [string, Expr?][]): Stmt {
    return stmt(
      this.f.createVariableStatement(
        /*modifiers*/ undefined,
        this.f.createVariableDeclarationList(
          declarations.map(([name, init]) =>
            this.f.createVariableDeclaration(
              name,
              /*exclamationToken*/ undefined,
              init ? undefined : this.type("any"),
              init && node(init),
            ),
          ),
          flags,
        ),
      ),
    );
  }
  ret(e?: Expr): Stmt {
    return stmt(this.f.createReturnStatement(e && node(e)));
  }
  brk(): Stmt {
    return stmt(this.f.createBreakStatement());
  }
  block(statements: Stmt[]): Stmt {
    return stmt(this.blockNode(statements));
  }
  private blockNode(statements: Stmt[]): ts.Block {
    return this.f.createBlock(stmtNodes(statements), true);
  }
  if(condition: Expr, then: Stmt[], otherwise?: Stmt[]): Stmt {
    return stmt(
      this.f.createIfStatement(node(condition), this.blockNode(then), otherwise && this.blockNode(otherwise)),
    );
  }
  while(condition: Expr, body: Stmt[]): Stmt {
    return stmt(this.f.createWhileStatement(node(condition), this.blockNode(body)));
  }
  forCount(i: string | Expr, limit: Expr, body: Stmt[], from = 0): Stmt {
    const counter = typeof i === "string" ? this.f.createIdentifier(i) : node(i);
    return stmt(
      this.f.createForStatement(
        typeof i === "string"
          ? this.f.createVariableDeclarationList(
              [this.f.createVariableDeclaration(i, undefined, undefined, node(this.num(from)))],
              ts.NodeFlags.Let,
            )
          : undefined,
        this.f.createBinaryExpression(counter, ts.SyntaxKind.LessThanToken, node(limit)),
        this.f.createPostfixIncrement(counter),
        this.blockNode(body),
      ),
    );
  }
  forOf(name: string | [string, string], iterable: Expr, body: Stmt[]): Stmt {
    const binding =
      typeof name === "string"
        ? name
        : this.f.createArrayBindingPattern(name.map((n) => this.f.createBindingElement(undefined, undefined, n)));
    return stmt(
      this.f.createForOfStatement(
        /*awaitModifier*/ undefined,
        this.f.createVariableDeclarationList([this.f.createVariableDeclaration(binding)], ts.NodeFlags.Const),
        node(iterable),
        this.blockNode(body),
      ),
    );
  }
  switch(subject: Expr, cases: [Expr[], Stmt[]][], fallback?: Stmt[]): Stmt {
    const clauses: ts.CaseOrDefaultClause[] = [];
    for (const [labels, body] of cases) {
      labels.forEach((label, i) =>
        clauses.push(this.f.createCaseClause(node(label), i === labels.length - 1 ? stmtNodes(body) : [])),
      );
    }
    if (fallback) clauses.push(this.f.createDefaultClause(stmtNodes(fallback)));
    return stmt(this.f.createSwitchStatement(node(subject), this.f.createCaseBlock(clauses)));
  }
  fn(name: string, params: Parameter[], returns: TypeSpec | "void", body: Stmt[]): Stmt {
    return stmt(
      this.f.createFunctionDeclaration(
        /*modifiers*/ undefined,
        /*asteriskToken*/ undefined,
        name,
        /*typeParameters*/ undefined,
        params.map(([p, type, initializer]) =>
          this.f.createParameterDeclaration(
            undefined,
            undefined,
            p,
            undefined,
            this.type(type),
            initializer && node(initializer),
          ),
        ),
        returns === "void"
          ? this.typed
            ? this.f.createKeywordTypeNode(ts.SyntaxKind.VoidKeyword)
            : undefined
          : this.type(returns),
        this.blockNode(body),
      ),
    );
  }
  comment(statement: Stmt, text: string): Stmt {
    return stmt(
      ts.addSyntheticTrailingComment(stmtNode(statement), ts.SyntaxKind.SingleLineCommentTrivia, ` ${text}`, false),
    );
  }
  commentAbove(statement: Stmt, text: string): Stmt {
    return stmt(
      ts.addSyntheticLeadingComment(stmtNode(statement), ts.SyntaxKind.SingleLineCommentTrivia, ` ${text}`, true),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// TextBuild

/** TypeScript's operator precedence levels (OperatorPrecedence), for deciding parentheses as its factory does. */
const Prec = {
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
type Prec = (typeof Prec)[keyof typeof Prec];

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
};

/** An expression's text and what parenthesizing it needs to know. */
class Text {
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
type Lines = (string | Lines[])[];

const INDENT = "    ";
const text = (e: Expr) => e as unknown as Text;
const texts = (es: Expr[]) => (es as unknown as Text[]).map((e) => e.text).join(", ");
const textExpr = (t: Text) => t as unknown as Expr;
const lines = (s: Stmt) => s as unknown as Lines;
const stmtLines = (l: Lines) => l as unknown as Stmt;

/** Writes JavaScript text with the layout and parentheses TypeScript's factory and printer give NodeBuild's nodes. */
export class TextBuild extends Build {
  readonly typed = false;
  private readonly comments: boolean;
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
    return this.id("null");
  }
  bool(value: boolean): Expr {
    return this.id(String(value));
  }
  paren(e: Expr): Expr {
    return this.id("(" + text(e).text + ")");
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
    return this.id("[" + texts(elements) + "]");
  }
  object(properties: [name: string, value: Expr][]): Expr {
    if (properties.length === 0) return this.id("{}");
    const entries = properties.map(([name, value]) => {
      const key = name === "__proto__" ? "[" + quote(name) + "]" : isIdentifierName(name) ? name : quote(name);
      const v = text(value).text;
      return key + ": " + (v.includes("\n") ? v.replace(/\n/g, "\n" + INDENT) : v);
    });
    return this.id(
      properties.length > 3 ? "{\n" + INDENT + entries.join(",\n" + INDENT) + "\n}" : "{ " + entries.join(", ") + " }",
    );
  }
  arrow(body: Expr): Expr {
    const b = text(body);
    // An object literal as the body would read as a block.
    return textExpr(new Text("() => " + (b.text.startsWith("{") ? "(" + b.text + ")" : b.text), Prec.Assignment, "=>"));
  }
  emptyArray(): Expr {
    return this.id("[]");
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
    return stmtLines([text(e).text + ";"]);
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
  private braces(head: string, body: Stmt[]): Lines {
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
function quote(value: string): string {
  return (
    '"' +
    value.replace(/[\\"\u0000-\u001f\u0080-\uffff]/g, (c, at: number) => {
      if (c === "\0") return /[0-9]/.test(value.charAt(at + 1)) ? "\\x00" : "\\0";
      return ESCAPES[c] ?? "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    }) +
    '"'
  );
}
