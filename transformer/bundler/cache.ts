/**
 * What the bundler plugin knows without TypeScript: which modules each file's codecs were generated
 * from (for hot reload), and a disk cache of generated modules, so that a build or dev server start
 * whose inputs are unchanged since the last one needs no Program at all. Loading TypeScript and
 * creating the first Program (parsing its lib files) cost more than the whole rest of a Vite build
 * of a few hundred modules; a cache hit costs a hash of each input file.
 *
 * Imports nothing that loads TypeScript: a run whose every module hits the cache never loads it.
 */
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { SourceMap } from "../source-map.js";

/** What the plugin returns for one module (codec-modules.ts makes it). */
export interface Generated {
  /** The module with each codecFor<T>() replaced; undefined when it has no call. */
  code?: string;
  /** The source map of `code` back to the module's text (source-map.ts). */
  map?: SourceMap;
  /** Project files (outside node_modules) the module's types come from: watched for it. */
  dependencies: string[];
  /** Its codecs' sizes: those large enough to warn about, or all for the plugin's `report`. */
  sizes?: ModuleSize[];
}

/** One codec's size, where its call is (1-based), as the warning or the report line says it. */
export interface ModuleSize {
  line: number;
  column: number;
  /** At or above the `sizeWarning` limits: a warning. */
  large: boolean;
  text: string;
}

/** For each file, the modules whose codecs were generated from it. */
export class Dependents {
  private readonly map = new Map<string, Set<string>>();

  record(module: string, dependencies: readonly string[]): void {
    for (const modules of this.map.values()) modules.delete(module);
    for (const dependency of dependencies) {
      let modules = this.map.get(dependency);
      if (!modules) this.map.set(dependency, (modules = new Set()));
      modules.add(module);
    }
  }

  of(file: string): string[] {
    return [...(this.map.get(path.resolve(file)) ?? [])];
  }
}

interface Entry {
  /** Hash of the module's text as the bundler passed it. */
  text: string;
  /** Every file the output was computed from, with the hash of its content then (null: it did not exist). */
  inputs: [file: string, hash: string | null][];
  result: Generated;
}

/**
 * Generated modules on disk, one JSON file per module path. An entry is used only when the
 * module's text and the content of every input recorded with it (the module's whole import graph,
 * node_modules declaration files included, and the tsconfig files) hash as they did, and `salt`
 * (typed-msgpack's version and build, the TypeScript versions it may load, the plugin options) is
 * the same; anything else is a miss, computed by the Program and written back.
 */
export class DiskCache {
  private readonly dir: string;
  private readonly salt: string;
  /** Content hashes of files already read in this process, by path; dropped when the bundler reports a change. */
  private readonly hashes = new Map<string, { mtimeMs: number; size: number; hash: string | null }>();

  constructor(dir: string, salt: string) {
    this.dir = dir;
    this.salt = salt;
  }

  get(module: string, text: string): Generated | undefined {
    let entry: Entry;
    try {
      entry = JSON.parse(fs.readFileSync(this.entryFile(module), "utf8")) as Entry;
    } catch {
      return undefined; // none yet, or unreadable: computed again
    }
    if (entry.text !== hash(text)) return undefined;
    for (const [file, recorded] of entry.inputs) {
      if (this.hashOf(file) !== recorded) return undefined;
    }
    return entry.result;
  }

  set(module: string, text: string, inputs: readonly string[], result: Generated): void {
    const entry: Entry = { text: hash(text), inputs: inputs.map((file) => [file, this.hashOf(file)]), result };
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      // Written aside and renamed: two bundler processes sharing the folder never read half an entry.
      const temp = `${this.entryFile(module)}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(entry));
      fs.renameSync(temp, this.entryFile(module));
    } catch {
      // A read-only or full disk: the build goes on without the cache.
    }
  }

  /** The bundler reports `file` changed: its content is read again. */
  changed(file: string): void {
    this.hashes.delete(path.resolve(file));
  }

  private entryFile(module: string): string {
    return path.join(this.dir, `${hash(this.salt + "\0" + module).slice(0, 40)}.json`);
  }

  /** The hash of a file's content; null for no file there (nothing, a directory, a path through a file). */
  private hashOf(file: string): string | null {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      return null; // ENOTDIR: module resolution looks up paths such as .../index.js/index.ts
    }
    if (!stat?.isFile()) return null;
    const known = this.hashes.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.hash;
    let content: Buffer;
    try {
      content = fs.readFileSync(file);
    } catch {
      return null;
    }
    const result = hash(content);
    this.hashes.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, hash: result });
    return result;
  }
}

function hash(data: string | Buffer): string {
  return crypto.createHash("sha256").update(data).digest("hex");
}

/**
 * What the generated code depends on besides the project's files: this build of typed-msgpack
 * (its version, and the size and time of each compiled file, so a rebuilt checkout counts as
 * another build), the project's TypeScript (cli/find-compiler.ts), and the plugin's options.
 */
export function cacheSalt(packageRoot: string, projectRoot: string, options: unknown): string {
  const parts: string[] = [JSON.stringify(options)];
  const manifest = path.join(packageRoot, "package.json");
  parts.push(readOrEmpty(manifest));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.[cm]?js$/.test(entry.name)) {
        const stat = fs.statSync(full);
        parts.push(`${full}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(path.resolve(__dirname, ".."));
  try {
    parts.push(`typescript@${readOrEmpty(require.resolve("typescript/package.json", { paths: [projectRoot] }))}`);
  } catch {
    parts.push("typescript: none");
  }
  return hash(parts.join("\n"));
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
