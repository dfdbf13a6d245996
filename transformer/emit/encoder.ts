import { INT_RANGES, propertySegment, type Literal, type ObjectShape, type TypeNode, type UnionPlan } from "../model/ir.js";
import { splitNil } from "../model/families.js";
import { choiceMembers, withoutUndefined } from "../model/unions.js";
import type { Expr, Stmt } from "./build.js";
import type { EmitContext } from "./context.js";
import { childPath, indexPath, localFor } from "./paths.js";
import { constantExpression, emitRuns, planRuns, type Constant, type Piece } from "./runs.js";

/** Writer method per leaf kind; each checks the JS type of its argument and throws a CodecError. */
const LEAF_WRITERS: Partial<Record<TypeNode["kind"], string>> = {
  boolean: "bool", number: "number",
};
/** Runtime functions `(w, v, p)` that write a whole value, as on decode (decoder.ts `readFunction`). */
const LEAF_WRITE_FUNCTIONS: Partial<Record<TypeNode["kind"], string>> = {
  string: "writeString", bigint: "writeBigint", numberOrBigint: "writeNumberOrBigint", date: "writeDate", bytes: "writeBytes", arrayBuffer: "writeArrayBuffer",
};

function writeFunction(node: TypeNode): string | undefined {
  if (node.kind === "array" && node.element.kind === "number") {
    const width = node.element.width;
    return width === undefined ? "writeNumberArray" : width === "float32" ? "writeFloat32Array" : undefined;
  }
  return LEAF_WRITE_FUNCTIONS[node.kind];
}

/** A number of a declared width (runtime/widths.ts): `__tm.writeInt(w, v, -128, 127, p)` and the like. */
function writeWidth(ctx: EmitContext, node: TypeNode, value: Expr, path: Expr): Expr | undefined {
  if ((node.kind !== "number" && node.kind !== "numberOrBigint") || node.width === undefined) return undefined;
  const b = ctx.b, w = b.id("w");
  const range = INT_RANGES[node.width];
  if (range) return b.call(ctx.rt("writeInt"), w, value, b.num(range[0]), b.num(range[1]), path);
  const name = { float32: "writeFloat32", float64: "writeFloat64", int64: "writeInt64", uint64: "writeUint64" }[node.width as string]!;
  return b.call(ctx.rt(name), w, value, path);
}

const PARAMS = ["w", "v", "p", "d"];

/** Names every object inherits from Object.prototype. */
export const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Statements that write `value` (of type `node`) to writer `w`; `path` and `depth` are expressions. */
export function encodeValue(ctx: EmitContext, node: TypeNode, value: Expr, path: Expr, depth: Expr): Stmt[] {
  const b = ctx.b;
  const w = b.id("w");
  const width = writeWidth(ctx, node, value, path);
  if (width) return [b.expr(width)];
  const leaf = LEAF_WRITERS[node.kind];
  if (leaf) return [b.expr(b.method(w, leaf, value, path))];
  const write = writeFunction(node);
  if (write) return [b.expr(b.call(ctx.rt(write), w, value, path))];
  const link = ctx.linkOf(node);
  if (link) return [b.expr(b.method(ctx.linked(link), "writeTo", w, value, path, depth))];
  // A type parameter: the codec passed for it, called as a linked codec is.
  if (node.kind === "param") return [b.expr(b.method(ctx.paramCodec(node.name), "writeTo", w, value, path, depth))];
  const nilOr = splitNil(node, ctx.named);
  if (nilOr) {
    // `T | null` and the like: the nil case inline, no function of its own.
    const isNil = nilOr.nil === "both" ? b.bin(value, "==", b.null()) : b.bin(value, "===", nilOr.nil === "null" ? b.null() : b.undef());
    return [b.if(isNil, [b.expr(b.method(w, "nil"))], encodeValue(ctx, nilOr.other, value, path, depth))];
  }
  switch (node.kind) {
    case "unknown": return [b.expr(b.call(ctx.rt("writeDynamic"), w, value, path, depth))];
    case "null": case "undefined": {
      const expected = node.kind === "null" ? b.null() : b.undef();
      return [b.if(b.bin(value, "!==", expected), [b.expr(b.call(ctx.rt("mismatch"), b.str(node.kind), value, path))]), b.expr(b.method(w, "nil"))];
    }
    case "literals":
      if (allStrings(node.values)) return writeStrings(ctx, node.values, value, path);
      // Inline: a check and one write are cheaper than a call.
      if (node.values.length <= 8) {
        return [
          b.if(b.not(literalTest(ctx, node.values, value)), [b.expr(b.call(ctx.rt("mismatch"), b.str(describeLiterals(node.values)), value, path))]),
          ...writeLiteral(ctx, node.values, value),
        ];
      }
  }
  return [b.expr(b.call(b.id(encoderFor(ctx, node)), w, value, path, depth))];
}

/** The name of a function `(w, v, p, d)` that encodes `node`; roots and composites get one each. */
export function encoderFor(ctx: EmitContext, node: TypeNode): string {
  return ctx.function("enc", node, () => encoderBody(ctx, node));
}

function encoderBody(ctx: EmitContext, node: TypeNode): Stmt[] {
  const b = ctx.b;
  const [w, v, p, d] = PARAMS.map((name) => b.id(name)) as [Expr, Expr, Expr, Expr];
  const fail = (expected: string) => b.expr(b.call(ctx.rt("mismatch"), b.str(expected), v, p));
  switch (node.kind) {
    case "literals":
      if (allStrings(node.values)) return writeStrings(ctx, node.values, v, p);
      return [b.if(b.not(literalTest(ctx, node.values, v)), [fail(describeLiterals(node.values))]), ...writeLiteral(ctx, node.values, v)];
    case "template": {
      const re = pattern(ctx, node.pattern);
      return [
        b.if(b.not(b.bin(b.typeIs(v, "string"), "&&", b.method(re, "test", v))), [fail(`a string matching ${node.text}`)]),
        b.expr(b.call(ctx.rt("writeString"), w, v)),
      ];
    }
    case "array": {
      if (writeFunction(node)) return encodeValue(ctx, node, v, p, d); // a root such as `number[]`
      const element = b.index(v, b.id("i"));
      return [
        b.const("n", b.method(w, "array", v, p)),
        b.forCount("i", b.id("n"), encodeValue(ctx, node.element, element, indexPath(b, b.id("i")), d)),
      ];
    }
    case "tuple": {
      const min = node.elements.filter((e) => e.mode === "required").length;
      const hasRest = node.elements.some((e) => e.mode === "rest");
      const max = hasRest ? Infinity : node.elements.length;
      const length = b.prop(v, "length");
      const lengthOk = min === max ? [b.bin(length, "===", b.num(min))] : [b.bin(length, ">=", b.num(min)), ...(max === Infinity ? [] : [b.bin(length, "<=", b.num(max))])];
      const out: Stmt[] = [b.if(b.not(b.all([b.isArray(v), ...lengthOk])), [fail(describeTuple(min, max))])];
      const fixed = node.elements.filter((e) => e.mode !== "rest").length;
      let count: Expr = length;
      if (fixed > min) {
        // Trailing optional elements given as undefined are left out, as absent ones are, so that
        // they come back as absent rather than as the nil a `T | null` element would decode to null.
        out.push(
          b.let(["n", length]),
          b.while(
            b.all([b.bin(b.id("n"), ">", b.num(min)), b.bin(b.id("n"), "<=", b.num(fixed)), b.bin(b.index(v, b.bin(b.id("n"), "-", b.num(1))), "===", b.undef())]),
            [b.dec("n")]),
        );
        count = b.id("n");
      }
      out.push(b.expr(b.method(w, "arrayHeader", count)));
      // Elements after a rest element (`[number, ...string[], boolean]`) are counted from the end.
      const rest = node.elements.findIndex((e) => e.mode === "rest");
      const trailing = rest < 0 ? 0 : node.elements.length - 1 - rest;
      node.elements.forEach((element, i) => {
        if (element.mode === "rest") {
          const end = trailing > 0 ? b.bin(count, "-", b.num(trailing)) : count;
          out.push(b.forCount("i", end, encodeValue(ctx, element.type, b.index(v, b.id("i")), indexPath(b, b.id("i")), d), i));
          return;
        }
        if (rest >= 0 && i > rest) {
          const at = b.bin(count, "-", b.num(node.elements.length - i));
          out.push(...encodeValue(ctx, element.type, b.index(v, at), indexPath(b, at), d));
          return;
        }
        const write = encodeValue(ctx, element.type, b.index(v, b.num(i)), childPath(b, `[${i}]`), d);
        out.push(...(element.mode === "optional" ? [b.if(b.bin(count, ">", b.num(i)), write)] : write));
      });
      return out;
    }
    case "set":
      return [
        b.if(b.not(b.instanceOf(v, "Set")), [fail("a Set")]),
        b.expr(b.method(w, "arrayHeader", b.prop(v, "size"))),
        b.let(["i", b.num(0)]),
        b.forOf("x", v, [...encodeValue(ctx, node.element, b.id("x"), indexPath(b, b.id("i")), d), b.inc("i")]),
      ];
    case "map":
      return [
        b.if(b.not(b.instanceOf(v, "Map")), [fail("a Map")]),
        b.expr(b.method(w, "mapHeader", b.prop(v, "size"))),
        b.forOf(["k", "x"], v, [
          ...encodeValue(ctx, node.key, b.id("k"), childPath(b, ".<key>"), d),
          ...encodeValue(ctx, node.value, b.id("x"), childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d),
        ]),
      ];
    case "record":
      return [
        b.if(b.not(b.call(ctx.rt("isRecordLike"), v)), [fail("an object")]),
        b.const("keys", b.call(ctx.rt("definedKeys"), v)),
        b.expr(b.method(w, "mapHeader", b.prop(b.id("keys"), "length"))),
        b.forOf("k", b.id("keys"), [
          ...encodeKey(ctx, node.key, b.id("k")),
          ...encodeValue(ctx, node.value, b.index(v, b.id("k")), childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), d),
        ]),
      ];
    case "union":
      // `T | null` as a root: the nil case inline, as everywhere else (the plan cannot test for a T).
      if (splitNil(node, ctx.named)?.other.kind === "param") return encodeValue(ctx, node, v, p, d);
      return encodeUnion(ctx, node);
    case "ref": {
      const entry = ctx.entry(node);
      if (ctx.linkOf(node)) return encodeValue(ctx, node, v, p, d);
      const deeper = b.bin(d, "+", b.num(1));
      const depthCheck = () => b.if(b.bin(d, ">", b.prop(w, "maxDepth")), [b.expr(b.call(ctx.rt("tooDeep"), b.prop(w, "maxDepth"), p))]);
      // A recursive alias is the body of what it names, after counting one level if the model says
      // it counts (`type Json = ... | Json[]`; not an alias that only dispatches to object types).
      if (entry.shape.kind === "alias") {
        return entry.shape.countsDepth
          ? [depthCheck(), b.inc("d"), ...encoderBody(ctx, entry.shape.type)]
          : encoderBody(ctx, entry.shape.type);
      }
      // Plain objects first, by a check small enough to be inlined (see isPlainObject).
      const notRecord = b.all([b.not(b.call(ctx.rt("isPlainObject"), v)), b.not(b.call(ctx.rt("isRecordLike"), v))]);
      const check = entry.shape.checksDepth ? [depthCheck()] : [];
      const body = entry.shape.layout === "positional" ? encodePositional(ctx, entry.shape, deeper) : encodeObject(ctx, node.name, entry.shape, deeper);
      return [b.if(notRecord, [fail(`an object (${entry.display})`)]), ...check, ...body];
    }
    default:
      // Leaves: only reached for a root, which needs a function of its own.
      return encodeValue(ctx, node, v, p, d);
  }
}

/**
 * Map header with the number of properties present, then each key and its value. Constant parts
 * (a fixed map header, the keys of required properties, single-valued literal properties such as
 * a discriminant) are pre-encoded in runs, so `{ kind: "click", t }` costs one copy before `t`.
 */
function encodeObject(ctx: EmitContext, name: string, shape: ObjectShape, depth: Expr): Stmt[] {
  const b = ctx.b;
  const [w, v] = [b.id("w"), b.id("v")];
  const out: Stmt[] = [];
  // `v.toString` would find Object.prototype's; a property named like one is read only if it is own.
  const reads = shape.properties.map((property) => (INHERITED_NAMES.has(property.name) ? b.call(ctx.rt("ownValue"), v, b.str(property.name)) : b.prop(v, property.name)));
  // Optional properties are read first, to count them for the map header; so are values that the
  // writes below use more than once. A required value written by one call is read where it is written.
  const readOnce = shape.properties.map((property) => !property.optional && writtenByOneCall(ctx, property.type));
  const locals = shape.properties.map((property, i) => localFor(property.name, i));
  shape.properties.forEach((_, i) => {
    if (!readOnce[i]) out.push(b.const(locals[i]!, reads[i]!));
  });
  const required = shape.properties.filter((property) => !property.optional).length;
  const optionalChecks = shape.properties.flatMap((property, i) => (property.optional ? [b.bin(b.id(locals[i]!), "!==", b.undef())] : []));
  const pieces: Piece[] = [];
  if (shape.rest) {
    out.push(b.const("extra", b.call(ctx.rt("extraKeys"), v, keyNames(ctx, name, shape))));
  }
  const counted = optionalChecks.length > 0 || shape.rest !== undefined;
  if (counted) {
    out.push(b.let(["n", b.num(required)]));
    optionalChecks.forEach((check) => out.push(b.if(check, [b.inc("n")])));
    if (shape.rest) out.push(b.assign(b.id("n"), b.bin(b.id("n"), "+", b.prop(b.id("extra"), "length"))));
    pieces.push({ write: [b.expr(b.method(w, "mapHeader", b.id("n")))] });
  } else {
    pieces.push({ constant: [required] });
  }
  if (!shape.rest && shape.triedStrictly) {
    out.push(b.if(b.prop(w, "strict"), [b.expr(b.call(ctx.rt("noExtraKeys"), v, counted ? b.id("n") : b.num(required), b.id("p")))]));
  }
  shape.properties.forEach((property, i) => {
    const local = readOnce[i] ? reads[i]! : b.id(locals[i]!);
    const type = property.optional ? withoutUndefined(property.type) : property.type;
    const own: Piece[] = [{ constant: property.name }, ...valuePieces(ctx, type, local, childPath(b, propertySegment(property.name)), depth)];
    pieces.push(...(property.optional ? [{ optional: local, pieces: own }] : own));
  });
  const runs: Constant[][] = [];
  const planned = planRuns(pieces, runs);
  // When nothing merged (every run is one property name, in order), the decoder's key table is it.
  const justKeys = runs.length === shape.properties.length && runs.every((run, i) => run.length === 1 && run[0] === shape.properties[i]!.name);
  const runTable = justKeys ? keyTable(ctx, name, shape)
    : runs.length > 0 ? ctx.constant("runs:" + JSON.stringify(runs), "E_" + name, () => b.call(ctx.rt("constants"), b.array(runs.map((run) => b.array(run.map((c) => constantExpression(ctx, c)))))))
    : undefined;
  out.push(...emitRuns(ctx, planned, runTable));
  if (shape.rest) {
    out.push(b.forOf("k", b.id("extra"), [
      b.expr(b.call(ctx.rt("writeString"), w, b.id("k"))),
      ...encodeValue(ctx, shape.rest, b.index(v, b.id("k")), childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), depth),
    ]));
  }
  return out;
}

/** Whether encodeValue writes a value of `type` with one call that reads the value once. */
function writtenByOneCall(ctx: EmitContext, type: TypeNode): boolean {
  return !splitNil(type, ctx.named) && type.kind !== "null" && type.kind !== "undefined" && type.kind !== "literals";
}

/**
 * The positional layout (`codecFor<T>({ layout: "positional" })`): an array of the property values
 * in declaration order. Optional properties after the last required one are left out from the last
 * present one on; an absent optional property before a present one is nil.
 */
function encodePositional(ctx: EmitContext, shape: ObjectShape, depth: Expr): Stmt[] {
  const b = ctx.b;
  const [w, v] = [b.id("w"), b.id("v")];
  const properties = shape.properties;
  const names = properties.map((property, i) => localFor(property.name, i));
  const locals = names.map((name) => b.id(name));
  const out: Stmt[] = properties.map((property, i) =>
    b.const(names[i]!, INHERITED_NAMES.has(property.name) ? b.call(ctx.rt("ownValue"), v, b.str(property.name)) : b.prop(v, property.name)));
  const required = properties.reduce((last, property, i) => (property.optional ? last : i + 1), 0);
  let count: Expr = b.num(properties.length);
  if (required < properties.length) {
    // `n = 3 if c is present, else 2 if b is...`: the elements up to the last present one.
    out.push(b.let(["n", b.num(required)]));
    let chain: Stmt | undefined;
    for (let i = required; i < properties.length; i++) {
      const set = b.assign(b.id("n"), b.num(i + 1));
      chain = b.if(b.bin(locals[i]!, "!==", b.undef()), [set], chain ? [chain] : undefined);
    }
    out.push(chain!);
    count = b.id("n");
  }
  if (shape.triedStrictly) {
    // Under a union's strict attempt, a property the type does not declare fails, as for maps.
    const present = properties.reduce<Expr>((sum, property, i) => (property.optional ? b.bin(sum, "+", b.cond(b.bin(locals[i]!, "!==", b.undef()), b.num(1), b.num(0))) : sum),
      b.num(properties.filter((property) => !property.optional).length));
    out.push(b.if(b.prop(w, "strict"), [b.expr(b.call(ctx.rt("noExtraKeys"), v, present, b.id("p")))]));
  }
  out.push(b.expr(b.method(w, "arrayHeader", count)));
  properties.forEach((property, i) => {
    const path = childPath(b, propertySegment(property.name));
    // `x?: T` is `T | undefined` to the model, whose nil is written inline; without that member
    // (exactOptionalPropertyTypes) absence is written as nil here.
    const hasUndefined = property.type.kind === "union" && property.type.members.some((m) => m.kind === "undefined");
    const write = property.optional && !hasUndefined
      ? [b.if(b.bin(locals[i]!, "===", b.undef()), [b.expr(b.method(w, "nil"))], encodeValue(ctx, withoutUndefined(property.type), locals[i]!, path, depth))]
      : encodeValue(ctx, property.type, locals[i]!, path, depth);
    out.push(...(i >= required ? [b.if(b.bin(count, ">", b.num(i)), write)] : write));
  });
  return out;
}

/** A property's value: a check and a constant when its type has exactly one value, else its writes. */
function valuePieces(ctx: EmitContext, type: TypeNode, local: Expr, path: Expr, depth: Expr): Piece[] {
  const b = ctx.b;
  if (type.kind === "literals" && type.values.length > 1 && allStrings(type.values)) {
    return [{ choice: local, values: type.values, otherwise: b.expr(b.call(ctx.rt("mismatch"), b.str(describeLiterals(type.values)), local, path)) }];
  }
  const single = type.kind === "null" ? null : type.kind === "literals" && type.values.length === 1 ? type.values[0]! : undefined;
  // Not 0: -0 passes `=== 0` and is written as float 64 -0, as everywhere else.
  if (single === undefined || single === 0) return [{ write: encodeValue(ctx, type, local, path, depth) }];
  const expected = single === null ? b.null() : b.lit(single);
  const describe = single === null ? "null" : describeLiterals([single]);
  return [
    { check: b.if(b.bin(local, "!==", expected), [b.expr(b.call(ctx.rt("mismatch"), b.str(describe), local, path))]) },
    { constant: single },
  ];
}

/** `const __tm_K_User = __tm.keys(["id", "name"])`: property names with their str headers, encoded once. */
export function keyTable(ctx: EmitContext, name: string, shape: ObjectShape): Expr {
  const b = ctx.b;
  const names = shape.properties.map((p) => p.name);
  return ctx.constant("keys:" + JSON.stringify(names), "K_" + name, () => b.call(ctx.rt("keys"), b.array(names.map((n) => b.str(n)))));
}

function keyNames(ctx: EmitContext, name: string, shape: ObjectShape): Expr {
  const b = ctx.b;
  const names = shape.properties.map((p) => p.name);
  return ctx.constant("names:" + JSON.stringify(names), "Names_" + name, () => b.array(names.map((n) => b.str(n))));
}

function encodeKey(ctx: EmitContext, key: TypeNode, k: Expr): Stmt[] {
  const b = ctx.b;
  if (key.kind === "template") return encodeValue(ctx, key, k, childPath(b, ".<key>"), b.num(0));
  return [b.expr(b.call(ctx.rt("writeString"), b.id("w"), k))];
}

/**
 * Runs the JS-side test of each group of members in the union's plan (model/unions.ts), and within a
 * group of several, chooses as the plan says: by the discriminant, by the value's keys, or by trying.
 */
function encodeUnion(ctx: EmitContext, node: Extract<TypeNode, { kind: "union" }>): Stmt[] {
  const b = ctx.b;
  const [w, v, p, d] = PARAMS.map((name) => b.id(name)) as [Expr, Expr, Expr, Expr];
  const out: Stmt[] = [];
  for (const choice of planOf(node).encode) {
    const members = choiceMembers(choice).map((i) => node.members[i]!);
    if (choice.by === "tag") {
      const tag = node.tag!;
      const cases = choice.members.map((i): [Expr[], Stmt[]] => [
        tag.cases.filter((c) => c.member === i).map((c) => b.lit(c.value)),
        [...encodeValue(ctx, node.members[i]!, v, p, d), b.ret()],
      ]);
      // Each member's encoder checks isRecordLike itself; checking it here too cost 8 % (bench events).
      const isObject = b.bin(b.typeIs(v, "object"), "&&", b.bin(v, "!==", b.null()));
      out.push(b.if(isObject, [b.switch(b.prop(v, tag.property), cases)]));
      continue;
    }
    const guard = memberTest(ctx, members[0]!, v);
    if (choice.by === "only") {
      const member = members[0]!;
      // The guard has already checked null/undefined; only the nil is left to write.
      const write = member.kind === "null" || member.kind === "undefined" ? [b.expr(b.method(w, "nil"))] : encodeValue(ctx, member, v, p, d);
      out.push(b.if(guard, [...write, b.ret()]));
      continue;
    }
    const candidates = () => ctx.constant("pick:" + JSON.stringify(members), "Candidates", () => b.array(members.map((member) => objectCandidate(ctx, member))));
    if (choice.by === "keys") {
      // Chosen by the value's own keys, without trying to encode: shallow, so recursive untagged
      // unions stay linear instead of exponential.
      const cases = members.map((member, i): [Expr[], Stmt[]] => [[b.num(i)], [...encodeValue(ctx, member, v, p, d), b.ret()]]);
      out.push(b.if(guard, [b.switch(b.call(ctx.rt("pickByKeys"), v, candidates()), cases)]));
      continue;
    }
    // "try" (`{ a: number }[] | { a: number; b: number }[]`) and "keysThenTry" (`{ x: A[] } | { x: AB[] }`,
    // among the members the keys allow): the first that takes the value whole, else the first that
    // takes it (writeFirstOf; decode chooses by the same rule, firstOf).
    const encoders = ctx.constant("try:" + JSON.stringify(members), "Encoders", () => b.array(members.map((member) => b.id(encoderFor(ctx, member)))), members);
    const args = choice.by === "keysThenTry" ? [w, encoders, v, p, d, candidates()] : [w, encoders, v, p, d];
    out.push(b.if(guard, [b.expr(b.call(ctx.rt("writeFirstOf"), ...args)), b.ret()]));
  }
  out.push(b.expr(b.call(ctx.rt("mismatch"), b.str(describeUnion(ctx, node)), v, p)));
  return out;
}

/** The plan the model gave the union (every union has one). */
export function planOf(node: Extract<TypeNode, { kind: "union" }>): UnionPlan {
  if (!node.plan) throw new Error("typed-msgpack internal error: a union of the type model has no plan");
  return node.plan;
}

/**
 * What `pickByKeys` needs of a member: `[declared names, required names]`, or `null` for a Record
 * (which takes any keys). Index signatures beside properties also take any keys.
 */
function objectCandidate(ctx: EmitContext, member: TypeNode): Expr {
  const b = ctx.b;
  if (member.kind !== "ref") return b.null();
  const shape = ctx.entry(member).shape;
  if (shape.kind !== "object") return b.null();
  const names = shape.rest ? b.null() : b.array(shape.properties.map((p) => b.str(p.name)));
  return b.array([names, b.array(shape.properties.filter((p) => !p.optional).map((p) => b.str(p.name)))]);
}

/** A JS expression that is true when `v` belongs to `node`, as far as a union needs to tell. */
function memberTest(ctx: EmitContext, node: TypeNode, v: Expr): Expr {
  const b = ctx.b;
  switch (node.kind) {
    case "null": return b.bin(v, "===", b.null());
    case "undefined": return b.bin(v, "===", b.undef());
    case "boolean": return b.typeIs(v, "boolean");
    case "number": return b.typeIs(v, "number");
    case "bigint": return b.typeIs(v, "bigint");
    case "numberOrBigint": return b.bin(b.typeIs(v, "number"), "||", b.typeIs(v, "bigint"));
    case "string": return b.typeIs(v, "string");
    case "template": return b.bin(b.typeIs(v, "string"), "&&", b.method(pattern(ctx, node.pattern), "test", v));
    case "literals": return literalTest(ctx, node.values, v);
    case "date": return b.instanceOf(v, "Date");
    case "bytes": return b.instanceOf(v, "Uint8Array");
    case "arrayBuffer": return b.instanceOf(v, "ArrayBuffer");
    case "array": case "tuple": return b.isArray(v);
    case "set": return b.instanceOf(v, "Set");
    case "map": return b.instanceOf(v, "Map");
    case "record": return b.call(ctx.rt("isRecordLike"), v);
    case "unknown": case "param": return b.bool(true);
    case "union": return b.all(node.members.map((m) => memberTest(ctx, m, v)), "||");
    case "ref": {
      const shape = ctx.entry(node).shape;
      return shape.kind === "object" ? b.call(ctx.rt("isRecordLike"), v) : memberTest(ctx, shape.type, v);
    }
  }
}

/** The hoisted regular expression of a template literal type. */
export function pattern(ctx: EmitContext, source: string): Expr {
  return ctx.constant("re:" + source, "Pattern", () => ctx.b.regex(source));
}

function literalTest(ctx: EmitContext, values: Literal[], v: Expr): Expr {
  const b = ctx.b;
  if (values.length <= 8) return b.all(values.map((value) => b.bin(v, "===", b.lit(value))), "||");
  const set = ctx.constant("set:" + JSON.stringify(values), "Values", () => b.new(b.id("Set"), b.array(values.map((x) => b.lit(x)))));
  return b.method(set, "has", v);
}

/**
 * String literal unions of up to this many values are written and read as pre-encoded bytes (a
 * switch on encode, byte comparisons on decode); larger ones as strings checked against a Set.
 */
const FEW_STRINGS = 16;

/** A string literal union that is written and read as pre-encoded bytes. */
export function allStrings(values: Literal[]): values is string[] {
  return values.length <= FEW_STRINGS && values.every((x) => typeof x === "string");
}

/** `const __tm_L_x = __tm.literals([...])`: a literal union pre-encoded, shared by both directions. */
export function literalTable(ctx: EmitContext, values: Literal[], name?: string): Expr {
  const b = ctx.b;
  const stem = name ?? (values.length === 1 && typeof values[0] === "string" && /^\w{1,24}$/.test(values[0]) ? values[0] : "Values");
  return ctx.constant("literals:" + JSON.stringify(values), "L_" + stem, () => b.call(ctx.rt("literals"), b.array(values.map((x) => b.lit(x)))));
}

/** A string literal union (`"a" | "b"`): a switch that copies the matching value pre-encoded, so no UTF-8 is encoded. */
function writeStrings(ctx: EmitContext, values: string[], v: Expr, path: Expr): Stmt[] {
  const b = ctx.b;
  const table = literalTable(ctx, values);
  const cases = values.map((x, i): [Expr[], Stmt[]] => [[b.str(x)], [b.expr(b.method(b.id("w"), "raw", b.index(table, b.num(i)))), b.brk()]]);
  return [b.switch(v, cases, [b.expr(b.call(ctx.rt("mismatch"), b.str(describeLiterals(values)), v, path))])];
}

function writeLiteral(ctx: EmitContext, values: Literal[], v: Expr): Stmt[] {
  const b = ctx.b;
  const w = b.id("w");
  const kinds = [...new Set(values.map((x) => typeof x))];
  const writer = (kind: string) => b.expr(kind === "string" ? b.call(ctx.rt("writeString"), w, v) : b.method(w, kind === "number" ? "number" : "bool", v));
  if (kinds.length === 1) return [writer(kinds[0]!)];
  // Mixed kinds (`1 | "one"`): the membership test has passed, so typeof picks the writer.
  return [kinds.slice(0, -1).reduceRight<Stmt>((otherwise, kind) => b.if(b.typeIs(v, kind), [writer(kind)], [otherwise]), writer(kinds[kinds.length - 1]!))];
}

export function describeLiterals(values: Literal[]): string {
  return values.map((v) => JSON.stringify(v)).join(" | ");
}

function describeTuple(min: number, max: number): string {
  const elements = (n: number) => `${n} element${n === 1 ? "" : "s"}`;
  if (min === max) return `a tuple of ${elements(min)}`;
  return max === Infinity ? `a tuple of at least ${elements(min)}` : `a tuple of ${min} to ${elements(max)}`;
}

/** How an error message names what a union accepts, e.g. `string | number | null`. */
export function describeUnion(ctx: EmitContext, node: TypeNode): string {
  switch (node.kind) {
    case "union": return node.members.map((m) => describeUnion(ctx, m)).join(" | ");
    case "literals": return describeLiterals(node.values);
    case "ref": return ctx.entry(node).display;
    case "template": return node.text;
    case "date": return "Date";
    case "bytes": return "Uint8Array";
    case "arrayBuffer": return "ArrayBuffer";
    case "array": return describeUnion(ctx, node.element) + "[]";
    case "set": return "Set";
    case "map": return "Map";
    case "record": return "Record";
    case "tuple": return "tuple";
    case "numberOrBigint": return "number | bigint";
    default: return node.kind;
  }
}

