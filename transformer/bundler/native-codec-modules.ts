/**
 * The bundler plugin's CodecModules (codec-modules.ts) on TypeScript 7: the project's own compiler
 * through its API (checkers/native-api.ts), one process for the whole build or dev session. The
 * projects are opened once; a change the bundler reports, or a module text that differs from the
 * file, becomes one snapshot update naming only those files, made when the next module is
 * transformed (a burst of edits is one update). Types and symbols belong to one snapshot, so each
 * update makes new NativePrograms; what a snapshot does not change (a file's imports, which files
 * mention codecFor) is kept across updates.
 *
 * Text a bundler passes that differs from the file (another plugin ran first): the API reads every
 * file through a `readFile` callback (`new API({ fs })`, 7.0 and 7.1) that answers with that text,
 * and from disk for everything else, and the file is named as changed in the next update.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { NativeModules, NativeNode, NativeSourceFile } from "../checkers/native-api.js";
import { NativeProgram } from "../checkers/native-program.js";
import { formatDiagnostic, IGNORED_CODES, pipelineDiagnostic, type Diagnostic } from "../cli/compiler.js";
import { fromNative, NativeCompiler } from "../cli/native-compiler.js";
import { openProjects, type Project } from "../cli/project.js";
import { generateText } from "../generate.js";
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
import { extendedConfigs, lookupsOf, packageJsonOf, readText } from "./resolution-inputs.js";

/** What a file says of itself, kept until its modification time changes. */
interface Scan {
  mtimeMs: number;
  /** It mentions codecFor: a module whose codecs others may link to. */
  codecFor: boolean;
  /** No line starts with import or export: maybe a global script (confirmed by its syntax). */
  script: boolean;
}

/** Files whose change may change how other files' imports resolve, or the options. */
const CONFIGURATION = /(^|[\\/])(package\.json|[^\\/]*\.json)$/;
/** What TypeScript reads of a project: a change to anything else (a built bundle, an image) is not passed on. */
const RELEVANT = /\.([cm]?[jt]sx?|json)$/;

export class NativeCodecModules implements CodecModules {
  private readonly compiler: NativeCompiler;
  /** Module text a bundler passed that differs from the file, by absolute path; what the API's readFile answers. */
  private readonly overlays = new Map<string, string>();
  private projects: Project[];
  /** Projects opened in the session, by tsconfig. */
  private readonly opened = new Set<string>();
  /** The tsconfig files the projects' options come from, extended ones included. */
  private readonly configFiles: string[];
  /** Changes not yet told to the session. */
  private readonly pending = { changed: new Set<string>(), created: new Set<string>(), deleted: new Set<string>() };
  /** The programs of the current snapshot, by tsconfig. */
  private views = new Map<string, NativeProgram>();
  /** Per tsconfig, for the current snapshot: the project's own errors, its global scripts and its link sources. */
  private snapshotFacts = new Map<string, { problems: Diagnostic[]; globals: string[]; links: string[] }>();
  /** The files each file imports or references, across snapshots until it (or how imports resolve) changes. */
  private readonly imports = new Map<string, string[]>();
  /**
   * Per project file, where resolving its imports may look (TypeScript 7's API does not say where
   * it looked): the paths a file created at would come before what an import found, and the
   * package.json files that decide it. Kept and dropped with `imports`.
   */
  private readonly lookups = new Map<string, string[]>();
  private readonly scans = new Map<string, Scan>();

  private readonly tsconfig: string;
  private readonly options: CodecModuleOptions;
  private readonly root: string;

  /** `load` loads TypeScript 7's ES modules (Node's require; a test runner passes its own). */
  constructor(
    modules: NativeModules,
    typescriptDir: string,
    tsconfig: string,
    options: CodecModuleOptions,
    root: string,
    load: (file: string) => unknown = require,
  ) {
    this.tsconfig = tsconfig;
    this.options = options;
    this.root = root;
    this.compiler = new NativeCompiler(withOverlays(modules, serverUseOS(typescriptDir, load), this.overlays), root);
    // A solution-style tsconfig: each referenced project under its own options, opened when one of
    // its modules is first transformed.
    this.projects = openProjects(this.compiler, tsconfig);
    const configs = new Set<string>([path.resolve(tsconfig)]);
    for (const project of this.projects) {
      for (const file of project.configPath ? [project.configPath, ...extendedConfigs(project.configPath)] : [])
        configs.add(path.resolve(file));
    }
    this.configFiles = [...configs];
  }

  transform(file: string, text: string): Transformed {
    this.overlay(file, text);
    let project = this.owner(file);
    if (!project) {
      // A file created since the tsconfig was read may match its "include" now.
      this.relist();
      project = this.owner(file);
      if (project) this.pending.created.add(file);
    }
    if (!project?.configPath) {
      throw new BuildError(
        `${this.relative(file)}: calls codecFor, but ${this.relative(this.tsconfig)} does not include it, so its types cannot be checked; add it to "include" or "files"`,
      );
    }
    const view = this.view(project.configPath);
    const sourceFile = view.sourceFile(file);
    if (!sourceFile) throw new BuildError(`${this.relative(file)}: TypeScript cannot read it`);
    const facts = this.facts(project.configPath, view);
    const program = view.project.program;
    const problems = [...facts.problems, ...program.getSyntacticDiagnostics(file).map(fromNative).filter(isError)];
    if (problems.length > 0) throw new BuildError(problems.map((d) => formatDiagnostic(d, this.root)).join("\n"));
    const { reportSizes, ...transformerOptions } = this.options;
    const result = generateText(view, sourceFile, transformerOptions, linkable, { reportSizes });
    if (result.diagnostics.length > 0) {
      throw new BuildError(
        result.diagnostics.map((d) => formatDiagnostic(pipelineDiagnostic(sourceFile, d), this.root)).join("\n"),
      );
    }
    const all = this.dependencies(view, file);
    const globals = facts.globals.filter((name) => name !== file);
    const lookups = [file, ...all].filter((name) => !isLibrary(name)).flatMap((name) => this.lookups.get(name) ?? []);
    const packages = [...new Set(all.filter(isLibrary).flatMap((name) => packageJsonOf(name) ?? []))];
    return {
      ...(result.text === undefined
        ? {}
        : { code: result.text, map: editsSourceMap(file, sourceFile.text, result.edits ?? []) }),
      dependencies: [...new Set([...all.filter((name) => !isLibrary(name)), ...globals])],
      sizes: moduleSizes(sourceFile, result.sizes),
      inputs: [...new Set([...all, ...lookups, ...packages, ...globals, ...facts.links, ...this.configFiles])].filter(
        (name) => name !== file,
      ),
    };
  }

  changed(file: string): void {
    const name = path.resolve(file);
    if (!RELEVANT.test(name) || /[\\/]\.git[\\/]/.test(name)) return;
    this.scans.delete(name);
    if (!fs.existsSync(name)) {
      this.pending.deleted.add(name);
      this.forgetImports();
    } else if (this.known(name)) {
      this.pending.changed.add(name);
      this.imports.delete(name);
      if (CONFIGURATION.test(name)) this.forgetImports();
    } else {
      this.pending.created.add(name);
      this.forgetImports();
    }
  }

  /** A file came or went, or a package.json or tsconfig changed: any import may resolve elsewhere now. */
  private forgetImports(): void {
    this.imports.clear();
    this.lookups.clear();
  }

  /** Ends TypeScript 7's process (it also ends with the bundler's). */
  close(): void {
    this.compiler.close();
  }

  /** Records the text the bundler has for `file`: an overlay when it is not the file's. */
  private overlay(file: string, text: string): void {
    if (text !== readText(file)) {
      if (this.overlays.get(file) === text) return;
      this.overlays.set(file, text);
    } else if (!this.overlays.delete(file)) return;
    this.pending.changed.add(file);
    this.imports.delete(file);
    this.scans.delete(file);
  }

  /** The program of `configFile` in the current snapshot, after telling the session what changed. */
  private view(configFile: string): NativeProgram {
    const session = this.compiler.session;
    const { changed, created, deleted } = this.pending;
    if (changed.size + created.size + deleted.size > 0) {
      // Before the first project is opened the session has read nothing: nothing to tell.
      if (this.opened.size > 0) session.update({ changed: [...changed], created: [...created], deleted: [...deleted] });
      changed.clear();
      created.clear();
      deleted.clear();
      this.views = new Map();
      this.snapshotFacts = new Map();
    }
    if (!this.opened.has(configFile)) {
      session.open([configFile]);
      this.opened.add(configFile);
      this.views = new Map();
      this.snapshotFacts = new Map();
    }
    let view = this.views.get(configFile);
    if (!view) this.views.set(configFile, (view = new NativeProgram(session.project(configFile))));
    return view;
  }

  /**
   * What a module's output depends on beyond its own imports, the same for every module of the
   * project in one snapshot: the tsconfig's and options' errors (not the global ones, which
   * TypeScript 7 computes by checking every file), the global scripts, and the link sources.
   */
  private facts(configFile: string, view: NativeProgram) {
    let facts = this.snapshotFacts.get(configFile);
    if (facts) return facts;
    const program = view.project.program;
    const problems = [...program.getConfigFileParsingDiagnostics(), ...program.getProgramDiagnostics()]
      .map(fromNative)
      .filter(isError);
    const own = program.getSourceFileNames().filter((name) => !isLibrary(name));
    const scans = own.map((name) => [name, this.scan(name)] as const);
    // A file with no line that starts with import or export is fetched to be sure (few are).
    const globals = scans
      .filter(
        ([name, scan]) =>
          scan?.script && !(program.getSourceFile(name) as ImportingFile | undefined)?.externalModuleIndicator,
      )
      .map(([name]) => name);
    const links =
      this.options.link === false
        ? []
        : scans.filter(([name, scan]) => scan?.codecFor && !/\.d\.[cm]?ts$/.test(name)).map(([name]) => name);
    facts = { problems, globals, links };
    this.snapshotFacts.set(configFile, facts);
    return facts;
  }

  private scan(file: string): Scan | undefined {
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return undefined;
    const known = this.scans.get(file);
    if (known && known.mtimeMs === mtimeMs) return known;
    const text = this.overlays.get(file) ?? readText(file) ?? "";
    const scan = { mtimeMs, codecFor: text.includes("codecFor"), script: !/^[ \t]*(import|export)\b/m.test(text) };
    this.scans.set(file, scan);
    return scan;
  }

  /**
   * Every file `file` imports or references, directly or not (type-only imports, re-exports and
   * import types included), breadth first: per file, one request for its syntax and one for the
   * module symbols of all its module specifiers, whose declarations are the files they resolve to.
   */
  private dependencies(view: NativeProgram, file: string): string[] {
    const seen = new Set<string>([file]);
    let level = [file];
    while (level.length > 0) {
      const next: string[] = [];
      for (const current of level) {
        for (const imported of this.importsOf(view, current)) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          next.push(imported);
        }
      }
      level = next;
    }
    seen.delete(file);
    return [...seen];
  }

  private importsOf(view: NativeProgram, file: string): string[] {
    const known = this.imports.get(file);
    if (known) return known;
    const source = view.project.program.getSourceFile(file) as ImportingFile | undefined;
    const files = new Set<string>();
    const specifiers = source?.imports ?? [];
    if (specifiers.length > 0) {
      for (const symbol of view.project.checker.getSymbolAtLocation(specifiers)) {
        for (const declaration of symbol?.declarations ?? []) files.add(path.resolve(declaration.path));
      }
    }
    for (const reference of source?.referencedFiles ?? [])
      files.add(path.resolve(path.dirname(file), reference.fileName));
    files.delete(file);
    const list = [...files];
    this.imports.set(file, list);
    if (!isLibrary(file)) {
      const names = specifiers.map((s) => (s as NativeNode & { text?: string }).text ?? "").filter(Boolean);
      this.lookups.set(file, lookupsOf(file, names));
    }
    return list;
  }

  private owner(file: string): Project | undefined {
    return this.projects.find((p) => p.fileNames.includes(file));
  }

  /** A file the session has read or may read: one of a project's files or one they import. */
  private known(file: string): boolean {
    return this.imports.has(file) || this.projects.some((p) => p.fileNames.includes(file)) || this.isDependency(file);
  }

  private isDependency(file: string): boolean {
    for (const list of this.imports.values()) if (list.includes(file)) return true;
    return this.configFiles.includes(file);
  }

  private relist(): void {
    const projects = openProjects(this.compiler, this.tsconfig);
    // References added or removed since the start are only seen after a restart of the bundler.
    if (projects.length === this.projects.length) this.projects = projects;
  }

  private relative(file: string): string {
    return path.relative(this.root, file) || file;
  }
}

/** A source file as the API gives it, with the parts dependencies() reads. */
type ImportingFile = NativeSourceFile & {
  imports?: readonly NativeNode[];
  referencedFiles?: readonly { fileName: string }[];
  /** Set for a module (an import or export); undefined for a global script. */
  externalModuleIndicator?: unknown;
};

const isError = (d: Diagnostic) => d.category === "error" && !IGNORED_CODES.has(d.code);

/**
 * `modules` whose API reads files through `overlays` first: the API's `fs.readFile` callback,
 * which answers a file's text, or that the server reads it itself (7.0: undefined; 7.1: the
 * `serverFS.useOS` sentinel of its `typescript/fs`).
 */
function withOverlays(modules: NativeModules, useOS: unknown, overlays: ReadonlyMap<string, string>): NativeModules {
  const API = modules.api.API;
  const readFile = (fileName: string) => overlays.get(path.resolve(fileName)) ?? useOS;
  // 7.1 wants every operation named: the server's own file system for all but readFile.
  const others = useOS === undefined ? {} : Object.fromEntries(OPERATIONS.map((name) => [name, useOS]));
  function WithOverlays(options: { cwd: string }) {
    return new API({ ...options, fs: { ...others, readFile } } as { cwd: string });
  }
  return { ...modules, api: { ...modules.api, API: WithOverlays as unknown as typeof API } };
}

/** TypeScript 7.1's file system operations (FileSystemCallbacks in typescript/fs) other than readFile. */
const OPERATIONS = [
  "directoryExists",
  "fileExists",
  "getAccessibleEntries",
  "realpath",
  "stat",
  "writeFile",
  "removeFile",
];

/** 7.1's `serverFS.useOS` (readFile's "read it yourself"); undefined on 7.0, where undefined means that. */
function serverUseOS(typescriptDir: string, load: (file: string) => unknown): unknown {
  const manifest = JSON.parse(fs.readFileSync(path.join(typescriptDir, "package.json"), "utf8")) as {
    exports?: Record<string, unknown>;
  };
  const entry = manifest.exports?.["./fs"];
  if (typeof entry !== "string") return undefined;
  const module = load(path.join(typescriptDir, entry)) as { serverFS?: { useOS?: unknown } };
  return module.serverFS?.useOS;
}
