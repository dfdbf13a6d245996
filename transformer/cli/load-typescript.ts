/**
 * Finds a TypeScript with the compiler API the generator runs on, before anything imports
 * "typescript".
 *
 * TypeScript 7 (the native compiler that `npm i typescript` installs now) has no JavaScript API:
 * its `require("typescript")` is only `{ version }`. The transformer's modules import "typescript",
 * so in a TypeScript 7 project they would get that stub. Instead, the command picks the first of:
 *
 *  1. "typescript" as typed-msgpack itself resolves it (its peer dependency): the project's own
 *     TypeScript 4.9-6.x, or @typescript/typescript6 where the project aliases "typescript" to it;
 *  2. typed-msgpack's own TypeScript 6, the package "typed-msgpack-typescript" (a bundled alias of
 *     typescript@6; see the README) when the package ships one;
 *  3. "@typescript/typescript6", Microsoft's TypeScript 6 API package for TypeScript 7 projects;
 *  4. "typescript" as the project folder resolves it (when typed-msgpack runs from elsewhere, npx);
 *
 * that has the API, and then routes every `require("typescript")` made by typed-msgpack's own
 * files to it, so the whole pipeline shares one compiler instance.
 */
import * as nodeModule from "node:module";
import * as path from "node:path";
import { DIST_DIR, packageRoot } from "./package-info.js";

/** The name typed-msgpack's own TypeScript 6 is installed under (an npm alias: "npm:typescript@~6.0"). */
export const OWN_TYPESCRIPT = "typed-msgpack-typescript";

export interface Compiler {
  /** The module file loaded, e.g. .../node_modules/typescript/lib/typescript.js. */
  file: string;
  version: string;
  /** Which candidate it was, for --version and messages. */
  source: string;
}

export class NoCompilerError extends Error {}

const MIN_VERSION: [number, number] = [4, 9];

interface Candidate {
  request: string;
  from: string;
  source: string;
}

/** Loads the first usable compiler and makes typed-msgpack's modules use it; throws NoCompilerError. */
export function loadTypeScript(projectDir: string): Compiler {
  const root = packageRoot();
  const candidates: Candidate[] = [
    { request: "typescript", from: root, source: "typescript (typed-msgpack's peer dependency)" },
    { request: OWN_TYPESCRIPT, from: root, source: `typed-msgpack's own TypeScript (${OWN_TYPESCRIPT})` },
    { request: "@typescript/typescript6", from: root, source: "@typescript/typescript6" },
    { request: "@typescript/typescript6", from: projectDir, source: "@typescript/typescript6 (project)" },
    { request: "typescript", from: projectDir, source: "typescript (project)" },
  ];
  const rejected: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    let file: string;
    try {
      file = require.resolve(candidate.request, { paths: [candidate.from] });
    } catch {
      continue;
    }
    if (seen.has(file)) continue;
    seen.add(file);
    const problem = check(file);
    if (typeof problem === "string") {
      rejected.push(`  ${candidate.request} at ${path.dirname(file)}: ${problem}`);
      continue;
    }
    routeTypeScriptTo(file);
    return { file, version: problem.version, source: candidate.source };
  }
  throw new NoCompilerError(
    [
      `typed-msgpack generate runs on the TypeScript compiler API (TypeScript ${MIN_VERSION.join(".")} to 6.x), and found none${rejected.length > 0 ? ":" : "."}`,
      ...rejected,
      "TypeScript 7 is the native compiler and has no JavaScript API. Keep it for your build, and give the",
      "generator the TypeScript 6 API beside it (your tsc stays TypeScript 7; see the typed-msgpack README):",
      "  npm install --save-dev @typescript/typescript6",
    ].join("\n"),
  );
}

/** The loaded module's version, or why it cannot be used. */
function check(file: string): { version: string } | string {
  let ts: Record<string, unknown>;
  try {
    ts = require(file) as Record<string, unknown>;
  } catch (e) {
    return `cannot be loaded (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`;
  }
  const version = typeof ts.version === "string" ? ts.version : "unknown";
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const api = [
    "createProgram",
    "transform",
    "createPrinter",
    "createWatchCompilerHost",
    "getParsedCommandLineOfConfigFile",
  ];
  if (api.some((name) => typeof ts[name] !== "function")) {
    return major >= 7
      ? `version ${version}, the native compiler, which has no JavaScript API`
      : `version ${version} has no compiler API`;
  }
  if (major < MIN_VERSION[0] || (major === MIN_VERSION[0] && minor < MIN_VERSION[1]))
    return `version ${version} is older than ${MIN_VERSION.join(".")}`;
  return { version };
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
