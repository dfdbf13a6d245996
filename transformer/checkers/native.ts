/**
 * The type model's Checker (model/checker.ts) over TypeScript 7's API (`typescript/sync`, in 7.0
 * `typescript/unstable/sync`), which runs the native checker in a child process and answers each
 * query over IPC (about 0.1 ms a round trip). So this adapter asks each question once and keeps
 * the answer (types and symbols are the same objects for the life of a snapshot), asks for the
 * types of all of a type's properties in one request, and answers from the objects' own fields
 * what needs no request (flags, literal values, names, declarations' files and their order).
 */
import {
  OBJECT,
  SYMBOL,
  TYPE,
  type Checker,
  type Declaration,
  type IndexInfo,
  type Sym,
  type Type,
} from "../model/checker.js";
import { SENTINEL_EXPORT } from "../recognize/program-view.js";
import type { SyntaxFile, SyntaxNode } from "../recognize/syntax.js";
import type { NativeNode, NativeProject, NativeSymbol, NativeType } from "./native-api.js";

const asType = (t: NativeType) => t as unknown as Type;
const asTypes = (ts: readonly NativeType[]) => ts as unknown as readonly Type[];
const native = (t: Type) => t as unknown as NativeType;
const asSym = (s: NativeSymbol) => s as unknown as Sym;
const nativeSym = (s: Sym) => s as unknown as NativeSymbol;

/**
 * A union of `members` that the checker has no object for (`type` without its missing member): its
 * members and flags are answered here, its text is its members'.
 */
function syntheticUnion(type: NativeType, members: readonly NativeType[], project: NativeProject): NativeType {
  const union: NativeType = {
    ...type,
    flags: type.flags,
    objectFlags: 0,
    aliasSymbol: undefined,
    aliasTypeArguments: [],
    getSymbol: () => undefined,
    getAliasSymbol: () => undefined,
    getAliasTypeArguments: () => [],
    getTypes: () => members,
    getTarget: () => union,
    isErrorType: () => false,
  };
  synthetic.set(union, () => members.map((m) => project.checker.typeToString(m)).join(" | "));
  return union;
}

/** How a synthetic union is written (typeToString cannot ask the checker about it). */
const synthetic = new WeakMap<NativeType, () => string>();

/** ObjectFlags.CouldContainTypeVariables: set on a type that mentions a type parameter. */
const COULD_CONTAIN_TYPE_VARIABLES = 1 << 20;
/** SymbolFlags.Alias. */
export const SYMBOL_ALIAS = 2097152;
/** SignatureKind.Call and .Construct. */
const SIGNATURE_KINDS = [0, 1];

/** A query's answer per handle, asked once. */
export function memo<K extends object, V>(ask: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = ask(key);
    known.set(key, value);
    return value;
  };
}

export class NativeChecker implements Checker {
  private readonly project: NativeProject;
  private readonly typeOfSymbol = new WeakMap<NativeSymbol, NativeType>();
  private readonly origins = new Map<string, Declaration["origin"]>();
  private readonly sentinelFiles = new Map<string, boolean>();

  constructor(project: NativeProject) {
    this.project = project;
  }

  flags(type: Type): number {
    return native(type).flags;
  }

  objectFlags(type: Type): number {
    const t = native(type);
    return t.flags & TYPE.Object ? t.objectFlags : 0;
  }

  literalValue(type: Type): string | number | boolean | undefined {
    const t = native(type);
    // 7.0 gives a boolean literal's value; older builds only its intrinsic name.
    if (t.flags & TYPE.BooleanLiteral) return typeof t.value === "boolean" ? t.value : t.intrinsicName === "true";
    if (t.flags & (TYPE.StringLiteral | TYPE.NumberLiteral)) return t.value as string | number;
    return undefined;
  }

  enumOf(type: Type): Type | undefined {
    const t = native(type);
    if (!(t.flags & TYPE.EnumLiteral) || !(t.flags & TYPE.NumberLiteral)) return undefined;
    const base = this.baseOfLiteral(t);
    return base && asType(base);
  }

  private readonly baseOfLiteral = memo((t: NativeType) => this.project.checker.getBaseTypeOfLiteralType(t));

  isError(type: Type): boolean {
    return native(type).isErrorType();
  }

  symbol(type: Type): Sym | undefined {
    const symbol = this.symbolOf(native(type));
    return symbol && asSym(symbol);
  }

  private readonly symbolOf = memo((t: NativeType) => (t.symbol ? t.getSymbol() : undefined));

  aliasSymbol(type: Type): Sym | undefined {
    const t = native(type);
    const symbol = t.aliasSymbol ? t.getAliasSymbol() : undefined;
    return symbol && asSym(symbol);
  }

  aliasTypeArguments(type: Type): readonly Type[] {
    const t = native(type);
    return t.aliasTypeArguments.length > 0 ? asTypes(this.aliasArguments(t)) : [];
  }

  private readonly aliasArguments = memo((t: NativeType) => t.getAliasTypeArguments());

  constituents(type: Type): readonly Type[] {
    return asTypes(this.typesOfType(native(type)));
  }

  private readonly typesOfType = memo((t: NativeType) => t.getTypes() ?? []);

  templateTexts(type: Type): readonly string[] {
    return native(type).texts ?? [];
  }

  typeArguments(type: Type): readonly Type[] {
    const t = native(type);
    return t.flags & TYPE.Object && t.objectFlags & OBJECT.Reference ? asTypes(this.argumentsOf(t)) : [];
  }

  private readonly argumentsOf = memo((t: NativeType) => this.project.checker.getTypeArguments(t));

  tupleElementFlags(type: Type): readonly number[] {
    return this.targetOf(native(type)).elementFlags ?? [];
  }

  private readonly targetOf = memo((t: NativeType) => (t.target ? t.getTarget() : t));

  isArray(type: Type): boolean {
    // Only references are arrays: no request for an interface or a type literal.
    const t = native(type);
    return t.flags & TYPE.Object && t.objectFlags & OBJECT.Reference
      ? this.byTarget(this.arrays, t, "isArrayType")
      : false;
  }

  /**
   * Whether a reference is an array (tuple) type depends on its target alone (Array or
   * ReadonlyArray; the tuple's shape): asked once per target, not once per element type.
   */
  private byTarget(known: Map<number, boolean>, t: NativeType, ask: "isArrayType" | "isTupleType"): boolean {
    if (!t.target) return this.project.checker[ask](t);
    let answer = known.get(t.target);
    if (answer === undefined) known.set(t.target, (answer = this.project.checker[ask](t)));
    return answer;
  }

  private readonly arrays = new Map<number, boolean>();
  private readonly tuples = new Map<number, boolean>();

  isTuple(type: Type): boolean {
    const t = native(type);
    return t.flags & TYPE.Object && t.objectFlags & OBJECT.Reference
      ? this.byTarget(this.tuples, t, "isTupleType")
      : false;
  }

  baseTypes(type: Type): readonly Type[] {
    const t = native(type);
    if (!(t.flags & TYPE.Object)) return [];
    const target = t.objectFlags & OBJECT.Reference ? this.targetOf(t) : t;
    if (!(target.objectFlags & (OBJECT.Class | OBJECT.Interface))) return [];
    // Declared without `extends`/`implements`: no base types, and no request.
    if (this.declaredMembers(t)?.heritage === false) return [];
    return asTypes(this.basesOf(target));
  }

  private readonly basesOf = memo((t: NativeType) => this.project.checker.getBaseTypes(t));

  properties(type: Type): readonly Sym[] {
    return this.propertiesOf(native(type)) as unknown as readonly Sym[];
  }

  private readonly propertiesOf = memo((t: NativeType) =>
    t.flags & (TYPE.Object | TYPE.Intersection | TYPE.Union) ? this.project.checker.getPropertiesOfType(t) : [],
  );

  typesOf(symbols: readonly Sym[]): readonly Type[] {
    const wanted = symbols.map(nativeSym).filter((s) => !this.typeOfSymbol.has(s));
    if (wanted.length > 0) {
      const types = this.project.checker.getTypeOfSymbol(wanted);
      wanted.forEach((s, i) => this.typeOfSymbol.set(s, this.withoutMissing(s, types[i]!)));
    }
    return symbols.map((s) => asType(this.typeOfSymbol.get(nativeSym(s))!));
  }

  /**
   * Under exactOptionalPropertyTypes, TypeScript 7 gives an optional property's type with the
   * checker's "missing" type in it (an `undefined` that is not `undefined`: `note?: string` is
   * `string | missing`), where TypeScript 6 gives the declared type (`string`). The model reads
   * the declared type, so the missing member goes: a union of the rest, or the one left.
   */
  private withoutMissing(symbol: NativeSymbol, type: NativeType): NativeType {
    if (!(symbol.flags & SYMBOL.Optional) || !(type.flags & TYPE.Union)) return type;
    if (this.project.compilerOptions.exactOptionalPropertyTypes !== true) return type;
    const undefinedType = (this.undefinedType ??= this.project.checker.getUndefinedType());
    const members = this.typesOfType(type);
    const kept = members.filter((m) => !(m.flags & TYPE.Undefined) || m === undefinedType);
    if (kept.length === members.length) return type;
    if (kept.length === 1) return kept[0]!;
    let union = this.unionsWithoutMissing.get(type);
    if (!union) this.unionsWithoutMissing.set(type, (union = syntheticUnion(type, kept, this.project)));
    return union;
  }

  private undefinedType: NativeType | undefined;
  private readonly unionsWithoutMissing = new WeakMap<NativeType, NativeType>();

  property(type: Type, name: string): Sym | undefined {
    const symbol = this.propertiesOf(native(type)).find((p) => p.name === name);
    return symbol && asSym(symbol);
  }

  indexInfos(type: Type): readonly IndexInfo[] {
    const t = native(type);
    const declared = this.declaredMembers(t);
    if (declared && !declared.heritage && !declared.index) return [];
    return this.indexInfosOf(t);
  }

  private readonly indexInfosOf = memo((t: NativeType): readonly IndexInfo[] =>
    t.flags & (TYPE.Object | TYPE.Intersection)
      ? this.project.checker
          .getIndexInfosOfType(t)
          .map((info) => ({ key: asType(info.keyType), value: asType(info.valueType) }))
      : [],
  );

  hasSignatures(type: Type): boolean {
    const t = native(type);
    const declared = this.declaredMembers(t);
    if (declared && !declared.heritage) return declared.signatures;
    return this.signatures(t);
  }

  /**
   * What the declarations of an object type's symbol say of its members, when they say all of it:
   * interfaces, type literals and classes of the project or its libraries (not TypeScript's lib),
   * read from their syntax, so that a type without call, construct or index signatures and
   * without bases costs no request for those. Undefined when the syntax cannot tell.
   */
  private declaredMembers(t: NativeType): { heritage: boolean; index: boolean; signatures: boolean } | undefined {
    if (
      !(t.flags & TYPE.Object) ||
      t.aliasSymbol ||
      !(t.objectFlags & (OBJECT.Class | OBJECT.Interface | OBJECT.Reference | OBJECT.Anonymous))
    )
      return undefined;
    const symbol = this.symbolOf(t);
    if (!symbol) return undefined;
    return this.membersOfSymbol(symbol);
  }

  private readonly membersOfSymbol = memo((s: NativeSymbol) => {
    const kinds = this.project.syntaxKind;
    const shapes = [kinds.InterfaceDeclaration, kinds.TypeLiteral, kinds.ClassDeclaration];
    if (s.declarations.length === 0 || s.declarations.some((d) => !shapes.includes(d.kind))) return undefined;
    if (s.declarations.some((d) => this.originOf(d.path) === "lib")) return undefined;
    const out = { heritage: false, index: false, signatures: false };
    for (const handle of s.declarations) {
      const node = handle.resolve() as
        | (NativeNode & { members?: readonly NativeNode[]; heritageClauses?: readonly NativeNode[] })
        | undefined;
      if (!node?.members) return undefined;
      if ((node.heritageClauses?.length ?? 0) > 0) out.heritage = true;
      for (const member of node.members) {
        if (member.kind === kinds.IndexSignature) out.index = true;
        // A class's instances cannot be called: only its interface-like declarations' signatures count.
        if (
          (member.kind === kinds.CallSignature || member.kind === kinds.ConstructSignature) &&
          handle.kind !== kinds.ClassDeclaration
        )
          out.signatures = true;
      }
    }
    return out;
  });

  private readonly signatures = memo((t: NativeType) =>
    SIGNATURE_KINDS.some((kind) => this.project.checker.getSignaturesOfType(t, kind).length > 0),
  );

  isGenericMapped(type: Type): boolean {
    // The API does not show a mapped type's constraint; one over a type parameter mentions it, and
    // has neither properties nor index signatures until the parameter is known.
    const t = native(type);
    if (!(t.flags & TYPE.Object) || !(t.objectFlags & OBJECT.Mapped)) return false;
    if (!(t.objectFlags & COULD_CONTAIN_TYPE_VARIABLES)) return false;
    return this.propertiesOf(t).length === 0 && this.indexInfosOf(t).length === 0;
  }

  typeToString(type: Type): string {
    return this.text(native(type));
  }

  private readonly text = memo((t: NativeType) => synthetic.get(t)?.() ?? this.project.checker.typeToString(t));

  symbolName(symbol: Sym): string {
    return nativeSym(symbol).name;
  }

  symbolFlags(symbol: Sym): number {
    return nativeSym(symbol).flags;
  }

  declarations(symbol: Sym): readonly Declaration[] {
    return this.declarationsOf(nativeSym(symbol));
  }

  private readonly declarationsOf = memo((s: NativeSymbol): readonly Declaration[] =>
    s.declarations.map((handle) => {
      const checker = this;
      const fileName = handle.path;
      // The node, fetched with its file only when a modifier or a written type is asked for.
      let node: ReturnType<typeof handle.resolve> | null = null;
      const resolved = () => (node ??= handle.resolve() ?? undefined);
      return {
        fileName,
        // The handle's index orders one file's nodes as the source does (a parent before its children).
        pos: handle.index,
        get origin() {
          return checker.originOf(fileName);
        },
        get modifiers() {
          return resolved()?.modifierFlags ?? 0;
        },
        get method() {
          return handle.kind === checker.syntax.MethodSignature || handle.kind === checker.syntax.MethodDeclaration;
        },
        get typeText() {
          return resolved()?.type?.getText();
        },
        location() {
          const node = resolved() as unknown as (SyntaxNode & { name?: SyntaxNode }) | undefined;
          if (!node) return undefined;
          const named = node.name ?? node;
          const file = (named as unknown as { getSourceFile(): SyntaxFile }).getSourceFile();
          const start = named.getStart();
          const { line, character } = file.getLineAndCharacterOfPosition(start);
          return { fileName, start, length: named.end - start, line: line + 1, column: character + 1 };
        },
      };
    }),
  );

  /** SyntaxKind numbers of the loaded TypeScript (they differ between 7.0 and 7.1). */
  private get syntax(): Readonly<Record<string, number>> {
    return this.project.syntaxKind;
  }

  private originOf(fileName: string): Declaration["origin"] {
    let origin = this.origins.get(fileName);
    if (origin === undefined) {
      const metadata = this.project.program.getSourceFileMetadata(fileName);
      origin = metadata?.isDefaultLibrary ? "lib" : metadata?.isFromExternalLibrary ? "library" : "project";
      this.origins.set(fileName, origin);
    }
    return origin;
  }

  declaresSentinel(fileName: string): boolean {
    let known = this.sentinelFiles.get(fileName);
    if (known === undefined) {
      const file = this.project.program.getSourceFile(fileName);
      const moduleSymbol = file && this.project.checker.getSymbolAtLocation(file);
      known =
        moduleSymbol !== undefined &&
        this.project.checker
          .getExportsOfModule(moduleSymbol)
          .some((e) => e.name === SENTINEL_EXPORT && e.declarations.some((d) => d.path === fileName));
      this.sentinelFiles.set(fileName, known);
    }
    return known;
  }
}
