import type { TypeNode } from "../model/ir.js";
import type { Expr, Stmt } from "./build-base.js";
import type { EmitContext } from "./context.js";
import { childPath, indexPath } from "./paths.js";
import { valuePieces } from "./objects.js";
import { arrayHeaderPiece, emitRuns, planRuns, runTable, stepsRoom, type Constant } from "./runs.js";

/**
 * Tuples, both directions: an array whose length the elements' modes bound (required, optional,
 * one rest element anywhere); elements after a rest element are counted from the end.
 */
type Tuple = Extract<TypeNode, { kind: "tuple" }>;

/** The body of the encoder `(w, v, p, d)` of a tuple. */
export function encodeTuple(ctx: EmitContext, node: Tuple): Stmt[] {
  const b = ctx.b;
  const [w, v, p, d] = [b.id("w"), b.id("v"), b.id("p"), b.id("d")];
  const { min, fixed, rest, trailing } = bounds(node);
  const length = b.prop(v, "length");
  const out: Stmt[] = [tupleCheck(ctx, node, v, p)];
  if (min === node.elements.length) {
    // Fixed length: the header and the elements as a positional object's, in runs, so that
    // `[number, number]` reserves its 19 bytes once and `["pt", number]` copies `["pt"` at once.
    const { planned, runs } = fixedTuple(ctx, node, v, (i) => `[${i}]`);
    return [...out, ...emitRuns(ctx, planned, runTable(ctx, "Tuple", runs), runs)];
  }
  let count: Expr = length;
  if (fixed > min) {
    // Trailing optional elements given as undefined are left out, as absent ones are, so that
    // they come back as absent rather than as the nil a `T | null` element would decode to null.
    out.push(
      b.let(["n", length]),
      b.while(
        b.all([
          b.bin(b.id("n"), ">", b.num(min)),
          b.bin(b.id("n"), "<=", b.num(fixed)),
          b.bin(b.index(v, b.bin(b.id("n"), "-", b.num(1))), "===", b.undef()),
        ]),
        [b.dec("n")],
      ),
    );
    count = b.id("n");
  }
  out.push(b.expr(b.method(w, "arrayHeader", count)));
  node.elements.forEach((element, i) => {
    if (element.mode === "rest") {
      const end = trailing > 0 ? b.bin(count, "-", b.num(trailing)) : count;
      out.push(b.forCount("i", end, ctx.encode(element.type, b.index(v, b.id("i")), indexPath(b, b.id("i")), d), i));
      return;
    }
    if (rest >= 0 && i > rest) {
      const at = b.bin(count, "-", b.num(node.elements.length - i));
      out.push(...ctx.encode(element.type, b.index(v, at), indexPath(b, at), d));
      return;
    }
    const write = ctx.encode(element.type, b.index(v, b.num(i)), childPath(b, `[${i}]`), d);
    out.push(...(element.mode === "optional" ? [b.if(b.bin(count, ">", b.num(i)), write)] : write));
  });
  return out;
}

/**
 * The body of the encoder `(w, v, p, d)` of an array of fixed-length tuples whose elements each
 * write a bounded size (`[number, number][]`), else undefined. Each tuple is written inline, into
 * room reserved for many at once: as a function of its own with its own reservation, V8 often
 * kept it apart and boxed every number, and geo's encode ran at two thirds of the hand-written
 * one's speed (`node bench/ab.js hand geo enc`).
 */
export function encodeTupleArray(ctx: EmitContext, node: Extract<TypeNode, { kind: "array" }>): Stmt[] | undefined {
  const tuple = node.element;
  if (tuple.kind !== "tuple" || ctx.linkOf(tuple) || bounds(tuple).min !== tuple.elements.length) return undefined;
  const b = ctx.b;
  const [w, v, p, n, i, x] = [b.id("w"), b.id("v"), b.id("p"), b.id("n"), b.id("i"), b.id("x")];
  const { planned, runs } = fixedTuple(ctx, tuple, x, (k) => b.bin(b.bin(b.str("["), "+", i), "+", b.str(`][${k}]`)));
  const room = stepsRoom(planned, runs);
  if (room === undefined) return undefined;
  const writes = emitRuns(ctx, planned, runTable(ctx, "Tuple", runs), runs, true);
  // Room for up to 1,024 tuples at a time: a sparse array's length reserves nothing it has not.
  const reserve = b.if(b.bin(b.bin(i, "&", b.num(1023)), "===", b.num(0)), [
    b.expr(
      b.method(w, "ensure", b.bin(b.num(room), "*", b.method(b.id("Math"), "min", b.bin(n, "-", i), b.num(1024)))),
    ),
  ]);
  return [
    b.const("n", b.method(w, "array", v, p)),
    b.forCount("i", n, [reserve, b.const("x", b.index(v, i)), tupleCheck(ctx, tuple, x, indexPath(b, i)), ...writes]),
  ];
}

/** `if (!(Array.isArray(v) && v.length === 2)) mismatch(...)`: `value` is an array of the tuple's length. */
function tupleCheck(ctx: EmitContext, node: Tuple, value: Expr, path: Expr): Stmt {
  const b = ctx.b;
  const { min, max } = bounds(node);
  const length = b.prop(value, "length");
  const lengthOk =
    min === max
      ? [b.bin(length, "===", b.num(min))]
      : [b.bin(length, ">=", b.num(min)), ...(max === Infinity ? [] : [b.bin(length, "<=", b.num(max))])];
  return b.if(b.not(b.all([b.isArray(value), ...lengthOk])), [
    b.expr(b.call(ctx.rt("mismatch"), b.str(describeTuple(min, max)), value, path)),
  ]);
}

/**
 * The planned writes of a fixed-length tuple in `value`: its header, then its elements as a
 * positional object's, element k's path segment `segment(k)`.
 */
function fixedTuple(
  ctx: EmitContext,
  node: Tuple,
  value: Expr,
  segment: (k: number) => string | Expr,
): { planned: ReturnType<typeof planRuns>; runs: Constant[][] } {
  const b = ctx.b;
  const pieces = node.elements.flatMap((element, k) =>
    valuePieces(ctx, element.type, b.index(value, b.num(k)), segment(k), b.id("d")),
  );
  pieces.unshift(arrayHeaderPiece(ctx, pieces, node.elements.length));
  const runs: Constant[][] = [];
  return { planned: planRuns(pieces, runs), runs };
}

/** The body of the decoder `(r, p, d)` of a tuple. */
export function decodeTuple(ctx: EmitContext, node: Tuple): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = [b.id("r"), b.id("p"), b.id("d")];
  const { min, max, fixed, rest, trailing } = bounds(node);
  if (min === node.elements.length) {
    // Fixed length: one array literal, its elements read in order.
    return [
      b.expr(b.call(ctx.rt("tupleHeader"), r, b.num(min), b.num(min), p)),
      b.ret(b.array(node.elements.map((element, i) => ctx.decode(element.type, childPath(b, `[${i}]`), d)))),
    ];
  }
  const [n, out] = [b.id("n"), b.id("out")];
  const stmts: Stmt[] = [
    b.const("n", b.call(ctx.rt("tupleHeader"), r, b.num(min), max === Infinity ? b.num(-1) : b.num(max), p)),
    b.const("out", b.emptyArray()),
  ];
  node.elements.forEach((element, i) => {
    const push = (at: Expr) => b.expr(b.method(out, "push", ctx.decode(element.type, at, d)));
    if (element.mode === "rest")
      stmts.push(
        b.forCount("i", trailing > 0 ? b.bin(n, "-", b.num(trailing)) : n, [push(indexPath(b, b.id("i")))], i),
      );
    else if (rest >= 0 && i > rest) stmts.push(push(indexPath(b, b.bin(n, "-", b.num(node.elements.length - i)))));
    else if (element.mode === "optional") stmts.push(b.if(b.bin(n, ">", b.num(i)), [push(childPath(b, `[${i}]`))]));
    else stmts.push(push(childPath(b, `[${i}]`)));
  });
  if (fixed > min) {
    // Trailing optional elements that decoded to undefined are absent, as encode writes them.
    const length = b.prop(out, "length");
    stmts.push(
      b.while(
        b.all([
          b.bin(length, ">", b.num(min)),
          b.bin(length, "<=", b.num(fixed)),
          b.bin(b.index(out, b.bin(length, "-", b.num(1))), "===", b.undef()),
        ]),
        [b.expr(b.method(out, "pop"))],
      ),
    );
  }
  return [...stmts, b.ret(out)];
}

/**
 * The length rules of a tuple: `min` required elements, at most `max`, `fixed` not counting the
 * rest element, which is at index `rest` (-1: none) with `trailing` elements after it.
 */
function bounds(node: Tuple): { min: number; max: number; fixed: number; rest: number; trailing: number } {
  const min = node.elements.filter((e) => e.mode === "required").length;
  const rest = node.elements.findIndex((e) => e.mode === "rest");
  const max = rest >= 0 ? Infinity : node.elements.length;
  const fixed = node.elements.filter((e) => e.mode !== "rest").length;
  return { min, max, fixed, rest, trailing: rest < 0 ? 0 : node.elements.length - 1 - rest };
}

function describeTuple(min: number, max: number): string {
  const elements = (n: number) => `${n} element${n === 1 ? "" : "s"}`;
  if (min === max) return `a tuple of ${elements(min)}`;
  return max === Infinity ? `a tuple of at least ${elements(min)}` : `a tuple of ${min} to ${elements(max)}`;
}
