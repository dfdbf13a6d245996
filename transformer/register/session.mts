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
  if ("Bun" in globalThis) refuseTypeScript7UnderBun(root);
  const { openCodecModules } =
    require("../bundler/open-codec-modules.js") as typeof import("../bundler/open-codec-modules.js");
  modules = openCodecModules(root, tsconfig, {});
  return modules;
}

/**
 * TypeScript 7's API talks to its compiler process through Node's own pipe handles, which Bun's
 * child processes do not have: under Bun only TypeScript 4.9-6 (in process) can compile codecs.
 */
function refuseTypeScript7UnderBun(root: string): void {
  let version: string;
  try {
    version = String(
      JSON.parse(fs.readFileSync(require.resolve("typescript/package.json", { paths: [root] }), "utf8")).version,
    );
  } catch {
    return; // openCodecModules says what is missing
  }
  if (Number(version.split(".")[0]) >= 7)
    throw new Error(
      `typed-msgpack-build/bun: this project's TypeScript is ${version}, whose API runs only under Node (it reads Node's pipe handles), so Bun cannot compile codecs as modules load. Generate them before running (typed-msgpack generate, as the "codecs" script typed-msgpack init writes), or run the app with Node: node --import typed-msgpack-build/register --import tsx <entry>`,
    );
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
