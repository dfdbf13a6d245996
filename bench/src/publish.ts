// The published results: docs/bench.json, and what is drawn from it (docs/bench.svg, the table
// between the bench:start/bench:end markers of README.md, the one between the bench-results markers
// of docs/performance.md), so that nobody edits a figure by hand.
//
// A full `npm run bench` writes all four (a quick or filtered run only with --write);
// `node bench/index.js --redraw` redraws the last three from docs/bench.json without measuring;
// test/contract/bench-results.test.ts fails when they disagree with it.
//
// Self-contained on purpose (node:fs and node:path only): the contract test and --redraw load it
// without compiling the harness or the codecs.
import * as fs from "node:fs";
import * as path from "node:path";

/** typed-msgpack's speed ÷ a contender's over the runs: [median, min, max] of the per-run ratios. */
export type Ratio = [number, number, number];
/** The contenders published, keyed as in bench/src/contenders.ts. */
export const VERSUS = ["hand-written", "msgpackr", "json", "msgpack"] as const;
export type Versus = (typeof VERSUS)[number];
/** A contender's ratio, or null where it does not apply (JSON cannot carry binary). */
export type Ratios = Record<Versus, Ratio | null>;

export interface Published {
  /** How the figures came about, and anything a reader should weigh them by. */
  note: string;
  command: string;
  /** process.version of the run ("v24.11.1"), or the major version alone for converted figures. */
  node: string;
  machine: string;
  runs: number;
  datasets: Record<string, { encode: Ratios; decode: Ratios }>;
}

export const ROOT = path.resolve(__dirname, "../..");
export const FILES = {
  json: path.join(ROOT, "docs/bench.json"),
  svg: path.join(ROOT, "docs/bench.svg"),
  readme: path.join(ROOT, "README.md"),
  performance: path.join(ROOT, "docs/performance.md"),
};

/** One dataset-direction per line, so that a new run's diff reads like a table. */
export function toJson(p: Published): string {
  const lines = Object.entries(p.datasets).map(
    ([name, d]) =>
      `    ${JSON.stringify(name)}: {\n      "encode": ${ratios(d.encode)},\n      "decode": ${ratios(d.decode)}\n    }`,
  );
  const head = (["note", "command", "node", "machine", "runs"] as const).map(
    (k) => `  ${JSON.stringify(k)}: ${JSON.stringify(p[k])},`,
  );
  return `{\n${head.join("\n")}\n  "datasets": {\n${lines.join(",\n")}\n  }\n}\n`;
}

function ratios(r: Ratios): string {
  return `{ ${VERSUS.map((v) => `${JSON.stringify(v)}: ${JSON.stringify(r[v])}`).join(", ")} }`;
}

export const readPublished = (file = FILES.json): Published => JSON.parse(fs.readFileSync(file, "utf8"));

const fmt = (v: number) => `${v >= 10 ? v.toFixed(0) : v.toFixed(2)}×`;
const caption = (p: Published) =>
  `Node ${p.node}, ${p.machine}; ${p.runs > 1 ? `the median of ${p.runs} runs` : "one run"}`;

/** Each contender's speed relative to @msgpack/msgpack, from typed-msgpack's ratios to each. */
const CHART = [
  { name: "typed-msgpack", color: "#2f6fdf", speed: (_: Ratios) => 1 },
  { name: "hand-written", color: "#7fa7ef", speed: (r: Ratios) => r["hand-written"] && 1 / r["hand-written"][0] },
  { name: "@msgpack/msgpack", color: "#8c8c8c", speed: (r: Ratios) => r.msgpack && 1 / r.msgpack[0] },
  { name: "msgpackr", color: "#e0902f", speed: (r: Ratios) => r.msgpackr && 1 / r.msgpackr[0] },
  { name: "JSON", color: "#c8c8c8", speed: (r: Ratios) => r.json && 1 / r.json[0] },
];

/** Speeds relative to @msgpack/msgpack, per contender of CHART (undefined where not timed). */
function speeds(r: Ratios): (number | undefined)[] {
  const m = r.msgpack?.[0];
  return CHART.map((c) => {
    const s = c.speed(r);
    return m === undefined || s === null ? undefined : m * s;
  });
}

const geomean = (xs: number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/** Grouped bars: one panel per direction, one group per dataset, one bar per contender. */
export function renderSvg(p: Published): string {
  const rows = Object.entries(p.datasets).map(([name, d]) => ({
    name,
    encode: speeds(d.encode),
    decode: speeds(d.decode),
  }));
  const groupWidth = 56;
  const barWidth = 9;
  const left = 44;
  const panelHeight = 190;
  const top = 56;
  const width = left + rows.length * groupWidth + 16;
  const all = rows.flatMap((r) => [...r.encode, ...r.decode]).filter((v): v is number => v !== undefined);
  const max = Math.ceil(Math.max(...all));
  const height = top + 2 * (panelHeight + 40) + 10;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="18" font-size="13" font-weight="bold">Speed relative to @msgpack/msgpack (higher is faster)</text>`,
    `<text x="${left}" y="34" fill="#555555">${caption(p)}</text>`,
  ];
  CHART.forEach((c, i) => {
    const x = left + i * 130;
    out.push(`<rect x="${x}" y="42" width="10" height="10" fill="${c.color}"/>`);
    out.push(`<text x="${x + 14}" y="51">${c.name}</text>`);
  });
  (["encode", "decode"] as const).forEach((direction, panel) => {
    const y0 = top + panel * (panelHeight + 40) + 20;
    const base = y0 + panelHeight;
    const y = (v: number) => base - (v / max) * panelHeight;
    out.push(`<text x="${left}" y="${y0 - 6}" font-weight="bold">${direction}</text>`);
    for (let t = 0; t <= max; t++) {
      out.push(`<line x1="${left}" x2="${width - 16}" y1="${y(t)}" y2="${y(t)}" stroke="#e4e4e4"/>`);
      out.push(`<text x="${left - 6}" y="${y(t) + 4}" text-anchor="end" fill="#555555">${t}×</text>`);
    }
    rows.forEach((r, g) => {
      const gx = left + g * groupWidth + 4;
      r[direction].forEach((v, i) => {
        if (v === undefined) return;
        const h = (v / max) * panelHeight;
        out.push(
          `<rect x="${gx + i * barWidth}" y="${(base - h).toFixed(1)}" width="${barWidth - 1}" height="${h.toFixed(1)}" fill="${CHART[i]!.color}"><title>${r.name} ${direction}, ${CHART[i]!.name}: ${fmt(v)}</title></rect>`,
        );
      });
      const mid = gx + (CHART.length * barWidth) / 2;
      out.push(`<text x="${mid}" y="${base + 14}" text-anchor="middle" fill="#333333">${r.name}</text>`);
    });
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

/** The README's summary: geometric means over the datasets of each contender's speed. */
export function renderSummary(p: Published): string {
  const rows = Object.values(p.datasets);
  const lines = [
    "![typed-msgpack against the hand-written codec, @msgpack/msgpack, msgpackr and JSON per dataset](docs/bench.svg)",
    "",
    `Speed relative to @msgpack/msgpack, the geometric mean over ${rows.length} datasets (higher is faster; ${caption(p)}; per dataset: [Performance](docs/performance.md#current-results)):`,
    "",
    "| | encode | decode |",
    "|---|---:|---:|",
  ];
  CHART.forEach((c, i) => {
    const cells = (["encode", "decode"] as const).map((dir) => {
      const xs = rows.map((r) => speeds(r[dir])[i]).filter((v): v is number => v !== undefined);
      return `${fmt(geomean(xs))}${xs.length < rows.length ? ` (${xs.length} datasets: not those with binary)` : ""}`;
    });
    lines.push(`| ${c.name} | ${cells.join(" | ")} |`);
  });
  return `\n${lines.join("\n")}\n`;
}

/**
 * typed-msgpack's targets, for the report and docs/performance.md's table: each direction ≥ 0.9×
 * the hand-written codec, never slower than a standard-MessagePack peer (msgpackr's standard mode,
 * @msgpack/msgpack), and > 1× JSON (`strict`) where JSON applies.
 */
export const TARGETS: readonly { dir: "encode" | "decode"; vs: Versus; min: number; strict?: true }[] = [
  { dir: "encode", vs: "hand-written", min: 0.9 },
  { dir: "decode", vs: "hand-written", min: 0.9 },
  { dir: "encode", vs: "msgpackr", min: 1 },
  { dir: "decode", vs: "msgpackr", min: 1 },
  { dir: "encode", vs: "json", min: 1, strict: true },
  { dir: "decode", vs: "json", min: 1, strict: true },
  { dir: "encode", vs: "msgpack", min: 1 },
  { dir: "decode", vs: "msgpack", min: 1 },
];
/** How the targets' column heads name each contender. */
export const SHORT: Record<Versus, string> = {
  "hand-written": "hand",
  msgpackr: "msgpackr",
  json: "json",
  msgpack: "msgpack",
};

export function renderTable(p: Published): string {
  const cell = (r: Ratio | null, min: number, strict?: boolean) => {
    if (!r) return "n/a";
    const [m, lo, hi] = r.map((v) => fmt(v).slice(0, -1));
    const range = p.runs > 1 && lo !== hi ? ` (${lo}–${hi})` : "";
    return `${m}×${range} ${(strict ? r[0] > min : r[0] >= min) ? "✓" : "✗"}`;
  };
  const lines = [
    "",
    `${caption(p)}: \`${p.command}\`. ${p.note}`,
    "",
    `| dataset | ${TARGETS.map((t) => `${t.dir} ÷ ${SHORT[t.vs]} (${t.strict ? ">" : "≥"} ${t.min}×)`).join(" | ")} |`,
    `|---|${TARGETS.map(() => "---:").join("|")}|`,
  ];
  for (const [name, d] of Object.entries(p.datasets))
    lines.push(`| ${name} | ${TARGETS.map((t) => cell(d[t.dir][t.vs], t.min, t.strict)).join(" | ")} |`);
  return `\n${lines.join("\n")}\n`;
}

/** `text` with what lies between `<!-- name:start -->` and `<!-- name:end -->` replaced by `inner`. */
export function replaceBetween(text: string, name: string, inner: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`no ${start} ... ${end} markers`);
  return text.slice(0, a + start.length) + inner + text.slice(b);
}

/** Every drawn file as it should read for `p`: path → contents. */
export function render(p: Published): Map<string, string> {
  const read = (f: string) => fs.readFileSync(f, "utf8");
  return new Map([
    [FILES.svg, renderSvg(p)],
    [FILES.readme, replaceBetween(read(FILES.readme), "bench", renderSummary(p))],
    [FILES.performance, replaceBetween(read(FILES.performance), "bench-results", renderTable(p))],
  ]);
}

/** Writes docs/bench.json (when given results) and redraws the rest from it; returns the files written. */
export function publish(p: Published = readPublished(), writeJson = false): string[] {
  const files = render(p);
  if (writeJson) files.set(FILES.json, toJson(p));
  for (const [file, text] of files) fs.writeFileSync(file, text);
  return [...files.keys()].map((f) => path.relative(ROOT, f));
}
