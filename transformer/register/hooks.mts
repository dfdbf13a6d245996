/**
 * The module hooks of typed-msgpack-build/register (index.mts): a TypeScript module that calls
 * codecFor is loaded as it is and handed on with each codecFor<T>() replaced, as the bundler
 * plugin replaces it (session.mts). The source it hands on is still TypeScript: the loader after
 * it (tsx, or Node's type stripping) strips the types. An inline source map takes stack traces
 * back to the file as written.
 */
import * as fs from "node:fs";
import * as nodeModule from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import type { MessagePort } from "node:worker_threads";
import { compileModule, mayCallCodecFor } from "./session.mjs";

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | ArrayBufferView | null;
  shortCircuit?: boolean;
}
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

/** To the main thread, which tells `node --watch` (index.mts). */
let dependencies: MessagePort | undefined;

export function initialize(data: { dependencies?: MessagePort } | undefined): void {
  dependencies = data?.dependencies;
}

export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<LoadResult> {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith("file:") || loaded.source == null) return loaded;
  const file = fileURLToPath(url);
  if (!mayCallCodecFor(file)) return loaded;
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
    const name = path.relative(process.cwd(), file);
    if (!strip)
      throw new Error(
        `typed-msgpack: ${name} reached typed-msgpack-build/register with its types already stripped (by tsx?), so its codecFor<T>() calls have no type to compile. Load typed-msgpack-build/register first: node --import typed-msgpack-build/register --import tsx ${name}`,
      );
    return { ...loaded, format: loaded.format ?? "module", source: strip(compile(file, written)) };
  }
  return { ...loaded, source: compile(file, text) };
}

/** `text` with its codecs compiled (session.mts), the files they came from told to `node --watch`. */
function compile(file: string, text: string): string {
  const compiled = compileModule(file, text);
  if (compiled.dependencies.length > 0) dependencies?.postMessage(compiled.dependencies);
  return compiled.code;
}
