/** The command on TypeScript 4.9-6: the project's own `typescript`, through its API in process (compiler.ts). */
import * as path from "node:path";
import ts from "typescript";
import { ClassicProgram } from "../checkers/classic.js";
import type { SyntaxFile } from "../recognize/syntax.js";
import {
  IGNORED_CODES,
  type Compiler,
  type Diagnostic,
  type ProjectConfig,
  type ProjectProgram,
  type WatchCallbacks,
} from "./compiler.js";

/** A tsconfig as read, with the options programs are made with. */
export interface ClassicConfig extends ProjectConfig {
  options: ts.CompilerOptions;
}

/** Without a tsconfig.json: what a current strict Node or bundler project would use. */
const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
};

export class ClassicCompiler implements Compiler {
  readonly version = ts.version;
  readonly noConfig: ClassicConfig = { options: DEFAULT_OPTIONS, fileNames: [], references: [], errors: [] };

  findConfig(dir: string): string | undefined {
    return ts.findConfigFile(dir, ts.sys.fileExists);
  }

  readConfig(configPath: string): ClassicConfig {
    const errors: ts.Diagnostic[] = [];
    const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => void errors.push(d) };
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
    if (!parsed) return { configPath, options: {}, fileNames: [], references: [], errors: errors.map(fromTs) };
    return {
      configPath,
      options: parsed.options,
      fileNames: parsed.fileNames.map((f) => path.resolve(f)),
      references: (parsed.projectReferences ?? []).map((r) => ts.resolveProjectReferencePath(r)),
      errors: [...errors, ...parsed.errors].map(fromTs),
    };
  }

  programs(groups: ReadonlyMap<ProjectConfig, readonly string[]>): ProjectProgram[] {
    return [...groups].map(([project, files]) => ClassicProjectProgram.create(project as ClassicConfig, files));
  }

  /** TypeScript's own watch program, which re-reads only what changed and hands each new program to `round`. */
  watch(project: ProjectConfig, callbacks: WatchCallbacks): void {
    const config = project as ClassicConfig;
    const createProgram: ts.CreateProgram<ts.EmitAndSemanticDiagnosticsBuilderProgram> = (
      rootNames,
      options,
      host,
      oldProgram,
      configDiagnostics,
    ) => {
      const roots = callbacks.roots(rootNames ?? []);
      return ts.createEmitAndSemanticDiagnosticsBuilderProgram(roots, options, host, oldProgram, configDiagnostics);
    };
    const report: ts.DiagnosticReporter = (d) => callbacks.report(fromTs(d));
    const quiet: ts.WatchStatusReporter = () => undefined;
    const afterProgramCreate = (builder: ts.EmitAndSemanticDiagnosticsBuilderProgram) =>
      callbacks.round(new ClassicProjectProgram(builder.getProgram(), config, []));
    if (config.configPath) {
      const host = ts.createWatchCompilerHost(config.configPath, {}, ts.sys, createProgram, report, quiet);
      host.afterProgramCreate = afterProgramCreate;
      ts.createWatchProgram(host);
    } else {
      const roots = [...callbacks.roots([])];
      const host = ts.createWatchCompilerHost(roots, config.options, ts.sys, createProgram, report, quiet);
      host.afterProgramCreate = afterProgramCreate;
      ts.createWatchProgram(host);
    }
  }

  close(): void {}
}

/**
 * The project's own files plus its inputs, under its options. Its references are left out: they
 * would send imports of another project's sources to that project's build output, which generate
 * neither needs nor may find built (TS6305), and demand settings a build needs (TS6306, TS6310).
 */
class ClassicProjectProgram implements ProjectProgram {
  readonly program: ts.Program;
  readonly view: ClassicProgram;
  readonly files: readonly string[];
  private readonly config: ClassicConfig;

  static create(config: ClassicConfig, files: readonly string[]): ClassicProjectProgram {
    const rootNames = [...new Set([...config.fileNames, ...files])];
    return new ClassicProjectProgram(ts.createProgram({ rootNames, options: config.options }), config, files);
  }

  constructor(program: ts.Program, config: ClassicConfig, files: readonly string[]) {
    this.program = program;
    this.config = config;
    this.files = files;
    this.view = ClassicProgram.of(program);
  }

  withFiles(files: readonly string[]): ProjectProgram {
    return new ClassicProjectProgram(this.program, this.config, files);
  }

  problems(): Diagnostic[] {
    const relevant = (d: Diagnostic) => d.category === "error" && !IGNORED_CODES.has(d.code);
    return [
      ...this.config.errors.filter(relevant),
      ...[...this.program.getOptionsDiagnostics(), ...this.program.getGlobalDiagnostics()].map(fromTs).filter(relevant),
    ];
  }

  syntaxErrors(file: SyntaxFile): Diagnostic[] {
    return this.program.getSyntacticDiagnostics(file as unknown as ts.SourceFile).map(fromTs);
  }

  unresolvedImport(file: SyntaxFile, moduleName: string): Diagnostic | undefined {
    const source = file as unknown as ts.SourceFile;
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (statement.moduleSpecifier.text !== moduleName) continue;
      const resolved = ts.resolveModuleName(moduleName, source.fileName, this.program.getCompilerOptions(), ts.sys);
      if (resolved.resolvedModule) return undefined;
      const start = statement.moduleSpecifier.getStart(source);
      const { line, character } = source.getLineAndCharacterOfPosition(start);
      return {
        category: "error",
        code: 91000,
        at: { fileName: source.fileName, line: line + 1, column: character + 1, start },
        message: `"${moduleName}" does not resolve from this file, so its codecFor calls cannot be recognized: install it (npm i ${moduleName}) and generate again`,
        ours: true,
      };
    }
    return undefined;
  }
}

/** A compiler diagnostic as the command prints it. */
export function fromTs(d: ts.Diagnostic): Diagnostic {
  const category = d.category === ts.DiagnosticCategory.Error ? "error" : "warning";
  const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
  const ours = d.source === "typed-msgpack";
  if (!d.file || d.start === undefined) return { category, code: d.code, message, ours };
  const at = (file: ts.SourceFile, start: number) => {
    const { line, character } = file.getLineAndCharacterOfPosition(start);
    return { fileName: file.fileName, line: line + 1, column: character + 1, start };
  };
  const related = (d.relatedInformation ?? []).flatMap((r) =>
    r.file && r.start !== undefined
      ? [{ at: at(r.file, r.start), message: ts.flattenDiagnosticMessageText(r.messageText, "\n") }]
      : [],
  );
  return {
    category,
    code: d.code,
    at: at(d.file, d.start),
    message,
    ours,
    ...(ours && related.length > 0 ? { related } : {}),
  };
}
