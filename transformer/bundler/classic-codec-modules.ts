/**
 * The bundler plugin's CodecModules (codec-modules.ts) on TypeScript 4.9-6: generateSource per
 * module in a Program of the project that lists it, kept current across rebuilds (live-program.ts),
 * and each module's dependencies from the Program's own module resolution. Loaded only after the
 * project's TypeScript is found (cli/find-compiler.ts).
 */
import * as path from "node:path";
import ts from "typescript";
import { ClassicCompiler, fromTs, type ClassicConfig } from "../cli/classic-compiler.js";
import { formatDiagnostic, IGNORED_CODES } from "../cli/compiler.js";
import { openProjects } from "../cli/project.js";
import { generateSource } from "../generate.js";
import { editsSourceMap } from "../source-map.js";
import {
  BuildError,
  isLibrary,
  linkable,
  moduleSizes,
  type CodecModuleOptions,
  type CodecModules,
  type Transformed,
} from "./codec-modules.js";
import { dependencies as dependenciesOf, LiveProgram } from "./live-program.js";

/** The compiler whose configs the plugin reads: TypeScript 4.9-6, the project's own (find-compiler.ts routes `typescript` to it). */
const compiler = new ClassicCompiler();

/** CodecModules on TypeScript 4.9-6: one LiveProgram per project, in process. */
export class ClassicCodecModules implements CodecModules {
  private readonly programs: LiveProgram[];
  /** The tsconfig files the Programs' options come from, extended ones included. */
  private readonly configFiles: string[];

  private readonly tsconfig: string;
  private readonly options: CodecModuleOptions;
  private readonly root: string;

  constructor(tsconfig: string, options: CodecModuleOptions, root: string) {
    this.tsconfig = tsconfig;
    this.options = options;
    this.root = root;
    // A solution-style tsconfig: one Program per referenced project, each under its own options.
    const projects = openProjects(compiler, tsconfig) as ClassicConfig[];
    this.programs = projects.map((p) => new LiveProgram(p.fileNames, p.options));
    const configs = new Set<string>([path.resolve(tsconfig)]);
    for (const project of projects) {
      const source = project.options.configFile as
        | (ts.TsConfigSourceFile & { extendedSourceFiles?: string[] })
        | undefined;
      for (const file of [
        project.options.configFilePath as string | undefined,
        ...(source?.extendedSourceFiles ?? []),
      ]) {
        if (file) configs.add(path.resolve(file));
      }
    }
    this.configFiles = [...configs];
  }

  transform(file: string, text: string): Transformed {
    // A file created since the tsconfig was read may match its "include" now.
    const live = this.programs.find((p) => p.owns(file)) ?? (this.relist(), this.programs.find((p) => p.owns(file)));
    if (!live) {
      throw new BuildError(
        `${this.relative(file)}: calls codecFor, but ${this.relative(this.tsconfig)} does not include it, so its types cannot be checked; add it to "include" or "files"`,
      );
    }
    const program = live.current(file, text);
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) throw new BuildError(`${this.relative(file)}: TypeScript cannot read it`);
    const errors = (list: readonly ts.Diagnostic[]) =>
      list.filter((d) => d.category === ts.DiagnosticCategory.Error && !IGNORED_CODES.has(d.code));
    const problems = [
      ...errors(program.getOptionsDiagnostics()),
      ...errors(program.getGlobalDiagnostics()),
      ...errors(program.getSyntacticDiagnostics(sourceFile)),
    ];
    const { reportSizes, ...transformerOptions } = this.options;
    const result =
      problems.length > 0
        ? { diagnostics: problems, text: undefined, sizes: [] }
        : generateSource(program, sourceFile, transformerOptions, linkable, { reportSizes });
    if (result.diagnostics.length > 0) {
      throw new BuildError(result.diagnostics.map((d) => formatDiagnostic(fromTs(d), this.root)).join("\n"));
    }
    const { files, lookups } = dependenciesOf(program, sourceFile);
    const all = files
      .filter((name) => {
        const dependency = program.getSourceFile(name);
        return dependency === undefined || !program.isSourceFileDefaultLibrary(dependency);
      })
      .map((name) => path.resolve(name))
      .filter((name) => name !== file);
    const globals = this.globalScripts(program).filter((name) => name !== file);
    const dependencies = [...new Set([...all.filter((name) => !isLibrary(name)), ...globals])];
    const looked = lookups.map((name) => path.resolve(name));
    return {
      ...(result.text === undefined
        ? {}
        : { code: result.text, map: editsSourceMap(file, sourceFile.text, result.edits ?? []) }),
      dependencies,
      sizes: moduleSizes(sourceFile, result.sizes),
      inputs: [...new Set([...all, ...looked, ...globals, ...this.linkSources(program), ...this.configFiles])].filter(
        (name) => name !== file,
      ),
    };
  }

  /**
   * The files whose exported codecs a module may link to (recognize/links.ts reads every project
   * source file that mentions codecFor): a module's output depends on them even when it does not
   * import them, so a cached module is generated again when one changes. (A file added since only
   * adds codecs; a cached module that copies one instead of linking to it is still right.)
   */
  private linkSources(program: ts.Program): string[] {
    if (this.options.link === false) return [];
    return program
      .getSourceFiles()
      .filter((f) => !f.isDeclarationFile && !program.isSourceFileFromExternalLibrary(f) && f.text.includes("codecFor"))
      .map((f) => path.resolve(f.fileName));
  }

  /**
   * The project's global scripts (files without import or export, such as a globals.d.ts): their
   * declarations reach every module without an import, so no module's import graph lists them;
   * they are dependencies (watched) of every codec module.
   */
  private globalScripts(program: ts.Program): string[] {
    return program
      .getSourceFiles()
      .filter((f) => !program.isSourceFileDefaultLibrary(f) && !isLibrary(f.fileName) && !ts.isExternalModule(f))
      .map((f) => path.resolve(f.fileName));
  }

  /** A file changed, was added or deleted: the next Program reads it again. */
  changed(file: string): void {
    for (const live of this.programs) live.forget(file);
  }

  private relist(): void {
    const projects = openProjects(compiler, this.tsconfig);
    // References added or removed since the start are only seen after a restart of the bundler.
    if (projects.length !== this.programs.length) return;
    projects.forEach((project, i) => this.programs[i]!.relist(project.fileNames));
  }

  private relative(file: string): string {
    return path.relative(this.root, file) || file;
  }
}
