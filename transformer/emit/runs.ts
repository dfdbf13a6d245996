import type { Literal } from "../model/ir.js";
import type { Expr, Stmt } from "./build.js";
import type { EmitContext } from "./context.js";

// Constant runs of an object encoder: adjacent constant parts (a fixed map or array header, property names,
// single-valued literals) become one pre-encoded chunk (runtime `constants()`) copied by one `raw`.
// A string literal union ends a run in one chunk per value: `"tag": "para"` is one copy.

/** What encodes a map, in order: constant parts, checks that write nothing, writes, optional groups. */
/** As runtime `constants()` takes them: `[n]` is a map header, `[n, "array"]` an array header. */
export type Constant = string | number | boolean | null | [mapSize: number] | [arraySize: number, kind: "array"];
export type Piece =
  | { constant: Constant }
  | { mapHeader: Expr; sizes: number[] }
  | { check: Stmt }
  | { write: Stmt[] }
  | { optional: Expr; pieces: Piece[] }
  | { choice: Expr; values: string[]; otherwise: Stmt };
type Planned =
  | { check: Stmt } | { write: Stmt[] } | { run: number } | { optional: Expr; steps: Planned[] }
  | { mapHeader: Expr; smallest: number; run: number }
  | { choice: Expr; values: string[]; runs: number[]; otherwise: Stmt };

/**
 * Merges adjacent constants into runs (appended to `runs`); checks do not break a run. A map header
 * of a few possible sizes starts one run per size, each with the constants after it, and the
 * header's value picks the run: `w.raw(E[n - 2])`.
 */
export function planRuns(pieces: Piece[], runs: Constant[][]): Planned[] {
  const steps: Planned[] = [];
  let run: Constant[] = [];
  let header: { mapHeader: Expr; sizes: number[] } | undefined;
  const flush = () => {
    if (header) {
      const first = runs.length;
      for (const size of header.sizes) runs.push([[size], ...run]);
      steps.push({ mapHeader: header.mapHeader, smallest: header.sizes[0]!, run: first });
      header = undefined;
      run = [];
      return;
    }
    if (run.length === 0) return;
    runs.push(run);
    steps.push({ run: runs.length - 1 });
    run = [];
  };
  for (const piece of pieces) {
    if ("constant" in piece) run.push(piece.constant);
    else if ("mapHeader" in piece) { flush(); header = piece; }
    else if ("check" in piece) steps.push(piece);
    else if ("write" in piece) { flush(); steps.push(piece); }
    else if ("choice" in piece) {
      if (header) flush();
      const prefix = run;
      run = [];
      const chosen = piece.values.map((value) => runs.push([...prefix, value]) - 1);
      steps.push({ choice: piece.choice, values: piece.values, runs: chosen, otherwise: piece.otherwise });
    } else { flush(); steps.push({ optional: piece.optional, steps: planRuns(piece.pieces, runs) }); }
  }
  flush();
  return steps;
}

export function emitRuns(ctx: EmitContext, steps: Planned[], table: Expr | undefined): Stmt[] {
  const b = ctx.b;
  return steps.flatMap((step): Stmt[] => {
    if ("check" in step) return [step.check];
    if ("write" in step) return step.write;
    const raw = (run: number | Expr) => b.expr(b.method(b.id("w"), "raw", b.index(table!, typeof run === "number" ? b.num(run) : run)));
    if ("mapHeader" in step) {
      const offset = step.run - step.smallest;
      return [raw(offset === 0 ? step.mapHeader : b.bin(step.mapHeader, offset > 0 ? "+" : "-", b.num(Math.abs(offset))))];
    }
    if ("run" in step) return [raw(step.run)];
    if ("choice" in step) {
      const cases = step.values.map((value, i): [Expr[], Stmt[]] => [[b.str(value)], [raw(step.runs[i]!), b.brk()]]);
      return [b.switch(step.choice, cases, [step.otherwise])];
    }
    return [b.if(b.bin(step.optional, "!==", b.undef()), emitRuns(ctx, step.steps, table))];
  });
}

export function constantExpression(ctx: EmitContext, c: Constant): Expr {
  const b = ctx.b;
  if (c === null) return b.null();
  if (Array.isArray(c)) return b.array(c.length === 1 ? [b.num(c[0])] : [b.num(c[0]), b.str(c[1])]);
  return b.lit(c as Literal);
}
