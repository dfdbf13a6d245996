// Build-scale cost of the transformer: the synthetic projects of src/buildscale.ts (independent
// types, a chain of types across files, feature files over a shared core) at several sizes, each
// compiled by plain `tsc` and by ts-patch's `tspc` with and without the plugin, runs interleaved;
// emitted JavaScript measured; the plugin's output of the smallest size loaded and round-tripped.
import * as fs from "node:fs";
import * as path from "node:path";
import { spawnSync } from "node:child_process";
import { generateProject, PROJECT_KINDS, type Project, type ProjectKind } from "./buildscale";
import { buildReport } from "./buildscale-report";

const ROOT = path.resolve(__dirname, "../..");
/** Inside this package (bench/.generated, git-ignored), so "typed-msgpack" resolves by self-reference. */
const DIR = path.join(__dirname, "buildtime");

export const BUILD_SCALES = ["small", "default", "large"] as const;
export type BuildScale = (typeof BUILD_SCALES)[number];

/** Sizes (number of types) per project; chain alone goes to 3,000, and only with --build-scale=large. */
function sizes(kind: ProjectKind, scale: BuildScale): number[] {
  if (scale === "small") return [100, 300];
  return kind === "chain" && scale === "large" ? [100, 300, 1000, 3000] : [100, 300, 1000];
}

export const COMPILERS = [
  { id: "tsc", name: "tsc", bin: "node_modules/typescript/bin/tsc", out: "out-tsc" },
  { id: "tspc", name: "tspc", bin: "node_modules/ts-patch/bin/tspc.js", out: "out-tspc" },
  { id: "plugin", name: "tspc + plugin", bin: "node_modules/ts-patch/bin/tspc.js", out: "out-plugin" },
] as const;
type CompilerId = (typeof COMPILERS)[number]["id"];

/**
 * A compiler stops repeating once its runs of one project have taken this long (one run at least),
 * which keeps the default run (nine projects) to a few minutes: the 1,000-type builds get fewer runs.
 */
export const BUDGET_MS = 15_000;
/** A build that takes longer than this is killed and reported as not finished. */
const TIMEOUT_MS = 30 * 60_000;

export interface ProjectResult {
  kind: ProjectKind;
  size: number;
  codecs: number;
  properties: number;
  sourceFiles: number;
  /** Median wall time per compiler (undefined when it failed), and how many runs made it. */
  ms: Record<CompilerId, number | undefined>;
  runs: Record<CompilerId, number>;
  /** Emitted .js bytes: plain tspc (tsc emits the same) and tspc + plugin. */
  bytes: { without: number; with: number };
  /** Output files of the plugin build that still call codecFor (the plugin did not run on them). */
  leftover: string[];
  /** "n codecs round-tripped" when the loaded output worked; undefined when not checked (larger sizes). */
  loaded?: string;
  errors: string[];
}

export interface BuildTime {
  runs: number;
  scale: BuildScale;
  projects: ProjectResult[];
  failures: string[];
  lines: string[];
}

function writeConfigs(p: Project): void {
  const base = {
    compilerOptions: {
      target: "es2020",
      module: "node16",
      moduleResolution: "node16",
      strict: true,
      skipLibCheck: true,
      types: [],
      rootDir: "src",
    },
    include: ["src"],
  };
  for (const c of COMPILERS) {
    const plugins = c.id === "plugin" ? [{ transform: path.join(ROOT, "transformer.js") }] : undefined;
    const config = { ...base, compilerOptions: { ...base.compilerOptions, outDir: c.out, plugins } };
    fs.writeFileSync(path.join(p.dir, `tsconfig.${c.id}.json`), JSON.stringify(config, null, 2));
  }
}

/** Wall time of one whole compiler process, or an error message. */
function timeOnce(p: Project, c: (typeof COMPILERS)[number]): number | string {
  fs.rmSync(path.join(p.dir, c.out), { recursive: true, force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [path.join(ROOT, c.bin), "-p", path.join(p.dir, `tsconfig.${c.id}.json`)], {
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: 64 << 20,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.error || r.signal)
    return `${c.name} did not finish (${r.error?.message ?? r.signal}) after ${(ms / 1000).toFixed(0)} s`;
  if (r.status !== 0)
    return `${c.name} failed (exit ${r.status}) after ${(ms / 1000).toFixed(0)} s:\n${(r.stdout + r.stderr).trim().split("\n").slice(0, 12).join("\n")}`;
  return ms;
}

function median(xs: number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1]! + s[m]!) / 2;
}

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js"))
    .map((f) => path.join(dir, f));
}
const jsBytes = (dir: string) => jsFiles(dir).reduce((s, f) => s + fs.statSync(f).size, 0);

/** Loads the plugin's output in a child node process and round-trips values through several codecs. */
function loadCheck(p: Project): { ok: boolean; message: string } {
  const r = spawnSync(process.execPath, [path.join(p.dir, "check.js")], {
    cwd: p.dir,
    encoding: "utf8",
    timeout: 120_000,
  });
  const out = (r.stdout + r.stderr).trim();
  return r.status === 0
    ? { ok: true, message: out }
    : { ok: false, message: `check.js exited ${r.status ?? r.signal}: ${out.slice(0, 3000)}` };
}

function measureProject(
  kind: ProjectKind,
  size: number,
  runs: number,
  check: boolean,
  progress: (s: string) => void,
): ProjectResult {
  const p = generateProject(kind, size, DIR);
  writeConfigs(p);
  const label = `${kind}-${size}`;
  const times: Record<CompilerId, number[]> = { tsc: [], tspc: [], plugin: [] };
  const errors: string[] = [];
  const failed = new Set<CompilerId>();
  for (let r = 0; r < runs; r++) {
    // Rotating the order keeps drift (thermal, other processes) from favouring one compiler.
    for (let i = 0; i < COMPILERS.length; i++) {
      const c = COMPILERS[(i + r) % COMPILERS.length]!;
      const spent = times[c.id].reduce((s, t) => s + t, 0);
      if (failed.has(c.id) || (r > 0 && spent >= BUDGET_MS)) continue;
      const t = timeOnce(p, c);
      if (typeof t === "string") {
        failed.add(c.id);
        errors.push(`${label}: ${t}`);
        progress(`build time: ${label}: ${t.split("\n")[0]}`);
      } else times[c.id].push(t);
    }
    const ms = (id: CompilerId) => (times[id].length ? `${(times[id].at(-1)! / 1000).toFixed(1)} s` : "-");
    progress(
      `build time: ${label} run ${r + 1}/${runs}: tsc ${ms("tsc")}, tspc ${ms("tspc")}, tspc + plugin ${ms("plugin")}`,
    );
  }
  // The last run of each compiler left its output in place.
  const pluginOut = path.join(p.dir, "out-plugin");
  const leftover = failed.has("plugin")
    ? []
    : jsFiles(pluginOut)
        .filter((f) => /codecFor\)?\(/.test(fs.readFileSync(f, "utf8")))
        .map((f) => path.relative(p.dir, f));
  if (leftover.length)
    errors.push(
      `${label}: codecFor calls left in the plugin's output (${leftover.slice(0, 3).join(", ")}${leftover.length > 3 ? ", …" : ""})`,
    );
  let loaded: string | undefined;
  if (check && !failed.has("plugin")) {
    const c = loadCheck(p);
    if (c.ok) loaded = c.message;
    else errors.push(`${label}: the plugin's output does not load and round-trip: ${c.message}`);
  }
  const result: ProjectResult = {
    kind,
    size,
    codecs: p.codecs,
    properties: p.properties,
    sourceFiles: p.files.size,
    ms: { tsc: median(times.tsc), tspc: median(times.tspc), plugin: median(times.plugin) },
    runs: { tsc: times.tsc.length, tspc: times.tspc.length, plugin: times.plugin.length },
    bytes: { without: jsBytes(path.join(p.dir, "out-tspc")), with: jsBytes(pluginOut) },
    leftover,
    loaded,
    errors,
  };
  // Keep the plugin's output for inspection; the others are regenerated by every run anyway.
  for (const c of COMPILERS)
    if (c.id !== "plugin") fs.rmSync(path.join(p.dir, c.out), { recursive: true, force: true });
  return result;
}

export interface BuildOptions {
  scale?: BuildScale;
  projects?: readonly ProjectKind[];
}

/**
 * Builds and measures every project at every size of `scale`, `runs` interleaved runs per compiler
 * (fewer for builds that take minutes). The smallest size of each project is checked first, so that
 * a plugin whose output does not load fails within seconds. Failures are collected, printed in the
 * report and set a non-zero exit code; they do not throw, so that the rest of the report survives.
 */
export function measureBuildTime(runs: number, progress: (s: string) => void, options: BuildOptions = {}): BuildTime {
  const scale = options.scale ?? "default";
  const kinds = options.projects ?? PROJECT_KINDS;
  fs.mkdirSync(DIR, { recursive: true });
  const plan = kinds
    .flatMap((kind) => sizes(kind, scale).map((size, i) => ({ kind, size, check: i === 0 })))
    .sort((a, b) => a.size - b.size);
  const projects: ProjectResult[] = [];
  for (const { kind, size, check } of plan) {
    const result = measureProject(kind, size, runs, check, progress);
    for (const e of result.errors) progress(`build time: FAILED: ${e}`);
    projects.push(result);
  }
  const failures = projects.flatMap((p) => p.errors);
  if (failures.length) process.exitCode = 1;
  return { runs, scale, projects, failures, lines: buildReport(projects, runs, scale, failures) };
}
