/** The user's TypeScript project as generate sees it: compiler options, input files, output names and headers. */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { ConfigError, type Settings } from "./config.js";

export interface Project {
  configPath?: string;
  options: ts.CompilerOptions;
  /** The tsconfig's own files (include/files), before inputs are added. */
  fileNames: readonly string[];
  projectReferences?: readonly ts.ProjectReference[];
  errors: ts.Diagnostic[];
}

/** Without a tsconfig.json: what a current strict Node or bundler project would use. */
export const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
};

/**
 * Diagnostics that do not apply to generate: it emits nothing (5055, 5056), and the inputs it adds
 * as roots need not be under rootDir or in a composite project's file list (6059, 6307), nor must
 * the tsconfig's include match anything when inputs are named (18003). A listed file that is gone
 * (6053) is not needed to generate others, and in watch mode is only a deletion not yet seen.
 */
export const IGNORED_CODES = new Set([5055, 5056, 6053, 6059, 6307, 18003]);

/** Reads the project's tsconfig.json (settings.project, else the nearest one above settings.baseDir). */
export function openProject(settings: Settings): Project {
  const configPath = settings.project ?? ts.findConfigFile(settings.baseDir, ts.sys.fileExists);
  if (!configPath) return { options: DEFAULT_OPTIONS, fileNames: [], errors: [] };
  if (!ts.sys.fileExists(configPath)) throw new ConfigError(`${configPath}: no such tsconfig file`);
  const errors: ts.Diagnostic[] = [];
  const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => void errors.push(d) };
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
  if (!parsed) return { configPath, options: {}, fileNames: [], errors };
  const project: Project = { configPath, options: parsed.options, fileNames: parsed.fileNames, errors: [...errors, ...parsed.errors] };
  if (parsed.projectReferences) project.projectReferences = parsed.projectReferences;
  return project;
}

const EXTENSION = /(\.[cm]?tsx?)$/;

/** order.ts -> order.codecs.ts; order.mts -> order.codecs.mts. */
export function outputPath(input: string, suffix: string): string {
  return input.replace(EXTENSION, suffix + "$1");
}

/** Named like a generated file (order.codecs.ts), which is never an input. */
export function isOutputName(file: string, suffix: string): boolean {
  const match = EXTENSION.exec(file);
  return match !== null && file.slice(0, match.index).endsWith(suffix);
}

function isSource(file: string, suffix: string): boolean {
  return EXTENSION.test(file) && !/\.d(\.[\w-]+)?\.[cm]?ts$/.test(file) && !isOutputName(file, suffix) && !file.split(/[\\/]/).includes("node_modules");
}

export function mentionsCodecFor(file: string): boolean {
  return (ts.sys.readFile(file) ?? "").includes("codecFor");
}

export interface Inputs {
  /** Absolute and sorted: the files to generate from. */
  files: string[];
  /** Inputs named one by one; one without codecFor calls gets a warning. */
  explicit: Set<string>;
  /** Generated files that may be left over from an input that no longer needs them. */
  generated: string[];
  /** Named inputs that do not exist. */
  missing: string[];
}

/**
 * The inputs: named files as they are, named folders searched for files that mention codecFor,
 * and without names, the project's own files that mention codecFor. Generated files are never inputs.
 */
export function selectInputs(settings: Settings, projectFiles: readonly string[]): Inputs {
  const inputs: Inputs = { files: [], explicit: new Set(), generated: [], missing: [] };
  const files = new Set<string>();
  const generated = new Set<string>();
  const consider = (file: string) => {
    if (isSource(file, settings.suffix)) {
      if (mentionsCodecFor(file)) files.add(file);
    } else if (isOutputName(file, settings.suffix) && !file.split(/[\\/]/).includes("node_modules")) {
      generated.add(file);
    }
  };
  if (!settings.inputs) {
    for (const file of projectFiles) consider(path.resolve(file));
  } else {
    for (const input of settings.inputs) {
      const stat = fs.statSync(input, { throwIfNoEntry: false });
      if (!stat) inputs.missing.push(input);
      else if (stat.isDirectory()) walk(input, consider);
      else {
        if (!EXTENSION.test(input) || /\.d(\.[\w-]+)?\.[cm]?ts$/.test(input)) throw new ConfigError(`${input}: not a TypeScript source file (.ts, .tsx, .mts or .cts)`);
        if (isOutputName(input, settings.suffix)) throw new ConfigError(`${input}: a generated file (its name ends in ${settings.suffix}); name the file it was generated from`);
        files.add(input);
        inputs.explicit.add(input);
        const output = outputPath(input, settings.suffix);
        if (output !== input && fs.existsSync(output)) generated.add(output);
      }
    }
  }
  inputs.files = [...files].sort();
  inputs.generated = [...generated].sort();
  return inputs;
}

/** Every file under `dir`, skipping node_modules and dot-folders, in a stable order. */
function walk(dir: string, visit: (file: string) => void): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(full, visit);
    } else if (entry.isFile()) {
      visit(full);
    }
  }
}

// ---------------------------------------------------------------------------------------------

const HEADER = /^\/\/ Generated by typed-msgpack (\S+) from \.\/(.+?) by `typed-msgpack generate`\. Do not edit\.\r?\n/;

/** The first lines of every generated file: which tool and version, and from which input. */
export function header(version: string, input: string, newLine: string): string {
  const name = path.basename(input);
  return (
    `// Generated by typed-msgpack ${version} from ./${name} by \`typed-msgpack generate\`. Do not edit.${newLine}` +
    `// Import the codecs from here. To change them, edit ./${name} (or the types it uses) and run it again.${newLine}` +
    newLine
  );
}

/** Puts the header on top, below a shebang line if the input has one. */
export function withHeader(text: string, version: string, input: string): string {
  const newLine = text.includes("\r\n") ? "\r\n" : "\n";
  const top = header(version, input, newLine);
  if (!text.startsWith("#!")) return top + text;
  const eol = text.indexOf("\n") + 1 || text.length;
  return text.slice(0, eol) + top + text.slice(eol);
}

/** The version and input recorded in a generated file's header, or undefined if `text` has none. */
export function readHeader(text: string): { version: string; input: string } | undefined {
  const body = text.startsWith("#!") ? text.slice(text.indexOf("\n") + 1) : text;
  const match = HEADER.exec(body);
  return match ? { version: match[1]!, input: match[2]! } : undefined;
}
