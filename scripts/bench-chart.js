#!/usr/bin/env node
// Draws the benchmark chart from the results table in docs/performance.md (between the
// bench-results markers): docs/bench.svg, and the text chart between the bench-chart markers of
// README.md, so that nobody edits figures by hand.
//
//   node scripts/bench-chart.js           rewrite both
//   node scripts/bench-chart.js --check   exit 1 when either disagrees with the table
//
// Each row of the table gives typed-msgpack's speed ÷ each contender (hand-written, msgpackr, JSON,
// @msgpack/msgpack) for encode and decode, so every contender's speed relative to
// @msgpack/msgpack follows: typed = m, hand-written = m / h, msgpackr = m / r, JSON = m / j.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.join(__dirname, "..");
const PERFORMANCE = path.join(ROOT, "docs/performance.md");
const README = path.join(ROOT, "README.md");
const SVG = path.join(ROOT, "docs/bench.svg");
const CAPTION = "Node 24, shared 2-vCPU machine, median of five runs";

const CONTENDERS = ["typed-msgpack", "hand-written", "msgpackr", "@msgpack/msgpack", "JSON"];
const COLORS = ["#2f6fdf", "#7fa7ef", "#e0902f", "#8c8c8c", "#c8c8c8"];

function between(text, name) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`no ${start} ... ${end} markers`);
  return { before: text.slice(0, a + start.length), inner: text.slice(a + start.length, b), after: text.slice(b) };
}

/** `2.15× (1.90–2.30) ✓` → 2.15; `n/a` → undefined. */
function ratio(cell) {
  const m = /^([\d.]+)×/.exec(cell.trim());
  return m ? Number(m[1]) : undefined;
}

/** The datasets with each contender's encode and decode speed ÷ @msgpack/msgpack's. */
function results(markdown) {
  const rows = between(markdown, "bench-results")
    .inner.split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| dataset"));
  return rows.map((line) => {
    const cells = line.split("|").slice(1, -1);
    const [hand, r, json, m] = [1, 3, 5, 7].map((i) => [ratio(cells[i]), ratio(cells[i + 1])]);
    const speeds = (k) => {
      const typed = m[k];
      return [typed, typed / hand[k], typed / r[k], 1, json[k] === undefined ? undefined : typed / json[k]];
    };
    return { dataset: cells[0].trim(), encode: speeds(0), decode: speeds(1) };
  });
}

function geomean(values) {
  const present = values.filter((v) => v !== undefined);
  return { mean: Math.exp(present.reduce((s, v) => s + Math.log(v), 0) / present.length), n: present.length };
}

const fmt = (v) => (v >= 10 ? v.toFixed(0) : v.toFixed(2)) + "×";

function bar(value, scale) {
  const eighths = Math.round(value * scale * 8);
  return "█".repeat(Math.floor(eighths / 8)) + (eighths % 8 ? "▏▎▍▌▋▊▉"[(eighths % 8) - 1] : "");
}

/** The README's chart: geometric means per contender, then typed-msgpack per dataset. */
function textChart(rows) {
  const lines = ["```"];
  lines.push(`Speed relative to @msgpack/msgpack (higher is faster): geometric mean over ${rows.length} datasets,`);
  lines.push("encode and decode");
  CONTENDERS.forEach((name, i) => {
    const { mean, n } = geomean(rows.flatMap((r) => [r.encode[i], r.decode[i]]));
    const note = n < rows.length * 2 ? `  (${n} of ${rows.length * 2}: not the datasets with binary)` : "";
    lines.push(`${name.padEnd(17)} ${bar(mean, 10).padEnd(32)} ${fmt(mean)}${note}`);
  });
  lines.push("");
  lines.push("typed-msgpack ÷ @msgpack/msgpack per dataset");
  lines.push(`${"".padEnd(11)} ${"encode".padEnd(32)} ${"decode"}`);
  for (const r of rows) {
    const e = `${bar(r.encode[0], 4)} ${fmt(r.encode[0])}`;
    const d = `${bar(r.decode[0], 4)} ${fmt(r.decode[0])}`;
    lines.push(`${r.dataset.padEnd(11)} ${e.padEnd(32)} ${d}`);
  }
  lines.push(CAPTION);
  lines.push("```");
  return `\n${lines.join("\n")}\n`;
}

/** Grouped bars: one panel per direction, one group per dataset, one bar per contender. */
function svgChart(rows) {
  const groupWidth = 56;
  const barWidth = 9;
  const left = 44;
  const panelHeight = 190;
  const top = 56;
  const width = left + rows.length * groupWidth + 16;
  const max = Math.ceil(Math.max(...rows.flatMap((r) => [...r.encode, ...r.decode].filter((v) => v !== undefined))));
  const out = [];
  const height = top + 2 * (panelHeight + 40) + 10;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(
    `<text x="${left}" y="18" font-size="13" font-weight="bold">Speed relative to @msgpack/msgpack (higher is faster)</text>`,
  );
  out.push(`<text x="${left}" y="34" fill="#555555">${CAPTION}</text>`);
  CONTENDERS.forEach((name, i) => {
    const x = left + i * 130;
    out.push(`<rect x="${x}" y="42" width="10" height="10" fill="${COLORS[i]}"/>`);
    out.push(`<text x="${x + 14}" y="51">${name}</text>`);
  });
  ["encode", "decode"].forEach((direction, p) => {
    const y0 = top + p * (panelHeight + 40) + 20;
    const base = y0 + panelHeight;
    const y = (v) => base - (v / max) * panelHeight;
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
          `<rect x="${gx + i * barWidth}" y="${(base - h).toFixed(1)}" width="${barWidth - 1}" height="${h.toFixed(1)}" fill="${COLORS[i]}"><title>${r.dataset} ${direction}, ${CONTENDERS[i]}: ${fmt(v)}</title></rect>`,
        );
      });
      out.push(
        `<text x="${gx + (5 * barWidth) / 2}" y="${base + 14}" text-anchor="middle" fill="#333333">${r.dataset}</text>`,
      );
    });
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}

function render() {
  const rows = results(fs.readFileSync(PERFORMANCE, "utf8"));
  const readme = fs.readFileSync(README, "utf8");
  const parts = between(readme, "bench-chart");
  return { readme: parts.before + textChart(rows) + parts.after, svg: svgChart(rows) };
}

module.exports = { render, README, SVG };

if (require.main === module) {
  const { readme, svg } = render();
  if (process.argv.includes("--check")) {
    const stale = [
      [README, readme],
      [SVG, svg],
    ].filter(([file, text]) => !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text);
    for (const [file] of stale)
      console.error(`${path.relative(ROOT, file)} disagrees with docs/performance.md: run node scripts/bench-chart.js`);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  fs.writeFileSync(README, readme);
  fs.writeFileSync(SVG, svg);
}
