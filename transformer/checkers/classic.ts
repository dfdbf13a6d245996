/**
 * The type model's Checker (model/checker.ts) over TypeScript 4.9-6's own `ts.TypeChecker`, in
 * process: the compiler plugin, ts-jest, ts-node, ts-loader, and the build tools in projects on
 * those versions. Handles are the checker's own types and symbols.
 */
import ts from "typescript";
import {
  MODIFIER,
  TYPE,
  type Checker,
  type Declaration,
  type IndexInfo,
  type Sym,
  type Type,
} from "../model/checker.js";
import { declaresSentinel, isCodecCall } from "../recognize/is-codec-call.js";
import type { CompileError, ProgramView } from "../recognize/program-view.js";
import {
  Syntax,
  type CallNode,
  type Kinds,
  type NamedNode,
  type SyntaxFile,
  type SyntaxNode,
} from "../recognize/syntax.js";

const asType = (t: ts.Type) => t as unknown as Type;
const asTypes = (ts: readonly ts.Type[]) => ts as unknown as readonly Type[];
const tsType = (t: Type) => t as unknown as ts.Type;
const asSym = (s: ts.Symbol) => s as unknown as Sym;
const tsSym = (s: Sym) => s as unknown as ts.Symbol;

export class ClassicChecker implements Checker {
  readonly program: ts.Program;
  private readonly location: ts.Node;
  private readonly checker: ts.TypeChecker;
  private readonly typeFlags = flagTranslation(ts.TypeFlags, TYPE);
  private readonly modifierFlags = flagTranslation(ts.ModifierFlags, MODIFIER);
  private readonly sentinelFiles = new Map<string, boolean>();

  /** `location`: where property types are read (the file being compiled). */
  constructor(program: ts.Program, location: ts.Node) {
    this.program = program;
    this.location = location;
    this.checker = program.getTypeChecker();
  }

  flags(type: Type): number {
    return this.typeFlags(tsType(type).flags);
  }

  objectFlags(type: Type): number {
    const t = tsType(type);
    return t.flags & ts.TypeFlags.Object ? (t as ts.ObjectType).objectFlags : 0;
  }

  literalValue(type: Type): string | number | boolean | undefined {
    const t = tsType(type);
    if (t.flags & ts.TypeFlags.BooleanLiteral) return (t as { intrinsicName?: string }).intrinsicName === "true";
    if (t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral))
      return (t as ts.LiteralType).value as string | number;
    return undefined;
  }

  enumOf(type: Type): Type | undefined {
    const t = tsType(type);
    if (!(t.flags & ts.TypeFlags.EnumLiteral) || !(t.flags & ts.TypeFlags.NumberLiteral)) return undefined;
    return asType(this.checker.getBaseTypeOfLiteralType(t));
  }

  isError(type: Type): boolean {
    return (tsType(type) as { intrinsicName?: string }).intrinsicName === "error";
  }

  symbol(type: Type): Sym | undefined {
    const symbol = tsType(type).getSymbol();
    return symbol && asSym(symbol);
  }

  aliasSymbol(type: Type): Sym | undefined {
    const symbol = tsType(type).aliasSymbol;
    return symbol && asSym(symbol);
  }

  aliasTypeArguments(type: Type): readonly Type[] {
    return asTypes(tsType(type).aliasTypeArguments ?? []);
  }

  constituents(type: Type): readonly Type[] {
    const t = tsType(type);
    return asTypes(
      t.flags & (ts.TypeFlags.UnionOrIntersection | ts.TypeFlags.TemplateLiteral) ? (t as ts.UnionType).types : [],
    );
  }

  templateTexts(type: Type): readonly string[] {
    return (tsType(type) as ts.TemplateLiteralType).texts ?? [];
  }

  typeArguments(type: Type): readonly Type[] {
    const t = tsType(type);
    const reference = t.flags & ts.TypeFlags.Object && (t as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference;
    return reference ? asTypes(this.checker.getTypeArguments(t as ts.TypeReference)) : [];
  }

  tupleElementFlags(type: Type): readonly number[] {
    return ((tsType(type) as ts.TypeReference).target as ts.TupleType).elementFlags;
  }

  isArray(type: Type): boolean {
    // Public from TypeScript 5.0; 4.9 has it too, just not in its .d.ts.
    return (this.checker as { isArrayType(t: ts.Type): boolean }).isArrayType(tsType(type));
  }

  isTuple(type: Type): boolean {
    return (this.checker as { isTupleType(t: ts.Type): boolean }).isTupleType(tsType(type));
  }

  baseTypes(type: Type): readonly Type[] {
    const t = tsType(type);
    if (!(t.flags & ts.TypeFlags.Object)) return [];
    const target = (t as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference ? (t as ts.TypeReference).target : t;
    if (!((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface)) return [];
    return asTypes(this.checker.getBaseTypes(target as ts.InterfaceType));
  }

  properties(type: Type): readonly Sym[] {
    return this.checker.getPropertiesOfType(tsType(type)) as unknown as readonly Sym[];
  }

  typesOf(symbols: readonly Sym[]): readonly Type[] {
    return symbols.map((s) => asType(this.checker.getTypeOfSymbolAtLocation(tsSym(s), this.location)));
  }

  property(type: Type, name: string): Sym | undefined {
    const symbol = tsType(type).getProperty(name);
    return symbol && asSym(symbol);
  }

  indexInfos(type: Type): readonly IndexInfo[] {
    return this.checker
      .getIndexInfosOfType(tsType(type))
      .map((info) => ({ key: asType(info.keyType), value: asType(info.type) }));
  }

  hasSignatures(type: Type): boolean {
    const t = tsType(type);
    return (
      this.checker.getSignaturesOfType(t, ts.SignatureKind.Call).length > 0 ||
      this.checker.getSignaturesOfType(t, ts.SignatureKind.Construct).length > 0
    );
  }

  isGenericMapped(type: Type): boolean {
    const t = tsType(type);
    if (!(t.flags & ts.TypeFlags.Object) || !((t as ts.ObjectType).objectFlags & ts.ObjectFlags.Mapped)) return false;
    // Read after the checker resolved the mapped type's members.
    this.checker.getPropertiesOfType(t);
    const constraint = (t as { constraintType?: ts.Type }).constraintType;
    const F = ts.TypeFlags;
    const generic = F.TypeParameter | F.Index | F.IndexedAccess | F.Conditional | F.Substitution;
    return constraint !== undefined && (constraint.flags & generic) !== 0;
  }

  typeToString(type: Type): string {
    return this.checker.typeToString(tsType(type));
  }

  symbolName(symbol: Sym): string {
    return tsSym(symbol).getName();
  }

  symbolFlags(symbol: Sym): number {
    return tsSym(symbol).flags;
  }

  declarations(symbol: Sym): readonly Declaration[] {
    return (tsSym(symbol).getDeclarations() ?? []).map((d) => {
      const file = d.getSourceFile();
      const origin = this.program.isSourceFileDefaultLibrary(file)
        ? "lib"
        : this.program.isSourceFileFromExternalLibrary(file)
          ? "library"
          : "project";
      const typeNode = (d as { type?: ts.Node }).type;
      return {
        fileName: file.fileName,
        pos: d.pos,
        origin,
        modifiers: this.modifierFlags(ts.getCombinedModifierFlags(d)),
        method: ts.isMethodSignature(d) || ts.isMethodDeclaration(d),
        typeText: typeNode?.getText(file),
        location: () => {
          const named = (d as { name?: ts.Node }).name ?? d;
          const start = named.getStart(file);
          const { line, character } = file.getLineAndCharacterOfPosition(start);
          return {
            fileName: file.fileName,
            start,
            length: named.getEnd() - start,
            line: line + 1,
            column: character + 1,
          };
        },
      };
    });
  }

  declaresSentinel(fileName: string): boolean {
    let known = this.sentinelFiles.get(fileName);
    if (known === undefined) {
      const file = this.program.getSourceFile(fileName);
      known = file !== undefined && declaresSentinel(file, this.checker);
      this.sentinelFiles.set(fileName, known);
    }
    return known;
  }
}

const views = new WeakMap<ts.Program, ClassicProgram>();

/** A TypeScript 4.9-6 program as the build tools read it (recognize/program-view.ts). */
export class ClassicProgram implements ProgramView {
  readonly program: ts.Program;
  readonly checker: ClassicChecker;
  readonly syntax = new Syntax(ts.SyntaxKind as unknown as Kinds);
  readonly extensionsRequired: boolean;
  readonly strictNullChecks: boolean;

  /** One view per program, so that what it computes once (linkable codecs) is shared by its files. */
  static of(program: ts.Program): ClassicProgram {
    let view = views.get(program);
    if (!view) views.set(program, (view = new ClassicProgram(program)));
    return view;
  }

  private constructor(program: ts.Program) {
    this.program = program;
    const files = program.getSourceFiles();
    this.checker = new ClassicChecker(program, files[files.length - 1] ?? program.getSourceFiles()[0]!);
    const options = program.getCompilerOptions();
    const resolution = options.moduleResolution;
    const module = options.module ?? 0;
    const nodeResolution =
      resolution === ts.ModuleResolutionKind.Node16 || resolution === ts.ModuleResolutionKind.NodeNext;
    // node16 .. nodenext imply their resolution.
    this.extensionsRequired = nodeResolution || (resolution === undefined && module >= 100 && module <= 199);
    this.strictNullChecks = (options.strictNullChecks ?? options.strict) === true;
  }

  sourceFile(fileName: string): SyntaxFile | undefined {
    return this.program.getSourceFile(fileName) as unknown as SyntaxFile | undefined;
  }

  ownFiles(): readonly SyntaxFile[] {
    return this.program
      .getSourceFiles()
      .filter(
        (f) => !f.isDeclarationFile && !this.program.isSourceFileFromExternalLibrary(f),
      ) as unknown as SyntaxFile[];
  }

  compileErrors(file: SyntaxFile): readonly CompileError[] {
    const source = file as unknown as ts.SourceFile;
    return [...this.program.getSyntacticDiagnostics(source), ...this.program.getSemanticDiagnostics(source)]
      .filter((d) => d.category === ts.DiagnosticCategory.Error && d.file !== undefined && d.start !== undefined)
      .map((d) => ({
        fileName: d.file!.fileName,
        start: d.start!,
        length: d.length ?? 0,
        code: d.code,
        message: typeof d.messageText === "string" ? d.messageText : d.messageText.messageText,
      }));
  }

  isCodecCall(call: CallNode): boolean {
    return isCodecCall(call as unknown as ts.CallExpression, this.program.getTypeChecker());
  }

  isMappingCall(call: CallNode, intrinsic = "wireMapping"): boolean {
    return isCodecCall(call as unknown as ts.CallExpression, this.program.getTypeChecker(), intrinsic);
  }

  namesOnlyModuleScope(typeNode: SyntaxNode): boolean {
    const checker = this.program.getTypeChecker();
    return this.syntax.namesOnlyModuleScope(typeNode, (ids) =>
      ids.map(
        (id) => (checker.getSymbolAtLocation(id as unknown as ts.Node)?.declarations ?? []) as unknown as SyntaxNode[],
      ),
    );
  }

  exportedName(name: NamedNode): string | undefined {
    const checker = this.program.getTypeChecker();
    const id = name as unknown as ts.Identifier;
    const symbol = checker.getSymbolAtLocation(id);
    const moduleSymbol = checker.getSymbolAtLocation(id.getSourceFile());
    if (!symbol || !moduleSymbol) return undefined;
    const own = new Set([symbol, checker.getExportSymbolOfSymbol(symbol)]);
    const exports = checker.getExportsOfModule(moduleSymbol);
    const direct = exports.find((e) => own.has(e));
    if (direct) return direct.name;
    return exports.find((e) => (e.flags & ts.SymbolFlags.Alias) !== 0 && own.has(checker.getAliasedSymbol(e)))?.name;
  }

  typeOf(typeNode: SyntaxNode): Type {
    return asType(this.program.getTypeChecker().getTypeFromTypeNode(typeNode as unknown as ts.TypeNode));
  }
}

/**
 * Flags of the loaded TypeScript in the numbering of `wanted` (TypeScript 6 and 7's): 4.9 and 5.x
 * number TypeFlags and ModifierFlags differently. Identity where the numbering is the same.
 */
function flagTranslation(
  loaded: Record<string, string | number>,
  wanted: Record<string, number>,
): (flags: number) => number {
  const pairs = Object.entries(wanted).map(([name, bit]): [number, number] => [Number(loaded[name]), bit]);
  if (pairs.every(([from, to]) => from === to)) return (flags) => flags;
  return (flags) => {
    let out = 0;
    for (const [from, to] of pairs) if (flags & from) out |= to;
    return out;
  };
}
