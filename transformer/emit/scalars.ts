import { INT_RANGES, type Literal, type TypeNode } from "../model/ir.js";
import { describe } from "../model/kinds.js";
import type { Expr, Stmt } from "./build-base.js";
import { nameOf, type EmitContext } from "./context.js";

/**
 * Leaves, literals and template literal types, both directions: what one runtime call (or a check
 * and one call) writes or reads, with no function of its own unless it is a codec's root.
 */

/** Writer method per leaf kind; each checks the JS type of its argument and throws a CodecError. */
const LEAF_WRITERS: Partial<Record<TypeNode["kind"], string>> = {
  boolean: "bool",
  number: "number",
};
/** Writer method per leaf kind that writes into room reserved before, and the most bytes it writes. */
const RESERVED_WRITERS: Partial<Record<TypeNode["kind"], [method: string, size: number]>> = {
  boolean: ["putBool", 1],
  number: ["putNumber", 9],
};
/** Reader method per leaf kind; each checks the head byte and throws a CodecError naming the offset. */
const LEAF_READERS: Partial<Record<TypeNode["kind"], string>> = {
  null: "nil",
  undefined: "undefinedValue",
  boolean: "bool",
  number: "number",
};
/**
 * Runtime functions `(w, v, p)` / `(r, p)` that write or read a whole value: strings
 * (runtime/strings.ts), the leaf kinds beyond JSON (runtime/extended.ts) and number arrays
 * (runtime/number-arrays.ts). Free functions, not Writer/Reader methods, so that bundles whose
 * types lack them leave them out (as `readDynamic` for unknown).
 */
const LEAF_WRITE_FUNCTIONS: Partial<Record<TypeNode["kind"], string>> = {
  string: "writeString",
  bigint: "writeBigint",
  numberOrBigint: "writeNumberOrBigint",
  date: "writeDate",
  bytes: "writeBytes",
  arrayBuffer: "writeArrayBuffer",
};
const LEAF_READ_FUNCTIONS: Partial<Record<TypeNode["kind"], string>> = {
  string: "readString",
  bigint: "readBigint",
  numberOrBigint: "readNumberOrBigint",
  date: "readDate",
  bytes: "readBytes",
  arrayBuffer: "readArrayBuffer",
};

/** The runtime function that writes a whole value of `node`, if one does. */
export function writeFunction(node: TypeNode): string | undefined {
  if (node.kind === "array" && node.element.kind === "number") {
    const width = node.element.width;
    return width === undefined ? "writeNumberArray" : width === "float32" ? "writeFloat32Array" : undefined;
  }
  return LEAF_WRITE_FUNCTIONS[node.kind];
}

/** The runtime function that reads a whole value of `node`, if one does. */
export function readFunction(node: TypeNode): string | undefined {
  if (node.kind === "array" && node.element.kind === "number") {
    const width = node.element.width;
    // A Float64 decodes as any number does.
    return width === undefined || width === "float64"
      ? "readNumberArray"
      : width === "float32"
        ? "readFloat32Array"
        : undefined;
  }
  return LEAF_READ_FUNCTIONS[node.kind];
}

/** A number of a declared width (runtime/widths.ts): `__tm.writeInt(w, v, -128, 127, p)` and the like. */
function writeWidth(ctx: EmitContext, node: TypeNode, value: Expr, path: Expr): Expr | undefined {
  if ((node.kind !== "number" && node.kind !== "numberOrBigint") || node.width === undefined) return undefined;
  const b = ctx.b,
    w = b.id("w");
  const range = INT_RANGES[node.width];
  if (range) return b.call(ctx.rt("writeInt"), w, value, b.num(range[0]), b.num(range[1]), path);
  const name = { float32: "writeFloat32", float64: "writeFloat64", int64: "writeInt64", uint64: "writeUint64" }[
    node.width as string
  ]!;
  return b.call(ctx.rt(name), w, value, path);
}

/** `__tm.readInt(r, -128, 127, p)` and the like; a Float64 reads as a number. */
function readWidth(ctx: EmitContext, node: TypeNode, path: Expr): Expr | undefined {
  if (
    (node.kind !== "number" && node.kind !== "numberOrBigint") ||
    node.width === undefined ||
    node.width === "float64"
  )
    return undefined;
  const b = ctx.b,
    r = b.id("r");
  const range = INT_RANGES[node.width];
  if (range) return b.call(ctx.rt("readInt"), r, b.num(range[0]), b.num(range[1]), path);
  const name = { float32: "readFloat32", int64: "readInt64", uint64: "readUint64" }[node.width as string]!;
  return b.call(ctx.rt(name), r, path);
}

/** Statements that write a leaf inline, or undefined when `node` needs more (a function, a link, a nil case). */
export function encodeLeaf(ctx: EmitContext, node: TypeNode, value: Expr, path: Expr, depth: Expr): Stmt[] | undefined {
  const b = ctx.b;
  const w = b.id("w");
  const width = writeWidth(ctx, node, value, path);
  if (width) return [b.expr(width)];
  const leaf = LEAF_WRITERS[node.kind];
  if (leaf) return [b.expr(b.method(w, leaf, value, path))];
  const write = writeFunction(node);
  if (write) return [b.expr(b.call(ctx.rt(write), w, value, path))];
  switch (node.kind) {
    case "unknown":
      return [b.expr(b.call(ctx.rt("writeDynamic"), w, value, path, depth))];
    case "null":
    case "undefined": {
      const expected = node.kind === "null" ? b.null() : b.undef();
      return [
        b.if(b.bin(value, "!==", expected), [b.expr(b.call(ctx.rt("mismatch"), b.str(node.kind), value, path))]),
        b.expr(b.method(w, "nil")),
      ];
    }
    case "temporal":
      return [
        b.expr(
          node.type === "Instant"
            ? b.call(ctx.rt("writeInstant"), w, value, path)
            : b.call(ctx.rt("writeTemporal"), w, value, b.str(node.type), path),
        ),
      ];
    case "flags":
      return [
        b.expr(
          b.call(ctx.rt("writeFlags"), w, value, b.num(flagMask(node.values)), b.str(describeFlags(node.values)), path),
        ),
      ];
    case "literals":
      if (allStrings(node.values)) return writeStrings(ctx, node.values, value, path);
      // Inline: a check and one write are cheaper than a call.
      if (node.values.length <= INLINE_LITERALS) return encodeLiterals(ctx, node.values, value, path);
  }
  return undefined;
}

/**
 * What `encodeLeaf` writes, as writes into room reserved before (see emitRuns), with the most bytes
 * they write: booleans, numbers and their literal unions; undefined for anything else.
 */
export function encodeReserved(
  ctx: EmitContext,
  node: TypeNode,
  value: Expr,
  path: Expr,
): { size: number; write: Stmt[] } | undefined {
  if (node.kind === "literals") {
    if (node.values.length > INLINE_LITERALS || node.values.some((x) => typeof x === "string")) return undefined;
    return {
      size: node.values.some((x) => typeof x === "number") ? 9 : 1,
      write: encodeLiterals(ctx, node.values, value, path, true),
    };
  }
  const leaf = node.kind === "number" && node.width !== undefined ? undefined : RESERVED_WRITERS[node.kind];
  return leaf && { size: leaf[1], write: [ctx.b.expr(ctx.b.method(ctx.b.id("w"), leaf[0], value, path))] };
}

/** An expression that reads a leaf, or undefined when `node` needs more. */
export function decodeLeaf(ctx: EmitContext, node: TypeNode, path: Expr, depth: Expr): Expr | undefined {
  const b = ctx.b;
  const r = b.id("r");
  const width = readWidth(ctx, node, path);
  if (width) return width;
  const leaf = LEAF_READERS[node.kind];
  if (leaf) return b.method(r, leaf, path);
  const read = readFunction(node);
  if (read) return b.call(ctx.rt(read), r, path);
  if (node.kind === "unknown") return b.call(ctx.rt("readDynamic"), r, path, depth);
  if (node.kind === "temporal")
    return node.type === "Instant"
      ? b.call(ctx.rt("readInstant"), r, path)
      : b.call(ctx.rt("readTemporal"), r, b.str(node.type), path);
  if (node.kind === "flags")
    return b.call(ctx.rt("readFlags"), r, b.num(flagMask(node.values)), b.str(describeFlags(node.values)), path);
  if (node.kind === "literals" && readAsBytes(node.values))
    return b.call(ctx.rt("readOneOf"), r, literalTable(ctx, node.values), path);
  return undefined;
}

/** The body of the encoder of a literal union: its membership test, then the write (`reserved`: into room reserved before). */
export function encodeLiterals(ctx: EmitContext, values: Literal[], v: Expr, path: Expr, reserved = false): Stmt[] {
  const b = ctx.b;
  if (allStrings(values)) return writeStrings(ctx, values, v, path);
  return [
    b.if(b.not(literalTest(ctx, values, v)), [
      b.expr(b.call(ctx.rt("mismatch"), b.str(describeLiterals(values)), v, path)),
    ]),
    ...writeLiteral(ctx, values, v, reserved),
  ];
}

/** The body of the decoder of a literal union too large to read as pre-encoded bytes: read, then test. */
export function decodeLiterals(ctx: EmitContext, values: Literal[], path: Expr, depth: Expr): Stmt[] {
  const b = ctx.b;
  const r = b.id("r");
  const kinds = new Set(values.map((v) => typeof v));
  const read =
    kinds.size > 1
      ? b.call(ctx.rt("readDynamic"), r, path, depth)
      : kinds.has("string")
        ? b.call(ctx.rt("readString"), r, path)
        : b.method(r, kinds.has("number") ? "number" : "bool", path);
  return [
    b.const("at", b.prop(r, "pos")),
    b.const("x", read),
    b.if(literalTest(ctx, values, b.id("x")), [b.ret(b.id("x"))]),
    b.ret(b.call(ctx.rt("notOneOf"), r, b.str(describeLiterals(values)), b.id("x"), path, b.id("at"))),
  ];
}

/** The body of the encoder of a template literal type (`user-${number}`). */
export function encodeTemplate(
  ctx: EmitContext,
  node: Extract<TypeNode, { kind: "template" }>,
  v: Expr,
  path: Expr,
): Stmt[] {
  const b = ctx.b;
  return [
    b.if(b.not(b.bin(b.typeIs(v, "string"), "&&", templateTest(ctx, node, v))), [
      b.expr(b.call(ctx.rt("mismatch"), b.str(`a string matching ${node.text}`), v, path)),
    ]),
    b.expr(b.call(ctx.rt("writeString"), b.id("w"), v)),
  ];
}

export function decodeTemplate(ctx: EmitContext, node: Extract<TypeNode, { kind: "template" }>, path: Expr): Stmt[] {
  const b = ctx.b;
  const r = b.id("r");
  return [
    b.const("at", b.prop(r, "pos")),
    b.const("x", b.call(ctx.rt("readString"), r, path)),
    b.if(templateTest(ctx, node, b.id("x")), [b.ret(b.id("x"))]),
    b.ret(b.call(ctx.rt("notOneOf"), r, b.str(node.text), b.id("x"), path, b.id("at"))),
  ];
}

/**
 * True when the string `s` is a member of the template literal type `node`, by the checker's rule
 * (runtime/template.ts); its texts and holes are hoisted.
 */
export function templateTest(ctx: EmitContext, node: Extract<TypeNode, { kind: "template" }>, s: Expr): Expr {
  const b = ctx.b;
  const texts = ctx.constant("texts:" + JSON.stringify(node.texts), "Texts_" + nameOf(node.texts, "of"), () =>
    b.array(node.texts.map((t) => b.str(t))),
  );
  const holes = ctx.constant("holes:" + JSON.stringify(node.holes), "Holes_" + nameOf(node.holes, "of"), () =>
    b.array(node.holes.map((h) => b.str(h))),
  );
  return b.call(ctx.rt("isTemplateMember"), s, texts, holes);
}

/** True when `v` is one of `values`: a chain of `===` for a few, a hoisted Set for more. */
export function literalTest(ctx: EmitContext, values: Literal[], v: Expr): Expr {
  const b = ctx.b;
  if (values.length <= INLINE_LITERALS)
    return b.all(
      values.map((value) => b.bin(v, "===", b.lit(value))),
      "||",
    );
  const set = ctx.constant("set:" + JSON.stringify(values), "Set_" + nameOf(values.map(String), "Values"), () =>
    b.new(b.id("Set"), b.array(values.map((x) => b.lit(x)))),
  );
  return b.method(set, "has", v);
}

/**
 * Literal unions of up to this many values are tested by a chain of `===`, and those that are not
 * all strings written inline where used (encodeLeaf, encodeReserved); larger ones test a Set.
 */
const INLINE_LITERALS = 8;

/**
 * Literal unions of up to this many values are read as pre-encoded bytes (byte comparisons, one
 * runtime call), and string ones also written so (a switch that copies the value's bytes); larger
 * ones are read as values checked against a Set.
 */
const FEW_LITERALS = 16;

/** A string literal union that is written as pre-encoded bytes. */
export function allStrings(values: Literal[]): values is string[] {
  return values.length <= FEW_LITERALS && values.every((x) => typeof x === "string");
}

/** A literal union read by `readOneOf`, as pre-encoded bytes. */
export function readAsBytes(values: Literal[]): boolean {
  return values.length <= FEW_LITERALS;
}

/** `const __tm_L_x = __tm.literals([...])`: a literal union pre-encoded, shared by both directions. */
export function literalTable(ctx: EmitContext, values: Literal[], name?: string): Expr {
  const b = ctx.b;
  const stem = name ?? nameOf(values.map(String), "Values");
  return ctx.constant("literals:" + JSON.stringify(values), "L_" + stem, () =>
    b.call(ctx.rt("literals"), b.array(values.map((x) => b.lit(x)))),
  );
}

/** A string literal union (`"a" | "b"`): a switch that copies the matching value pre-encoded, so no UTF-8 is encoded. */
function writeStrings(ctx: EmitContext, values: string[], v: Expr, path: Expr): Stmt[] {
  const b = ctx.b;
  const table = literalTable(ctx, values);
  const cases = values.map((x, i): [Expr[], Stmt[]] => [
    [b.str(x)],
    [b.expr(b.method(b.id("w"), "raw", b.index(table, b.num(i)))), b.brk()],
  ]);
  return [b.switch(v, cases, [b.expr(b.call(ctx.rt("mismatch"), b.str(describeLiterals(values)), v, path))])];
}

function writeLiteral(ctx: EmitContext, values: Literal[], v: Expr, reserved: boolean): Stmt[] {
  const b = ctx.b;
  const w = b.id("w");
  const kinds = [...new Set(values.map((x) => typeof x))];
  // typeof names the leaf kinds "number" and "boolean", whose writers the tables above give.
  const method = (kind: string) =>
    reserved ? RESERVED_WRITERS[kind as TypeNode["kind"]]![0] : LEAF_WRITERS[kind as TypeNode["kind"]]!;
  const writer = (kind: string) =>
    b.expr(kind === "string" ? b.call(ctx.rt("writeString"), w, v) : b.method(w, method(kind), v));
  if (kinds.length === 1) return [writer(kinds[0]!)];
  // Mixed kinds (`1 | "one"`): the membership test has passed, so typeof picks the writer.
  return [
    kinds
      .slice(0, -1)
      .reduceRight<Stmt>(
        (otherwise, kind) => b.if(b.typeIs(v, kind), [writer(kind)], [otherwise]),
        writer(kinds[kinds.length - 1]!),
      ),
  ];
}

/** How messages name a set of literals (model/kinds.ts): `"a" | "b"`. */
export function describeLiterals(values: Literal[]): string {
  return describe({ kind: "literals", values }, String, "runtime");
}

/** The bits of a flag enum, OR-ed (up to 2^52, so added: `|` stops at 32 bits). */
export function flagMask(values: readonly number[]): number {
  return values.reduce((mask, v) => mask + v, 0);
}

/** How messages name what a flag enum takes: `a combination of 1, 2, 4` (0, the empty one, goes without saying). */
export function describeFlags(values: readonly number[]): string {
  return describe({ kind: "flags", values: [...values] }, String, "runtime");
}
