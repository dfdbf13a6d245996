/**
 * What the runtime hooks share (hooks.mts for Node, bun.mts for Bun): one CodecModules for the
 * process, the bundler plugin's (bundler/codec-modules.ts: the project's own TypeScript, 7 through
 * its API, 4.9-6 in process), on the tsconfig nearest the working folder, as the bundler plugin
 * finds it; and a module's text with its codecs compiled and an inline source map.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type { CodecModules } from "../bundler/codec-modules.js";

const require = createRequire(import.meta.url);
const SCRIPT = /\.[cm]?tsx?$/;
const DECLARATION = /\.d(\.[\w-]+)?\.[cm]?ts$/;

let modules: CodecModules | undefined;

function codecModules(): CodecModules {
  if (modules) return modules;
  const root = process.cwd();
  let tsconfig: string | null = null;
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "tsconfig.json"))) {
      tsconfig = path.join(dir, "tsconfig.json");
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  const { openCodecModules } =
    require("../bundler/open-codec-modules.js") as typeof import("../bundler/open-codec-modules.js");
  modules = openCodecModules(root, tsconfig, {});
  return modules;
}

/** The major version of the TypeScript the project at `root` has; undefined: none found. */
export function typescriptMajor(root: string): number | undefined {
  try {
    const manifest = require.resolve("typescript/package.json", { paths: [root] });
    return Number(String(JSON.parse(fs.readFileSync(manifest, "utf8")).version).split(".")[0]);
  } catch {
    return undefined;
  }
}

/** A project module that may call codecFor: TypeScript, not a declaration file, not under node_modules. */
export function mayCallCodecFor(file: string): boolean {
  return SCRIPT.test(file) && !DECLARATION.test(file) && !file.split(/[\\/]/).includes("node_modules");
}

/**
 * `text` (the module `file` as loaded) with its codecs compiled and an inline source map back to
 * it, and the files the codecs were compiled from; the text as it is when it has no codec call.
 */
export function compileModule(file: string, text: string): { code: string; dependencies: string[] } {
  if (!text.includes("codecFor")) return { code: text, dependencies: [] };
  const generated = codecModules().transform(file, text);
  if (generated.code === undefined) return { code: text, dependencies: generated.dependencies };
  const map = generated.map
    ? `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(generated.map)).toString("base64")}\n`
    : "";
  return { code: generated.code + map, dependencies: generated.dependencies };
}
