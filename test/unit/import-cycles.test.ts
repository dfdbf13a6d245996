/**
 * No module of the runtime or the transformer imports itself through others (issue 20: codec.ts ↔
 * stream.ts, cli/run.ts ↔ cli/watch.ts, emit/encoder.ts ↔ emit/decoder.ts were such circles; the
 * emitter's type families now reach emit/values.ts through EmitContext instead). A circle means
 * two modules share a concern that has no home of its own, and makes load order matter.
 * Type-only imports count too: they are the same dependency, only erased.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "../..");

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Each module's relative imports and re-exports, as absolute .ts paths. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    graph.set(
      file,
      importedFiles
        .filter(({ fileName }) => fileName.startsWith("."))
        .map(({ fileName }) => path.resolve(path.dirname(file), fileName.replace(/\.js$/, ".ts"))),
    );
  }
  return graph;
}

/** Every circle found by a depth-first walk, as `a.ts -> b.ts -> a.ts`. */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open")
        found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)).join(" -> "));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

test.each(["runtime", "transformer"])("%s/ has no import cycles", (dir) => {
  const graph = importGraph(sourcesUnder(path.join(ROOT, dir)));
  expect(graph.size).toBeGreaterThan(10);
  // The walk sees the imports it should: the runtime's index imports the writer.
  expect([...graph.values()].flat().length).toBeGreaterThan(graph.size);
  expect(cycles(graph)).toEqual([]);
});

test("the reader needs nothing of the writer (pre-encoded bytes and the depth limit are in wire.ts)", () => {
  const graph = importGraph(sourcesUnder(path.join(ROOT, "runtime")));
  const reader = graph.get(path.join(ROOT, "runtime/reader.ts"))!.map((f) => path.relative(ROOT, f));
  expect(reader).toContain("runtime/wire.ts");
  expect(reader).not.toContain("runtime/writer.ts");
});

test("the check finds a circle", () => {
  const [a, b, c] = ["/x/a.ts", "/x/b.ts", "/x/c.ts"];
  expect(
    cycles(
      new Map([
        [a, [b]],
        [b, [c]],
        [c, [a]],
      ]),
    ),
  ).toEqual([[a, b, c, a].map((f) => path.relative(ROOT, f)).join(" -> ")]);
  expect(
    cycles(
      new Map([
        [a, [b]],
        [b, [c]],
        [c, []],
      ]),
    ),
  ).toEqual([]);
});
