import { splitNil } from "../model/families.js";
import type { TypeNode } from "../model/ir.js";
import type { Expr, Parameter, Stmt } from "./build-base.js";
import type { EmitContext, ValueEmitter } from "./context.js";
import { decodeCollection, encodeCollection } from "./collections.js";
import { decodeObjectType, encodeObjectType, positionalResume, resumable } from "./objects.js";
import {
  decodeLeaf,
  decodeLiterals,
  decodeTemplate,
  encodeLeaf,
  encodeLiterals,
  encodeTemplate,
  readAsBytes,
} from "./scalars.js";
import { decodeMapped, encodeMapped } from "./mapped.js";
import { decodeTuple, encodeTuple, encodeTupleArray } from "./tuples.js";
import { decodeUnion, encodeUnion } from "./unions.js";

/**
 * Any value, both directions: what is written inline where the value is (leaves, a linked codec, a
 * codec argument, the nil case of `T | null`), and otherwise a call of the function its type family
 * builds (scalars, collections, tuples, objects, unions), one per distinct type and direction.
 */
export const VALUES: ValueEmitter = {
  encode: encodeValue,
  decode: decodeValue,
  encoder: encoderFor,
  decoder: decoderFor,
};

function encodeValue(ctx: EmitContext, node: TypeNode, value: Expr, path: Expr, depth: Expr): Stmt[] {
  const b = ctx.b;
  const leaf = encodeLeaf(ctx, node, value, path, depth);
  if (leaf) return leaf;
  const link = ctx.linkOf(node);
  if (link) return [b.expr(b.method(ctx.linked(link), "writeTo", b.id("w"), value, path, depth))];
  // A type parameter: the codec passed for it, called as a linked codec is.
  if (node.kind === "param")
    return [b.expr(b.method(ctx.paramCodec(node.name), "writeTo", b.id("w"), value, path, depth))];
  const nilOr = splitNil(node, ctx.named);
  if (nilOr) {
    // `T | null` and the like: the nil case inline, no function of its own.
    return [
      b.if(
        b.isNil(value, nilOr.nil),
        [b.expr(b.method(b.id("w"), "nil"))],
        encodeValue(ctx, nilOr.other, value, path, depth),
      ),
    ];
  }
  return [b.expr(b.call(b.id(encoderFor(ctx, node)), b.id("w"), value, path, depth))];
}

function decodeValue(ctx: EmitContext, node: TypeNode, path: Expr, depth: Expr): Expr {
  const b = ctx.b;
  const leaf = decodeLeaf(ctx, node, path, depth);
  if (leaf) return leaf;
  const link = ctx.linkOf(node);
  if (link) return b.method(ctx.linked(link), "readFrom", b.id("r"), path, depth);
  if (node.kind === "param") return b.method(ctx.paramCodec(node.name), "readFrom", b.id("r"), path, depth);
  // `T | null`, `T | undefined` (optional properties): the nil case inline, no function of its own.
  const nilOr = splitNil(node, ctx.named);
  if (nilOr)
    return b.cond(
      b.method(b.id("r"), "takeNil"),
      nilOr.nil === "undefined" ? b.undef() : b.null(),
      decodeValue(ctx, nilOr.other, path, depth),
    );
  return b.call(b.id(decoderFor(ctx, node)), b.id("r"), path, depth);
}

/** The name of a function `(w, v, p, d)` that encodes `node`; roots and composites get one each. */
function encoderFor(ctx: EmitContext, node: TypeNode): string {
  return ctx.function("enc", node, () => encoderBody(ctx, node));
}

/**
 * The name of a function `(r, p, d)` that decodes `node`. A member of a tagged union also takes
 * `(n, i, seen0)`: the union has read the map's header and maybe its first `i` entries (the tag).
 */
function decoderFor(ctx: EmitContext, node: TypeNode): string {
  const b = ctx.b;
  const resume: Parameter[] = [
    ["n", "number", b.method(b.id("r"), "mapHeader", b.id("p"))],
    ["i", "number", b.num(0)],
    ["seen0", "number", b.num(0)],
  ];
  return ctx.function(
    "dec",
    node,
    () => decoderBody(ctx, node),
    resumable(ctx, node) ? resume : positionalResume(ctx, node),
  );
}

function encoderBody(ctx: EmitContext, node: TypeNode): Stmt[] {
  const b = ctx.b;
  const [w, v, p, d] = [b.id("w"), b.id("v"), b.id("p"), b.id("d")];
  switch (node.kind) {
    case "literals":
      return encodeLiterals(ctx, node.values, v, p);
    case "template":
      return encodeTemplate(ctx, node, v, p);
    case "array":
      return encodeTupleArray(ctx, node) ?? encodeCollection(ctx, node);
    case "set":
    case "map":
    case "record":
      return encodeCollection(ctx, node);
    case "tuple":
      return encodeTuple(ctx, node);
    case "mapped":
      return encodeMapped(ctx, node);
    case "union":
      // `T | null` as a root: the nil case inline, as everywhere else (the plan cannot test for a T).
      if (splitNil(node, ctx.named)?.other.kind === "param") return encodeValue(ctx, node, v, p, d);
      return encodeUnion(ctx, node);
    case "ref": {
      const entry = ctx.entry(node);
      if (ctx.linkOf(node)) return encodeValue(ctx, node, v, p, d);
      if (entry.shape.kind === "object") return encodeObjectType(ctx, node, entry.display, entry.shape);
      // A recursive alias is the body of what it names, after counting one level if the model says
      // it counts (`type Json = ... | Json[]`; not an alias that only dispatches to object types).
      if (!entry.shape.countsDepth) return encoderBody(ctx, entry.shape.type);
      return [
        b.if(b.bin(d, ">", b.prop(w, "maxDepth")), [b.expr(b.call(ctx.rt("tooDeep"), b.prop(w, "maxDepth"), p))]),
        b.inc("d"),
        ...encoderBody(ctx, entry.shape.type),
      ];
    }
    default:
      // Leaves: only reached for a root, which needs a function of its own.
      return encodeValue(ctx, node, v, p, d);
  }
}

function decoderBody(ctx: EmitContext, node: TypeNode): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = [b.id("r"), b.id("p"), b.id("d")];
  switch (node.kind) {
    case "literals":
      if (!readAsBytes(node.values)) return decodeLiterals(ctx, node.values, p, d);
      break;
    case "template":
      return decodeTemplate(ctx, node, p);
    case "array":
    case "set":
    case "map":
    case "record":
      return decodeCollection(ctx, node);
    case "tuple":
      return decodeTuple(ctx, node);
    case "mapped":
      return decodeMapped(ctx, node);
    case "union":
      if (splitNil(node, ctx.named)?.other.kind === "param") break;
      return decodeUnion(ctx, node);
    case "ref": {
      const entry = ctx.entry(node);
      if (ctx.linkOf(node)) break;
      if (entry.shape.kind === "object") return decodeObjectType(ctx, node, entry.shape);
      // A recursive alias is the body of what it names, after counting one level if the model says it counts.
      if (!entry.shape.countsDepth) return decoderBody(ctx, entry.shape.type);
      return [
        b.if(b.bin(d, ">", b.prop(r, "maxDepth")), [b.expr(b.method(r, "tooDeep", p))]),
        b.inc("d"),
        ...decoderBody(ctx, entry.shape.type),
      ];
    }
  }
  // Leaves, links, a `T | null` of a type parameter: only reached for a root, which needs a function of its own.
  return [b.ret(decodeValue(ctx, node, p, d))];
}
