/**
 * `typed-msgpack/unplugin`: the bundler plugin (Vite, Rollup, Rolldown, esbuild, webpack, Rspack),
 * built on unplugin. It replaces each `codecFor<T>()` in a module with the code the compiler plugin
 * and `typed-msgpack generate` produce (the one pipeline: generate.ts), before the bundler strips
 * the types, and tells the bundler which files each codec was generated from: a type-only import
 * is erased before the bundler sees it, so without that an edit to the type would leave the old
 * codec in place.
 *
 * An ES module because unplugin 3 is one; the pipeline is CommonJS and is loaded only after a
 * project's TypeScript is found (open-codec-modules.ts: TypeScript 7 through its API, one process for
 * the whole session; 4.9-6 in process).
 */
import { createRequire } from "node:module";
import * as fs from "node:fs";
import * as path from "node:path";
import { createUnplugin, type UnpluginFactory } from "unplugin";
import type { ViteDevServer } from "vite";
import type { CodecModules } from "./codec-modules.js";
import type { DiskCache, Generated, ModuleSize } from "./cache.js";

export interface PluginOptions {
  /** The tsconfig whose Program type-checks the modules (default: the nearest tsconfig.json above the bundler's root). */
  tsconfig?: string;
  /** The runtime package generated code imports from, its `/internal` entry (default "typed-msgpack"). */
  runtimeModule?: string;
  /** false: copy the codecs of types whose codec another module exports, instead of importing it (default true). */
  link?: boolean;
  /** What codecFor calls that do not say optimize for: "speed" (default) or "size" (docs/performance.md, "Size mode"). */
  optimize?: "speed" | "size";
  /**
   * false: no disk cache of generated modules. Default true: under Vite's cacheDir
   * (node_modules/.vite/typed-msgpack), with other bundlers node_modules/.cache/typed-msgpack
   * in the bundler's root (none without a node_modules folder there).
   */
  cache?: boolean;
  /**
   * When a codec's code is large enough for a warning that suggests `optimize: "size"`: at or above
   * `bytes` of code (comments and indentation left out) or `types` named types. false: never.
   * Default { bytes: 200000, types: 500 }.
   */
  sizeWarning?: { bytes?: number; types?: number } | false;
  /** true: at the end of the build, list each codec's code size and the named types it reaches. */
  report?: boolean;
}

/** What vitest passes to a plugin's configureVitest hook, as far as the plugin uses it. */
interface VitestPluginContext {
  defineCacheKeyGenerator?: (generator: CacheKeyGenerator) => void;
  experimental_defineCacheKeyGenerator?: (generator: CacheKeyGenerator) => void;
}
type CacheKeyGenerator = (module: { id: string; sourceCode: string }) => string | false | undefined;

const KEYS = ["tsconfig", "runtimeModule", "link", "optimize", "cache", "sizeWarning", "report"];
const require = createRequire(import.meta.url);
/** TypeScript modules, with or without a query (`?v=1`); declaration files have no calls to replace. */
const SCRIPT = /\.[cm]?tsx?(\?.*)?$/;
const DECLARATION = /\.d(\.[\w-]+)?\.[cm]?ts(\?.*)?$/;

const factory: UnpluginFactory<PluginOptions | undefined> = (options = {}) => {
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key))
      throw new Error(
        `typed-msgpack: unknown plugin option "${key}"; the options are ${KEYS.map((k) => `"${k}"`).join(", ")}`,
      );
  }
  let root = process.cwd();
  let cacheDir: string | undefined;
  let modules: CodecModules | undefined;
  let devServer: ViteDevServer | undefined;
  const { Dependents, DiskCache: Cache, cacheSalt } = require("./cache.js") as typeof import("./cache.js");
  const dependents = new Dependents();
  /** For `report`: each module's codec sizes, listed when the build ends. */
  const reported = new Map<string, ModuleSize[]>();
  let cache: DiskCache | undefined | null;
  /** The disk cache, once the bundler has said where the project is; null when off. */
  const diskCache = (): DiskCache | null => {
    if (cache !== undefined) return cache;
    const { packageRoot } = require("../cli/package-info.js") as typeof import("../cli/package-info.js");
    const dir =
      options.cache === false
        ? undefined
        : (cacheDir ??
          (fs.existsSync(path.join(root, "node_modules"))
            ? path.join(root, "node_modules/.cache/typed-msgpack")
            : undefined));
    const { cache: _off, ...generating } = options;
    cache = dir ? new Cache(dir, cacheSalt(packageRoot(), root, { ...generating, tsconfig: codecTsconfig() })) : null;
    return cache;
  };
  /** The tsconfig the programs are made from (the default as ts.findConfigFile finds it), without loading TypeScript. */
  const codecTsconfig = (): string | null => {
    if (options.tsconfig) return path.resolve(root, options.tsconfig);
    for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
      if (fs.existsSync(path.join(dir, "tsconfig.json"))) return path.join(dir, "tsconfig.json");
      if (path.dirname(dir) === dir) return null;
    }
  };
  /** Created on first use, once the bundler has said where the project is: one for the whole session. */
  const codecModules = (): CodecModules => {
    if (modules) return modules;
    const { openCodecModules } = require("./open-codec-modules.js") as typeof import("./open-codec-modules.js");
    // The rest are the transformer's own options.
    const { tsconfig: _ignored, cache: _cache, report, ...transformerOptions } = options;
    modules = openCodecModules(root, codecTsconfig(), { ...transformerOptions, reportSizes: report === true });
    return modules;
  };

  /** The module with its codecs generated: from the disk cache when every input is as it was, else by the Program. */
  const generate = (file: string, code: string): Generated => {
    const hit = diskCache()?.get(file, code);
    if (hit) return hit;
    const { inputs, ...result } = codecModules().transform(file, code);
    diskCache()?.set(file, code, inputs, result);
    return result;
  };

  return {
    name: "typed-msgpack",
    // Before the bundler's own TypeScript stripping, which would leave nothing to read the type argument from.
    enforce: "pre",
    transform: {
      filter: { id: { include: SCRIPT, exclude: [/[\\/]node_modules[\\/]/, DECLARATION] }, code: "codecFor" },
      handler(code, id) {
        if (id.startsWith("\0") || !SCRIPT.test(id) || DECLARATION.test(id)) return null;
        const file = path.resolve(id.replace(/\?.*$/, ""));
        const result = generate(file, code);
        dependents.record(file, result.dependencies);
        for (const dependency of result.dependencies) this.addWatchFile(dependency);
        for (const size of result.sizes ?? []) {
          if (size.large) this.warn(`${path.relative(root, file) || file}:${size.line}:${size.column}: ${size.text}`);
        }
        if (options.report) reported.set(file, result.sizes ?? []);
        return result.code === undefined ? null : { code: result.code, map: result.map ?? null };
      },
    },
    buildEnd() {
      if (!options.report || reported.size === 0) return;
      const lines = [...reported]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .flatMap(([file, sizes]) =>
          sizes.map((size) => `  ${path.relative(root, file) || file}:${size.line}:${size.column} ${size.text}`),
        );
      process.stdout.write(`typed-msgpack: codec sizes\n${lines.join("\n")}\n`);
    },
    watchChange(id) {
      cache?.changed(id);
      modules?.changed(id);
      // Vite's dev server (and vitest, which runs on one) keeps each module's transformed code until
      // the module is invalidated; a type file is not in its module graph, so its change would not.
      for (const environment of Object.values(devServer?.environments ?? {})) {
        const graph = environment.moduleGraph;
        for (const dependent of dependents.of(id)) {
          for (const module of graph.getModulesByFile(dependent) ?? []) graph.invalidateModule(module);
        }
      }
    },
    vite: {
      configResolved(config) {
        root = config.root;
        cacheDir = path.join(config.cacheDir, "typed-msgpack");
      },
      configureServer(server) {
        devServer = server;
      },
      // vitest 4+ caches transformed modules on disk, keyed by their own text: a codec module's
      // output also depends on its type files, so it is left out of that cache.
      ...{
        configureVitest(context: VitestPluginContext) {
          const define = context.defineCacheKeyGenerator ?? context.experimental_defineCacheKeyGenerator;
          define?.(({ sourceCode }) => (sourceCode.includes("codecFor") ? false : undefined));
        },
      },
      // A type file is not in Vite's module graph (only type-only imports reach it): send the update
      // to the modules whose codecs were generated from it, after dropping their transformed code.
      hotUpdate({ file, modules: affected }) {
        const generatedFrom = dependents.of(file);
        if (generatedFrom.length === 0) return;
        cache?.changed(file);
        modules?.changed(file);
        const graph = this.environment.moduleGraph;
        const stale = generatedFrom.flatMap((id) => [...(graph.getModulesByFile(id) ?? [])]);
        for (const module of stale) graph.invalidateModule(module);
        return [...new Set([...affected, ...stale])];
      },
    },
  };
};

export const unplugin = createUnplugin(factory);
export const vite = unplugin.vite;
export const rollup = unplugin.rollup;
export const rolldown = unplugin.rolldown;
export const esbuild = unplugin.esbuild;
export const webpack = unplugin.webpack;
export const rspack = unplugin.rspack;
export default unplugin;
