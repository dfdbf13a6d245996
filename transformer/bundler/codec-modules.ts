/**
 * What the bundler plugin does with one module, on either compiler: run the transformer's pipeline
 * (generate.ts, the same model and emitter as the compiler plugin and `typed-msgpack generate`) on
 * it, in the program of the project that lists it, and say which files its codecs depend on. The
 * project's own TypeScript decides how: 4.9-6 in process (classic-codec-modules.ts), 7 through its
 * API, one process for the whole bundler session (native-codec-modules.ts); open-codec-modules.ts
 * picks one. Imports no compiler.
 */
import type { CallSize } from "../generate.js";
import type { TransformerOptions } from "../options.js";
import type { Generated, ModuleSize } from "./cache.js";

/** The transformer's options, and whether to measure every codec for the plugin's `report`. */
export type CodecModuleOptions = TransformerOptions & { reportSizes?: boolean };

export interface Transformed extends Generated {
  /**
   * (dependencies, from Generated: the project files the module's types may come from, every file
   * it imports, directly or not, type-only imports included, outside node_modules. A bundler never
   * sees type-only imports, so the plugin registers these as watched files of the module.)
   *
   * Every file the output was computed from, for the disk cache: the dependencies, the declaration
   * files under node_modules they reach (TypeScript's own lib files aside: the cache's salt has
   * TypeScript's version), the paths where resolving their imports found nothing (a file created
   * there changes what an import means) and the package.json files it read, the modules whose
   * codecs it may link to, the project's global scripts, and the tsconfig files.
   */
  inputs: string[];
}

/** The plugin's view of the project's compiler: one instance for the whole build or dev session. */
export interface CodecModules {
  /** `file` (absolute) with each codecFor<T>() replaced, `text` being what the bundler has for it; throws BuildError. */
  transform(file: string, text: string): Transformed;
  /** A file changed, was added or deleted (the bundler's watcher says so): the next transform reads it again. */
  changed(file: string): void;
}

/**
 * A problem that must fail the build; the message has file:line:col for each diagnostic. It is the
 * user's code that is wrong, not the plugin: its stack is the message alone, so a bundler that
 * prints the stack (Vite, Rolldown) prints the diagnostics without the plugin's frames below them.
 */
export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.stack = `${this.name}: ${message}`;
  }
}

/**
 * Another project file's exported codec is imported from that file itself, as the compiler plugin
 * does: the plugin transforms that module too, and the import puts it in the bundler's module graph.
 */
export function linkable(fileName: string): string | undefined {
  return isLibrary(fileName) ? undefined : fileName;
}

/** Files under node_modules (and TypeScript's lib files there) change only on install: not checked on each rebuild. */
export function isLibrary(file: string): boolean {
  return file.split(/[\\/]/).includes("node_modules");
}

/** The sizes generateText measured, where their calls are, for the plugin's warnings and report. */
export function moduleSizes(
  file: { getLineAndCharacterOfPosition(start: number): { line: number; character: number } },
  sizes: readonly CallSize[],
): ModuleSize[] {
  return sizes.map(({ start, large, text }) => {
    const { line, character } = file.getLineAndCharacterOfPosition(start);
    return { line: line + 1, column: character + 1, large, text };
  });
}
