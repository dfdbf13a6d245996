/**
 * The module hooks of typed-msgpack-build/register (index.mts): a TypeScript module that calls
 * codecFor is loaded as it is and handed on with each codecFor<T>() replaced, as the bundler
 * plugin replaces it (bundler/codec-modules.ts, on the project's own TypeScript: 7 through its
 * API, 4.9-6 in process). The source it hands on is still TypeScript: the loader after it (tsx,
 * or Node's type stripping) strips the types. An inline source map takes stack traces back to the
 * file as written.
 */
import * as nodeModule from "node:module";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import type { MessagePort } from "node:worker_threads";
import type { CodecModules } from "../bundler/codec-modules.js";

const require = nodeModule.createRequire(import.meta.url);
const SCRIPT = /\.[cm]?tsx?$/;
const DECLARATION = /\.d(\.[\w-]+)?\.[cm]?ts$/;

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | ArrayBufferView | null;
  shortCircuit?: boolean;
}
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

let modules: CodecModules | undefined;
/** To the main thread, which tells `node --watch` (index.mts). */
let dependencies: MessagePort | undefined;

export function initialize(data: { dependencies?: MessagePort } | undefined): void {
  dependencies = data?.dependencies;
}

/** One session for the process, on the tsconfig nearest the working folder (as the bundler plugin finds it). */
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

export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<LoadResult> {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith("file:") || loaded.source == null) return loaded;
  const file = fileURLToPath(url);
  if (!SCRIPT.test(file) || DECLARATION.test(file) || file.split(/[\\/]/).includes("node_modules")) return loaded;
  const text =
    typeof loaded.source === "string"
      ? loaded.source
      : Buffer.from(
          loaded.source instanceof ArrayBuffer
            ? new Uint8Array(loaded.source)
            : new Uint8Array(loaded.source.buffer, loaded.source.byteOffset, loaded.source.byteLength),
        ).toString("utf8");
  if (!text.includes("codecFor")) return loaded;
  const written = fs.readFileSync(file, "utf8");
  if (text !== written && !/codecFor\s*</.test(text) && /codecFor\s*</.test(written)) {
    // A loader registered before this one (tsx: `tsx --import typed-msgpack-build/register`) has
    // stripped the types already: compile the file as written, and strip them here.
    const strip = (nodeModule as { stripTypeScriptTypes?: (code: string) => string }).stripTypeScriptTypes;
    if (!strip)
      throw new Error(
        `typed-msgpack: ${path.relative(process.cwd(), file)} reached typed-msgpack-build/register with its types already stripped (by tsx?), so its codecFor<T>() calls have no type to compile. Load typed-msgpack-build/register first: node --import typed-msgpack-build/register --import tsx ${path.relative(process.cwd(), file)}`,
      );
    const generated = compile(file, written);
    return { ...loaded, format: loaded.format ?? "module", source: strip(generated) };
  }
  return { ...loaded, source: compile(file, text) };
}

/** `text` with its codecs compiled, and an inline source map back to it. */
function compile(file: string, text: string): string {
  const generated = codecModules().transform(file, text);
  dependencies?.postMessage(generated.dependencies);
  if (generated.code === undefined) return text;
  const map = generated.map
    ? `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(generated.map)).toString("base64")}\n`
    : "";
  return generated.code + map;
}
