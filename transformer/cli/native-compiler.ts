/**
 * The command on TypeScript 7: the project's own `typescript`, whose API runs the native compiler in
 * a child process (checkers/native-api.ts). One process for the whole run, all projects opened in
 * one snapshot. Imports no `typescript` module: in a TypeScript 7 project that is only `{ version }`.
 */
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { NativeDiagnostic, NativeModules } from "../checkers/native-api.js";
import { NativeSession } from "../checkers/native-api.js";
import { NativeProgram } from "../checkers/native-program.js";
import type { SyntaxFile } from "../recognize/syntax.js";
import {
  IGNORED_CODES,
  type Compiler,
  type Diagnostic,
  type ProjectConfig,
  type ProjectProgram,
  type WatchCallbacks,
} from "./compiler.js";

/** Without a tsconfig.json: what a current strict Node or bundler project would use (as TypeScript 6's command). */
const DEFAULT_COMPILER_OPTIONS = {
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  strict: true,
  skipLibCheck: true,
};

/** TypeScript's DiagnosticCategory.Error, the same in every version. */
const ERROR = 1;
/** "Cannot find module" (2307, 2792): an import that does not resolve. */
const UNRESOLVED = new Set([2307, 2792]);

export class NativeCompiler implements Compiler {
  readonly version: string;
  readonly noConfig: ProjectConfig = { fileNames: [], references: [], errors: [] };
  readonly session: NativeSession;
  /** tsconfig files written for projects with inputs beyond their own files (see `configFor`). */
  private readonly written: string[] = [];

  constructor(modules: NativeModules, cwd: string, countRequests = false) {
    this.version = modules.version;
    this.session = new NativeSession(modules, cwd, countRequests);
  }

  requestCount(): number | undefined {
    return this.session.requestCount();
  }

  findConfig(dir: string): string | undefined {
    for (let at = path.resolve(dir); ; at = path.dirname(at)) {
      const file = path.join(at, "tsconfig.json");
      if (fs.existsSync(file)) return file;
      if (path.dirname(at) === at) return undefined;
    }
  }

  readConfig(configPath: string): ProjectConfig {
    const errors: Diagnostic[] = [];
    let fileNames: string[] = [];
    try {
      fileNames = this.session.parseConfig(configPath).fileNames.map((f) => path.resolve(f));
    } catch (e) {
      errors.push({
        category: "error",
        code: 5083,
        message: `cannot read ${configPath}: ${(e as Error).message}`,
        ours: false,
      });
    }
    return { configPath: path.resolve(configPath), fileNames, references: referencesOf(configPath), errors };
  }

  programs(groups: ReadonlyMap<ProjectConfig, readonly string[]>): ProjectProgram[] {
    const configs = [...groups].map(([project, files]) => this.configFor(project, files));
    this.session.open(configs);
    return [...groups].map(([project, files], i) => this.program(configs[i]!, project, files));
  }

  private program(configFile: string, project: ProjectConfig, files: readonly string[]): ProjectProgram {
    return new NativeProjectProgram(new NativeProgram(this.session.project(configFile)), project, files);
  }

  /**
   * Watches the project's folder; after each burst of changes, tells the checker which files changed
   * (one snapshot update: only those are read and checked again) and hands `round` the new program.
   * When files come or go, the tsconfig's file list is read again.
   */
  watch(project: ProjectConfig, callbacks: WatchCallbacks): void {
    const fileNames = () => (project.configPath ? this.readConfig(project.configPath).fileNames : []);
    let listed = fileNames();
    let roots = callbacks.roots(listed);
    let configFile = this.configFor({ ...project, fileNames: listed }, roots);
    this.session.open([configFile]);
    callbacks.round(this.program(configFile, project, roots));
    const pending = new Set<string>();
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      const changes = [...pending];
      pending.clear();
      const gone = changes.filter((f) => !fs.existsSync(f));
      const known = new Set(listed);
      const created = changes.filter((f) => fs.existsSync(f) && !known.has(f));
      if (gone.length > 0 || created.length > 0 || changes.includes(project.configPath ?? "")) {
        listed = fileNames();
        const next = callbacks.roots(listed);
        if (next.join("\n") !== roots.join("\n")) {
          roots = next;
          configFile = this.configFor({ ...project, fileNames: listed }, roots);
          this.session.open([configFile]);
        }
      }
      this.session.update({
        changed: changes.filter((f) => fs.existsSync(f) && known.has(f)),
        created,
        deleted: gone,
      });
      callbacks.round(this.program(configFile, project, roots));
    };
    const root = project.configPath ? path.dirname(project.configPath) : process.cwd();
    fs.watch(root, { recursive: true }, (_event, name) => {
      if (!name || /(^|[\\/])(node_modules|\.git)([\\/]|$)/.test(name)) return;
      const file = path.join(root, name);
      if (!/\.([cm]?tsx?|json)$/.test(file)) return;
      pending.add(file);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 50);
      }
    });
  }

  /**
   * The tsconfig to open for `project` and its inputs: its own, or one beside the temporary files
   * that extends it and lists the inputs too (the API opens projects by tsconfig only). Without a
   * tsconfig, one with the default options.
   */
  private configFor(project: ProjectConfig, files: readonly string[]): string {
    const own = new Set(project.fileNames);
    if (project.configPath && files.every((f) => own.has(f))) return project.configPath;
    const config = project.configPath
      ? { extends: project.configPath, files: [...new Set([...project.fileNames, ...files])], include: [] }
      : { compilerOptions: DEFAULT_COMPILER_OPTIONS, files: [...files] };
    const text = JSON.stringify(config, null, 2);
    const hash = crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
    const file = path.join(os.tmpdir(), `typed-msgpack-${hash}.tsconfig.json`);
    fs.writeFileSync(file, text);
    this.written.push(file);
    return file;
  }

  close(): void {
    this.session.close();
    for (const file of this.written) fs.rmSync(file, { force: true });
  }
}

class NativeProjectProgram implements ProjectProgram {
  readonly view: NativeProgram;
  readonly files: readonly string[];
  private readonly config: ProjectConfig;

  constructor(view: NativeProgram, config: ProjectConfig, files: readonly string[]) {
    this.view = view;
    this.config = config;
    this.files = files;
  }

  withFiles(files: readonly string[]): ProjectProgram {
    return new NativeProjectProgram(this.view, this.config, files);
  }

  /**
   * The tsconfig's and the options' errors. Not the global ones (a lib that declares no `Array`):
   * TypeScript 7 computes those by checking every file, several times what generating costs; a
   * broken lib then shows as the types it breaks.
   */
  problems(): Diagnostic[] {
    const program = this.view.project.program;
    const relevant = (d: Diagnostic) => d.category === "error" && !IGNORED_CODES.has(d.code);
    return [
      ...this.config.errors.filter(relevant),
      ...[...program.getConfigFileParsingDiagnostics(), ...program.getProgramDiagnostics()]
        .map(fromNative)
        .filter(relevant),
    ];
  }

  syntaxErrors(file: SyntaxFile): Diagnostic[] {
    return this.view.project.program.getSyntacticDiagnostics(file.fileName).map(fromNative);
  }

  unresolvedImport(file: SyntaxFile, moduleName: string): Diagnostic | undefined {
    if (!file.text.includes(moduleName)) return undefined;
    const unresolved = this.view.project.program
      .getSemanticDiagnostics(file.fileName)
      .find((d) => UNRESOLVED.has(d.code) && file.text.slice(d.pos, d.end).includes(moduleName));
    if (!unresolved) return undefined;
    return {
      ...fromNative(unresolved),
      code: 91000,
      message: `"${moduleName}" does not resolve from this file, so its codecFor calls cannot be recognized: install it (npm i ${moduleName}) and generate again`,
      ours: true,
    };
  }
}

/** A TypeScript 7 diagnostic as the command prints it. */
export function fromNative(d: NativeDiagnostic): Diagnostic {
  const flatten = (n: NativeDiagnostic, indent: string): string =>
    indent + n.text + (n.messageChain ?? []).map((c) => "\n" + flatten(c, indent + "  ")).join("");
  const base = {
    category: d.category === ERROR ? ("error" as const) : ("warning" as const),
    code: d.code,
    message: flatten(d, ""),
    ours: false,
  };
  if (!d.fileName) return base;
  let text = "";
  try {
    text = fs.readFileSync(d.fileName, "utf8");
  } catch {
    return base;
  }
  const before = text.slice(0, d.pos).split("\n");
  return {
    ...base,
    at: { fileName: d.fileName, line: before.length, column: before[before.length - 1]!.length + 1, start: d.pos },
  };
}

/** The tsconfig files `configPath` references, resolved as TypeScript does (a folder means its tsconfig.json). */
function referencesOf(configPath: string): string[] {
  let config: { references?: { path?: unknown }[] };
  try {
    config = JSON.parse(withoutComments(fs.readFileSync(configPath, "utf8")));
  } catch {
    return [];
  }
  return (config.references ?? []).flatMap((r) => {
    if (typeof r.path !== "string") return [];
    const target = path.resolve(path.dirname(configPath), r.path);
    return [target.endsWith(".json") ? target : path.join(target, "tsconfig.json")];
  });
}

/** tsconfig's JSON with comments and trailing commas, as plain JSON. */
function withoutComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (text.startsWith("//", i)) {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (text.startsWith("/*", i)) {
      i = text.indexOf("*/", i + 2) + 1;
      if (i === 0) break;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}
