/**
 * The published benchmark results: docs/bench.json is what `npm run bench` measured, and
 * docs/bench.svg, README.md's summary and docs/performance.md's table are drawn from it
 * (bench/src/publish.ts). A figure edited by hand, or results saved without redrawing, fail here;
 * `node bench/index.js --redraw` draws them again.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { FILES, type Published, ROOT, readPublished, render, toJson, VERSUS } from "../../bench/src/publish";

const published: Published = readPublished();

test("docs/bench.json holds a [median, min, max] ratio or null for every contender, dataset and direction", () => {
  const bad: string[] = [];
  for (const [dataset, d] of Object.entries(published.datasets))
    for (const dir of ["encode", "decode"] as const)
      for (const vs of VERSUS) {
        const r = d[dir][vs];
        if (r === null) continue;
        const ok = Array.isArray(r) && r.length === 3 && r.every((x) => x > 0) && r[1] <= r[0] && r[0] <= r[2];
        if (!ok) bad.push(`${dataset} ${dir} ÷ ${vs}: ${JSON.stringify(r)}`);
      }
  expect(bad).toEqual([]);
  expect(Object.keys(published.datasets).length).toBeGreaterThan(0);
  expect(published.node && published.machine && published.command && published.note).toBeTruthy();
});

test("docs/bench.json is written as bench/src/publish.ts writes it", () => {
  expect(fs.readFileSync(FILES.json, "utf8")).toBe(toJson(published));
});

test.each([...render(published)].map(([file, text]) => [path.relative(ROOT, file), text]))(
  "%s agrees with docs/bench.json (node bench/index.js --redraw)",
  (file, text) => {
    expect(fs.readFileSync(path.join(ROOT, file), "utf8")).toBe(text);
  },
);
