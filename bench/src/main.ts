// The harness: one process per contender × dataset (V8 would otherwise share hidden classes and
// inline caches between libraries), rounds interleaved across those processes, one process timed
// at a time (2 cores), medians reported. Progress goes to stderr, the report to stdout.
import { fork, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PROJECT_KINDS, type ProjectKind } from "./buildscale";
import { measureBuildTime, type BuildScale, type BuildTime } from "./buildtime";
import { CONTENDER_IDS, type ContenderId } from "./contenders";
import { DATASET_IDS } from "./data";
import { profile } from "./profile";
import { publish, VERSUS } from "./publish";
import {
  datasetTable,
  positionalTable,
  sizeModeTable,
  publishedRatios,
  targetsTable,
  throughputTable,
  type Results,
  type Row,
  type Runs,
} from "./report";
import { measureCode } from "./sizes";
import type { DatasetId } from "./types";
import type { Ready, RoundResult, Settings } from "./worker";

const ROOT = path.resolve(__dirname, "../..");
const WORKER = path.join(__dirname, "worker.js");
const MODES = {
  quick: { rounds: 5, warmupMs: 200, batchMs: 75, buildRuns: 3 },
  full: { rounds: 7, warmupMs: 1500, batchMs: 500, buildRuns: 5 },
};

interface Args {
  quick: boolean;
  buildTime: boolean;
  buildScale: BuildScale;
  buildProjects: ProjectKind[];
  clock: "wall" | "cpu";
  datasets: DatasetId[];
  contenders: ContenderId[];
  profile?: string;
  /** Publish the results (docs/bench.json and what is drawn from it) whatever the run. */
  write: boolean;
  note?: string;
  help: boolean;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const list = <T extends string>(name: string, all: T[]): T[] => {
    const v = value(name);
    if (!v) return all;
    const picked = v.split(",") as T[];
    for (const p of picked)
      if (!all.includes(p)) throw new Error(`--${name}: unknown "${p}" (known: ${all.join(", ")})`);
    return picked;
  };
  const known =
    /^--(quick|build-time|help|write|clock=(wall|cpu)|build-scale=(small|default|large)|(datasets|contenders|profile|build-projects|note)=.+)$/;
  for (const a of argv) if (!known.test(a)) throw new Error(`unknown argument ${a}; try --help`);
  return {
    quick: argv.includes("--quick"),
    buildTime: argv.includes("--build-time") || argv.some((a) => /^--build-(scale|projects)=/.test(a)),
    buildScale: (value("build-scale") ?? "default") as BuildScale,
    buildProjects: list("build-projects", [...PROJECT_KINDS]),
    help: argv.includes("--help"),
    clock: value("clock") === "cpu" ? "cpu" : "wall",
    datasets: list("datasets", DATASET_IDS),
    contenders: list("contenders", CONTENDER_IDS),
    profile: value("profile"),
    write: argv.includes("--write"),
    note: value("note"),
  };
}

const HELP = `npm run bench -- [--quick] [--runs N] [--write] [--note=text] [--build-time] [--clock=cpu] [--datasets=a,b] [--contenders=a,b] [--profile=ds[:contender]]
  --quick        5 rounds of 75 ms per direction after a 200 ms warm-up (default: 7 × 500 ms after 1.5 s)
  --build-time   also build generated projects (independent types, a chain of types across files,
                 feature files over a shared core; 100, 300 and 1,000 types each) with tsc, tspc and
                 tspc + plugin: times, emitted JS, growth, targets; the output is loaded and checked
  --build-scale=small|large  with --build-time: 100 and 300 types only, or also a 3,000-type chain
  --build-projects=a,b       with --build-time: only these projects (${PROJECT_KINDS.join(", ")})
  --clock=cpu    rate batches by the process's CPU time instead of the wall clock: steadier when
                 other processes compete for the cores, but it counts V8's background GC threads
  --profile=ds[:contender]  instead of the benchmark: one contender (typed-msgpack by default) on
                 dataset ds under node --cpu-prof, each direction; top self-time functions
  --runs N       repeat the whole measurement N times, each in fresh worker processes; every ratio
                 is then the median of the N per-run ratios, shown with their range (min–max)
  --write        publish the results even when the run is quick or filtered: docs/bench.json,
                 docs/bench.svg, README.md's summary and docs/performance.md's table (a full run of
                 every dataset with typed-msgpack, hand-written, msgpack, msgpackr and json publishes
                 them by default; \`node bench/index.js --redraw\` redraws them from docs/bench.json)
  --note=text    what to say about the machine or the run in docs/bench.json
datasets: ${DATASET_IDS.join(", ")}
contenders: ${CONTENDER_IDS.join(", ")}`;

/** `--runs N` (or `--runs=N`), taken out of argv before parseArgs sees the rest. */
function takeRuns(argv: string[]): { runs: number; rest: string[] } {
  const rest: string[] = [];
  let runs = 1;
  for (let i = 0; i < argv.length; i++) {
    const m = /^--runs(?:=(.*))?$/.exec(argv[i]!);
    if (!m) {
      rest.push(argv[i]!);
      continue;
    }
    const v = m[1] ?? argv[++i];
    runs = Number(v);
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: expected a positive integer, got ${v}`);
  }
  return { runs, rest };
}

const started = Date.now();
const progress = (s: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${s}\n`);

/** The next message from a worker, or a rejection if it exits first. */
function next<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      off();
      resolve(m as T);
    };
    const onExit = (code: number | null) => {
      off();
      reject(new Error(`worker exited (${code})`));
    };
    const off = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.on("exit", onExit);
  });
}

/** Starts a worker and waits until it has checked its round trip and warmed up. */
async function start(
  contender: ContenderId,
  dataset: DatasetId,
  settings: Settings,
): Promise<{ row: Row; child?: ChildProcess }> {
  const child = fork(WORKER, ["bench", contender, dataset, JSON.stringify(settings)], { execArgv: [] });
  const row: Row = { contender, encode: [], decode: [] };
  const ready = await next<Ready>(child).catch((e: Error): Ready => ({ type: "ready", ok: false, error: e.message }));
  if (ready.ok) {
    Object.assign(row, { size: ready.size, gzip: ready.gzip, sha1: ready.sha1, note: ready.note });
    return { row, child };
  }
  row.error = ready.error;
  child.kill();
  progress(`${dataset}: ${contender} not timed: ${ready.error}`);
  return { row };
}

async function benchDataset(
  dataset: DatasetId,
  contenders: ContenderId[],
  settings: Settings,
  rounds: number,
  clock: Args["clock"],
): Promise<Row[]> {
  // Two workers start at a time (one per core): warm-up only needs the JIT to settle, and nothing
  // is timed until all have started.
  const workers: { row: Row; child?: ChildProcess }[] = [];
  for (let i = 0; i < contenders.length; i += 2) {
    workers.push(...(await Promise.all(contenders.slice(i, i + 2).map((c) => start(c, dataset, settings)))));
  }
  const live = workers.filter((w): w is { row: Row; child: ChildProcess } => w.child !== undefined);
  progress(`${dataset}: ${live.length} workers ready`);
  for (let r = 0; r < rounds; r++) {
    // Rotating the order keeps any drift (thermal, other processes) from favouring one position.
    for (let i = 0; i < live.length; i++) {
      const { row, child } = live[(i + r) % live.length]!;
      child.send({ type: "round" });
      const result = await next<RoundResult>(child);
      row.encode.push(result.encode[clock]);
      row.decode.push(result.decode[clock]);
    }
    progress(`${dataset}: round ${r + 1}/${rounds}`);
  }
  for (const { child } of live) child.send({ type: "exit" });
  return workers.map((w) => w.row);
}

function version(pkg: string): string {
  return JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")).version;
}

export async function main(argv: string[]): Promise<void> {
  const { runs: runCount, rest } = takeRuns(argv);
  const args = parseArgs(rest);
  if (args.help) return void console.log(HELP);
  if (args.profile) {
    const [dataset, contender = "typed-msgpack"] = args.profile.split(":");
    return void console.log(profile(dataset!, args.quick ? 3 : 8, 15, contender));
  }
  const mode = args.quick ? MODES.quick : MODES.full;
  const settings: Settings = { warmupMs: mode.warmupMs, batchMs: mode.batchMs };
  const loadAtStart = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

  progress("measuring generated code and bundle size (esbuild)");
  const code = measureCode();
  // --runs N: the whole measurement N times over, each run in fresh worker processes.
  const runs: Runs = [];
  for (let run = 1; run <= runCount; run++) {
    if (runCount > 1) progress(`run ${run}/${runCount}`);
    const results: Results = new Map();
    for (const dataset of args.datasets)
      results.set(dataset, await benchDataset(dataset, args.contenders, settings, mode.rounds, args.clock));
    runs.push(results);
  }
  const results = runs[0]!;
  let build: BuildTime | undefined;
  if (args.buildTime)
    build = measureBuildTime(mode.buildRuns, progress, { scale: args.buildScale, projects: args.buildProjects });

  const notes = new Set(
    runs
      .flatMap((r) => [...r.values()].flat())
      .map((r) => r.note)
      .filter(Boolean),
  );
  const complete =
    !args.quick &&
    DATASET_IDS.every((d) => args.datasets.includes(d)) &&
    ["typed-msgpack", ...VERSUS].every((c) => args.contenders.includes(c as ContenderId));
  if (args.write || complete) {
    const load = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ");
    const written = publish(
      {
        note: [args.note, `Load average ${loadAtStart} at the start, ${load} at the end.`].filter(Boolean).join(" "),
        command: [
          "npm run bench --",
          ...argv.filter((a) => !a.startsWith("--note=")).map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)),
        ].join(" "),
        node: process.version,
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${os.platform()} ${os.arch()}`,
        runs: runCount,
        datasets: publishedRatios(runs),
      },
      true,
    );
    progress(`wrote ${written.join(", ")}`);
  } else progress("a quick or filtered run: docs/bench.json and its drawings left as they are (--write to publish)");
  const targets = targetsTable(runs);
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
  console.log(
    [
      "# typed-msgpack benchmark",
      "",
      `Node ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}; load average at start ${loadAtStart}.`,
      `Mode: ${args.quick ? "quick" : "full"}: per contender × dataset process, ${mode.warmupMs} ms warm-up per direction, then ${mode.rounds} rounds of ${mode.batchMs} ms per direction, interleaved across contenders; ops/s by ${args.clock === "cpu" ? "the process's CPU time (--clock=cpu)" : "the wall clock"}.${runCount > 1 ? ` The whole measurement ran ${runCount} times (--runs), each time in fresh worker processes.` : ""}`,
      `Versions: @msgpack/msgpack ${version("@msgpack/msgpack")}, msgpackr ${version("msgpackr")}, msgpack-lite ${version("msgpack-lite")}, avsc ${version("avsc")}, typescript ${version("typescript")}, esbuild ${version("esbuild")}.`,
      ...[...notes].map((n) => `${n}.`),
      "",
      "## Throughput",
      "",
      `ops/s: median of the rounds, ± half the spread between the slowest and fastest round${runCount > 1 ? `; over ${runCount} runs, the median of the runs' medians, ± half their spread` : ""}. MB/s: ops/s × the dataset's standard MessagePack size (what @msgpack/msgpack writes), the same bytes for every row, so MB/s ranks like ops/s. ÷ msgpack, ÷ hand: ops/s over those of @msgpack/msgpack encode()/decode() and of the hand-written codec for the type (bench/src/handwritten), timed in the same rounds${runCount > 1 ? `; the median of the ${runCount} per-run ratios, their range (min–max) in parentheses` : ""}. bytes / gzip: each contender's own encoding, gzip at zlib's default level; "= msgpack" marks output byte-identical to @msgpack/msgpack. JSON: TextEncoder(JSON.stringify(v)) and JSON.parse(TextDecoder(bytes)). avsc decodes absent optional fields as null, which its check accepts.`,
      "",
      ...throughputTable(runs),
      "",
      ...positionalTable(runs),
      ...sizeModeTable(runs),
      "## Datasets and generated code",
      "",
      "Generated code: the module the transformer emits for `export const codec = codecFor<T>()` (ES2020), raw / esbuild-minified / minified+gzip -9. App bundle: that module plus the runtime it imports, esbuild --bundle --minify for the browser, gzip -9.",
      "",
      ...datasetTable(results, code.codes),
      "",
      `**Runtime** (what any app pays for \`import { codecFor } from "typed-msgpack"\`: the browser bundle of one \`codecFor<boolean>()\`, whose generated code is ${code.bundle.minimalCodecMin} bytes of it): ${kb(code.bundle.runtimeOnlyMinGz)} min+gz, ${kb(code.bundle.runtimeOnlyMin)} min of runtime (target: under 4 KB min+gz). An app whose type has objects and strings (\`codecFor<{ id: number; name: string; email?: string; tags: string[]; active: boolean }>()\`) also ships strings, keys and skipping: ${kb(code.bundle.recordMinGz)} min+gz, its codec included.`,
      "",
      `**Bundle** for \`import { codecFor } from "typed-msgpack"\` + one codec (ModuleID[]): ${kb(code.bundle.esmMinGz)} min+gz (${kb(code.bundle.esmMin)} min) with the runtime's ES module build (dist/esm, which bundlers get through the package's "module" condition; tree-shaken; of the minified bytes ${kb(code.bundle.runtimeMin)} are runtime, ${kb(code.bundle.codecMin)} generated codec); ${kb(code.bundle.cjsMinGz)} min+gz (${kb(code.bundle.cjsMin)} min) from the CommonJS build (dist/runtime, which Node loads), which a bundler cannot tree-shake.`,
      "",
      ...(build ? build.lines : []),
      "## typed-msgpack against its targets",
      "",
      `Targets: encode and decode ≥ 0.9× the hand-written codec on every dataset and ≥ 1.0× as the geometric mean over all dataset-ops; never slower than a standard-MessagePack peer (msgpackr's standard mode, @msgpack/msgpack); > 1× JSON where JSON applies (✓ met, ✗ not met)${runCount > 1 ? `; medians of ${runCount} per-run ratios, range in parentheses` : ""}.`,
      "",
      ...targets.table,
      "",
      ...targets.summary.flatMap((s) => [s, ""]),
      ...(targets.misses.length
        ? ["Short of target:", ...targets.misses.map((m) => `- ${m}`)]
        : ["All throughput targets met."]),
      "",
      `Total wall time ${((Date.now() - started) / 1000).toFixed(0)} s (after compiling bench/src); load average at the end ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}.`,
    ].join("\n"),
  );
}
