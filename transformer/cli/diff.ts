/**
 * A unified diff of two texts (`diff -u`, three lines of context), for `init --dry-run`: the files
 * it edits are small configuration files, so a plain longest-common-subsequence table will do.
 */

/** `before` undefined: a new file (`--- /dev/null`). Empty when the texts are equal. */
export function unifiedDiff(name: string, before: string | undefined, after: string, context = 3): string {
  if (before === after) return "";
  const a = splitLines(before ?? "");
  const b = splitLines(after);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  type Op = { kind: " " | "-" | "+"; line: string; ai: number; bi: number };
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ kind: " ", line: a[i]!, ai: i++, bi: j++ });
    else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!))
      ops.push({ kind: "-", line: a[i]!, ai: i++, bi: j });
    else ops.push({ kind: "+", line: b[j]!, ai: i, bi: j++ });
  }
  // Hunks: runs of changes with up to `context` unchanged lines around them, merged when they touch.
  const changed = ops.map((op, k) => (op.kind === " " ? -1 : k)).filter((k) => k >= 0);
  const hunks: [number, number][] = [];
  for (const k of changed) {
    const start = Math.max(0, k - context);
    const end = Math.min(ops.length, k + context + 1);
    const last = hunks[hunks.length - 1];
    if (last && start <= last[1]) last[1] = end;
    else hunks.push([start, end]);
  }
  const out = [`--- ${before === undefined ? "/dev/null" : `a/${name}`}`, `+++ b/${name}`];
  for (const [start, end] of hunks) {
    const slice = ops.slice(start, end);
    const oldCount = slice.filter((op) => op.kind !== "+").length;
    const newCount = slice.filter((op) => op.kind !== "-").length;
    const oldStart = oldCount === 0 ? slice[0]!.ai : slice[0]!.ai + 1;
    const newStart = newCount === 0 ? slice[0]!.bi : slice[0]!.bi + 1;
    out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`);
    for (const op of slice) out.push(op.kind + op.line);
  }
  return out.join("\n") + "\n";
}

/** Lines without their breaks; a final line break adds no empty line. */
function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
