/**
 * One TypeScript project's Program, kept current across a bundler's rebuilds without rebuilding it
 * from scratch: the host hands TypeScript the same SourceFile object for every file that has not
 * changed (by modification time, or by the text a bundler passed in), so `createProgram` with the
 * old program reuses their parse trees and bindings, as tsc --watch does.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

interface Cached {
  sourceFile: ts.SourceFile;
  /** The file's mtime when it was read; -1 for text a bundler passed in. */
  mtimeMs: number;
}

export class LiveProgram {
  private builder: ts.SemanticDiagnosticsBuilderProgram | undefined;
  private readonly files = new Map<string, Cached>();
  /** Text a bundler handed to transform that differs from the file on disk (another plugin ran first, or no such file). */
  private readonly overlays = new Map<string, string>();
  private readonly host: ts.CompilerHost;
  private version = 0;
  /** A file was forgotten since the last Program. */
  private dirty = false;

  private rootNames: readonly string[];
  private readonly options: ts.CompilerOptions;
  private readonly configErrors: readonly ts.Diagnostic[];

  constructor(rootNames: readonly string[], options: ts.CompilerOptions, configErrors: readonly ts.Diagnostic[]) {
    this.rootNames = rootNames;
    this.options = options;
    this.configErrors = configErrors;
    this.host = ts.createCompilerHost(options, /*setParentNodes*/ true);
    const read = this.host.getSourceFile.bind(this.host);
    this.host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
      const key = path.resolve(fileName);
      const cached = this.files.get(key);
      if (cached) return cached.sourceFile;
      const overlay = this.overlays.get(key);
      const sourceFile = overlay !== undefined
        ? ts.createSourceFile(fileName, overlay, languageVersionOrOptions, /*setParentNodes*/ true)
        : read(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (!sourceFile) return undefined;
      // The builder tells changed files from unchanged ones by this version.
      (sourceFile as { version?: string }).version = String(++this.version);
      this.files.set(key, { sourceFile, mtimeMs: overlay !== undefined ? -1 : mtimeOf(key) });
      return sourceFile;
    };
  }

  /** Whether the project lists `file` (its include/files), so that its Program type-checks it. */
  owns(file: string): boolean {
    return this.rootNames.some((name) => path.resolve(name) === file);
  }

  /** The project's files, read again from its tsconfig (a file was added). */
  relist(rootNames: readonly string[]): void {
    if (rootNames.length === this.rootNames.length && rootNames.every((name, i) => name === this.rootNames[i])) return;
    this.rootNames = rootNames;
    this.dirty = true;
  }

  /** Forgets a file the bundler reports changed, added or deleted. */
  forget(file: string): void {
    if (this.files.delete(path.resolve(file))) this.dirty = true;
  }

  /**
   * The current Program, with `file` as `text`. Files changed on disk since they were read are
   * read again; everything else is reused from the previous Program.
   */
  current(file: string, text: string): ts.SemanticDiagnosticsBuilderProgram {
    const key = path.resolve(file);
    const onDisk = this.files.get(key)?.sourceFile.text ?? readText(key);
    if (text !== onDisk) {
      if (this.overlays.get(key) !== text) this.files.delete(key);
      this.overlays.set(key, text);
    } else if (this.overlays.delete(key)) {
      this.files.delete(key);
    }
    let changed = this.builder === undefined || this.dirty;
    for (const [name, cached] of this.files) {
      if (cached.mtimeMs >= 0 && !isLibrary(name) && mtimeOf(name) !== cached.mtimeMs) {
        this.files.delete(name);
        changed = true;
      }
    }
    if (changed || !this.files.has(key)) {
      this.builder = ts.createSemanticDiagnosticsBuilderProgram(this.rootNames, this.options, this.host, this.builder, this.configErrors);
      this.dirty = false;
    }
    return this.builder!;
  }
}

/** Files under node_modules (and TypeScript's lib files there) change only on install: not checked on each rebuild. */
export function isLibrary(file: string): boolean {
  return file.split(/[\\/]/).includes("node_modules");
}

function mtimeOf(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -2;
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
