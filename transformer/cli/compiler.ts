/**
 * The compiler the command runs on, which is the project's own `typescript`: TypeScript 4.9-6
 * through its API in process (classic-compiler.ts), TypeScript 7 through its API, which runs the
 * native compiler in another process (native-compiler.ts). find-compiler.ts picks one. Everything
 * else in cli/ reads projects and programs through these interfaces and imports no compiler.
 */
import * as path from "node:path";
import type { PipelineDiagnostic } from "../pipeline.js";
import type { ProgramView } from "../recognize/program-view.js";
import type { SyntaxFile } from "../recognize/syntax.js";

/** A diagnostic the command prints: the compiler's own, or the pipeline's (typed-msgpack's). */
export interface Diagnostic {
  category: "error" | "warning";
  /** The compiler's or the catalog's code; 91000 for typed-msgpack's messages without a code of their own. */
  code: number;
  /** Where, when the diagnostic is in a file: its name and 1-based line and column. */
  at?: { fileName: string; line: number; column: number; start: number };
  message: string;
  /** typed-msgpack's own (printed without "TS" before a code of 91000). */
  ours: boolean;
  /** Where else to look (the declaration of the property a codec problem is at), printed below it. */
  related?: { at: NonNullable<Diagnostic["at"]>; message: string }[];
}

/** A tsconfig as read, or the defaults without one. */
export interface ProjectConfig {
  /** Absolute; undefined without a tsconfig. */
  configPath?: string;
  /** The tsconfig's own files (include/files), before inputs are added, absolute. */
  fileNames: readonly string[];
  /** The tsconfig files it references (`references`), resolved. */
  references: readonly string[];
  /** Errors in the tsconfig itself. */
  errors: Diagnostic[];
}

/** One project's program, with the inputs generated from it. */
export interface ProjectProgram {
  readonly view: ProgramView;
  readonly files: readonly string[];
  /** The same program with other inputs (watch mode chooses them again each round). */
  withFiles(files: readonly string[]): ProjectProgram;
  /** Errors in the project's options or global setup (a missing lib): none of its inputs can be read under them. */
  problems(): Diagnostic[];
  /** Syntax errors of `file`. */
  syntaxErrors(file: SyntaxFile): Diagnostic[];
  /**
   * An import of `moduleName` in `file` that does not resolve, as an error at the import: its
   * codecFor calls are then not recognized as typed-msgpack's, which must never read as "no calls".
   */
  unresolvedImport(file: SyntaxFile, moduleName: string): Diagnostic | undefined;
}

export interface Compiler {
  /** The TypeScript version, for messages: `6.0.3`, `7.0.2`. */
  readonly version: string;
  /** The nearest tsconfig.json at or above `dir`. */
  findConfig(dir: string): string | undefined;
  readConfig(configPath: string): ProjectConfig;
  /** Without a tsconfig: what a current strict Node or bundler project would use. */
  readonly noConfig: ProjectConfig;
  /** One program per project, holding its own files and `inputs`, without its references. */
  programs(groups: ReadonlyMap<ProjectConfig, readonly string[]>): ProjectProgram[];
  /**
   * Watches the files of `project`'s program (its tsconfig, its files and what they import) and
   * calls `round` with a program made now and after every change, until the process ends. `roots`
   * turns the tsconfig's files (read again after a change) into the program's root files.
   */
  watch(project: ProjectConfig, callbacks: WatchCallbacks): void;
  /** Requests made so far to TypeScript 7's process, when the compiler was found to count them. */
  requestCount?(): number | undefined;
  /** Ends what the compiler holds (TypeScript 7's process). */
  close(): void;
}

export interface WatchCallbacks {
  roots(rootNames: readonly string[]): readonly string[];
  report(diagnostic: Diagnostic): void;
  round(program: ProjectProgram): void;
}

/**
 * Diagnostics that do not apply to generate: it emits nothing (5055, 5056), and the inputs it adds
 * as roots need not be under rootDir or in a composite project's file list (6059, 6307), nor must
 * the tsconfig's include match anything when inputs are named (18003). A listed file that is gone
 * (6053) is not needed to generate others, and in watch mode is only a deletion not yet seen.
 */
export const IGNORED_CODES = new Set([5055, 5056, 6053, 6059, 6307, 18003]);

/** A diagnostic of typed-msgpack's own without a code (91000). */
export function message(text: string): Diagnostic {
  return { category: "error", code: 91000, message: text, ours: true };
}

/** A pipeline diagnostic (a codec problem at its call), as the command prints it. */
export function pipelineDiagnostic(file: SyntaxFile, d: PipelineDiagnostic): Diagnostic {
  const related = (d.related ?? []).map(({ fileName, line, column, start, message }) => ({
    at: { fileName, line, column, start },
    message,
  }));
  return {
    category: "error",
    code: d.code,
    at: position(file, d.start),
    message: d.message,
    ours: true,
    ...(related.length > 0 ? { related } : {}),
  };
}

export function position(file: SyntaxFile, start: number): NonNullable<Diagnostic["at"]> {
  const { line, character } = file.getLineAndCharacterOfPosition(start);
  return { fileName: file.fileName, line: line + 1, column: character + 1, start };
}

/** `src/widget.ts:4:28 - error TS91010: codecFor<Widget>(): $.onClick has a function type, ...` */
export function formatDiagnostic(d: Diagnostic, cwd: string): string {
  const code = d.ours && d.code === 91000 ? "" : ` TS${d.code}`;
  if (!d.at) return `${d.category}${code}: ${d.message}`;
  const where = (at: NonNullable<Diagnostic["at"]>) =>
    `${path.relative(cwd, at.fileName) || at.fileName}:${at.line}:${at.column}`;
  const related = (d.related ?? []).map((r) => `\n  ${where(r.at)} - ${r.message}`).join("");
  return `${where(d.at)} - ${d.category}${code}: ${d.message}${related}`;
}

/** The same config error reached through two projects (a shared "extends") is reported once. */
export function sameDiagnostic(a: Diagnostic, b: Diagnostic): boolean {
  return (
    a.code === b.code && a.at?.fileName === b.at?.fileName && a.at?.start === b.at?.start && a.message === b.message
  );
}
