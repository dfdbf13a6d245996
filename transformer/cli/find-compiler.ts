/**
 * The compiler the build tools run on: the project's own `typescript`, never one of their own.
 * TypeScript 7 through its API (`typescript/sync`, in 7.0 `typescript/unstable/sync`), which runs
 * the native compiler; TypeScript 4.9-6 through its API in process, where every `require
 * ("typescript")` of typed-msgpack's own files is routed to the project's, so that the pipeline
 * shares one compiler instance. Anything else is an error that names the supported versions and
 * the command that fixes it; nothing falls back silently.
 */
import * as fs from "node:fs";
import * as nodeModule from "node:module";
import * as path from "node:path";
import { loadNativeModules } from "../checkers/native-api.js";
import type { Compiler } from "./compiler.js";
import { DIST_DIR } from "./package-info.js";

export class NoCompilerError extends Error {}

const OLDEST: [number, number] = [4, 9];
const SUPPORTED = "TypeScript 4.9 to 6.x, or 7.0 and later";
const INSTALL = "npm install --save-dev typescript";

/**
 * The project's TypeScript, as a Compiler; throws NoCompilerError. `countRequests`: TypeScript 7's
 * compiler counts the requests to its process (`generate --verbose`).
 */
export function findCompiler(projectDir: string, countRequests = false): Compiler {
  let manifest: string;
  try {
    manifest = require.resolve("typescript/package.json", { paths: [projectDir] });
  } catch {
    throw new NoCompilerError(
      `typed-msgpack's build tools run on your project's own TypeScript (${SUPPORTED}), and found none from ${projectDir}: ${INSTALL}`,
    );
  }
  const dir = path.dirname(manifest);
  const version = String((JSON.parse(fs.readFileSync(manifest, "utf8")) as { version?: unknown }).version ?? "");
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major >= 7) {
    const modules = loadNativeModules(dir, version);
    if (typeof modules === "string") {
      throw new NoCompilerError(`${modules} (at ${dir}); typed-msgpack supports ${SUPPORTED}: ${INSTALL}@latest`);
    }
    const { NativeCompiler } = require("./native-compiler.js") as typeof import("./native-compiler.js");
    return new NativeCompiler(modules, projectDir, countRequests);
  }
  if (major < OLDEST[0] || (major === OLDEST[0] && minor < OLDEST[1])) {
    throw new NoCompilerError(
      `TypeScript ${version} (at ${dir}) is older than ${OLDEST.join(".")}; typed-msgpack supports ${SUPPORTED}: ${INSTALL}@latest`,
    );
  }
  routeTypeScriptTo(require.resolve("typescript", { paths: [projectDir] }));
  const { ClassicCompiler } = require("./classic-compiler.js") as typeof import("./classic-compiler.js");
  return new ClassicCompiler();
}

type ResolveFilename = (
  request: string,
  parent: { filename?: string | null } | undefined,
  ...rest: unknown[]
) => string;

/** Every `require("typescript")` from typed-msgpack's compiled files now loads `file`. */
function routeTypeScriptTo(file: string): void {
  let natural: string | undefined;
  try {
    natural = require.resolve("typescript", { paths: [DIST_DIR] });
  } catch {
    natural = undefined;
  }
  if (natural === file) return;
  const loader = nodeModule as unknown as { Module: { _resolveFilename: ResolveFilename } };
  const original = loader.Module._resolveFilename;
  const inside = DIST_DIR + path.sep;
  loader.Module._resolveFilename = function (this: unknown, request, parent, ...rest) {
    if (request === "typescript" && parent?.filename?.startsWith(inside)) return file;
    return original.call(this, request, parent, ...rest);
  };
}
