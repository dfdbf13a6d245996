import ts from "typescript";
import { isIdentifierName, type Literal } from "../model/ir.js";

type BinaryOp = "===" | "!==" | "==" | "&&" | "||" | "+" | "-" | "/" | "<<" | "<" | ">" | "<=" | ">=" | "&" | "|";

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
};

/** The few type annotations generated TypeScript source carries. */
export type TypeSpec = "any" | "number" | "path" | "any[]" | { runtime: string };
/** A function parameter: its name, its type in typed output, and a default value if it has one. */
export type Parameter = [name: string, type: TypeSpec, initializer?: ts.Expression];

/**
 * Small helpers over ts.NodeFactory, so that emit code reads like the code it produces.
 * With `typed`, declarations carry type annotations, so that printed output is valid strict
 * TypeScript (`typed-msgpack generate`); the transformer emits untyped nodes, as TS would strip them.
 */
export class Build {
  readonly f: ts.NodeFactory;
  readonly typed: boolean;
  constructor(factory: ts.NodeFactory, typed = false) {
    this.f = factory;
    this.typed = typed;
  }

  type(spec: TypeSpec | undefined): ts.TypeNode | undefined {
    if (!this.typed || spec === undefined) return undefined;
    const f = this.f;
    const any = () => f.createKeywordTypeNode(ts.SyntaxKind.AnyKeyword);
    if (typeof spec === "object") return f.createTypeReferenceNode(f.createQualifiedName(this.id(spec.runtime.split(".")[0]!), spec.runtime.split(".")[1]!));
    switch (spec) {
      case "any": return any();
      case "number": return f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword);
      case "any[]": return f.createArrayTypeNode(any());
      case "path": return f.createUnionTypeNode([f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword), f.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword)]);
    }
  }
  /** `[]`, typed `any[]` in typed output so that strict TypeScript does not infer `never[]`. */
  emptyArray(): ts.Expression {
    const empty = this.f.createArrayLiteralExpression([], false);
    return this.typed ? this.f.createAsExpression(empty, this.type("any[]")!) : empty;
  }

  id(name: string): ts.Identifier {
    return this.f.createIdentifier(name);
  }
  str(text: string): ts.StringLiteral {
    return this.f.createStringLiteral(text);
  }
  num(value: number): ts.Expression {
    return value < 0 || Object.is(value, -0)
      ? this.f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, this.f.createNumericLiteral(-value))
      : this.f.createNumericLiteral(value);
  }
  lit(value: Literal): ts.Expression {
    if (typeof value === "string") return this.str(value);
    if (typeof value === "number") return this.num(value);
    return value ? this.f.createTrue() : this.f.createFalse();
  }
  /** `obj.name`, or `obj["odd-name"]` when the name is not an identifier. */
  prop(object: ts.Expression, name: string): ts.Expression {
    return isIdentifierName(name)
      ? this.f.createPropertyAccessExpression(object, name)
      : this.f.createElementAccessExpression(object, this.str(name));
  }
  index(object: ts.Expression, index: ts.Expression): ts.Expression {
    return this.f.createElementAccessExpression(object, index);
  }
  call(callee: ts.Expression, ...args: ts.Expression[]): ts.CallExpression {
    return this.f.createCallExpression(callee, /*typeArguments*/ undefined, args);
  }
  method(object: ts.Expression, name: string, ...args: ts.Expression[]): ts.CallExpression {
    return this.call(this.prop(object, name), ...args);
  }
  bin(left: ts.Expression, op: BinaryOp, right: ts.Expression): ts.BinaryExpression {
    return this.f.createBinaryExpression(left, OPERATORS[op], right);
  }
  /** Joins conditions with `op`; an empty list is `true`. */
  all(conditions: ts.Expression[], op: "&&" | "||" = "&&"): ts.Expression {
    if (conditions.length === 0) return this.f.createTrue();
    return conditions.reduce((a, b) => this.bin(a, op, b));
  }
  not(e: ts.Expression): ts.Expression {
    return this.f.createLogicalNot(this.f.createParenthesizedExpression(e));
  }
  typeIs(e: ts.Expression, type: string): ts.Expression {
    return this.bin(this.f.createTypeOfExpression(e), "===", this.str(type));
  }
  instanceOf(e: ts.Expression, ctor: string): ts.Expression {
    return this.f.createBinaryExpression(e, ts.SyntaxKind.InstanceOfKeyword, this.id(ctor));
  }
  isArray(e: ts.Expression): ts.Expression {
    return this.method(this.id("Array"), "isArray", e);
  }
  undef(): ts.Identifier {
    return this.id("undefined");
  }

  expr(e: ts.Expression): ts.Statement {
    return this.f.createExpressionStatement(e);
  }
  assign(target: ts.Expression, value: ts.Expression): ts.Statement {
    return this.expr(this.f.createAssignment(target, value));
  }
  inc(name: string): ts.Statement {
    return this.expr(this.f.createPostfixIncrement(this.id(name)));
  }
  orAssign(name: string, value: ts.Expression): ts.Statement {
    return this.expr(this.f.createBinaryExpression(this.id(name), ts.SyntaxKind.BarEqualsToken, value));
  }
  const(name: string, init: ts.Expression): ts.VariableStatement {
    return this.vars(ts.NodeFlags.Const, [[name, init]]);
  }
  /** `let a, b = init`; in typed output, declarations without an initializer are `any`. */
  let(...declarations: [name: string, init?: ts.Expression][]): ts.VariableStatement {
    return this.vars(ts.NodeFlags.Let, declarations);
  }
  private vars(flags: ts.NodeFlags, declarations: [string, ts.Expression?][]): ts.VariableStatement {
    return this.f.createVariableStatement(
      /*modifiers*/ undefined,
      this.f.createVariableDeclarationList(
        declarations.map(([name, init]) =>
          this.f.createVariableDeclaration(name, /*exclamationToken*/ undefined, init ? undefined : this.type("any"), init)),
        flags,
      ),
    );
  }
  ret(e?: ts.Expression): ts.Statement {
    return this.f.createReturnStatement(e);
  }
  brk(): ts.Statement {
    return this.f.createBreakStatement();
  }
  block(statements: ts.Statement[]): ts.Block {
    return this.f.createBlock(statements, true);
  }
  if(condition: ts.Expression, then: ts.Statement[], otherwise?: ts.Statement[]): ts.Statement {
    return this.f.createIfStatement(condition, this.block(then), otherwise && this.block(otherwise));
  }
  /** `for (let i = from; i < limit; i++)`; given an existing variable, `for (; i < limit; i++)` from its value. */
  forCount(i: string | ts.Identifier, limit: ts.Expression, body: ts.Statement[], from = 0): ts.Statement {
    const counter = typeof i === "string" ? this.id(i) : i;
    return this.f.createForStatement(
      typeof i === "string" ? this.f.createVariableDeclarationList([this.f.createVariableDeclaration(i, undefined, undefined, this.num(from))], ts.NodeFlags.Let) : undefined,
      this.bin(counter, "<", limit),
      this.f.createPostfixIncrement(counter),
      this.block(body),
    );
  }
  forOf(name: string | ts.ArrayBindingPattern, iterable: ts.Expression, body: ts.Statement[]): ts.Statement {
    return this.f.createForOfStatement(
      /*awaitModifier*/ undefined,
      this.f.createVariableDeclarationList([this.f.createVariableDeclaration(name)], ts.NodeFlags.Const),
      iterable,
      this.block(body),
    );
  }
  /** `const [a, b]` binding pattern for `for (const [k, v] of map)`. */
  pair(a: string, b: string): ts.ArrayBindingPattern {
    return this.f.createArrayBindingPattern([this.f.createBindingElement(undefined, undefined, a), this.f.createBindingElement(undefined, undefined, b)]);
  }
  switch(subject: ts.Expression, cases: [ts.Expression[], ts.Statement[]][], fallback?: ts.Statement[]): ts.Statement {
    const clauses: ts.CaseOrDefaultClause[] = [];
    for (const [labels, body] of cases) {
      labels.forEach((label, i) => clauses.push(this.f.createCaseClause(label, i === labels.length - 1 ? body : [])));
    }
    if (fallback) clauses.push(this.f.createDefaultClause(fallback));
    return this.f.createSwitchStatement(subject, this.f.createCaseBlock(clauses));
  }
  /** `try { body } catch (e) { handler }` */
  try(body: ts.Statement[], error: string, handler: ts.Statement[]): ts.Statement {
    return this.f.createTryStatement(
      this.block(body),
      this.f.createCatchClause(this.f.createVariableDeclaration(error), this.block(handler)),
      /*finallyBlock*/ undefined,
    );
  }
  fn(name: string, params: Parameter[], returns: TypeSpec | "void", body: ts.Statement[]): ts.FunctionDeclaration {
    return this.f.createFunctionDeclaration(
      /*modifiers*/ undefined,
      /*asteriskToken*/ undefined,
      name,
      /*typeParameters*/ undefined,
      params.map(([p, type, initializer]) => this.f.createParameterDeclaration(undefined, undefined, p, undefined, this.type(type), initializer)),
      returns === "void" ? (this.typed ? this.f.createKeywordTypeNode(ts.SyntaxKind.VoidKeyword) : undefined) : this.type(returns),
      this.block(body),
    );
  }
  /** `() => body` */
  arrow(body: ts.Expression): ts.Expression {
    return this.f.createArrowFunction(undefined, undefined, [], undefined, this.f.createToken(ts.SyntaxKind.EqualsGreaterThanToken), body);
  }
  array(elements: ts.Expression[]): ts.Expression {
    return this.f.createArrayLiteralExpression(elements, false);
  }
  object(properties: [name: string, value: ts.Expression][]): ts.Expression {
    return this.f.createObjectLiteralExpression(
      properties.map(([name, value]) =>
        this.f.createPropertyAssignment(
          // A literal `__proto__: x` would set the prototype; a computed key defines an own property.
          name === "__proto__" ? this.f.createComputedPropertyName(this.str(name)) : isIdentifierName(name) ? this.id(name) : this.str(name),
          value)),
      properties.length > 3,
    );
  }
  /** `pattern` comes escaped for a literal (the model escapes `/`). */
  regex(pattern: string): ts.Expression {
    return this.f.createRegularExpressionLiteral("/" + pattern + "/");
  }
  /** `statement // text`, for readers of the generated code. */
  comment(statement: ts.Statement, text: string): ts.Statement {
    return ts.addSyntheticTrailingComment(statement, ts.SyntaxKind.SingleLineCommentTrivia, ` ${text}`, false);
  }
  /** Marks a numeric constant with its name for readers: `4 /* STR *\/`. */
  named(e: ts.Expression, comment: string): ts.Expression {
    return ts.addSyntheticTrailingComment(e, ts.SyntaxKind.MultiLineCommentTrivia, ` ${comment} `, false);
  }
}
