/**
 * `typed-msgpack/unplugin`: the bundler plugin (Vite, Rollup, Rolldown, esbuild, webpack, Rspack),
 * built on unplugin. It replaces each `codecFor<T>()` in a module with the code the compiler plugin
 * and `typed-msgpack generate` produce (the one pipeline: generate.ts), before the bundler strips
 * the types, and tells the bundler which files each codec was generated from: a type-only import
 * is erased before the bundler sees it, so without that an edit to the type would leave the old
 * codec in place.
 *
 * An ES module because unplugin 3 is one; the pipeline is CommonJS and is loaded only after a
 * TypeScript with the compiler API is chosen (TypeScript 7 has none; see cli/load-typescript.ts).
 */
import { createRequire } from "node:module";
import * as path from "node:path";
import { createUnplugin, type UnpluginFactory } from "unplugin";
import type { ViteDevServer } from "vite";
import type { CodecModules } from "./codec-modules.js";

export interface PluginOptions {
  /** The tsconfig whose Program type-checks the modules (default: the nearest tsconfig.json above the bundler's root). */
  tsconfig?: string;
  /** The module generated code imports the runtime from (default "typed-msgpack"). */
  runtimeModule?: string;
  /** false: copy the codecs of types whose codec another module exports, instead of importing it (default true). */
  link?: boolean;
}

/** What vitest passes to a plugin's configureVitest hook, as far as the plugin uses it. */
interface VitestPluginContext {
  defineCacheKeyGenerator?: (generator: CacheKeyGenerator) => void;
  experimental_defineCacheKeyGenerator?: (generator: CacheKeyGenerator) => void;
}
type CacheKeyGenerator = (module: { id: string; sourceCode: string }) => string | false | undefined;

const KEYS = ["tsconfig", "runtimeModule", "link"];
const require = createRequire(import.meta.url);
/** TypeScript modules, with or without a query (`?v=1`); declaration files have no calls to replace. */
const SCRIPT = /\.[cm]?tsx?(\?.*)?$/;
const DECLARATION = /\.d(\.[\w-]+)?\.[cm]?ts(\?.*)?$/;

const factory: UnpluginFactory<PluginOptions | undefined> = (options = {}) => {
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key)) throw new Error(`typed-msgpack: unknown plugin option "${key}"; the options are ${KEYS.map((k) => `"${k}"`).join(", ")}`);
  }
  let root = process.cwd();
  let modules: CodecModules | undefined;
  let devServer: ViteDevServer | undefined;
  /** Created on first use, once the bundler has said where the project is. */
  const codecModules = (): CodecModules => {
    if (modules) return modules;
    const { loadTypeScript } = require("../cli/load-typescript.js") as typeof import("../cli/load-typescript.js");
    loadTypeScript(root);
    const ts = require("typescript") as typeof import("typescript");
    const tsconfig = options.tsconfig ? path.resolve(root, options.tsconfig) : ts.findConfigFile(root, ts.sys.fileExists);
    if (!tsconfig) throw new Error(`typed-msgpack: no tsconfig.json in ${root} or above it; the plugin needs one to type-check the modules that call codecFor (or pass { tsconfig })`);
    const { CodecModules: Modules } = require("./codec-modules.js") as typeof import("./codec-modules.js");
    const { tsconfig: _ignored, ...transformerOptions } = options; // the rest are the transformer's own options
    modules = new Modules(tsconfig, transformerOptions, root);
    return modules;
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
        const result = codecModules().transform(file, code);
        for (const dependency of result.dependencies) this.addWatchFile(dependency);
        return result.code === undefined ? null : { code: result.code, map: null };
      },
    },
    watchChange(id) {
      if (!modules) return;
      modules.changed(id);
      // Vite's dev server (and vitest, which runs on one) keeps each module's transformed code until
      // the module is invalidated; a type file is not in its module graph, so its change would not.
      for (const environment of Object.values(devServer?.environments ?? {})) {
        const graph = environment.moduleGraph;
        for (const dependent of modules.dependentsOf(id)) {
          for (const module of graph.getModulesByFile(dependent) ?? []) graph.invalidateModule(module);
        }
      }
    },
    vite: {
      configResolved(config) {
        root = config.root;
      },
      configureServer(server) {
        devServer = server;
      },
      // vitest 4+ caches transformed modules on disk, keyed by their own text: a codec module's
      // output also depends on its type files, so it is left out of that cache.
      ...({
        configureVitest(context: VitestPluginContext) {
          const define = context.defineCacheKeyGenerator ?? context.experimental_defineCacheKeyGenerator;
          define?.(({ sourceCode }) => (sourceCode.includes("codecFor") ? false : undefined));
        },
      }),
      // A type file is not in Vite's module graph (only type-only imports reach it): send the update
      // to the modules whose codecs were generated from it, after dropping their transformed code.
      hotUpdate({ file, modules: affected }) {
        const dependents = modules?.dependentsOf(file) ?? [];
        if (dependents.length === 0) return;
        modules!.changed(file);
        const graph = this.environment.moduleGraph;
        const stale = dependents.flatMap((id) => [...(graph.getModulesByFile(id) ?? [])]);
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
