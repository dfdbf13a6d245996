/** Where `typed-msgpack generate` reads its settings: the command line, then a config file, then defaults. */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseOptions, type SizeLimits } from "../options.js";

export const CONFIG_FILE = "typed-msgpack.config.json";
export const PACKAGE_KEY = "typed-msgpack";

export interface Settings {
  /** Absolute input files and folders; undefined: every project file that mentions codecFor. */
  inputs?: string[];
  /** Absolute path of the tsconfig.json to use; undefined: the nearest one above `baseDir`. */
  project?: string;
  /** What goes between an input's name and its extension: order.ts -> order.codecs.ts. */
  suffix: string;
  /** The module generated code imports the runtime from. */
  runtimeModule?: string;
  /** What codecFor calls that do not say optimize for (`codecFor<T>({ optimize })`): "speed" (default) or "size". */
  optimize?: "speed" | "size";
  /** When a codec's code is large enough to warn about (options.ts `sizeWarning`); undefined: the default. */
  sizeWarning?: SizeLimits | false;
  /** The folder of the config file (or the working directory): where tsconfig.json is looked for. */
  baseDir: string;
  /** Where the settings came from, for messages. */
  configFile?: string;
}

export class ConfigError extends Error {}

const KEYS = ["inputs", "project", "suffix", "runtimeModule", "optimize", "sizeWarning"];

/**
 * Reads typed-msgpack.config.json, or the "typed-msgpack" key of package.json, from the working
 * directory or the nearest folder above it that has either; the search stops at the first
 * package.json. Command-line inputs and --project (relative to `cwd`) override the file's.
 */
export function loadSettings(cwd: string, cli: { inputs: string[]; project?: string }): Settings {
  const found = findConfig(cwd);
  const raw = found?.raw ?? {};
  const where = found?.file ?? "";
  const baseDir = found ? path.dirname(found.file) : cwd;
  for (const key of Object.keys(raw)) {
    if (!KEYS.includes(key))
      throw new ConfigError(
        `${where}: unknown setting "${key}"; the settings are ${KEYS.map((k) => `"${k}"`).join(", ")}`,
      );
  }
  const text = (key: string): string | undefined => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string" || value === "")
      throw new ConfigError(`${where}: "${key}" must be a non-empty string`);
    return value;
  };
  let inputs: string[] | undefined;
  if (raw.inputs !== undefined) {
    if (
      !Array.isArray(raw.inputs) ||
      raw.inputs.length === 0 ||
      raw.inputs.some((i) => typeof i !== "string" || i === "")
    ) {
      throw new ConfigError(`${where}: "inputs" must be a non-empty array of file or folder paths`);
    }
    inputs = (raw.inputs as string[]).map((i) => path.resolve(baseDir, i));
  }
  if (cli.inputs.length > 0) inputs = cli.inputs.map((i) => path.resolve(cwd, i));
  const configured = text("project");
  const project =
    cli.project !== undefined
      ? path.resolve(cwd, cli.project)
      : configured !== undefined
        ? path.resolve(baseDir, configured)
        : undefined;
  const suffix = text("suffix") ?? ".codecs";
  if (!/^\.[\w.-]*\w$/.test(suffix))
    throw new ConfigError(`${where}: "suffix" must start with a dot and be a plain name part, like ".codecs"`);
  const settings: Settings = { suffix, baseDir };
  if (inputs) settings.inputs = inputs;
  if (project)
    settings.project =
      fs.existsSync(project) && fs.statSync(project).isDirectory() ? path.join(project, "tsconfig.json") : project;
  const runtimeModule = text("runtimeModule");
  if (runtimeModule) settings.runtimeModule = runtimeModule;
  const optimize = text("optimize");
  if (optimize !== undefined && optimize !== "speed" && optimize !== "size")
    throw new ConfigError(`${where}: "optimize" must be "speed" or "size"`);
  if (optimize) settings.optimize = optimize;
  if (raw.sizeWarning !== undefined) {
    try {
      settings.sizeWarning = parseOptions({ sizeWarning: raw.sizeWarning }).sizeWarning;
    } catch (e) {
      throw new ConfigError(`${where}: ${(e as Error).message.replace(/^typed-msgpack\/transformer: option /, "")}`);
    }
  }
  if (found) settings.configFile = found.file;
  return settings;
}

function findConfig(cwd: string): { file: string; raw: Record<string, unknown> } | undefined {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    const own = path.join(dir, CONFIG_FILE);
    if (fs.existsSync(own)) return { file: own, raw: readObject(own, undefined) };
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      return hasKey(manifest) ? { file: manifest, raw: readObject(manifest, PACKAGE_KEY) } : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new ConfigError(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

function hasKey(manifest: string): boolean {
  const json = readJson(manifest);
  return typeof json === "object" && json !== null && PACKAGE_KEY in json;
}

/** The whole file (`key` undefined) or one of its keys, which must be an object. */
function readObject(file: string, key: string | undefined): Record<string, unknown> {
  const json = readJson(file);
  const value = key === undefined ? json : (json as Record<string, unknown>)[key];
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError(`${file}: ${key === undefined ? "the config" : `"${key}"`} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}
