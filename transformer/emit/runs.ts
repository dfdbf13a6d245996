import type ts from "typescript";
import type { Literal } from "../model/ir.js";
import type { EmitContext } from "./context.js";

// Constant runs of an object encoder: adjacent constant parts (a fixed map header, property names,
// single-valued literals) become one pre-encoded chunk (runtime `constants()`) copied by one `raw`.
// A string literal union ends a run in one chunk per value: `"tag": "para"` is one copy.

/** What encodes a map, in order: constant parts, checks that write nothing, writes, optional groups. */
export type Constant = string | number | boolean | null | [mapSize: number]; // as runtime/writer.ts `constants()` takes them
export type Piece =
  | { constant: Constant }
  | { check: ts.Statement }
  | { write: ts.Statement[] }
  | { optional: ts.Expression; pieces: Piece[] }
  | { choice: ts.Expression; values: string[]; otherwise: ts.Statement };
type Planned =
  | { check: ts.Statement } | { write: ts.Statement[] } | { run: number } | { optional: ts.Expression; steps: Planned[] }
  | { choice: ts.Expression; values: string[]; runs: number[]; otherwise: ts.Statement };

/** Merges adjacent constants into runs (appended to `runs`); checks do not break a run. */
export function planRuns(pieces: Piece[], runs: Constant[][]): Planned[] {
  const steps: Planned[] = [];
  let run: Constant[] = [];
  const flush = () => {
    if (run.length === 0) return;
    runs.push(run);
    steps.push({ run: runs.length - 1 });
    run = [];
  };
  for (const piece of pieces) {
    if ("constant" in piece) run.push(piece.constant);
    else if ("check" in piece) steps.push(piece);
    else if ("write" in piece) { flush(); steps.push(piece); }
    else if ("choice" in piece) {
      const prefix = run;
      run = [];
      const chosen = piece.values.map((value) => runs.push([...prefix, value]) - 1);
      steps.push({ choice: piece.choice, values: piece.values, runs: chosen, otherwise: piece.otherwise });
    } else { flush(); steps.push({ optional: piece.optional, steps: planRuns(piece.pieces, runs) }); }
  }
  flush();
  return steps;
}

export function emitRuns(ctx: EmitContext, steps: Planned[], table: ts.Identifier | undefined): ts.Statement[] {
  const b = ctx.b;
  return steps.flatMap((step): ts.Statement[] => {
    if ("check" in step) return [step.check];
    if ("write" in step) return step.write;
    const raw = (run: number) => b.expr(b.method(b.id("w"), "raw", b.index(table!, b.num(run))));
    if ("run" in step) return [raw(step.run)];
    if ("choice" in step) {
      const cases = step.values.map((value, i): [ts.Expression[], ts.Statement[]] => [[b.str(value)], [raw(step.runs[i]!), b.brk()]]);
      return [b.switch(step.choice, cases, [step.otherwise])];
    }
    return [b.if(b.bin(step.optional, "!==", b.undef()), emitRuns(ctx, step.steps, table))];
  });
}

export function constantExpression(ctx: EmitContext, c: Constant): ts.Expression {
  const b = ctx.b;
  if (c === null) return b.f.createNull();
  if (Array.isArray(c)) return b.array([b.num(c[0]!)]);
  return b.lit(c as Literal);
}
