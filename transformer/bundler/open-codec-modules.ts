/**
 * Which CodecModules (codec-modules.ts) the bundler plugin runs on: the project's own TypeScript
 * decides. Each implementation is loaded only once that TypeScript is known.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { findCompiler } from "../cli/find-compiler.js";
import type { CodecModuleOptions, CodecModules } from "./codec-modules.js";

/**
 * The CodecModules of the project at `root` (the bundler's root), on the TypeScript installed
 * there: TypeScript 7 through its API, 4.9-6 in process; anything else is findCompiler's error.
 * `tsconfig` is the tsconfig the plugin was given or found (null: none).
 */
export function openCodecModules(root: string, tsconfig: string | null, options: CodecModuleOptions): CodecModules {
  const native = nativeTypeScript(root);
  // findCompiler for 4.9-6 (it routes typed-msgpack's `require("typescript")` to the project's) and
  // for every error: none installed, too old, a 7 without the API. A TypeScript 7 is not created
  // through it: its session would have no overlays (native-codec-modules.ts makes its own).
  if (!native) findCompiler(root);
  if (!tsconfig)
    throw new Error(
      `typed-msgpack: no tsconfig.json in ${root} or above it; the plugin needs one to type-check the modules that call codecFor (or pass { tsconfig })`,
    );
  if (native) {
    const { NativeCodecModules } = require("./native-codec-modules.js") as typeof import("./native-codec-modules.js");
    return new NativeCodecModules(native.modules, native.dir, tsconfig, options, root);
  }
  const { ClassicCodecModules } = require("./classic-codec-modules.js") as typeof import("./classic-codec-modules.js");
  return new ClassicCodecModules(tsconfig, options, root);
}

/** The project's TypeScript 7 with its API loaded, when that is what `root` has. */
function nativeTypeScript(root: string) {
  let manifest: string;
  try {
    manifest = require.resolve("typescript/package.json", { paths: [root] });
  } catch {
    return undefined;
  }
  const version = String((JSON.parse(fs.readFileSync(manifest, "utf8")) as { version?: unknown }).version ?? "");
  if (Number(version.split(".")[0]) < 7) return undefined;
  const { loadNativeModules } = require("../checkers/native-api.js") as typeof import("../checkers/native-api.js");
  const dir = path.dirname(manifest);
  const modules = loadNativeModules(dir, version);
  return typeof modules === "string" ? undefined : { modules, dir };
}
