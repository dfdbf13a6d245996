import type ts from "typescript";
import type { Literal } from "../model/ir.js";
import type { EmitContext } from "./context.js";

// Constant runs of an object encoder: adjacent constant parts (a fixed map header, property names,
// single-valued literals) become one pre-encoded chunk (runtime `constants()`) copied by one `raw`.

/** What encodes a map, in order: constant parts, checks that write nothing, writes, optional groups. */
export type Constant = string | number | boolean | null | [mapSize: number]; // as runtime/writer.ts `constants()` takes them
export type Piece =
  | { constant: Constant }
  | { check: ts.Statement }
  | { write: ts.Statement[] }
  | { optional: ts.Expression; pieces: Piece[] };
type Planned = { check: ts.Statement } | { write: ts.Statement[] } | { run: number } | { optional: ts.Expression; steps: Planned[] };

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
    else { flush(); steps.push({ optional: piece.optional, steps: planRuns(piece.pieces, runs) }); }
  }
  flush();
  return steps;
}

export function emitRuns(ctx: EmitContext, steps: Planned[], table: ts.Identifier | undefined): ts.Statement[] {
  const b = ctx.b;
  return steps.flatMap((step): ts.Statement[] => {
    if ("check" in step) return [step.check];
    if ("write" in step) return step.write;
    if ("run" in step) return [b.expr(b.method(b.id("w"), "raw", b.index(table!, b.num(step.run))))];
    return [b.if(b.bin(step.optional, "!==", b.undef()), emitRuns(ctx, step.steps, table))];
  });
}

export function constantExpression(ctx: EmitContext, c: Constant): ts.Expression {
  const b = ctx.b;
  if (c === null) return b.f.createNull();
  if (Array.isArray(c)) return b.array([b.num(c[0]!)]);
  return b.lit(c as Literal);
}
