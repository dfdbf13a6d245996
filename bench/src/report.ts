// Markdown tables from the collected results. Numbers only; the harness is in main.ts.
import { CONTENDERS, type ContenderId } from "./contenders";
import { DATASETS } from "./data";
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

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** Half the distance between the slowest and fastest round, relative to the median. */
const spread = (xs: number[]) => (Math.max(...xs) - Math.min(...xs)) / 2 / median(xs);

const int = (x: number) => Math.round(x).toLocaleString("en-US");
const ops = (x: number) => (x >= 100 ? int(x) : x.toFixed(1));
const ratio = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(2)) + "×";

const find = (rows: Row[], id: ContenderId) => rows.find((r) => r.contender === id && !r.error);
const rate = (row: Row | undefined, dir: "encode" | "decode") => (row && row[dir].length ? median(row[dir]) : undefined);

export function throughputTable(results: Results): string[] {
  const out = [
    "| dataset | contender | encode ops/s | enc MB/s | enc ÷ msgpack | decode ops/s | dec MB/s | dec ÷ msgpack | bytes | gzip |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [dataset, rows] of results) {
    const base = find(rows, "msgpack");
    // MB/s uses the standard MessagePack size of the dataset (@msgpack/msgpack's) for every row.
    const mb = (base?.size ?? 0) / 1e6;
    for (const row of rows) {
      const name = CONTENDERS[row.contender];
      if (row.error) {
        out.push(`| ${dataset} | ${name} | ✗ not timed: ${row.error.replace(/\|/g, "\\|").replace(/\n/g, " ")} | | | | | | | |`);
        continue;
      }
      const cells = (["encode", "decode"] as const).map((dir) => {
        const r = rate(row, dir)!;
        const b = rate(base, dir);
        const pm = `±${(spread(row[dir]) * 100).toFixed(0)}%`;
        return [`${ops(r)} ${pm}`, mb ? (r * mb).toFixed(1) : "—", b ? ratio(r / b) : "—"];
      });
      const same = base && row !== base && row.sha1 === base.sha1 ? " (= msgpack)" : "";
      out.push(`| ${dataset} | ${name} | ${cells[0]!.join(" | ")} | ${cells[1]!.join(" | ")} | ${int(row.size!)}${same} | ${int(row.gzip!)} |`);
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
    out.push(`| ${dataset} | ${info.title} | \`${info.type}\` | ${size ? int(size) : "—"} | ${code} | ${c ? int(c.bundleMinGz) : "—"} |`);
  }
  return out;
}

/** typed-msgpack's ratios against the project's targets, with the misses listed after the table. */
export function targetsTable(results: Results): { table: string[]; misses: string[] } {
  const targets = [
    { dir: "encode", vs: "msgpack", min: 4 }, { dir: "encode", vs: "msgpackr", min: 1.5 }, { dir: "encode", vs: "json", min: 1 },
    { dir: "decode", vs: "msgpack", min: 3 }, { dir: "decode", vs: "msgpackr", min: 1.5 }, { dir: "decode", vs: "json", min: 1 },
  ] as const;
  const head = targets.map((t) => `${t.dir} ÷ ${t.vs} (${t.min === 1 ? ">" : "≥"} ${t.min}×)`);
  const table = [`| dataset | ${head.join(" | ")} |`, `|---|${targets.map(() => "---:").join("|")}|`];
  const misses: string[] = [];
  for (const [dataset, rows] of results) {
    const ours = find(rows, "typed-msgpack");
    const cells = targets.map((t) => {
      const a = rate(ours, t.dir);
      const b = rate(find(rows, t.vs), t.dir);
      if (a === undefined || b === undefined) return "n/a";
      const x = a / b;
      const ok = t.min === 1 ? x > 1 : x >= t.min;
      if (!ok) misses.push(`${dataset}: ${t.dir} is ${ratio(x)} ${CONTENDERS[t.vs]} (target ${t.min}×)`);
      return `${ratio(x)} ${ok ? "✓" : "✗"}`;
    });
    table.push(`| ${dataset} | ${cells.join(" | ")} |`);
  }
  return { table, misses };
}
