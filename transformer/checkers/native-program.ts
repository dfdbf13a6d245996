/**
 * A TypeScript 7 project as the build tools read it (recognize/program-view.ts): its files' syntax
 * and the checker (native.ts) through TypeScript 7's API. Each request is a round trip to the
 * checker's process, so what the pipeline asks of every codec call (is it ours, the type of its
 * argument, where the names in it are declared) is asked for all of a file's calls at once.
 */
import * as fs from "node:fs";
import type { Type } from "../model/checker.js";
import type { CompileError, ProgramView } from "../recognize/program-view.js";
import { Syntax, type CallNode, type NamedNode, type SyntaxFile, type SyntaxNode } from "../recognize/syntax.js";
import type { NativeHandle, NativeNode, NativeProject, NativeSymbol, NativeType } from "./native-api.js";
import { memo, NativeChecker, SYMBOL_ALIAS } from "./native.js";

/** DiagnosticCategory.Error, as every version numbers it. */
const DIAGNOSTIC_ERROR = 1;

/** ModuleResolutionKind.Node16 and NodeNext; ModuleKind's node16 .. nodenext range, which implies them. */
const NODE_RESOLUTION = [3, 99];
const NODE_MODULES = [100, 199];

/** A TypeScript 7 project as the build tools read it (recognize/program-view.ts). */
export class NativeProgram implements ProgramView {
  readonly project: NativeProject;
  readonly checker: NativeChecker;
  readonly syntax: Syntax;
  readonly extensionsRequired: boolean;
  readonly strictNullChecks: boolean;
  private own: readonly SyntaxFile[] | undefined;

  constructor(project: NativeProject) {
    this.project = project;
    this.checker = new NativeChecker(project);
    this.syntax = new Syntax(project.syntaxKind);
    const options = project.compilerOptions;
    const resolution = options.moduleResolution as number | undefined;
    const module = (options.module as number | undefined) ?? 0;
    this.extensionsRequired =
      (resolution !== undefined && NODE_RESOLUTION.includes(resolution)) ||
      (resolution === undefined && module >= NODE_MODULES[0]! && module <= NODE_MODULES[1]!);
    this.strictNullChecks = ((options.strictNullChecks ?? options.strict) as boolean | undefined) === true;
  }

  sourceFile(fileName: string): SyntaxFile | undefined {
    return this.project.program.getSourceFile(fileName) as unknown as SyntaxFile | undefined;
  }

  ownFiles(): readonly SyntaxFile[] {
    // Fetched from the checker only if they mention codecFor on disk: each file is a round trip.
    this.own ??= this.project.program
      .getSourceFileNames()
      .filter((name) => !/\.d\.[mc]?ts$/.test(name) && !name.includes("/node_modules/") && mentionsCodecFor(name))
      .flatMap((name) => {
        const file = this.sourceFile(name);
        return file ? [file] : [];
      });
    return this.own;
  }

  compileErrors(file: SyntaxFile): readonly CompileError[] {
    const program = this.project.program;
    return [...program.getSyntacticDiagnostics(file.fileName), ...program.getSemanticDiagnostics(file.fileName)]
      .filter((d) => d.category === DIAGNOSTIC_ERROR && d.fileName !== undefined)
      .map((d) => ({ fileName: d.fileName!, start: d.pos, length: d.end - d.pos, code: d.code, message: d.text }));
  }

  isCodecCall(call: CallNode): boolean {
    let known = this.decided.get(call);
    if (known === undefined) {
      const declaration = this.project.checker.getResolvedSignature(call as unknown as NativeNode)?.declaration;
      known = declaration?.kind === this.project.syntaxKind.FunctionDeclaration && this.declaresCodecFor(declaration!);
      this.decided.set(call, known);
    }
    return known;
  }

  /** Asked once per call: links (recognize/links.ts) and the pipeline both ask. */
  private readonly decided = new WeakMap<CallNode, boolean>();

  isMappingCall(call: CallNode, intrinsic = "wireMapping"): boolean {
    const declaration = this.project.checker.getResolvedSignature(call as unknown as NativeNode)?.declaration;
    return (
      declaration?.kind === this.project.syntaxKind.FunctionDeclaration &&
      this.declaresCodecFor(declaration!, intrinsic)
    );
  }

  /** The function declaration `codecFor` (or another `intrinsic`) of the module with the sentinel export. */
  private declaresCodecFor(declaration: NativeHandle, intrinsic = "codecFor"): boolean {
    const node = declaration.resolve() as unknown as { name?: NamedNode } | undefined;
    return node?.name?.text === intrinsic && this.checker.declaresSentinel(declaration.path);
  }

  /**
   * One request for the symbols of all the calls' callees: a callee that names a function (through
   * imports) is that function's call, as the resolved signature would say; any other callee (a
   * variable holding codecFor) is left to getResolvedSignature. Then one request for the types of
   * the type arguments of the codec calls, and one for the symbols of the names in them.
   */
  prepareCalls(calls: readonly CallNode[]): void {
    const checker = this.project.checker;
    const callees = calls.map((call) => this.calleeName(call));
    const pending = calls.filter((call, i) => callees[i] !== undefined && !this.decided.has(call));
    if (pending.length > 0) {
      const symbols = checker.getSymbolAtLocation(pending.map((call) => this.calleeName(call)!));
      pending.forEach((call, i) => {
        const symbol = symbols[i];
        const target = symbol && (symbol.flags & SYMBOL_ALIAS ? this.aliased(symbol) : symbol);
        const declarations = target?.declarations ?? [];
        if (
          declarations.length === 0 ||
          declarations.some((d) => d.kind !== this.project.syntaxKind.FunctionDeclaration)
        )
          return;
        this.decided.set(
          call,
          declarations.some((d) => this.declaresCodecFor(d)),
        );
      });
    }
    const typeNodes = calls
      .filter((call) => call.typeArguments?.length === 1 && this.isCodecCall(call))
      .map((call) => call.typeArguments![0]!);
    const untyped = typeNodes.filter((node) => !this.typeOfNode.has(node));
    if (untyped.length > 0) {
      const types = checker.getTypeAtLocation(untyped as unknown as NativeNode[]);
      untyped.forEach((node, i) => {
        const type = types[i];
        if (type) this.typeOfNode.set(node, type);
      });
    }
    const ids = typeNodes.flatMap((node) => this.syntax.identifiersIn(node)).filter((id) => !this.namedBy.has(id));
    if (ids.length > 0) this.declarationsOfIds(ids);
  }

  /** The name a call's callee ends in (`codecFor`, `tm.codecFor`), whose symbol says what is called. */
  private calleeName(call: CallNode): SyntaxNode | undefined {
    const callee = this.syntax.unwrap(call.expression);
    if (this.syntax.isIdentifier(callee)) return callee;
    if (this.syntax.is(callee, "PropertyAccessExpression")) return (callee as unknown as { name: SyntaxNode }).name;
    return undefined;
  }

  private readonly aliased = memo((symbol: NativeSymbol) => this.project.checker.getAliasedSymbol(symbol));

  namesOnlyModuleScope(typeNode: SyntaxNode): boolean {
    return this.syntax.namesOnlyModuleScope(typeNode, (ids) => {
      const missing = ids.filter((id) => !this.namedBy.has(id));
      if (missing.length > 0) this.declarationsOfIds(missing);
      return ids.map((id) => this.namedBy.get(id)!);
    });
  }

  /** The declarations each identifier names, in one request. */
  private declarationsOfIds(ids: readonly SyntaxNode[]): void {
    const symbols = this.project.checker.getSymbolAtLocation(ids as unknown as NativeNode[]);
    ids.forEach((id, i) => {
      const declarations = (symbols[i]?.declarations ?? []).map((d) => d.resolve()).filter((d) => d !== undefined);
      this.namedBy.set(id, declarations as unknown as SyntaxNode[]);
    });
  }

  private readonly namedBy = new WeakMap<SyntaxNode, SyntaxNode[]>();

  exportedName(name: NamedNode): string | undefined {
    const checker = this.project.checker;
    const symbol = checker.getSymbolAtLocation(name as unknown as NativeNode);
    const file = this.sourceFile((name as unknown as { getSourceFile(): SyntaxFile }).getSourceFile().fileName);
    const moduleSymbol = file && checker.getSymbolAtLocation(file as unknown as NativeNode);
    if (!symbol || !moduleSymbol) return undefined;
    const own = new Set([symbol, symbol.getExportSymbol()]);
    const exports = checker.getExportsOfModule(moduleSymbol);
    const direct = exports.find((e) => own.has(e));
    if (direct) return direct.name;
    return exports.find((e) => (e.flags & SYMBOL_ALIAS) !== 0 && own.has(checker.getAliasedSymbol(e)))?.name;
  }

  typeOf(typeNode: SyntaxNode): Type {
    let type = this.typeOfNode.get(typeNode);
    if (!type) {
      type = this.project.checker.getTypeFromTypeNode(typeNode as unknown as NativeNode);
      if (type) this.typeOfNode.set(typeNode, type);
    }
    return type as unknown as Type;
  }

  private readonly typeOfNode = new WeakMap<SyntaxNode, NativeType>();
}

/** A file that may call codecFor or wireMapping: it mentions one, and is not generate's output (which only names the codecs). */
function mentionsCodecFor(fileName: string): boolean {
  try {
    const text = fs.readFileSync(fileName, "utf8");
    return (
      (text.includes("codecFor") || text.includes("wireMapping") || text.includes("extensionMapping")) &&
      !text.startsWith("// Generated by typed-msgpack ")
    );
  } catch {
    return true;
  }
}
