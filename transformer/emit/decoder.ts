import { familiesOf, splitNil, type Family } from "../model/families.js";
import { INT_RANGES, propertySegment, type Choice, type Literal, type NamedType, type ObjectShape, type Property, type TypeNode } from "../model/ir.js";
import { choiceMembers } from "../model/unions.js";
import type { Expr, Parameter, Stmt } from "./build.js";
import type { EmitContext } from "./context.js";
import { allStrings, describeLiterals, describeUnion, INHERITED_NAMES, keyTable, literalTable, pattern, planOf } from "./encoder.js";
import { childPath, indexPath, localFor } from "./paths.js";

/** Reader method per leaf kind; each checks the head byte and throws a CodecError naming the offset. */
const LEAF_READERS: Partial<Record<TypeNode["kind"], string>> = {
  null: "nil", undefined: "undefinedValue", boolean: "bool", number: "number",
};
/**
 * Runtime functions `(r, p)` that read a whole value: strings (runtime/strings.ts), the leaf kinds
 * beyond JSON (runtime/extended.ts) and number arrays (runtime/number-arrays.ts). Free functions, not Reader methods, so that bundles
 * whose types lack them leave them out (as `readDynamic` for unknown).
 */
const LEAF_READ_FUNCTIONS: Partial<Record<TypeNode["kind"], string>> = {
  string: "readString", bigint: "readBigint", numberOrBigint: "readNumberOrBigint", date: "readDate", bytes: "readBytes", arrayBuffer: "readArrayBuffer",
};

function readFunction(node: TypeNode): string | undefined {
  if (node.kind === "array" && node.element.kind === "number") {
    const width = node.element.width;
    // A Float64 decodes as any number does.
    return width === undefined || width === "float64" ? "readNumberArray" : width === "float32" ? "readFloat32Array" : undefined;
  }
  return LEAF_READ_FUNCTIONS[node.kind];
}

/** A number of a declared width (runtime/widths.ts): `__tm.readInt(r, -128, 127, p)` and the like; a Float64 reads as a number. */
function readWidth(ctx: EmitContext, node: TypeNode, path: Expr): Expr | undefined {
  if ((node.kind !== "number" && node.kind !== "numberOrBigint") || node.width === undefined || node.width === "float64") return undefined;
  const b = ctx.b, r = b.id("r");
  const range = INT_RANGES[node.width];
  if (range) return b.call(ctx.rt("readInt"), r, b.num(range[0]), b.num(range[1]), path);
  const name = { float32: "readFloat32", int64: "readInt64", uint64: "readUint64" }[node.width as string]!;
  return b.call(ctx.rt(name), r, path);
}

/** The runtime's numeric family constants (wire.ts), inlined as literals with their names beside them. */
const FAMILY_CODES: Record<Family, number> = { NIL: 0, BOOL: 1, INT: 2, FLOAT: 3, STR: 4, BIN: 5, ARRAY: 6, MAP: 7, EXT: 8 };

const PARAMS = ["r", "p", "d"];

/** An expression that reads one value of type `node` from reader `r`. */
export function decodeValue(ctx: EmitContext, node: TypeNode, path: Expr, depth: Expr): Expr {
  const b = ctx.b;
  const width = readWidth(ctx, node, path);
  if (width) return width;
  const leaf = LEAF_READERS[node.kind];
  if (leaf) return b.method(b.id("r"), leaf, path);
  const read = readFunction(node);
  if (read) return b.call(ctx.rt(read), b.id("r"), path);
  if (node.kind === "unknown") return b.call(ctx.rt("readDynamic"), b.id("r"), path, depth);
  if (node.kind === "literals" && allStrings(node.values)) return b.call(ctx.rt("readOneOf"), b.id("r"), literalTable(ctx, node.values), path);
  const nilOr = splitNil(node, ctx.named);
  // `T | null`, `T | undefined` (optional properties): the nil case inline, no function of its own.
  const link = ctx.linkOf(node);
  if (link) return b.method(ctx.linked(link), "readFrom", b.id("r"), path, depth);
  if (node.kind === "param") return b.method(ctx.paramCodec(node.name), "readFrom", b.id("r"), path, depth);
  if (nilOr) return b.cond(b.method(b.id("r"), "takeNil"), nilOr.nil === "undefined" ? b.undef() : b.null(), decodeValue(ctx, nilOr.other, path, depth));
  return b.call(b.id(decoderFor(ctx, node)), b.id("r"), path, depth);
}


/**
 * The name of a function `(r, p, d)` that decodes `node`. A member of a tagged union also takes
 * `(n, i, seen0)`: the union has read the map's header and maybe its first `i` entries (the tag).
 */
export function decoderFor(ctx: EmitContext, node: TypeNode): string {
  const b = ctx.b;
  const resume: Parameter[] = [["n", "number", b.method(b.id("r"), "mapHeader", b.id("p"))], ["i", "number", b.num(0)], ["seen0", "number", b.num(0)]];
  return ctx.function("dec", node, () => decoderBody(ctx, node), resumable(ctx, node) ? resume : []);
}

/** The shape of an object type whose decoder can resume after its union read the tag: local, one word of seen bits. */
function resumable(ctx: EmitContext, node: TypeNode): ObjectShape | undefined {
  if (node.kind !== "ref" || !ctx.tagMembers.has(node.name)) return undefined;
  const shape = ctx.entry(node).shape;
  return shape.kind === "object" && !shape.link && shape.layout !== "positional" && shape.properties.length <= 30 ? shape : undefined;
}

function decoderBody(ctx: EmitContext, node: TypeNode): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = PARAMS.map((name) => b.id(name)) as [Expr, Expr, Expr];
  switch (node.kind) {
    case "literals": {
      if (allStrings(node.values)) return [b.ret(decodeValue(ctx, node, p, d))];
      const kinds = new Set(node.values.map((v) => typeof v));
      const read = kinds.size > 1 ? b.call(ctx.rt("readDynamic"), r, p, d) : kinds.has("string") ? b.call(ctx.rt("readString"), r, p) : b.method(r, kinds.has("number") ? "number" : "bool", p);
      return [
        b.const("at", b.prop(r, "pos")),
        b.const("x", read),
        b.if(literalCheck(ctx, node.values, b.id("x")), [b.ret(b.id("x"))]),
        b.ret(b.call(ctx.rt("notOneOf"), r, b.str(describeLiterals(node.values)), b.id("x"), p, b.id("at"))),
      ];
    }
    case "template": {
      const re = pattern(ctx, node.pattern);
      return [
        b.const("at", b.prop(r, "pos")),
        b.const("x", b.call(ctx.rt("readString"), r, p)),
        b.if(b.method(re, "test", b.id("x")), [b.ret(b.id("x"))]),
        b.ret(b.call(ctx.rt("notOneOf"), r, b.str(node.text), b.id("x"), p, b.id("at"))),
      ];
    }
    case "array":
      if (readFunction(node)) return [b.ret(decodeValue(ctx, node, p, d))]; // a root such as `number[]`
      // Sized up front (within a limit, see Reader.presize): growing by push cost about 1.6x on
      // large number arrays (bench numeric).
      return [
        b.const("n", b.method(r, "arrayHeader", p)),
        b.const("out", b.new(b.id("Array"), b.id("n"))),
        b.forCount("i", b.id("n"), [b.assign(b.index(b.id("out"), b.id("i")), decodeValue(ctx, node.element, indexPath(b, b.id("i")), d))]),
        b.ret(b.id("out")),
      ];
    case "tuple": {
      const min = node.elements.filter((e) => e.mode === "required").length;
      const hasRest = node.elements.some((e) => e.mode === "rest");
      if (min === node.elements.length) {
        // Fixed length: one array literal, its elements read in order.
        return [
          b.expr(b.method(r, "tupleHeader", b.num(min), b.num(min), p)),
          b.ret(b.array(node.elements.map((element, i) => decodeValue(ctx, element.type, childPath(b, `[${i}]`), d)))),
        ];
      }
      const out: Stmt[] = [
        b.const("n", b.method(r, "tupleHeader", b.num(min), hasRest ? b.num(-1) : b.num(node.elements.length), p)),
        b.const("out", b.emptyArray()),
      ];
      // Elements after a rest element (`[number, ...string[], boolean]`) are counted from the end.
      const rest = node.elements.findIndex((e) => e.mode === "rest");
      const trailing = rest < 0 ? 0 : node.elements.length - 1 - rest;
      const n = b.id("n");
      node.elements.forEach((element, i) => {
        const push = (at: Expr) => b.expr(b.method(b.id("out"), "push", decodeValue(ctx, element.type, at, d)));
        if (element.mode === "rest") out.push(b.forCount("i", trailing > 0 ? b.bin(n, "-", b.num(trailing)) : n, [push(indexPath(b, b.id("i")))], i));
        else if (rest >= 0 && i > rest) out.push(push(indexPath(b, b.bin(n, "-", b.num(node.elements.length - i)))));
        else if (element.mode === "optional") out.push(b.if(b.bin(n, ">", b.num(i)), [push(childPath(b, `[${i}]`))]));
        else out.push(push(childPath(b, `[${i}]`)));
      });
      const fixed = node.elements.filter((e) => e.mode !== "rest").length;
      if (fixed > min) {
        // Trailing optional elements that decoded to undefined are absent, as encode writes them.
        const length = b.prop(b.id("out"), "length");
        out.push(b.while(
          b.all([b.bin(length, ">", b.num(min)), b.bin(length, "<=", b.num(fixed)), b.bin(b.index(b.id("out"), b.bin(length, "-", b.num(1))), "===", b.undef())]),
          [b.expr(b.method(b.id("out"), "pop"))]));
      }
      return [...out, b.ret(b.id("out"))];
    }
    case "set":
      return [
        b.const("n", b.method(r, "arrayHeader", p)),
        b.const("out", b.new(b.id("Set"))),
        b.forCount("i", b.id("n"), [b.expr(b.method(b.id("out"), "add", decodeValue(ctx, node.element, indexPath(b, b.id("i")), d)))]),
        b.ret(b.id("out")),
      ];
    case "map":
      return [
        b.const("n", b.method(r, "mapHeader", p)),
        b.const("out", b.new(b.id("Map"))),
        b.forCount("i", b.id("n"), [
          b.const("k", decodeValue(ctx, node.key, childPath(b, ".<key>"), d)),
          b.expr(b.method(b.id("out"), "set", b.id("k"), decodeValue(ctx, node.value, childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d))),
        ]),
        b.ret(b.id("out")),
      ];
    case "record":
      return [
        b.const("n", b.method(r, "mapHeader", p)),
        b.const("out", b.object([])),
        b.forCount("i", b.id("n"), [
          b.const("k", decodeKey(ctx, node.key)),
          b.expr(b.call(ctx.rt("setOwn"), b.id("out"), b.id("k"), decodeValue(ctx, node.value, childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d))),
        ]),
        b.ret(b.id("out")),
      ];
    case "union":
      if (splitNil(node, ctx.named)?.other.kind === "param") return [b.ret(decodeValue(ctx, node, p, d))];
      return decodeUnion(ctx, node);
    case "ref": {
      const entry = ctx.entry(node);
      if (ctx.linkOf(node)) return [b.ret(decodeValue(ctx, node, p, d))];
      const deeper = b.bin(d, "+", b.num(1));
      const depthCheck = () => b.if(b.bin(d, ">", b.prop(r, "maxDepth")), [b.expr(b.method(r, "tooDeep", p))]);
      // A recursive alias is the body of what it names, after counting one level if the model says it counts.
      if (entry.shape.kind === "alias") {
        return entry.shape.countsDepth
          ? [depthCheck(), b.inc("d"), ...decoderBody(ctx, entry.shape.type)]
          : decoderBody(ctx, entry.shape.type);
      }
      const check = entry.shape.checksDepth ? [depthCheck()] : [];
      if (entry.shape.layout === "positional") return [...check, ...decodePositional(ctx, entry.shape, deeper)];
      return [...check, ...decodeObject(ctx, node.name, entry.shape, deeper, resumable(ctx, node) !== undefined)];
    }
    default:
      return [b.ret(decodeValue(ctx, node, p, d))];
  }
}

function decodeKey(ctx: EmitContext, key: TypeNode): Expr {
  const b = ctx.b;
  if (key.kind === "template") return decodeValue(ctx, key, childPath(b, ".<key>"), b.num(0));
  return b.call(ctx.rt("readString"), b.id("r"), b.id("p"));
}

/**
 * Reads the map entry by entry; keys are matched as bytes against the pre-encoded names, and a
 * bit per property (in 30-bit words) catches duplicates and missing required properties.
 * The result is one object literal, so every decoded value of a type has the same shape; a
 * required property of one literal value (a union's tag) is checked and written as that literal.
 * `resumed`: the header and the first `i` entries may have been read by a tagged union (params).
 */
function decodeObject(ctx: EmitContext, name: string, shape: ObjectShape, depth: Expr, resumed = false): Stmt[] {
  const b = ctx.b;
  const [r, p] = [b.id("r"), b.id("p")];
  const keys = keyTable(ctx, name, shape);
  const fixed = shape.properties.map(fixedValue);
  const locals = shape.properties.map((property, i) => (fixed[i] === undefined ? localFor(property.name, i) : undefined));
  const required = requiredMasks(shape);
  const words = required.length;
  const declared = locals.filter((local): local is string => local !== undefined);
  const out: Stmt[] = [
    ...(resumed ? [] : [b.const("n", b.method(r, "mapHeader", p))]),
    ...(declared.length > 0 ? [b.let(...declared.map((local): [string] => [local]))] : []),
    b.let(...Array.from({ length: resumed ? 0 : words }, (_, word): [string, Expr] => [`seen${word}`, b.num(0)]), ["h", resumed ? b.bin(b.id("i"), "-", b.num(1)) : b.num(-1)]),
  ];
  if (shape.rest) out.push(b.const("extra", b.emptyArray()));
  const cases = shape.properties.map((property, i): [Expr[], Stmt[]] => {
    const read = decodeValue(ctx, property.type, childPath(b, propertySegment(property.name)), depth);
    return [[b.num(i)], [locals[i] === undefined ? b.expr(read) : b.assign(b.id(locals[i]!), read), b.brk()]];
  });
  const unknownKey = shape.rest
    ? [b.const("k", b.call(ctx.rt("lastKey"), r)), b.expr(b.method(b.id("extra"), "push", b.id("k"), decodeValue(ctx, shape.rest, childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), depth)))]
    : [b.expr(b.call(ctx.rt("unknownKey"), r, p))];
  // The hint is the property after the last one matched, so that keys in declaration order match on
  // the first comparison. A resumed member's first property (its tag, commonly) was matched if i is 1.
  const matched = b.assign(b.id("h"), b.call(ctx.rt("readKey"), r, keys, b.bin(b.id("h"), "+", b.num(1)), p));
  const loop = [matched, ...markSeen(ctx, words), b.switch(b.id("h"), cases, unknownKey)];
  out.push(resumed ? b.forCount(b.id("i"), b.id("n"), loop) : b.forCount("i", b.id("n"), loop));
  const missing = required.map((mask, word) => b.bin(b.bin(b.id(`seen${word}`), "&", b.num(mask)), "!==", b.num(mask))).filter((_, word) => required[word]! > 0);
  if (missing.length > 0) {
    out.push(b.if(b.all(missing, "||"), [b.expr(b.call(ctx.rt("missing"), r, keys, b.array(required.map((m) => b.num(m))), b.array(required.map((_, w) => b.id(`seen${w}`))), p))]));
  }
  // An absent optional property named like an Object.prototype member (`toString?`) must not
  // become an own `undefined` that hides the inherited one, so it is set only when present.
  const late = (i: number) => shape.properties[i]!.optional && INHERITED_NAMES.has(shape.properties[i]!.name);
  const result = b.object(shape.properties.flatMap((property, i): [string, Expr][] => (late(i) ? [] : [[property.name, locals[i] === undefined ? b.lit(fixed[i]!) : b.id(locals[i]!)]])));
  const lateAssignments = shape.properties.flatMap((property, i) => (late(i)
    ? [b.if(b.bin(b.id(locals[i]!), "!==", b.undef()), [b.expr(b.call(ctx.rt("setOwn"), b.id("out"), b.str(property.name), b.id(locals[i]!)))])]
    : []));
  if (!shape.rest && lateAssignments.length === 0) return [...out, b.ret(result)];
  const extra = shape.rest ? [b.expr(b.call(ctx.rt("assignEntries"), b.id("out"), b.id("extra")))] : [];
  return [...out, b.const("out", result), ...lateAssignments, ...extra, b.ret(b.id("out"))];
}

/**
 * The positional layout: an array of the property values in declaration order, as long as the
 * required ones and at most as long as all (checked at the header). Read in order, straight into
 * one object literal; optional properties past the array's end are undefined, a nil one is absent.
 */
function decodePositional(ctx: EmitContext, shape: ObjectShape, depth: Expr): Stmt[] {
  const b = ctx.b;
  const [r, p] = [b.id("r"), b.id("p")];
  const properties = shape.properties;
  const required = properties.reduce((last, property, i) => (property.optional ? last : i + 1), 0);
  const n = b.id("n");
  const header = b.method(r, "tupleHeader", b.num(required), b.num(properties.length), p);
  const out: Stmt[] = [required === properties.length ? b.expr(header) : b.const("n", header)];
  const reads = properties.map((property, i) => {
    const path = childPath(b, propertySegment(property.name));
    // An optional property whose type has no nil of its own (exactOptionalPropertyTypes) still takes nil for absence.
    const read = property.optional && !familiesOf(property.type, ctx.named).includes("NIL")
      ? b.cond(b.method(r, "takeNil"), b.undef(), decodeValue(ctx, property.type, path, depth))
      : decodeValue(ctx, property.type, path, depth);
    return i >= required ? b.cond(b.bin(n, ">", b.num(i)), read, b.undef()) : read;
  });
  // Into locals, then one object literal: an object allocated before its nested values are read
  // (reads inside the literal) made decoding sbt 1.6x slower, most of it in the garbage collector.
  const locals = properties.map((property, i) => localFor(property.name, i));
  properties.forEach((_, i) => out.push(b.const(locals[i]!, reads[i]!)));
  // An absent optional property named like an Object.prototype member is set only when present (see decodeObject).
  const late = (i: number) => properties[i]!.optional && INHERITED_NAMES.has(properties[i]!.name);
  const result = b.object(properties.flatMap((property, i): [string, Expr][] => (late(i) ? [] : [[property.name, b.id(locals[i]!)]])));
  if (!properties.some((_, i) => late(i))) return [...out, b.ret(result)];
  out.push(b.const("out", result));
  properties.forEach((property, i) => {
    if (late(i)) out.push(b.if(b.bin(b.id(locals[i]!), "!==", b.undef()), [b.expr(b.call(ctx.rt("setOwn"), b.id("out"), b.str(property.name), b.id(locals[i]!)))]));
  });
  return [...out, b.ret(b.id("out"))];
}

/** The value of a required property that has only one (a union's tag): checked, then written as a literal. -0 passes for 0, so 0 is read. */
function fixedValue(property: Property): Literal | undefined {
  const type = property.type;
  return !property.optional && type.kind === "literals" && type.values.length === 1 && type.values[0] !== 0 ? type.values[0] : undefined;
}

/**
 * `seen0 |= bit of h`, failing on a key seen before: written once per object, not per property.
 * Property h is bit h % 30 of word h / 30 (30 bits keep every mask a small integer).
 */
function markSeen(ctx: EmitContext, words: number): Stmt[] {
  const b = ctx.b;
  const [r, p, h] = [b.id("r"), b.id("p"), b.id("h")];
  const mark = (word: string, bit: Expr) => [
    b.if(b.bin(b.id(word), "&", bit), [b.expr(b.call(ctx.rt("duplicateKey"), r, p))]),
    b.orAssign(word, bit),
  ];
  if (words === 1) return [b.if(b.bin(h, ">=", b.num(0)), [b.const("bit", b.bin(b.num(1), "<<", h)), ...mark("seen0", b.id("bit"))])];
  // Several words: one branch per word, each as for one.
  const cases = Array.from({ length: words }, (_, word): [Expr[], Stmt[]] => [[b.num(word)], [
    ...mark(`seen${word}`, b.bin(b.num(1), "<<", b.bin(h, "-", b.num(30 * word)))), b.brk()]]);
  return [b.if(b.bin(h, ">=", b.num(0)), [b.switch(b.call(b.prop(b.id("Math"), "floor"), b.bin(h, "/", b.num(30))), cases)])];
}

/**
 * Dispatches on the family of the head byte; inside one family, chooses among several members as
 * the union's plan says (model/unions.ts): by the discriminant, by the map's keys, or by trying.
 */
function decodeUnion(ctx: EmitContext, node: Extract<TypeNode, { kind: "union" }>): Stmt[] {
  const b = ctx.b;
  const [r, p] = [b.id("r"), b.id("p")];
  const cases = planOf(node).decode.map(({ families, choice }): [Expr[], Stmt[]] => [
    families.map((f) => b.named(b.num(FAMILY_CODES[f]), f)),
    decodeChoice(ctx, node, choice),
  ]);
  return [
    b.switch(b.method(r, "family", p), cases),
    b.ret(b.method(r, "mismatch", b.str(describeUnion(ctx, node)), p)),
  ];
}

function decodeChoice(ctx: EmitContext, union: Extract<TypeNode, { kind: "union" }>, choice: Choice): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = PARAMS.map((name) => b.id(name)) as [Expr, Expr, Expr];
  const members = choiceMembers(choice).map((i) => union.members[i]!);
  if (choice.by === "only") return [b.ret(decodeValue(ctx, members[0]!, p, d))];
  if (choice.by === "tag") {
    const tag = union.tag!;
    const positionalAt = positionalTagIndex(ctx, members, tag.property);
    // The key of the discriminant, for maps (arrays have none).
    const tagKey = positionalAt !== undefined ? b.null() : ctx.constant("tag:" + tag.property, "Tag_" + tag.property.replace(/\W/g, "_"), () =>
      b.index(b.call(ctx.rt("keys"), b.array([b.str(tag.property)])), b.num(0)));
    const tags = literalTable(ctx, tag.cases.map((c) => c.value), tag.property.replace(/\W/g, "_"));
    const badTag = b.ret(b.call(ctx.rt("badTag"), r, b.str(tag.property), b.str(describeLiterals(tag.cases.map((c) => c.value))), p, b.id("start")));
    if (positionalAt !== undefined) {
      // Arrays: the discriminant is the element at its index (the same in every member, as the model checks).
      const cases = choice.members.map((m): [Expr[], Stmt[]] => [
        tag.cases.flatMap((c, index) => (c.member === m ? [b.named(b.num(index), JSON.stringify(c.value))] : [])),
        [b.ret(decodeValue(ctx, union.members[m]!, p, d))],
      ]);
      return [b.block([
        b.const("start", b.prop(r, "pos")),
        b.const("tag", b.call(ctx.rt("readPositionalTag"), r, b.num(positionalAt), tags, p)),
        b.assign(b.prop(r, "pos"), b.id("start")),
        b.switch(b.id("tag"), cases),
        badTag,
      ])];
    }
    // Members that resume take the map where readTag left it: after the tag when it came first
    // (they write their tag as a literal, so it need not be read again).
    const tagIndex = (member: TypeNode) => {
      const properties = resumable(ctx, member)?.properties ?? [];
      const index = properties.findIndex((property) => property.name === tag.property);
      return index >= 0 && fixedValue(properties[index]!) !== undefined ? index : -1;
    };
    const resume = members.every((member) => tagIndex(member) >= 0);
    const [n, i] = [b.id("n"), b.id("i")];
    const cases = choice.members.map((m): [Expr[], Stmt[]] => {
      const member = union.members[m]!;
      const values = tag.cases.flatMap((c, index) => (c.member === m ? [b.named(b.num(index), JSON.stringify(c.value))] : []));
      if (!resume) return [values, [b.ret(decodeValue(ctx, member, p, d))]];
      const bit = tagIndex(member);
      return [values, [b.ret(b.call(b.id(decoderFor(ctx, member)), r, p, d, n, i, bit === 0 ? i : b.bin(i, "<<", b.num(bit))))]];
    });
    const read = resume
      ? [
          b.const("start", b.prop(r, "pos")),
          b.const("n", b.method(r, "mapHeader", p)),
          b.const("at", b.prop(r, "pos")),
          b.const("tag", b.call(ctx.rt("readTag"), r, n, tagKey, tags, p)),
          b.comment(b.const("i", b.cond(b.bin(b.prop(r, "pos"), "===", b.id("at")), b.num(0), b.num(1))), "1: the tag came first and is read"),
        ]
      : [
          b.const("start", b.prop(r, "pos")),
          b.const("tag", b.call(ctx.rt("readTag"), r, b.method(r, "mapHeader", p), tagKey, tags, p)),
          b.assign(b.prop(r, "pos"), b.id("start")),
        ];
    return [b.block([...read, b.switch(b.id("tag"), cases), badTag])];
  }
  const candidates = () => ctx.constant("pickdec:" + JSON.stringify(members), "DecodeCandidates", () => b.array(members.map((member) => mapCandidate(ctx, member))));
  if (choice.by === "keys") {
    // Chosen by the map's keys (declared and required), scanned once without decoding: linear even
    // for recursive untagged unions, where trying each member is exponential.
    const cases = members.map((member, i): [Expr[], Stmt[]] => [[b.num(i)], [b.ret(decodeValue(ctx, member, p, d))]]);
    return [b.switch(b.call(ctx.rt("pickMember"), r, candidates(), p), cases), b.ret(decodeValue(ctx, members[0]!, p, d))];
  }
  // "try" (`string[] | number[]`) and "keysThenTry" (among the members the map's keys allow): the
  // first that takes the value whole (strictly: unknown keys fail), else the first that takes it.
  const attempts = members.map((member) => b.arrow(decodeValue(ctx, member, p, d)));
  return [b.ret(b.call(ctx.rt("firstOf"), r, b.array(attempts), p, ...(choice.by === "keysThenTry" ? [candidates()] : [])))];
}

/** The index of the discriminant in members written positionally, or undefined for maps. */
function positionalTagIndex(ctx: EmitContext, members: TypeNode[], property: string): number | undefined {
  const first = members[0]!;
  const shape = first.kind === "ref" ? ctx.entry(first).shape : undefined;
  if (shape?.kind !== "object" || shape.layout !== "positional") return undefined;
  return shape.properties.findIndex((p) => p.name === property);
}

/** `[key table or null, required masks]` for an object member, null for a Record or a Map. */
function mapCandidate(ctx: EmitContext, member: TypeNode): Expr {
  const b = ctx.b;
  const shape = member.kind === "ref" ? ctx.entry(member).shape : undefined;
  if (shape?.kind !== "object") return b.null();
  const keys = shape.rest ? b.null() : keyTable(ctx, member.kind === "ref" ? member.name : "", shape);
  return b.array([keys, b.array(requiredMasks(shape).map((m) => b.num(m)))]);
}

/** One bit per property in 30-bit words, set for the required ones. */
function requiredMasks(shape: ObjectShape): number[] {
  const words = Math.max(1, Math.ceil(shape.properties.length / 30));
  return Array.from({ length: words }, (_, word) =>
    shape.properties.reduce((mask, property, i) => (!property.optional && Math.floor(i / 30) === word ? mask + 2 ** (i % 30) : mask), 0));
}

function literalCheck(ctx: EmitContext, values: Literal[], x: Expr): Expr {
  const b = ctx.b;
  if (values.length <= 8) return b.all(values.map((value) => b.bin(x, "===", b.lit(value))), "||");
  const set = ctx.constant("set:" + JSON.stringify(values), "Values", () => b.new(b.id("Set"), b.array(values.map((v) => b.lit(v)))));
  return b.method(set, "has", x);
}
