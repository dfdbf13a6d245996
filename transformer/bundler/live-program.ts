/**
 * One TypeScript project's Program, kept current across a bundler's rebuilds without rebuilding it
 * from scratch: the host hands TypeScript the same SourceFile object for every file that has not
 * changed (by modification time, or by the text a bundler passed in), so `createProgram` with the
 * old program reuses their parse trees and bindings, as tsc --watch does.
 *
 * A plain Program, not a builder: a builder program hashes every file's text (lib.dom.d.ts
 * included) and builds a reference map on creation, about a quarter of the first Program's cost,
 * for the one thing the plugin used it for, a module's dependencies, which `dependencies` below
 * reads from the Program's own module resolution instead.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { isLibrary } from "./codec-modules.js";

interface Cached {
  sourceFile: ts.SourceFile;
  /** The file's mtime when it was read; -1 for text a bundler passed in. */
  mtimeMs: number;
}

export class LiveProgram {
  private program: ts.Program | undefined;
  private readonly files = new Map<string, Cached>();
  /** Text a bundler handed to transform that differs from the file on disk (another plugin ran first, or no such file). */
  private readonly overlays = new Map<string, string>();
  private readonly host: ts.CompilerHost;
  /** A file was forgotten since the last Program. */
  private dirty = false;

  private rootNames: readonly string[];
  private readonly options: ts.CompilerOptions;

  constructor(rootNames: readonly string[], options: ts.CompilerOptions) {
    this.rootNames = rootNames;
    this.options = options;
    this.host = ts.createCompilerHost(options, /*setParentNodes*/ true);
    const read = this.host.getSourceFile.bind(this.host);
    this.host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
      const key = path.resolve(fileName);
      const cached = this.files.get(key);
      if (cached) return cached.sourceFile;
      const overlay = this.overlays.get(key);
      const sourceFile =
        overlay !== undefined
          ? ts.createSourceFile(fileName, overlay, languageVersionOrOptions, /*setParentNodes*/ true)
          : read(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (!sourceFile) return undefined;
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
  current(file: string, text: string): ts.Program {
    const key = path.resolve(file);
    const cached = this.files.get(key);
    // (a cached overlay is not the file's text)
    const onDisk = cached && cached.mtimeMs >= 0 ? cached.sourceFile.text : readText(key);
    if (text !== onDisk) {
      if (this.overlays.get(key) !== text) this.files.delete(key);
      this.overlays.set(key, text);
    } else if (this.overlays.delete(key)) {
      this.files.delete(key);
    }
    let changed = this.program === undefined || this.dirty;
    for (const [name, cached] of this.files) {
      if (cached.mtimeMs >= 0 && !isLibrary(name) && mtimeOf(name) !== cached.mtimeMs) {
        this.files.delete(name);
        changed = true;
      }
    }
    if (changed || !this.files.has(key)) {
      this.program = ts.createProgram({
        rootNames: this.rootNames,
        options: this.options,
        host: this.host,
        oldProgram: this.program,
      });
      this.dirty = false;
    }
    return this.program!;
  }
}

/** What TypeScript's internals offer for reading a file's resolved imports, across versions 4.9-6. */
interface ResolutionApi {
  getResolvedModuleFromModuleSpecifier?(specifier: ts.StringLiteralLike, file: ts.SourceFile): Resolution | undefined;
  getResolvedModule?(file: ts.SourceFile, name: string, mode: ts.ResolutionMode): Resolution | undefined;
}
/** A resolution as TypeScript 5-6 keep it: where it looked and found nothing, and the package.json files it read. */
type Resolution = ts.ResolvedModuleWithFailedLookupLocations & {
  failedLookupLocations?: readonly string[];
  affectingLocations?: readonly string[];
};
interface FileInternals {
  /** Every module specifier in the file: imports (type-only too), exports from, import("...") types and calls. */
  imports?: readonly ts.StringLiteralLike[];
  /** Before TypeScript 5.3, the resolutions lived on the file. */
  resolvedModules?: { get(name: string, mode: ts.ResolutionMode): ts.ResolvedModuleFull | Resolution | undefined };
}

export interface Dependencies {
  /** Every file `file` imports or references, directly or through other files, type-only imports included (`file` itself left out). */
  files: string[];
  /**
   * Where resolving those imports looked: paths that did not exist (a file created at one would
   * change what an import resolves to) and the package.json files read. Empty on TypeScript 4.9,
   * which does not keep them.
   */
  lookups: string[];
}

/** The files `file` depends on for its types, and where their resolution looked. */
export function dependencies(program: ts.Program, file: ts.SourceFile): Dependencies {
  const api = program as ts.Program & ResolutionApi;
  const seen = new Set<string>([file.fileName]);
  const lookups = new Set<string>();
  const queue: ts.SourceFile[] = [file];
  const add = (fileName: string | undefined) => {
    if (fileName === undefined || seen.has(fileName)) return;
    seen.add(fileName);
    const next = program.getSourceFile(fileName);
    if (next) queue.push(next);
  };
  while (queue.length > 0) {
    const current = queue.pop()!;
    const internals = current as ts.SourceFile & FileInternals;
    for (const specifier of internals.imports ?? []) {
      const mode = ts.getModeForUsageLocation(current, specifier, program.getCompilerOptions());
      const resolution =
        api.getResolvedModuleFromModuleSpecifier?.(specifier, current) ??
        api.getResolvedModule?.(current, specifier.text, mode) ??
        internals.resolvedModules?.get(specifier.text, mode);
      if (resolution && "resolvedModule" in resolution) {
        for (const location of [...(resolution.failedLookupLocations ?? []), ...(resolution.affectingLocations ?? [])])
          lookups.add(location);
      }
      add(resolvedOf(resolution)?.resolvedFileName);
    }
    for (const reference of current.referencedFiles)
      add(path.resolve(path.dirname(current.fileName), reference.fileName).split(path.sep).join("/"));
  }
  seen.delete(file.fileName);
  return { files: [...seen], lookups: [...lookups] };
}

function resolvedOf(entry: ts.ResolvedModuleFull | Resolution | undefined): ts.ResolvedModuleFull | undefined {
  if (!entry) return undefined;
  return "resolvedModule" in entry ? entry.resolvedModule : entry;
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
