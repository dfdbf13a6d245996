/**
 * The syntax the build tools read, from either compiler: TypeScript 4.9-6's parse trees and
 * TypeScript 7's (`typescript/ast`) have the same shape (the same node kinds, with the same
 * property names), but number their kinds differently. Code here reads nodes through these
 * interfaces and a table of kind numbers (`Kinds`), so one recognizer serves both.
 */

/** What any node has. */
export interface SyntaxNode {
  readonly kind: number;
  readonly pos: number;
  readonly end: number;
  readonly parent?: SyntaxNode;
  getStart(file?: never): number;
  getText(file?: never): string;
  forEachChild<T>(visit: (child: SyntaxNode) => T | undefined): T | undefined;
}

export interface SyntaxFile extends SyntaxNode {
  readonly fileName: string;
  readonly text: string;
  readonly statements: readonly SyntaxNode[];
  getLineAndCharacterOfPosition(position: number): { line: number; character: number };
}

export interface CallNode extends SyntaxNode {
  readonly expression: SyntaxNode;
  readonly typeArguments?: readonly SyntaxNode[];
  readonly arguments: readonly SyntaxNode[];
}

export interface NamedNode extends SyntaxNode {
  readonly text: string;
}

export interface PropertyAccessNode extends SyntaxNode {
  readonly expression: SyntaxNode;
  readonly name: NamedNode;
}

export interface WrapperNode extends SyntaxNode {
  readonly expression: SyntaxNode;
}

export interface ObjectLiteralNode extends SyntaxNode {
  readonly properties: readonly SyntaxNode[];
}

export interface PropertyAssignmentNode extends SyntaxNode {
  readonly name: SyntaxNode;
  readonly initializer: SyntaxNode;
}

export interface VariableStatementNode extends SyntaxNode {
  readonly modifiers?: readonly SyntaxNode[];
  readonly declarationList: { readonly flags: number; readonly declarations: readonly VariableDeclarationNode[] };
}

export interface VariableDeclarationNode extends SyntaxNode {
  readonly name: SyntaxNode;
  readonly initializer?: SyntaxNode;
}

export interface ModuleReferenceNode extends SyntaxNode {
  readonly moduleSpecifier?: SyntaxNode;
}

/** The kind numbers of one compiler: its SyntaxKind enum, read by name. */
export type Kinds = Readonly<Record<string, number>>;

/** The node kinds read here, named as both compilers name them. */
type KindName =
  | "CallExpression"
  | "Identifier"
  | "PropertyAccessExpression"
  | "ParenthesizedExpression"
  | "AsExpression"
  | "SatisfiesExpression"
  | "ObjectLiteralExpression"
  | "PropertyAssignment"
  | "StringLiteral"
  | "NoSubstitutionTemplateLiteral"
  | "VariableStatement"
  | "ExportKeyword"
  | "ImportDeclaration"
  | "ExportDeclaration"
  | "InterfaceDeclaration"
  | "TypeAliasDeclaration"
  | "ExpressionWithTypeArguments"
  | "FunctionDeclaration"
  | "VariableDeclaration"
  | "ExpressionStatement"
  | "ImportEqualsDeclaration"
  | "ExternalModuleReference"
  | "NamespaceImport"
  | "ShorthandPropertyAssignment"
  | "ExportSpecifier"
  | "QualifiedName"
  | "Block"
  | "SourceFile"
  | "TypeAssertionExpression";

/** Kinds whose declarations are local: blocks, function-likes, class-likes. */
const LOCAL_SCOPES = [
  "Block",
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunction",
  "MethodDeclaration",
  "MethodSignature",
  "Constructor",
  "GetAccessor",
  "SetAccessor",
  "CallSignature",
  "ConstructSignature",
  "IndexSignature",
  "FunctionType",
  "ConstructorType",
  "ClassDeclaration",
  "ClassExpression",
] as const;

export class Syntax {
  private readonly kinds: Kinds;
  /** NodeFlags.Const, the same in every supported version. */
  static readonly CONST = 2;

  constructor(kinds: Kinds) {
    this.kinds = kinds;
  }

  is(node: SyntaxNode | undefined, kind: KindName | (typeof LOCAL_SCOPES)[number]): boolean {
    return node !== undefined && node.kind === this.kinds[kind];
  }

  isCall(node: SyntaxNode | undefined): node is CallNode {
    return this.is(node, "CallExpression");
  }

  isIdentifier(node: SyntaxNode | undefined): node is NamedNode {
    return this.is(node, "Identifier");
  }

  /** A string literal or a template literal without substitutions: `"a"`, `` `a` ``. */
  isStringLiteralLike(node: SyntaxNode | undefined): node is NamedNode {
    return this.is(node, "StringLiteral") || this.is(node, "NoSubstitutionTemplateLiteral");
  }

  /** Whether `node` is a type (a type annotation, a type argument...): the first kinds up to the last type node's. */
  isTypeNode(node: SyntaxNode): boolean {
    const k = this.kinds;
    return (
      (node.kind >= k.FirstTypeNode! && node.kind <= k.LastTypeNode!) || node.kind === k.ExpressionWithTypeArguments
    );
  }

  /** A block, a function or a class: what makes a declaration inside it local. */
  isLocalScope(node: SyntaxNode): boolean {
    return LOCAL_SCOPES.some((kind) => node.kind === this.kinds[kind]);
  }

  /**
   * Whether every name in `typeNode` is declared at the top level of a module (or imported), given
   * the declarations each identifier names (`declarationsOf`, with parents).
   */
  namesOnlyModuleScope(typeNode: SyntaxNode, declarationsOf: (ids: SyntaxNode[]) => SyntaxNode[][]): boolean {
    const ids = this.identifiersIn(typeNode);
    if (ids.length === 0) return true;
    return declarationsOf(ids).every((declarations) =>
      declarations.every((declaration) => {
        for (let n = declaration.parent; n && !this.is(n, "SourceFile"); n = n.parent)
          if (this.isLocalScope(n)) return false;
        return true;
      }),
    );
  }

  /** The identifiers in `node`, in source order. */
  identifiersIn(node: SyntaxNode): SyntaxNode[] {
    const ids: SyntaxNode[] = [];
    const visit = (n: SyntaxNode): undefined => {
      if (this.isIdentifier(n)) ids.push(n);
      else n.forEachChild(visit);
    };
    visit(node);
    return ids;
  }

  /** `(e)`, `e as T`, `e satisfies T` around an expression: the expression. */
  unwrap(node: SyntaxNode): SyntaxNode {
    let current = node;
    while (
      this.is(current, "ParenthesizedExpression") ||
      this.is(current, "AsExpression") ||
      this.is(current, "SatisfiesExpression")
    )
      current = (current as WrapperNode).expression;
    return current;
  }

  /**
   * The name `call` is declared under, through parentheses and `as`/`satisfies`: `OrderCodec` of
   * `const OrderCodec = codecFor<...>()` or of `{ OrderCodec: codecFor<...>() }`; undefined elsewhere.
   */
  declaredName(call: CallNode): string | undefined {
    let node: SyntaxNode = call;
    while (
      node.parent &&
      (this.is(node.parent, "ParenthesizedExpression") ||
        this.is(node.parent, "AsExpression") ||
        this.is(node.parent, "SatisfiesExpression"))
    )
      node = node.parent;
    const holder = node.parent;
    if (!(this.is(holder, "VariableDeclaration") || this.is(holder, "PropertyAssignment"))) return undefined;
    const { name, initializer } = holder as VariableDeclarationNode;
    return initializer === node && this.isIdentifier(name) ? name.text : undefined;
  }

  /** Declarations and types, which no codecFor call can be inside: most of a types-only file, not walked. */
  holdsNoCalls(node: SyntaxNode): boolean {
    // ExpressionWithTypeArguments counts as a type node but holds an expression (`class A extends f(x)`).
    return (
      this.is(node, "InterfaceDeclaration") ||
      this.is(node, "TypeAliasDeclaration") ||
      this.is(node, "ImportDeclaration") ||
      (this.isTypeNode(node) && !this.is(node, "ExpressionWithTypeArguments"))
    );
  }

  /**
   * Without type information (transpile-only builds) calls cannot be resolved; a call whose callee
   * is spelled `codecFor` or `x.codecFor` with a type argument is then most likely ours, and must
   * fail the build rather than be left to throw at run time.
   */
  looksLikeCodecCall(call: CallNode): boolean {
    const callee = call.expression;
    const name = this.isIdentifier(callee)
      ? callee.text
      : this.is(callee, "PropertyAccessExpression")
        ? (callee as PropertyAccessNode).name.text
        : "";
    return name === "codecFor" && (call.typeArguments?.length ?? 0) > 0;
  }
}
