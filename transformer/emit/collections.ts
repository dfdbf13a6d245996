import { splitNil } from "../model/families.js";
import type { TypeNode } from "../model/ir.js";
import type { Expr, Stmt } from "./build-base.js";
import type { EmitContext } from "./context.js";
import { childPath, indexPath } from "./paths.js";
import type { Write } from "./runs.js";
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
        b.let(["i", b.num(0)]),
        b.forOf(["k", "x"], v, [
          ...ctx.encode(node.key, b.id("k"), childPath(b, ".<key>"), d),
          ...ctx.encode(node.value, b.id("x"), childPath(b, mapKeySegment(ctx)), d),
          b.inc("i"),
        ]),
      ];
    case "record": {
      // One read of each value: the header counts every key, and is made smaller afterwards if
      // some values were undefined (which JSON leaves out, and so does MessagePack here).
      const [keys, absent] = [b.id("keys"), b.id("absent")];
      return [
        b.if(b.not(b.call(ctx.rt("isRecordLike"), v)), [fail("an object")]),
        b.const("keys", b.method(b.id("Object"), "keys", v)),
        b.const("at", b.prop(w, "pos")),
        b.expr(b.method(w, "mapHeader", b.prop(keys, "length"))),
        b.let(["absent", b.num(0)]),
        b.forOf("k", keys, [
          b.const("x", b.index(v, b.id("k"))),
          b.if(
            b.bin(b.id("x"), "===", b.undef()),
            [b.inc("absent")],
            [
              ...encodeKey(ctx, node.key, b.id("k")),
              ...ctx.encode(node.value, b.id("x"), childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d),
            ],
          ),
        ]),
        b.if(b.bin(absent, "!==", b.num(0)), [
          b.expr(b.call(ctx.rt("fixMapHeader"), w, b.id("at"), b.bin(b.prop(keys, "length"), "-", absent))),
        ]),
      ];
    }
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
      // Sized up front (within a limit, see Reader.presize): growing by push copies as it goes
      // (`node bench/ab.js hand numeric dec`).
      return [
        b.const("n", b.method(r, "arrayHeader", p)),
        b.const("out", b.new(b.id("Array"), b.id("n"))),
        b.forCount("i", b.id("n"), [
          b.assign(b.index(out, b.id("i")), ctx.decode(node.element, indexPath(b, b.id("i")), d)),
        ]),
        b.ret(out),
      ];
    case "set":
      return [
        b.const("n", b.method(r, "arrayHeader", p)),
        b.const("out", b.new(b.id("Set"))),
        b.forCount("i", b.id("n"), [
          b.expr(b.method(out, "add", ctx.decode(node.element, indexPath(b, b.id("i")), d))),
        ]),
        b.ret(out),
      ];
    case "map":
      return [
        b.const("n", b.method(r, "mapHeader", p)),
        b.const("out", b.new(b.id("Map"))),
        b.forCount("i", b.id("n"), [
          b.const(
            "k",
            node.key.kind === "string"
              ? b.call(ctx.rt("readKeyString"), r, childPath(b, ".<key>"))
              : ctx.decode(node.key, childPath(b, ".<key>"), d),
          ),
          b.expr(b.method(out, "set", b.id("k"), ctx.decode(node.value, childPath(b, mapKeySegment(ctx)), d))),
        ]),
        b.ret(out),
      ];
    case "record":
      return [
        b.const("n", b.method(r, "mapHeader", p)),
        b.const("out", b.object([])),
        b.forCount("i", b.id("n"), [
          b.const("k", decodeKey(ctx, node.key)),
          b.expr(
            b.call(
              ctx.rt("setOwn"),
              out,
              b.id("k"),
              ctx.decode(node.value, childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d),
            ),
          ),
        ]),
        b.ret(out),
      ];
  }
}

/**
 * `keySegment(k, i)`: the path segment of the value of a Map's entry `i` with key `k`, which names
 * a key that is no primitive by the entry's index (`[<key #3>]`), never by the key's own text.
 */
function mapKeySegment(ctx: EmitContext): Expr {
  return ctx.b.call(ctx.rt("keySegment"), ctx.b.id("k"), ctx.b.id("i"));
}

type ArrayNode = Extract<TypeNode, { kind: "array" }>;

/**
 * `type` when it is an array of the object type named `self` (`children: TreeNode[]` in TreeNode):
 * the object's own encoder and decoder run that array's loop inline. V8 never inlines a function
 * into itself, but through an array function of its own it inlined the object's decoder into
 * itself once, spending the budget that inlining the reads of headers and numbers needed
 * (`node bench/ab.js processes <before> <after> tree dec`).
 */
export function ownArray(ctx: EmitContext, self: string, type: TypeNode): ArrayNode | undefined {
  return type.kind === "array" && type.element.kind === "ref" && type.element.name === self && !ctx.linkOf(type.element)
    ? type
    : undefined;
}

/** `p && p + (".children[" + j + "]")`: the path of element j of the property at `segment`. */
function elementPath(ctx: EmitContext, segment: string): Expr {
  const b = ctx.b;
  return childPath(b, b.bin(b.bin(b.str(segment + "["), "+", b.id("j")), "+", b.str("]")));
}

/**
 * The writes of `value`, of a property at `segment` of type `type`, when that is an own array of
 * `self` (see ownArray) or one that may be nil: the loop inline, over the `size` elements its
 * header counts. Otherwise undefined. The header, when not behind a nil test, is a write of its
 * own that shares the room its key reserves, as a hand-written encoder would
 * (`node bench/ab.js hand tree enc`).
 */
export function writeOwnArray(
  ctx: EmitContext,
  self: string,
  type: TypeNode,
  value: Expr,
  segment: string,
  depth: Expr,
  size: string,
): Write[] | undefined {
  const b = ctx.b;
  const w = b.id("w");
  const nilOr = splitNil(type, ctx.named);
  const array = ownArray(ctx, self, nilOr ? nilOr.other : type);
  if (!array) return undefined;
  const header = (method: string) => [b.const(size, b.method(w, method, value, childPath(b, segment)))];
  const loop = b.forCount(
    "j",
    b.id(size),
    ctx.encode(array.element, b.index(value, b.id("j")), elementPath(ctx, segment), depth),
  );
  if (!nilOr) return [{ write: header("array"), reserved: { size: 5, write: header("putArray") } }, { write: [loop] }];
  return [{ write: [b.if(b.isNil(value, nilOr.nil), [b.expr(b.method(w, "nil"))], [...header("array"), loop])] }];
}

/**
 * Reads an own array (see ownArray) of the property at `segment` into `target`: the array
 * allocated at the header's length, then filled by a loop inline.
 */
export function readOwnArray(
  ctx: EmitContext,
  array: ArrayNode,
  target: Expr,
  segment: string,
  depth: Expr,
): { init: Expr; fill: Stmt } {
  const b = ctx.b;
  return {
    init: b.new(b.id("Array"), b.method(b.id("r"), "arrayHeader", childPath(b, segment))),
    fill: b.forCount("j", b.prop(target, "length"), [
      b.assign(b.index(target, b.id("j")), ctx.decode(array.element, elementPath(ctx, segment), depth)),
    ]),
  };
}

/**
 * Statements that read the value of a property of type `type` into `target` when it is an own
 * array of `self`, or one that may be nil (`children?: TreeNode[]`); otherwise undefined.
 * `keyed`: the property is a map entry, where nil for undefined is only taken for absence (absentNil).
 */
export function readOwnArrayInto(
  ctx: EmitContext,
  self: string,
  type: TypeNode,
  target: Expr,
  segment: string,
  depth: Expr,
  keyed = false,
): Stmt[] | undefined {
  const b = ctx.b;
  const nilOr = splitNil(type, ctx.named);
  const array = ownArray(ctx, self, nilOr ? nilOr.other : type);
  if (!array) return undefined;
  const { init, fill } = readOwnArray(ctx, array, target, segment, depth);
  const read = [b.assign(target, init), fill];
  if (!nilOr) return read;
  return [
    b.if(
      b.method(b.id("r"), nilTest(nilOr.nil, keyed)),
      [b.assign(target, nilOr.nil === "undefined" ? b.undef() : b.null())],
      read,
    ),
  ];
}

/** The Reader method that takes a nil standing for `nil` ("undefined", "null", "both") of a property. */
export function nilTest(nil: "null" | "undefined" | "both", keyed: boolean): "takeNil" | "absentNil" {
  return keyed && nil === "undefined" ? "absentNil" : "takeNil";
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
  return b.call(ctx.rt("readKeyString"), b.id("r"), b.id("p"));
}
