/** The user's TypeScript project as generate sees it: its tsconfig files, input files, output names and headers. */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Compiler, ProjectConfig } from "./compiler.js";
import { ConfigError, type Settings } from "./config.js";

export type Project = ProjectConfig;

/** The tsconfig generate starts from: settings.project, else the nearest one above settings.baseDir. */
export function rootConfig(compiler: Compiler, settings: Settings): string | undefined {
  return settings.project ?? compiler.findConfig(settings.baseDir);
}

/**
 * A tsconfig and every project it references, depth-first, each once: the projects `tsc -b`
 * builds. A solution-style root (`"files": []` and `references`, as the Vite templates and most
 * monorepos have) has no files of its own; its references do, each under its own options.
 */
export function openProjects(compiler: Compiler, configPath: string): Project[] {
  const projects: Project[] = [];
  const seen = new Set<string>();
  const visit = (file: string, from: string | undefined) => {
    const key = path.resolve(file);
    if (seen.has(key)) return;
    seen.add(key);
    if (!fs.existsSync(file))
      throw new ConfigError(`${file}: no such tsconfig file${from ? ` (referenced by ${from})` : ""}`);
    const project = compiler.readConfig(file);
    projects.push(project);
    for (const reference of project.references) visit(reference, file);
  };
  visit(configPath, undefined);
  return projects;
}

/**
 * Which project's options generate each input under. Without named inputs, the first project (in
 * reference order) that lists the file. A named input belongs to the first project of its tree
 * (the tsconfig of --project, else the nearest tsconfig.json above the input) that lists it, else
 * to that tsconfig itself, unless it is a solution whose projects all leave the file out: that is
 * an error, as tsc would not compile the file either.
 */
export function assignProjects(
  compiler: Compiler,
  settings: Settings,
  files: readonly string[],
  cwd: string,
): Map<Project, string[]> {
  const trees = new Map<string, Project[]>();
  const treeOf = (config: string) => {
    let tree = trees.get(config);
    if (!tree) trees.set(config, (tree = openProjects(compiler, config)));
    return tree;
  };
  const root = rootConfig(compiler, settings);
  const listed = new Map<Project, Set<string>>();
  const lists = (p: Project, file: string) => {
    let set = listed.get(p);
    if (!set) listed.set(p, (set = new Set(p.fileNames.map((f) => path.resolve(f)))));
    return set.has(file);
  };
  const groups = new Map<Project, string[]>();
  for (const file of files) {
    const config = settings.inputs && !settings.project ? (compiler.findConfig(path.dirname(file)) ?? root) : root;
    const tree = config ? treeOf(config) : [compiler.noConfig];
    const first = tree[0]!;
    const owner = tree.find((p) => lists(p, file)) ?? (isSolution(first) ? undefined : first);
    if (!owner) {
      const rel = (f: string) => path.relative(cwd, f) || f;
      throw new ConfigError(
        `${rel(file)} is in none of the projects of ${rel(first.configPath!)} (${first.references.map(rel).join(", ")}); name the one whose options apply with -p, or add the file to its "include"`,
      );
    }
    groups.set(owner, [...(groups.get(owner) ?? []), file]);
  }
  return groups;
}

/** A tsconfig that only references others: `"files": []` (or an include that matches nothing) and `references`. */
export function isSolution(project: Project): boolean {
  return project.fileNames.length === 0 && project.references.length > 0;
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
  return (
    EXTENSION.test(file) &&
    !/\.d(\.[\w-]+)?\.[cm]?ts$/.test(file) &&
    !isOutputName(file, suffix) &&
    !file.split(/[\\/]/).includes("node_modules")
  );
}

export function mentionsCodecFor(file: string): boolean {
  try {
    return fs.readFileSync(file, "utf8").includes("codecFor");
  } catch {
    return false;
  }
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
        if (!EXTENSION.test(input) || /\.d(\.[\w-]+)?\.[cm]?ts$/.test(input))
          throw new ConfigError(`${input}: not a TypeScript source file (.ts, .tsx, .mts or .cts)`);
        if (isOutputName(input, settings.suffix))
          throw new ConfigError(
            `${input}: a generated file (its name ends in ${settings.suffix}); name the file it was generated from`,
          );
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
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
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
