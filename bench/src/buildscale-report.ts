// The markdown of the build-scale benchmark (src/buildtime.ts): one row per project and size,
// growth from 100 to 1,000 types, the targets with ✓/✗, and the checks on the plugin's output.
import type { ProjectKind } from "./buildscale";
import { BUDGET_MS, type BuildScale, type ProjectResult } from "./buildtime";

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const secs = (ms: number | undefined, runs: number, full: number) =>
  ms === undefined ? "failed" : `${(ms / 1000).toFixed(2)} s${runs < full ? ` (${runs})` : ""}`;
function bytes(n: number): string {
  if (n >= 10 << 20) return `${(n / (1 << 20)).toFixed(1)} MB`;
  if (n >= 10 << 10) return `${(n / 1024).toFixed(1)} KB`;
  return `${int(n)} B`;
}
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? undefined : a / b;
const times = (r: number | undefined, digits = 2) => (r === undefined ? "-" : `${r.toFixed(digits)}×`);
const extra = (p: ProjectResult) => p.bytes.with - p.bytes.without;
const built = (p: ProjectResult) => p.ms.plugin !== undefined;

const DESCRIPTION: Record<ProjectKind, string> = {
  independent:
    "five shapes in rotation (objects, references, unions, tuples, recursion); a type refers at most to the previous one in its own file; types and codecs share a file (the former 300-type project)",
  chain:
    "T*i* has 13 properties (a string-literal union, `number | null`, `Record<string, number>`, `Map<string, boolean>`, a tuple, a two-member discriminated union, `Date`, strings, numbers, optional ones) and `parent?: T(i−1); children: T(i−1)[]`, so the codec of T*i* reaches all of T0…T*i*; types in types_*k*.ts, codecs in codecs_*k*.ts (`import type`)",
  "shared-core":
    "20 core types (Money, Address, Timestamped, UserRef, Contact, Price, Status, …, some built from others), a codec each in core-codecs.ts; N feature types of 9 properties, each using four core types, and their codecs in feature_*k*.ts",
};

export function buildReport(projects: ProjectResult[], runs: number, scale: BuildScale, failures: string[]): string[] {
  const kinds = [...new Set(projects.map((p) => p.kind))];
  const find = (kind: ProjectKind, size: number) => projects.find((p) => p.kind === kind && p.size === size);
  const lines = [
    "## Build time",
    "",
    `Generated projects, ten types per file, one exported \`codecFor<T>()\` per type, module node16 (CommonJS output), scale "${scale}":`,
    ...kinds.map((k) => `- **${k}**: ${DESCRIPTION[k]}.`),
    "",
    `Times: median wall time of the whole compiler process over ${runs} interleaved runs (a count in brackets: fewer, because that compiler's runs of the project passed ${BUDGET_MS / 1000} s). ` +
      "÷ tspc: tspc + plugin over plain tspc. JS: emitted .js bytes of tspc without the plugin (plain tsc emits the same) and with it. " +
      "Per codec: (with − without) ÷ codecs. Per property: the same ÷ the properties declared across the distinct types the codecs reach, each type counted once (members of nested object literals and unions included).",
    "",
    "| project | types | codecs | properties | tsc | tspc | tspc + plugin | ÷ tspc | JS without | JS with | per codec | per property |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...projects.map(
      (p) =>
        `| ${p.kind} | ${int(p.size)} | ${int(p.codecs)} | ${int(p.properties)} | ${secs(p.ms.tsc, p.runs.tsc, runs)} | ` +
        `${secs(p.ms.tspc, p.runs.tspc, runs)} | ${secs(p.ms.plugin, p.runs.plugin, runs)} | ${times(ratio(p.ms.plugin, p.ms.tspc))} | ` +
        `${bytes(p.bytes.without)} | ${built(p) ? bytes(p.bytes.with) : "-"} | ${built(p) ? bytes(extra(p) / p.codecs) : "-"} | ` +
        `${built(p) ? `${int(extra(p) / p.properties)} B` : "-"} |`,
    ),
    "",
  ];

  // Growth: linear would be 10× from 100 to 1,000 types (and from 300 to 3,000).
  const steps = kinds
    .flatMap(
      (k) =>
        [
          [k, 100, 1000],
          [k, 300, 3000],
        ] as const,
    )
    .map(([k, from, to]) => ({ k, from, to, a: find(k, from), b: find(k, to) }))
    .filter((g) => g.a && g.b) as { k: ProjectKind; from: number; to: number; a: ProjectResult; b: ProjectResult }[];
  if (steps.length) {
    lines.push(
      "Growth with the number of types (linear: 10×):",
      "",
      "| project | types | JS with plugin | plugin's JS (with − without) | tspc + plugin time | tspc time |",
      "|---|---|--:|--:|--:|--:|",
      ...steps.map(
        ({ k, from, to, a, b }) =>
          `| ${k} | ${int(from)} → ${int(to)} | ` +
          `${built(a) && built(b) ? times(b.bytes.with / a.bytes.with, 1) : "-"} | ${built(a) && built(b) ? times(extra(b) / extra(a), 1) : "-"} | ` +
          `${times(ratio(b.ms.plugin, a.ms.plugin), 1)} | ${times(ratio(b.ms.tspc, a.ms.tspc), 1)} |`,
      ),
      "",
    );
  }

  // Targets.
  const mark = (ok: boolean | undefined) => (ok === undefined ? "–" : ok ? "✓" : "✗");
  const targets: string[] = [];
  const chain300 = find("chain", 300);
  if (chain300) {
    const r = ratio(chain300.ms.plugin, chain300.ms.tspc);
    targets.push(
      `${mark(r === undefined ? false : r <= 1.3)} chain, 300 types: tspc + plugin ≤ 1.3× plain tspc: ${times(r)}`,
    );
  }
  const perCodec = projects
    .filter(built)
    .map((p) => ({ p, v: extra(p) / p.codecs }))
    .sort((a, b) => b.v - a.v);
  if (perCodec.length) {
    const worst = perCodec[0]!;
    const c300 = perCodec.find((x) => x.p === chain300);
    targets.push(
      `${mark(worst.v <= 6144)} emitted JS per codec ≤ 6 KB in every project: worst ${bytes(worst.v)} (${worst.p.kind}-${worst.p.size})` +
        (c300 && c300 !== worst ? `; chain-300 ${bytes(c300.v)}` : ""),
    );
  }
  const linear = steps.filter((s) => s.from === 100);
  if (linear.length) {
    const growth = linear.map((s) => ({
      s,
      v: built(s.a) && built(s.b) ? s.b.bytes.with / s.a.bytes.with : undefined,
    }));
    const ok = growth.every((g) => g.v !== undefined && g.v <= 12);
    targets.push(
      `${mark(ok)} total emitted JS linear, 1,000 types ≤ 12× 100 types: ` +
        growth.map((g) => `${g.s.k} ${times(g.v, 1)}`).join(", "),
    );
  }
  const chain3000 = find("chain", 3000);
  if (chain3000 && chain300) {
    const r = ratio(chain3000.ms.plugin, chain300.ms.plugin);
    targets.push(
      `${mark(r === undefined ? false : r < 5)} chain, 3,000 types builds with the plugin in < 5× the time of 300: ${times(r, 1)}`,
    );
  } else targets.push("– chain, 3,000 types < 5× the time of 300: not run (--build-scale=large)");
  lines.push("Targets:", "", ...targets.map((t) => `- ${t}`), "");

  // Checks on the plugin's output.
  const clean = projects.filter((p) => built(p) && p.leftover.length === 0);
  lines.push(
    `Checks: no \`codecFor(\` call left in the plugin's output of ${clean.length} of ${projects.length} projects; ` +
      `loaded and round-tripped (encode → decode → deep-equal) in a child node process: ` +
      (projects
        .filter((p) => p.loaded)
        .map((p) => `${p.kind}-${p.size} ${p.loaded}`)
        .join("; ") || "none") +
      ".",
    "",
  );
  if (failures.length) {
    lines.push("**BUILD-TIME BENCHMARK FAILED:**", "", ...failures.map((f) => `- ${f.replace(/\n/g, "\n  ")}`), "");
  }
  return lines;
}
