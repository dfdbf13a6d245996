/**
 * TypeScript 7's API as the build tools use it: the parts of `typescript/sync` (7.1 on) or
 * `typescript/unstable/sync` (7.0) they call, typed here (the build compiles against TypeScript 6's
 * declarations), and one session over a project that follows its edits. 7.0 and 7.1 name the same
 * steps differently (7.0: `api.updateSnapshot`; 7.1: `api.createSnapshot`, `snapshot.update` with
 * `ensurePrograms`); NativeSession hides that.
 */
import * as fs from "node:fs";
import * as path from "node:path";

export interface NativeNode {
  kind: number;
  pos: number;
  end: number;
  parent?: NativeNode;
  modifierFlags?: number;
  type?: NativeNode;
  getText(): string;
  getStart(): number;
  forEachChild<T>(visit: (child: NativeNode) => T | undefined): T | undefined;
}

export interface NativeSourceFile extends NativeNode {
  fileName: string;
  text: string;
  statements: readonly NativeNode[];
  getLineAndCharacterOfPosition(position: number): { line: number; character: number };
}

export interface NativeHandle {
  readonly path: string;
  readonly kind: number;
  readonly index: number;
  resolve(): NativeNode | undefined;
}

export interface NativeSymbol {
  readonly name: string;
  readonly flags: number;
  readonly declarations: readonly NativeHandle[];
  getExportSymbol(): NativeSymbol;
}

export interface NativeType {
  readonly id: number;
  readonly flags: number;
  readonly objectFlags: number;
  readonly value?: string | number | boolean;
  readonly intrinsicName?: string;
  readonly texts?: readonly string[];
  readonly symbol?: number;
  readonly aliasSymbol?: number;
  readonly target?: number;
  readonly aliasTypeArguments: readonly number[];
  readonly elementFlags?: readonly number[];
  getSymbol(): NativeSymbol | undefined;
  getAliasSymbol(): NativeSymbol | undefined;
  getAliasTypeArguments(): readonly NativeType[];
  getTypes(): readonly NativeType[] | undefined;
  getTarget(): NativeType;
  isErrorType(): boolean;
}

export interface NativeSignature {
  readonly declaration?: NativeHandle;
}

export interface NativeDiagnostic {
  fileName?: string;
  pos: number;
  end: number;
  code: number;
  category: number;
  text: string;
  messageChain?: NativeDiagnostic[];
}

export interface NativeTypeChecker {
  getTypeFromTypeNode(node: NativeNode): NativeType | undefined;
  getTypeAtLocation(nodes: readonly NativeNode[]): (NativeType | undefined)[];
  getSymbolAtLocation(node: NativeNode): NativeSymbol | undefined;
  getSymbolAtLocation(nodes: readonly NativeNode[]): (NativeSymbol | undefined)[];
  getResolvedSignature(node: NativeNode): NativeSignature | undefined;
  getAliasedSymbol(symbol: NativeSymbol): NativeSymbol;
  getExportsOfModule(symbol: NativeSymbol): readonly NativeSymbol[];
  getTypeArguments(type: NativeType): readonly NativeType[];
  isArrayType(type: NativeType): boolean;
  isTupleType(type: NativeType): boolean;
  getBaseTypes(type: NativeType): readonly NativeType[];
  getPropertiesOfType(type: NativeType): readonly NativeSymbol[];
  getTypeOfSymbol(symbols: readonly NativeSymbol[]): (NativeType | undefined)[];
  getIndexInfosOfType(type: NativeType): readonly { keyType: NativeType; valueType: NativeType }[];
  getSignaturesOfType(type: NativeType, kind: number): readonly NativeSignature[];
  typeToString(type: NativeType): string;
  getUndefinedType(): NativeType;
  /** The enum of an enum member's literal type (7.0 may answer undefined). */
  getBaseTypeOfLiteralType(type: NativeType): NativeType | undefined;
}

export interface NativeProgram {
  getSourceFile(fileName: string): NativeSourceFile | undefined;
  getSourceFileNames(): readonly string[];
  getSourceFileMetadata(fileName: string): { isDefaultLibrary: boolean; isFromExternalLibrary: boolean } | undefined;
  getCompilerOptions(): Record<string, unknown>;
  getSyntacticDiagnostics(file?: string): readonly NativeDiagnostic[];
  getSemanticDiagnostics(file?: string): readonly NativeDiagnostic[];
  getProgramDiagnostics(): readonly NativeDiagnostic[];
  getGlobalDiagnostics(): readonly NativeDiagnostic[];
  getConfigFileParsingDiagnostics(): readonly NativeDiagnostic[];
}

/** One project of one snapshot: its program and checker, and the syntax kinds of the loaded TypeScript. */
export interface NativeProject {
  configFileName: string;
  rootFiles: readonly string[];
  compilerOptions: Record<string, unknown>;
  program: NativeProgram;
  checker: NativeTypeChecker;
  syntaxKind: Record<string, number>;
}

interface ApiProject {
  configFileName: string;
  /** 7.0; 7.1 has `parsedCommandLine.fileNames`. */
  rootFiles?: readonly string[];
  parsedCommandLine?: { fileNames: readonly string[] };
  program: NativeProgram;
  checker: NativeTypeChecker;
}

interface ApiSnapshot {
  getProjects(): readonly ApiProject[];
  dispose(): void;
  update?(params: Record<string, unknown>): ApiSnapshot;
}

interface Api {
  getTimingInfo?(): { totals?: { requestCount: number } };
  updateSnapshot?(params: Record<string, unknown>): ApiSnapshot;
  createSnapshot?(params: Record<string, unknown>): ApiSnapshot;
  close(): void;
}

interface ApiModule {
  API: new (options: { cwd: string; collectTiming?: boolean }) => Api;
}

/** Where TypeScript 7 keeps its API, newest first: 7.1 dropped `unstable/`. */
const ENTRY_POINTS = [
  ["sync", "ast"],
  ["unstable/sync", "unstable/ast"],
] as const;

export interface NativeModules {
  version: string;
  api: ApiModule;
  syntaxKind: Record<string, number>;
}

/**
 * The API of the TypeScript 7 installed at `typescriptDir` (its package folder), or why it cannot
 * be used (a 7.x that has neither entry point). Its modules are ES modules, which `load` (Node's
 * require, 20.19 on) can load.
 */
export function loadNativeModules(
  typescriptDir: string,
  version: string,
  load: (file: string) => unknown = require,
): NativeModules | string {
  const manifest = JSON.parse(fs.readFileSync(path.join(typescriptDir, "package.json"), "utf8")) as {
    exports?: Record<string, unknown>;
  };
  for (const [sync, ast] of ENTRY_POINTS) {
    const api = exported(typescriptDir, manifest.exports, sync);
    const syntax = exported(typescriptDir, manifest.exports, ast);
    if (!api || !syntax) continue;
    const apiModule = load(api) as ApiModule;
    const syntaxModule = load(syntax) as { SyntaxKind: Record<string, number> };
    if (typeof apiModule.API !== "function" || typeof syntaxModule.SyntaxKind !== "object") continue;
    return { version, api: apiModule, syntaxKind: syntaxModule.SyntaxKind };
  }
  return `TypeScript ${version} has neither typescript/sync nor typescript/unstable/sync, the API the build tools use`;
}

/** The file a package's `exports` maps `./<entry>` to (a string, or a condition object's default). */
function exported(dir: string, exports: Record<string, unknown> | undefined, entry: string): string | undefined {
  let target = exports?.["./" + entry];
  while (target !== null && typeof target === "object")
    target = (target as Record<string, unknown>).require ?? (target as Record<string, unknown>).default;
  return typeof target === "string" ? path.join(dir, target) : undefined;
}

/** Edits since the last snapshot, as absolute file names. */
export interface FileChanges {
  changed?: string[];
  created?: string[];
  deleted?: string[];
}

/**
 * One TypeScript 7 process and its current snapshot of the projects opened in it. `update` hands the
 * checker the files that changed and makes a new snapshot; the old one is disposed, and with it
 * its types and symbols.
 */
export class NativeSession {
  private readonly api: Api;
  private snapshot: ApiSnapshot | undefined;
  private opened: string[] = [];
  readonly modules: NativeModules;
  private readonly countRequests: boolean;

  /** `countRequests`: keep a count of the requests to the process (`requestCount`), for `--verbose`. */
  constructor(modules: NativeModules, cwd: string, countRequests = false) {
    this.modules = modules;
    this.countRequests = countRequests;
    this.api = new modules.api.API(countRequests ? { cwd, collectTiming: true } : { cwd });
  }

  /** The requests made to the process so far; undefined unless the session counts them. */
  requestCount(): number | undefined {
    return this.countRequests ? this.api.getTimingInfo?.().totals?.requestCount : undefined;
  }

  /** A tsconfig as TypeScript reads it: its compiler options and its files. */
  parseConfig(configFile: string): { options: Record<string, unknown>; fileNames: string[] } {
    return (
      this.api as unknown as {
        parseConfigFile(file: string): { options: Record<string, unknown>; fileNames: string[] };
      }
    ).parseConfigFile(configFile);
  }

  /** Opens the projects of `configFiles` (tsconfig files) beside those already open; a new snapshot. */
  open(configFiles: readonly string[]): void {
    const fresh = configFiles.filter((f) => !this.opened.includes(f));
    if (fresh.length === 0 && this.snapshot) return;
    this.opened.push(...fresh);
    this.replace((previous) =>
      previous?.update
        ? previous.update({ openProjects: fresh, ensurePrograms: true })
        : this.api.createSnapshot
          ? this.api.createSnapshot({ openProjects: this.opened })
          : this.api.updateSnapshot!({ openProjects: fresh }),
    );
  }

  /** The project of `configFile` in the current snapshot. */
  project(configFile: string): NativeProject {
    const project = this.snapshot?.getProjects().find((p) => samePath(p.configFileName, configFile));
    if (!project)
      throw new Error(`typed-msgpack: TypeScript ${this.modules.version} opened no project for ${configFile}`);
    return {
      configFileName: project.configFileName,
      rootFiles: project.rootFiles ?? project.parsedCommandLine?.fileNames ?? [],
      compilerOptions: project.program.getCompilerOptions(),
      program: project.program,
      checker: project.checker,
      syntaxKind: this.modules.syntaxKind,
    };
  }

  /** Tells the checker which files changed on disk; a new snapshot. */
  update(changes: FileChanges): void {
    this.replace((previous) =>
      previous?.update
        ? previous.update({ fileNotifications: changes, ensurePrograms: true })
        : this.api.updateSnapshot!({ fileChanges: changes }),
    );
  }

  private replace(next: (previous: ApiSnapshot | undefined) => ApiSnapshot): void {
    const previous = this.snapshot;
    this.snapshot = next(previous);
    previous?.dispose();
  }

  close(): void {
    this.api.close();
  }
}

function samePath(a: string, b: string): boolean {
  return a === b || a.replace(/\\/g, "/").toLowerCase() === b.replace(/\\/g, "/").toLowerCase();
}
