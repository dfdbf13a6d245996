import type { TypeNode } from "../model/ir.js";
import type { Expr, Stmt } from "./build.js";
import type { EmitContext } from "./context.js";
import { childPath, indexPath } from "./paths.js";
import { readFunction, writeFunction } from "./scalars.js";

/**
 * Arrays, Sets, Maps and Records, both directions: a header, then a loop over the elements or
 * entries, each written and read as its own type says.
 */
type Collection = Extract<TypeNode, { kind: "array" | "set" | "map" | "record" }>;

/** The body of the encoder `(w, v, p, d)` of a collection. */
export function encodeCollection(ctx: EmitContext, node: Collection): Stmt[] {
  const b = ctx.b;
  const [w, v, p, d] = [b.id("w"), b.id("v"), b.id("p"), b.id("d")];
  const fail = (expected: string) => b.expr(b.call(ctx.rt("mismatch"), b.str(expected), v, p));
  switch (node.kind) {
    case "array": {
      if (writeFunction(node)) return ctx.encode(node, v, p, d); // a root such as `number[]`
      const element = b.index(v, b.id("i"));
      return [
        b.const("n", b.method(w, "array", v, p)),
        b.forCount("i", b.id("n"), ctx.encode(node.element, element, indexPath(b, b.id("i")), d)),
      ];
    }
    case "set":
      return [
        b.if(b.not(b.instanceOf(v, "Set")), [fail("a Set")]),
        b.expr(b.method(w, "arrayHeader", b.prop(v, "size"))),
        b.let(["i", b.num(0)]),
        b.forOf("x", v, [...ctx.encode(node.element, b.id("x"), indexPath(b, b.id("i")), d), b.inc("i")]),
      ];
    case "map":
      return [
        b.if(b.not(b.instanceOf(v, "Map")), [fail("a Map")]),
        b.expr(b.method(w, "mapHeader", b.prop(v, "size"))),
        b.forOf(["k", "x"], v, [
          ...ctx.encode(node.key, b.id("k"), childPath(b, ".<key>"), d),
          ...ctx.encode(node.value, b.id("x"), childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d),
        ]),
      ];
    case "record":
      return [
        b.if(b.not(b.call(ctx.rt("isRecordLike"), v)), [fail("an object")]),
        b.const("keys", b.call(ctx.rt("definedKeys"), v)),
        b.expr(b.method(w, "mapHeader", b.prop(b.id("keys"), "length"))),
        b.forOf("k", b.id("keys"), [
          ...encodeKey(ctx, node.key, b.id("k")),
          ...ctx.encode(node.value, b.index(v, b.id("k")), childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d),
        ]),
      ];
  }
}

/** The body of the decoder `(r, p, d)` of a collection. */
export function decodeCollection(ctx: EmitContext, node: Collection): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = [b.id("r"), b.id("p"), b.id("d")];
  const out = b.id("out");
  switch (node.kind) {
    case "array":
      if (readFunction(node)) return [b.ret(ctx.decode(node, p, d))]; // a root such as `number[]`
      // Sized up front (within a limit, see Reader.presize): growing by push cost about 1.6x on
      // large number arrays (bench numeric).
      return [
        b.const("n", b.method(r, "arrayHeader", p)),
        b.const("out", b.new(b.id("Array"), b.id("n"))),
        b.forCount("i", b.id("n"), [b.assign(b.index(out, b.id("i")), ctx.decode(node.element, indexPath(b, b.id("i")), d))]),
        b.ret(out),
      ];
    case "set":
      return [
        b.const("n", b.method(r, "arrayHeader", p)),
        b.const("out", b.new(b.id("Set"))),
        b.forCount("i", b.id("n"), [b.expr(b.method(out, "add", ctx.decode(node.element, indexPath(b, b.id("i")), d)))]),
        b.ret(out),
      ];
    case "map":
      return [
        b.const("n", b.method(r, "mapHeader", p)),
        b.const("out", b.new(b.id("Map"))),
        b.forCount("i", b.id("n"), [
          b.const("k", ctx.decode(node.key, childPath(b, ".<key>"), d)),
          b.expr(b.method(out, "set", b.id("k"), ctx.decode(node.value, childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d))),
        ]),
        b.ret(out),
      ];
    case "record":
      return [
        b.const("n", b.method(r, "mapHeader", p)),
        b.const("out", b.object([])),
        b.forCount("i", b.id("n"), [
          b.const("k", decodeKey(ctx, node.key)),
          b.expr(b.call(ctx.rt("setOwn"), out, b.id("k"), ctx.decode(node.value, childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d))),
        ]),
        b.ret(out),
      ];
  }
}

/** A Record's key: a string, or one matching its template literal type. */
function encodeKey(ctx: EmitContext, key: TypeNode, k: Expr): Stmt[] {
  const b = ctx.b;
  if (key.kind === "template") return ctx.encode(key, k, childPath(b, ".<key>"), b.num(0));
  return [b.expr(b.call(ctx.rt("writeString"), b.id("w"), k))];
}

function decodeKey(ctx: EmitContext, key: TypeNode): Expr {
  const b = ctx.b;
  if (key.kind === "template") return ctx.decode(key, childPath(b, ".<key>"), b.num(0));
  return b.call(ctx.rt("readString"), b.id("r"), b.id("p"));
}
