// Build-time cost of the transformer: a generated project of 300 types and 300 codecFor calls,
// compiled by plain `tsc` and by ts-patch's `tspc` with and without the plugin, runs interleaved.
import * as fs from "node:fs";
import * as path from "node:path";
import { spawnSync } from "node:child_process";

const ROOT = path.resolve(__dirname, "../..");
const DIR = path.join(__dirname, "buildtime");
const FILES = 30;
const TYPES_PER_FILE = 10;

/** Five shapes in rotation, so the transformer sees objects, references, unions, tuples and recursion. */
function typeSource(n: number, first: boolean): string {
  const prev = first ? "string" : `T${n - 1}`;
  switch (n % 5) {
    case 0: return `export interface T${n} { id: number; name: string; tags: string[]; score?: number; createdAt: Date }`;
    case 1: return `export interface T${n} { ref: ${prev}; items: ${prev}[]; meta: Record<string, string>; flag: boolean }`;
    case 2: return `export type T${n} = { kind: "a"; a: number } | { kind: "b"; b: string; prev: ${prev} } | { kind: "c"; c: boolean[] };`;
    case 3: return `export interface T${n} { tuple: [number, string, boolean?]; bytes: Uint8Array; big: bigint; status: "on" | "off" | "unknown" }`;
    default: return `export interface T${n} { label: string; children: T${n}[]; parent?: T${n}; extra: { x: number; y: number | null } }`;
  }
}

function generateProject(): void {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(DIR, "src"), { recursive: true });
  for (let f = 0; f < FILES; f++) {
    const lines = [`import { codecFor } from "typed-msgpack";`];
    for (let j = 0; j < TYPES_PER_FILE; j++) {
      const n = f * TYPES_PER_FILE + j;
      lines.push(typeSource(n, j === 0), `export const C${n} = codecFor<T${n}>();`);
    }
    fs.writeFileSync(path.join(DIR, "src", `f${f}.ts`), lines.join("\n") + "\n");
  }
  // "typed-msgpack" resolves by package self-reference (the project sits inside this package),
  // to dist/runtime's declarations, as in examples/demo.
  const base = {
    compilerOptions: { target: "es2020", module: "node16", moduleResolution: "node16", strict: true, skipLibCheck: true, types: [], rootDir: "src" },
    include: ["src"],
  };
  const write = (name: string, outDir: string, plugins?: object[]) =>
    fs.writeFileSync(path.join(DIR, name), JSON.stringify({ ...base, compilerOptions: { ...base.compilerOptions, outDir, plugins } }, null, 2));
  write("tsconfig.tsc.json", "out-tsc");
  write("tsconfig.tspc.json", "out-tspc");
  write("tsconfig.plugin.json", "out-plugin", [{ transform: path.join(ROOT, "transformer.js") }]);
}

const COMPILERS = [
  { name: "tsc", bin: "node_modules/typescript/bin/tsc", config: "tsconfig.tsc.json" },
  { name: "tspc, no plugin", bin: "node_modules/ts-patch/bin/tspc.js", config: "tsconfig.tspc.json" },
  { name: "tspc + typed-msgpack", bin: "node_modules/ts-patch/bin/tspc.js", config: "tsconfig.plugin.json" },
] as const;

function timeOnce(bin: string, config: string): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [path.join(ROOT, bin), "-p", path.join(DIR, config)], { encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${bin} -p ${config} failed:\n${r.stdout}${r.stderr}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export interface BuildTime { runs: number; medians: { name: string; ms: number }[]; overhead: number; pluginOnly: number; checked: string }

export function measureBuildTime(runs: number, progress: (s: string) => void): BuildTime {
  generateProject();
  const times = COMPILERS.map(() => [] as number[]);
  for (let r = 0; r < runs; r++) {
    COMPILERS.forEach((c, i) => times[i]!.push(timeOnce(c.bin, c.config)));
    progress(`build time: run ${r + 1}/${runs}`);
  }
  // The plugin really ran: its output no longer contains codecFor calls.
  const out = fs.readFileSync(path.join(DIR, "out-plugin", "f0.js"), "utf8");
  const checked = /codecFor\)?\(/.test(out) ? "WARNING: codecFor calls left in tspc output" : "tspc output has no codecFor calls left";
  const medians = COMPILERS.map((c, i) => ({ name: c.name, ms: median(times[i]!) }));
  const [tsc, tspc, plugin] = medians.map((m) => m.ms) as [number, number, number];
  return { runs, medians, overhead: plugin / tsc - 1, pluginOnly: plugin / tspc - 1, checked };
}
