// Markdown tables from the collected results. Numbers only; the harness is in main.ts.
//
// A run is one whole measurement (every dataset, fresh worker processes). With `--runs N` there
// are N of them: each ratio is computed within a run (both contenders timed in the same
// interleaved rounds), and the figure shown is the median of the per-run ratios, with their
// range (min–max) beside it.
import { CONTENDERS, type ContenderId } from "./contenders";
import { DATASETS } from "./data";
import { type Published, type Ratio, type Ratios, SHORT, TARGETS, VERSUS } from "./publish";
import type { CodeSize } from "./sizes";
import type { DatasetId } from "./types";

export interface Row {
  contender: ContenderId;
  error?: string;
  size?: number;
  gzip?: number;
  sha1?: string;
  note?: string;
  encode: number[];
  decode: number[];
}
export type Results = Map<DatasetId, Row[]>;
/** One Results per run, each measured in fresh worker processes. */
export type Runs = Results[];
type Dir = "encode" | "decode";

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** Half the distance between the smallest and largest value, relative to the median. */
const spread = (xs: number[]) => (Math.max(...xs) - Math.min(...xs)) / 2 / median(xs);
const geomean = (xs: number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

const int = (x: number) => Math.round(x).toLocaleString("en-US");
const ops = (x: number) => (x >= 100 ? int(x) : x.toFixed(1));
const ratio = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(2)) + "×";

/** ANSI red, only when the report goes to a terminal (a file or pipe gets plain markdown). */
const red = (s: string) => (process.stdout.isTTY ? `\x1b[31m${s}\x1b[0m` : s);

const find = (rows: Row[] | undefined, id: ContenderId) => rows?.find((r) => r.contender === id && !r.error);
const rate = (row: Row | undefined, dir: Dir) => (row?.[dir].length ? median(row[dir]) : undefined);

/** A figure over the runs: the median of the per-run values and their range. */
interface Figure {
  value: number;
  min: number;
  max: number;
  runs: number;
}

function figure(xs: number[]): Figure | undefined {
  return xs.length ? { value: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs.length } : undefined;
}

/** "2.41×", or "2.41× (2.30–2.55)" over several runs whose ratios differ. */
function showRatio(f: Figure): string {
  const min = ratio(f.min).slice(0, -1),
    max = ratio(f.max).slice(0, -1);
  return f.runs > 1 && min !== max ? `${ratio(f.value)} (${min}–${max})` : ratio(f.value);
}

/** a's ops/s over b's, per run in which both were timed. */
function ratios(runs: Runs, dataset: DatasetId, a: ContenderId, b: ContenderId, dir: Dir): number[] {
  const out: number[] = [];
  for (const results of runs) {
    const rows = results.get(dataset);
    const x = rate(find(rows, a), dir),
      y = rate(find(rows, b), dir);
    if (x !== undefined && y !== undefined) out.push(x / y);
  }
  return out;
}

const datasetsOf = (runs: Runs) => [...(runs[0]?.keys() ?? [])];

/** typed-msgpack ÷ each published contender per dataset and direction, for docs/bench.json. */
export function publishedRatios(runs: Runs): Published["datasets"] {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const side = (dataset: DatasetId, dir: Dir) => {
    const out = {} as Ratios;
    for (const vs of VERSUS) {
      const f = figure(ratios(runs, dataset, "typed-msgpack", vs, dir));
      out[vs] = f ? ([f.value, f.min, f.max].map(round) as Ratio) : null;
    }
    return out;
  };
  return Object.fromEntries(datasetsOf(runs).map((d) => [d, { encode: side(d, "encode"), decode: side(d, "decode") }]));
}

export function throughputTable(runs: Runs): string[] {
  const out = [
    "| dataset | contender | encode ops/s | enc MB/s | enc ÷ msgpack | enc ÷ hand | decode ops/s | dec MB/s | dec ÷ msgpack | dec ÷ hand | bytes | gzip |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const dataset of datasetsOf(runs)) {
    const first = runs[0]!.get(dataset)!;
    const base = find(first, "msgpack");
    // MB/s uses the standard MessagePack size of the dataset (@msgpack/msgpack's) for every row.
    const mb = (base?.size ?? 0) / 1e6;
    for (const { contender } of first) {
      const name = CONTENDERS[contender];
      const timed = runs.map((r) => find(r.get(dataset), contender)).filter((r): r is Row => r !== undefined);
      if (timed.length === 0) {
        const error = first.find((r) => r.contender === contender)?.error ?? "not timed";
        out.push(
          `| ${dataset} | ${name} | ✗ not timed: ${error.replace(/\|/g, "\\|").replace(/\n/g, " ")} | | | | | | | | | |`,
        );
        continue;
      }
      const row = timed[0]!;
      const cells = (["encode", "decode"] as const).map((dir) => {
        // One run: the median of its rounds, ± half their spread. Several: the median of the
        // runs' medians, ± half the spread of those.
        const perRun = timed.map((r) => rate(r, dir)!);
        const r = median(perRun);
        const pm = `±${(spread(timed.length > 1 ? perRun : row[dir]) * 100).toFixed(0)}%`;
        const vsMsgpack = figure(ratios(runs, dataset, contender, "msgpack", dir));
        const vsHand = figure(ratios(runs, dataset, contender, "hand-written", dir));
        return [
          `${ops(r)} ${pm}`,
          mb ? (r * mb).toFixed(1) : "—",
          vsMsgpack ? showRatio(vsMsgpack) : "—",
          vsHand ? showRatio(vsHand) : "—",
        ];
      });
      const same = base && row.contender !== "msgpack" && row.sha1 === base.sha1 ? " (= msgpack)" : "";
      out.push(
        `| ${dataset} | ${name} | ${cells[0]!.join(" | ")} | ${cells[1]!.join(" | ")} | ${int(row.size!)}${same} | ${int(row.gzip!)} |`,
      );
    }
  }
  return out;
}

export function datasetTable(results: Results, codes: CodeSize[] | undefined): string[] {
  const out = [
    "| dataset | what | type | msgpack bytes | generated code: raw / min / min+gz | app bundle min+gz |",
    "|---|---|---|---:|---:|---:|",
  ];
  for (const [dataset, rows] of results) {
    const info = DATASETS[dataset];
    const c = codes?.find((x) => x.dataset === dataset);
    const code = c ? `${int(c.raw)} / ${int(c.min)} / ${int(c.minGz)}` : "—";
    const size = find(rows, "msgpack")?.size;
    out.push(
      `| ${dataset} | ${info.title} | \`${info.type}\` | ${size ? int(size) : "—"} | ${code} | ${c ? int(c.bundleMinGz) : "—"} |`,
    );
  }
  return out;
}

/**
 * typed-msgpack against its targets (publish.ts TARGETS), and ≥ 1.0× the hand-written codecs as the
 * geometric mean over all dataset-ops; slower than @msgpack/msgpack is shown in red.
 */
const SLOWER = "SLOWER THAN @msgpack/msgpack";

export function targetsTable(runs: Runs): { table: string[]; misses: string[]; summary: string[] } {
  const head = TARGETS.map((t) => `${t.dir} ÷ ${SHORT[t.vs]} (${t.strict ? ">" : "≥"} ${t.min}×)`);
  const table = [`| dataset | ${head.join(" | ")} |`, `|---|${TARGETS.map(() => "---:").join("|")}|`];
  const misses: string[] = [];
  const slower: string[] = [];
  for (const dataset of datasetsOf(runs)) {
    const cells = TARGETS.map((t) => {
      const f = figure(ratios(runs, dataset, "typed-msgpack", t.vs, t.dir));
      if (!f) return "n/a";
      const ok = t.strict ? f.value > t.min : f.value >= t.min;
      if (t.vs === "msgpack") {
        if (ok) return `${showRatio(f)} ✓`;
        slower.push(`${dataset} ${t.dir} ${ratio(f.value)}`);
        return red(`✗ ${showRatio(f)} ${SLOWER}`);
      }
      if (!ok)
        misses.push(
          `${dataset}: ${t.dir} is ${ratio(f.value)} ${CONTENDERS[t.vs]} (target ${t.strict ? ">" : "≥"} ${t.min}×)`,
        );
      return `${showRatio(f)} ${ok ? "✓" : "✗"}`;
    });
    table.push(`| ${dataset} | ${cells.join(" | ")} |`);
  }

  // Geometric means over every dataset-op of the run, per run, then their median over the runs.
  const summary: string[] = [];
  const mean = (vs: ContenderId) => {
    const perRun: number[] = [];
    let count = 0;
    for (const results of runs) {
      const xs: number[] = [];
      for (const dataset of results.keys()) {
        for (const dir of ["encode", "decode"] as const) {
          const one = ratios([results], dataset, "typed-msgpack", vs, dir);
          if (one.length) xs.push(one[0]!);
        }
      }
      if (xs.length) {
        perRun.push(geomean(xs));
        count = xs.length;
      }
    }
    return { f: figure(perRun), count };
  };
  const hand = mean("hand-written");
  if (hand.f) {
    const ok = hand.f.value >= 1;
    summary.push(
      `**Geometric mean of typed-msgpack ÷ hand-written over all ${hand.count} dataset-ops: ${showRatio(hand.f)}** (target ≥ 1.0×) ${ok ? "✓" : "✗"}`,
    );
    if (!ok)
      misses.push(
        `geometric mean over all dataset-ops is ${ratio(hand.f.value)} the hand-written codecs (target ≥ 1.0×)`,
      );
  }
  const others = (["msgpack", "msgpackr"] as const).map((vs) => ({ vs, ...mean(vs) })).filter((m) => m.f);
  if (others.length)
    summary.push(
      `Geometric means of typed-msgpack's ratios: ${others.map((m) => `÷ ${CONTENDERS[m.vs]} ${showRatio(m.f!)}`).join("; ")}.`,
    );
  if (datasetsOf(runs).some((d) => ratios(runs, d, "typed-msgpack", "msgpack", "encode").length)) {
    summary.push(
      slower.length
        ? red(
            `✗ ${SLOWER}: typed-msgpack's generated ${slower.join(", ")} (the target is no generated encoder or decoder slower than @msgpack/msgpack on any dataset).`,
          )
        : "✓ No generated encoder or decoder is slower than @msgpack/msgpack on any dataset.",
    );
  }
  for (const s of slower) misses.push(red(`${s.replace(/ ([\d.]+×)$/, " is $1")} @msgpack/msgpack: ${SLOWER}`));
  return { table, misses, summary };
}

/**
 * Size mode (issue 60) against the default mode and @msgpack/msgpack: the target is never slower
 * than @msgpack/msgpack, in the same bytes as the default mode. Empty unless both ran.
 */
export function sizeModeTable(runs: Runs): string[] {
  const datasets = datasetsOf(runs).filter(
    (d) => ratios(runs, d, "typed-msgpack-size", "typed-msgpack", "encode").length,
  );
  if (datasets.length === 0) return [];
  const cell = (f: Figure | undefined, min?: number) =>
    f ? `${showRatio(f)}${min === undefined ? "" : f.value >= min ? " ✓" : " ✗"}` : "n/a";
  const table = [
    "| dataset | encode ÷ default | decode ÷ default | encode ÷ msgpack (≥ 1×) | decode ÷ msgpack (≥ 1×) | bytes as the default |",
    "|---|---:|---:|---:|---:|---|",
  ];
  for (const dataset of datasets) {
    const rows = runs[0]!.get(dataset);
    const [size, speed] = [find(rows, "typed-msgpack-size")?.size, find(rows, "typed-msgpack")?.size];
    table.push(
      `| ${dataset} | ${[
        cell(figure(ratios(runs, dataset, "typed-msgpack-size", "typed-msgpack", "encode"))),
        cell(figure(ratios(runs, dataset, "typed-msgpack-size", "typed-msgpack", "decode"))),
        cell(figure(ratios(runs, dataset, "typed-msgpack-size", "msgpack", "encode")), 1),
        cell(figure(ratios(runs, dataset, "typed-msgpack-size", "msgpack", "decode")), 1),
        size === undefined || speed === undefined ? "n/a" : size === speed ? "✓" : `✗ ${int(size)} / ${int(speed)}`,
      ].join(" | ")} |`,
    );
  }
  return [
    "## Size mode",
    "",
    '`codecFor<T>({ optimize: "size" })` (a table of the type run by typed-msgpack/interpret) against the default mode (its functions) and @msgpack/msgpack, timed in the same rounds.',
    "",
    ...table,
    "",
  ];
}

/**
 * The positional layout (issue 17) against the keyed layout and msgpackr's records (the
 * non-standard extension it uses for the same purpose): targets ≥ 1.3× keyed and > 1× records both
 * ways, in no more bytes than records. Empty unless both typed-msgpack contenders ran.
 */
export function positionalTable(runs: Runs): string[] {
  const datasets = datasetsOf(runs).filter(
    (d) => ratios(runs, d, "typed-msgpack-positional", "typed-msgpack", "encode").length,
  );
  if (datasets.length === 0) return [];
  const cell = (f: Figure | undefined, min: number, strict = false) =>
    f ? `${showRatio(f)} ${(strict ? f.value > min : f.value >= min) ? "✓" : "✗"}` : "n/a";
  const table = [
    "| dataset | encode ÷ keyed (≥ 1.3×) | decode ÷ keyed (≥ 1.3×) | encode ÷ records (> 1×) | decode ÷ records (> 1×) | bytes: positional / keyed / records |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const dataset of datasets) {
    const rows = runs[0]!.get(dataset);
    const size = (id: ContenderId) => find(rows, id)?.size;
    const [mine, keyed, records] = [size("typed-msgpack-positional"), size("typed-msgpack"), size("msgpackr-records")];
    const bytes =
      [mine, keyed, records].map((n) => (n === undefined ? "n/a" : int(n))).join(" / ") +
      (mine !== undefined && records !== undefined ? (mine <= records ? " ✓" : " ✗") : "");
    table.push(
      `| ${dataset} | ${[
        cell(figure(ratios(runs, dataset, "typed-msgpack-positional", "typed-msgpack", "encode")), 1.3),
        cell(figure(ratios(runs, dataset, "typed-msgpack-positional", "typed-msgpack", "decode")), 1.3),
        cell(figure(ratios(runs, dataset, "typed-msgpack-positional", "msgpackr-records", "encode")), 1, true),
        cell(figure(ratios(runs, dataset, "typed-msgpack-positional", "msgpackr-records", "decode")), 1, true),
        bytes,
      ].join(" | ")} |`,
    );
  }
  return [
    "## Positional layout",
    "",
    '`codecFor<T>({ layout: "positional" })` (every object type as an array of its values) against the keyed layout and msgpackr\'s records mode (structures sent as its non-standard extension 0x72), timed in the same rounds.',
    "",
    ...table,
    "",
  ];
}
