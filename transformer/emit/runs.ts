import { constants } from "../../runtime/strings.js";
import { PUT_MAX } from "../../runtime/writer.js";
import type { Literal } from "../model/ir.js";
import type { Expr, Stmt } from "./build-base.js";
import type { EmitContext } from "./context.js";

// Constant runs of an object or tuple encoder: adjacent constant parts (a fixed map or array header, property names,
// single-valued literals) become one pre-encoded chunk (runtime `constants()`) copied by one `raw` (`put`).
// A string literal union ends a run in one chunk per value: `"tag": "para"` is one copy, of the
// chunk a switch on the value picked.
// Adjacent writes of a bounded size (short runs, numbers, booleans, map and array headers) reserve their room once.

/** What encodes a map, in order: constant parts, checks that write nothing, writes, optional groups. */
/** As runtime `constants()` takes them: `[n]` is a map header, `[n, "array"]` an array header. */
export type Constant = string | number | boolean | null | [mapSize: number] | [arraySize: number, kind: "array"];
export type Piece =
  | { constant: Constant }
  | { mapHeader: Expr; sizes: number[] }
  | { check: Stmt }
  | Write
  | { optional: Expr; pieces: Piece[] }
  | { choice: Expr; values: string[]; otherwise: Stmt };
/** Writes; `reserved`, when they write at most `size` bytes, is the same into room reserved before (`w.put...`). */
export type Write = { write: Stmt[]; reserved?: { size: number; write: Stmt[] } };
type Planned =
  | { check: Stmt }
  | Write
  | { run: number }
  | { optional: Expr; steps: Planned[] }
  | { mapHeader: Expr; smallest: number; run: number; count: number }
  | { choice: Expr; values: string[]; runs: number[]; otherwise: Stmt };

/**
 * Merges adjacent constants into runs (appended to `runs`); checks do not break a run. A map header
 * of a few possible sizes starts one run per size, each with the constants after it, and the
 * header's value picks the run: `w.raw(E[n - 2])` (or `w.put`, see emitRuns).
 */
export function planRuns(pieces: Piece[], runs: Constant[][]): Planned[] {
  const steps: Planned[] = [];
  let run: Constant[] = [];
  let header: { mapHeader: Expr; sizes: number[] } | undefined;
  const flush = () => {
    if (header) {
      const first = runs.length;
      for (const size of header.sizes) runs.push([[size], ...run]);
      steps.push({ mapHeader: header.mapHeader, smallest: header.sizes[0]!, run: first, count: header.sizes.length });
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
    else if ("mapHeader" in piece) {
      flush();
      header = piece;
    } else if ("check" in piece) steps.push(piece);
    else if ("write" in piece) {
      flush();
      steps.push(piece);
    } else if ("choice" in piece) {
      if (header) flush();
      const prefix = run;
      run = [];
      const chosen = piece.values.map((value) => runs.push([...prefix, value]) - 1);
      steps.push({ choice: piece.choice, values: piece.values, runs: chosen, otherwise: piece.otherwise });
    } else {
      flush();
      steps.push({ optional: piece.optional, steps: planRuns(piece.pieces, runs) });
    }
  }
  flush();
  return steps;
}

/**
 * The statements of `steps`. Where two or more adjacent steps write a bounded size each, one
 * `w.ensure` reserves room for them all and each writes by `put` (one bounds test per object
 * instead of one per write; `w.raw` and `w.number` test each). `runs`: the constants of `table`.
 * `inRoom`: the caller has reserved the room of all the steps (see stepsRoom), and every one writes by `put`.
 */
export function emitRuns(
  ctx: EmitContext,
  steps: Planned[],
  table: Expr | undefined,
  runs: Constant[][],
  inRoom = false,
): Stmt[] {
  const b = ctx.b;
  const w = b.id("w");
  const runSizes = constants(runs).map((chunk) => chunk.length);
  let choices = 0;
  const emit = (steps: Planned[]): Stmt[] => {
    const out: Stmt[] = [];
    for (let i = 0; i < steps.length; ) {
      let end = i,
        size = 0,
        writes = 0;
      for (
        let s: number | undefined;
        end < steps.length && (s = reservedSize(steps[end]!, runSizes)) !== undefined;
        end++
      ) {
        size += s;
        if (s > 0) writes++;
      }
      if (writes >= 2 || (inRoom && end > i)) {
        for (let step: (typeof steps)[number]; "check" in (step = steps[i]!); i++) out.push(step.check); // checks first, then the room
        if (!inRoom) out.push(b.expr(b.method(w, "ensure", b.num(size))));
        for (; i < end; i++) out.push(...emitStep(steps[i]!, true));
      } else {
        for (end = Math.max(end, i + 1); i < end; i++) out.push(...emitStep(steps[i]!, false));
      }
    }
    return out;
  };
  const emitStep = (step: Planned, reserved: boolean): Stmt[] => {
    if ("check" in step) return [step.check];
    if ("write" in step) return reserved ? step.reserved!.write : step.write;
    const write = (chunk: Expr) => b.expr(b.method(w, reserved ? "put" : "raw", chunk));
    const copy = (run: number | Expr) => write(b.index(table!, typeof run === "number" ? b.num(run) : run));
    if ("mapHeader" in step) {
      const offset = step.run - step.smallest;
      return [
        copy(offset === 0 ? step.mapHeader : b.bin(step.mapHeader, offset > 0 ? "+" : "-", b.num(Math.abs(offset)))),
      ];
    }
    if ("run" in step) return [copy(step.run)];
    if ("choice" in step) {
      // The switch picks the chunk and one copy follows it, not one copy per value: each copy is a
      // call site that V8 inlines out of one budget per encoder (`node bench/ab.js hand flat enc`).
      const chunk = choices++ === 0 ? "chunk" : `chunk${choices}`;
      const cases = step.values.map((value, i): [Expr[], Stmt[]] => [
        [b.str(value)],
        [b.assign(b.id(chunk), b.index(table!, b.num(step.runs[i]!))), b.brk()],
      ]);
      return [b.let([chunk]), b.switch(step.choice, cases, [step.otherwise]), write(b.id(chunk))];
    }
    return [b.if(b.bin(step.optional, "!==", b.undef()), emit(step.steps))];
  };
  return emit(steps);
}

/** The most bytes all of `steps` write when every one writes a bounded size by `put`, else undefined. */
export function stepsRoom(steps: Planned[], runs: Constant[][]): number | undefined {
  const runSizes = constants(runs).map((chunk) => chunk.length);
  let room = 0;
  for (const step of steps) {
    const size = reservedSize(step, runSizes);
    if (size === undefined) return undefined;
    room += size;
  }
  return room;
}

/** The most bytes `step` writes when that is bounded and `put` can write it (0 for a check), else undefined. */
function reservedSize(step: Planned, runSizes: number[]): number | undefined {
  const most = (runs: number[]) => {
    const size = Math.max(...runs.map((run) => runSizes[run]!));
    return size <= PUT_MAX ? size : undefined;
  };
  if ("check" in step) return 0;
  if ("write" in step) return step.reserved?.size;
  if ("mapHeader" in step) return most(Array.from({ length: step.count }, (_, i) => step.run + i));
  if ("run" in step) return most([step.run]);
  if ("choice" in step) return most(step.runs);
  return undefined;
}

/**
 * The header of an array whose values `pieces` write, `length` of them (a number when fixed): a
 * fixed one is pre-encoded with the constant that follows it (a discriminant); otherwise a call
 * writes it, as cheaply as a copy and without a table, into room reserved with the writes after
 * it when they are bounded (a `[number, number]` per point: `w.ensure(19)` once;
 * `node bench/ab.js hand shapes enc`).
 */
export function arrayHeaderPiece(ctx: EmitContext, pieces: Piece[], length: Expr | number): Piece {
  const b = ctx.b;
  const first = pieces.find((piece) => !("check" in piece)); // checks write nothing and do not end a run
  if (typeof length === "number" && first !== undefined && ("constant" in first || "choice" in first))
    return { constant: [length, "array"] };
  const count = typeof length === "number" ? b.num(length) : length;
  const size = typeof length !== "number" ? 5 : length < 16 ? 1 : length < 0x10000 ? 3 : 5;
  const write = (method: string) => [b.expr(b.method(b.id("w"), method, count))];
  return { write: write("arrayHeader"), reserved: { size, write: write("putArrayHeader") } };
}

/** `const __tm_E_User = __tm.constants([...])`, the pre-encoded `runs` of the encoder of `name`; undefined for none. */
export function runTable(ctx: EmitContext, name: string, runs: Constant[][]): Expr | undefined {
  const b = ctx.b;
  if (runs.length === 0) return undefined;
  return ctx.constant("runs:" + JSON.stringify(runs), "E_" + name, () =>
    b.call(ctx.rt("constants"), b.array(runs.map((run) => b.array(run.map((c) => constantExpression(ctx, c)))))),
  );
}

function constantExpression(ctx: EmitContext, c: Constant): Expr {
  const b = ctx.b;
  if (c === null) return b.null();
  if (Array.isArray(c)) return b.array(c.length === 1 ? [b.num(c[0])] : [b.num(c[0]), b.str(c[1])]);
  return b.lit(c as Literal);
}
