/**
 * Classes with a wire mapping (model/ir.ts, kind "mapped"), both directions: the mapping's
 * constant, imported by a namespace import (EmitContext.linked), turns the value into its wire
 * value, which is written as the wire type is, and back (runtime/mapped.ts).
 */
import type { TypeNode } from "../model/ir.js";
import type { Stmt } from "./build-base.js";
import type { EmitContext } from "./context.js";

type MappedNode = Extract<TypeNode, { kind: "mapped" }>;

/** `const x = mapEncode(M, v, "Decimal", p)`, then `x` written as the wire type (or as the data of an extension). */
export function encodeMapped(ctx: EmitContext, node: MappedNode): Stmt[] {
  const b = ctx.b;
  const [v, p, d] = [b.id("v"), b.id("p"), b.id("d")];
  return [
    b.const("x", b.call(ctx.rt("mapEncode"), ctx.linked(node.mapping), v, b.str(node.name), p)),
    ...(node.ext === undefined
      ? ctx.encode(node.wire, b.id("x"), p, d)
      : [b.expr(b.call(ctx.rt("writeExtension"), b.id("w"), b.num(node.ext), b.id("x"), p))]),
  ];
}

/** The wire type read, then `mapDecode(r, M, x, "Decimal", p, at)`: a throwing decode is a CodecError at `at`. */
export function decodeMapped(ctx: EmitContext, node: MappedNode): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = [b.id("r"), b.id("p"), b.id("d")];
  return [
    b.const("at", b.prop(r, "pos")),
    b.const(
      "x",
      node.ext === undefined ? ctx.decode(node.wire, p, d) : b.call(ctx.rt("readExtension"), r, b.num(node.ext), p),
    ),
    b.ret(b.call(ctx.rt("mapDecode"), r, ctx.linked(node.mapping), b.id("x"), b.str(node.name), p, b.id("at"))),
  ];
}
