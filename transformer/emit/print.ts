import ts from "typescript";

/**
 * Prints generated JavaScript statements as text, the way TypeScript's printer lays them out.
 *
 * Why not TypeScript's printer: it spends about 0.3 ms per KB of output on every node's comment,
 * source-map and module-substitution hooks, which made printing the generated code the largest
 * single cost of a build with the plugin (bench `--build-time`, chain project). The generated code
 * has no source positions, no comments but the emitter's own, and uses a small set of node kinds,
 * all produced by emit/build.ts; this printer knows exactly those and throws on any other, so a new
 * kind in the emitter fails every test until it is printed here. Parentheses are already nodes
 * (the factory adds them), so nodes print as they stand.
 */
export function printStatements(statements: readonly ts.Statement[], comments = true): string {
  return new Printer(comments).lines(statements, "");
}

const INDENT = "    ";

class Printer {
  /** The indent of the statement being printed, for the lines of a multi-line object literal in it. */
  private indent = "";
  private readonly comments: boolean;
  constructor(comments: boolean) {
    this.comments = comments;
  }

  lines(statements: readonly ts.Statement[], indent: string): string {
    let text = "";
    for (const s of statements) text += this.leadingComments(s, indent) + indent + this.statementText(s, indent) + this.trailingComments(s) + "\n";
    return text;
  }

  /** A statement without its leading indent or final newline; nested lines carry their own indent. */
  private statementText(node: ts.Statement, indent: string): string {
    const outer = this.indent;
    this.indent = indent;
    try {
      return this.statementTextAt(node, indent);
    } finally {
      this.indent = outer;
    }
  }

  private statementTextAt(node: ts.Statement, indent: string): string {
    switch (node.kind) {
      case ts.SyntaxKind.ExpressionStatement:
        return this.expr((node as ts.ExpressionStatement).expression) + ";";
      case ts.SyntaxKind.VariableStatement:
        return this.declarationList((node as ts.VariableStatement).declarationList) + ";";
      case ts.SyntaxKind.ReturnStatement: {
        const e = (node as ts.ReturnStatement).expression;
        return e ? "return " + this.expr(e) + ";" : "return;";
      }
      case ts.SyntaxKind.BreakStatement:
        return "break;";
      case ts.SyntaxKind.Block:
        return this.block(node as ts.Block, indent);
      case ts.SyntaxKind.IfStatement: {
        const s = node as ts.IfStatement;
        const head = "if (" + this.expr(s.expression) + ") " + this.body(s.thenStatement, indent);
        return s.elseStatement ? head + "\n" + indent + "else " + this.body(s.elseStatement, indent) : head;
      }
      case ts.SyntaxKind.WhileStatement: {
        const s = node as ts.WhileStatement;
        return "while (" + this.expr(s.expression) + ") " + this.body(s.statement, indent);
      }
      case ts.SyntaxKind.ForStatement: {
        const s = node as ts.ForStatement;
        const init = s.initializer ? (ts.isVariableDeclarationList(s.initializer) ? this.declarationList(s.initializer) : this.expr(s.initializer)) : "";
        const parts = [init, s.condition ? " " + this.expr(s.condition) : "", s.incrementor ? " " + this.expr(s.incrementor) : ""];
        return "for (" + parts.join(";") + ") " + this.body(s.statement, indent);
      }
      case ts.SyntaxKind.ForOfStatement: {
        const s = node as ts.ForOfStatement;
        const init = ts.isVariableDeclarationList(s.initializer) ? this.declarationList(s.initializer) : this.expr(s.initializer);
        return "for (" + init + " of " + this.expr(s.expression) + ") " + this.body(s.statement, indent);
      }
      case ts.SyntaxKind.SwitchStatement: {
        const s = node as ts.SwitchStatement;
        const inner = indent + INDENT;
        const lines = s.caseBlock.clauses.map((clause) => inner + this.clause(clause, inner));
        return "switch (" + this.expr(s.expression) + ") {\n" + lines.join("\n") + "\n" + indent + "}";
      }
      case ts.SyntaxKind.TryStatement: {
        const s = node as ts.TryStatement;
        const c = s.catchClause;
        if (!c || s.finallyBlock) throw unprintable(node);
        const binding = c.variableDeclaration ? " (" + this.declaration(c.variableDeclaration) + ")" : "";
        return "try " + this.block(s.tryBlock, indent) + "\n" + indent + "catch" + binding + " " + this.block(c.block, indent);
      }
      case ts.SyntaxKind.FunctionDeclaration: {
        const f = node as ts.FunctionDeclaration;
        if (!f.name || !f.body || f.modifiers?.length || f.typeParameters) throw unprintable(node);
        return "function " + f.name.text + this.signature(f) + " " + this.block(f.body, indent);
      }
      default:
        throw unprintable(node);
    }
  }

  /** The body of `if`/`for`/`while`: a block, or (never emitted today) a nested statement. */
  private body(node: ts.Statement, indent: string): string {
    if (ts.isBlock(node)) return this.block(node, indent);
    if (ts.isIfStatement(node)) return this.statementText(node, indent);
    throw unprintable(node);
  }

  private block(node: ts.Block, indent: string): string {
    if (node.statements.length === 0) return "{ }";
    return "{\n" + this.lines(node.statements, indent + INDENT) + indent + "}";
  }

  /** `case x:` with one statement on the same line, several on the lines below (as TypeScript prints them). */
  private clause(node: ts.CaseOrDefaultClause, indent: string): string {
    const head = ts.isCaseClause(node) ? "case " + this.expr(node.expression) + ":" : "default:";
    const body = node.statements;
    if (body.length === 0) return head;
    if (body.length === 1) return head + " " + this.statementText(body[0]!, indent) + this.trailingComments(body[0]!);
    return head + "\n" + this.lines(body, indent + INDENT).slice(0, -1);
  }

  private signature(f: ts.FunctionDeclaration | ts.ArrowFunction): string {
    const params = f.parameters.map((p) => {
      if (!ts.isIdentifier(p.name) || p.dotDotDotToken || p.questionToken) throw unprintable(p);
      return p.name.text + this.typeAnnotation(p.type) + (p.initializer ? " = " + this.expr(p.initializer) : "");
    });
    return "(" + params.join(", ") + ")" + this.typeAnnotation(f.type);
  }

  private declarationList(list: ts.VariableDeclarationList): string {
    const keyword = list.flags & ts.NodeFlags.Const ? "const " : list.flags & ts.NodeFlags.Let ? "let " : "var ";
    return keyword + list.declarations.map((d) => this.declaration(d)).join(", ");
  }

  private declaration(d: ts.VariableDeclaration): string {
    return this.bindingName(d.name) + this.typeAnnotation(d.type) + (d.initializer ? " = " + this.expr(d.initializer) : "");
  }

  private bindingName(name: ts.BindingName): string {
    if (ts.isIdentifier(name)) return name.text;
    if (ts.isArrayBindingPattern(name)) {
      return "[" + name.elements.map((e) => {
        if (ts.isOmittedExpression(e) || e.initializer || e.dotDotDotToken || e.propertyName) throw unprintable(e);
        return this.bindingName(e.name);
      }).join(", ") + "]";
    }
    throw unprintable(name);
  }

  /** JavaScript only: typed output (generate) goes through TypeScript's printer. */
  private typeAnnotation(type: ts.TypeNode | undefined): string {
    if (type) throw unprintable(type);
    return "";
  }

  expr(node: ts.Expression): string {
    return this.exprText(node) + this.trailingComments(node);
  }

  private exprText(node: ts.Expression): string {
    switch (node.kind) {
      case ts.SyntaxKind.Identifier:
        return (node as ts.Identifier).text;
      case ts.SyntaxKind.StringLiteral:
        return quote((node as ts.StringLiteral).text);
      case ts.SyntaxKind.NumericLiteral:
      case ts.SyntaxKind.BigIntLiteral:
      case ts.SyntaxKind.RegularExpressionLiteral:
        return (node as ts.LiteralExpression).text;
      case ts.SyntaxKind.TrueKeyword:
        return "true";
      case ts.SyntaxKind.FalseKeyword:
        return "false";
      case ts.SyntaxKind.NullKeyword:
        return "null";
      case ts.SyntaxKind.ParenthesizedExpression:
        return "(" + this.expr((node as ts.ParenthesizedExpression).expression) + ")";
      case ts.SyntaxKind.PropertyAccessExpression: {
        const e = node as ts.PropertyAccessExpression;
        if (e.questionDotToken || !ts.isIdentifier(e.name)) throw unprintable(node);
        return this.expr(e.expression) + "." + e.name.text;
      }
      case ts.SyntaxKind.ElementAccessExpression: {
        const e = node as ts.ElementAccessExpression;
        return this.expr(e.expression) + "[" + this.expr(e.argumentExpression) + "]";
      }
      case ts.SyntaxKind.CallExpression: {
        const e = node as ts.CallExpression;
        if (e.questionDotToken || e.typeArguments) throw unprintable(node);
        return this.expr(e.expression) + "(" + this.list(e.arguments) + ")";
      }
      case ts.SyntaxKind.NewExpression: {
        const e = node as ts.NewExpression;
        if (e.typeArguments) throw unprintable(node);
        return "new " + this.expr(e.expression) + (e.arguments ? "(" + this.list(e.arguments) + ")" : "");
      }
      case ts.SyntaxKind.PrefixUnaryExpression: {
        const e = node as ts.PrefixUnaryExpression;
        const operand = this.expr(e.operand);
        const op = ts.tokenToString(e.operator)!;
        // `- -x`, `+ +x`: TypeScript separates a sign from an operand that starts with the same sign.
        return (op === "-" || op === "+") && operand.startsWith(op) ? op + " " + operand : op + operand;
      }
      case ts.SyntaxKind.PostfixUnaryExpression: {
        const e = node as ts.PostfixUnaryExpression;
        return this.expr(e.operand) + ts.tokenToString(e.operator)!;
      }
      case ts.SyntaxKind.BinaryExpression: {
        const e = node as ts.BinaryExpression;
        return this.expr(e.left) + " " + ts.tokenToString(e.operatorToken.kind)! + " " + this.expr(e.right);
      }
      case ts.SyntaxKind.ConditionalExpression: {
        const e = node as ts.ConditionalExpression;
        return this.expr(e.condition) + " ? " + this.expr(e.whenTrue) + " : " + this.expr(e.whenFalse);
      }
      case ts.SyntaxKind.TypeOfExpression:
        return "typeof " + this.expr((node as ts.TypeOfExpression).expression);
      case ts.SyntaxKind.ArrayLiteralExpression: {
        const e = node as ts.ArrayLiteralExpression;
        return "[" + this.list(e.elements) + "]";
      }
      case ts.SyntaxKind.ObjectLiteralExpression:
        return this.object(node as ts.ObjectLiteralExpression);
      case ts.SyntaxKind.ArrowFunction: {
        const f = node as ts.ArrowFunction;
        if (ts.isBlock(f.body) || f.modifiers?.length || f.typeParameters) throw unprintable(node);
        return this.signature(f) + " => " + this.expr(f.body);
      }
      default:
        throw unprintable(node);
    }
  }

  private list(nodes: readonly ts.Expression[]): string {
    return nodes.map((n) => this.expr(n)).join(", ");
  }

  private object(e: ts.ObjectLiteralExpression): string {
    if (e.properties.length === 0) return "{}";
    const multiLine = (e as { multiLine?: boolean }).multiLine === true;
    const outer = this.indent;
    if (multiLine) this.indent = outer + INDENT;
    const properties = e.properties.map((p) => {
      if (!ts.isPropertyAssignment(p)) throw unprintable(p);
      const name = ts.isIdentifier(p.name) ? p.name.text
        : ts.isStringLiteral(p.name) ? quote(p.name.text)
        : ts.isComputedPropertyName(p.name) ? "[" + this.expr(p.name.expression) + "]"
        : undefined;
      if (name === undefined) throw unprintable(p);
      return name + ": " + this.expr(p.initializer);
    });
    this.indent = outer;
    if (!multiLine) return "{ " + properties.join(", ") + " }";
    return "{\n" + properties.map((p) => outer + INDENT + p).join(",\n") + "\n" + outer + "}";
  }

  private leadingComments(node: ts.Node, indent: string): string {
    const comments = this.comments ? ts.getSyntheticLeadingComments(node) : undefined;
    return comments ? comments.map((c) => indent + commentText(c) + (c.hasTrailingNewLine ? "\n" : " ")).join("") : "";
  }

  private trailingComments(node: ts.Node): string {
    if (!this.comments) return "";
    const comments = ts.getSyntheticTrailingComments(node);
    return comments ? comments.map((c) => " " + commentText(c)).join("") : "";
  }
}

function commentText(c: ts.SynthesizedComment): string {
  return c.kind === ts.SyntaxKind.SingleLineCommentTrivia ? "//" + c.text : "/*" + c.text + "*/";
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\"": "\\\"", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v" };

/** A double-quoted literal escaped as TypeScript escapes synthesized strings (non-ASCII as `\uXXXX`). */
function quote(text: string): string {
  return "\"" + text.replace(/[\\"\u0000-\u001f\u0080-\uffff]/g, (c, at: number) => {
    if (c === "\0") return /[0-9]/.test(text.charAt(at + 1)) ? "\\x00" : "\\0";
    return ESCAPES[c] ?? "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  }) + "\"";
}

function unprintable(node: ts.Node): Error {
  return new Error(`typed-msgpack internal error: the generated-code printer has no rule for ${ts.SyntaxKind[node.kind]}`);
}
