/**
 * NodeBuild: the emitter's code as TypeScript nodes, which TypeScript's printer writes. Not used by
 * the product (which writes text: TextBuild, SourceBuild); kept here as the oracle those builders'
 * text is held to, byte for byte (test/unit/build.test.ts, test/unit/source-build.test.ts).
 */
import ts from "typescript";
import { isIdentifierName } from "../../transformer/model/ir";
import {
  Build,
  type BinaryOp,
  type Expr,
  type Parameter,
  type Stmt,
  type TypeSpec,
} from "../../transformer/emit/build-base";

const OPERATORS: Record<BinaryOp, ts.BinaryOperator> = {
  "===": ts.SyntaxKind.EqualsEqualsEqualsToken,
  "!==": ts.SyntaxKind.ExclamationEqualsEqualsToken,
  "==": ts.SyntaxKind.EqualsEqualsToken,
  "/": ts.SyntaxKind.SlashToken,
  "*": ts.SyntaxKind.AsteriskToken,
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
