import { familiesOf, splitNil } from "../model/families.js";
import { propertySegment, type Literal, type ObjectShape, type Property, type TypeNode } from "../model/ir.js";
import { withoutUndefined } from "../model/unions.js";
import type { Expr, Parameter, Stmt } from "./build-base.js";
import type { EmitContext } from "./context.js";
import { ownArray, readOwnArray, readOwnArrayInto, writeOwnArray } from "./collections.js";
import { childPath, localFor, sizeFor } from "./paths.js";
import { arrayHeaderPiece, emitRuns, planRuns, runTable, type Constant, type Piece } from "./runs.js";
import { allStrings, describeLiterals, encodeReserved } from "./scalars.js";

/**
 * Object types (interfaces, object literal types, classes' shapes), both directions: a map of
 * their properties by default, an array of the values in the positional layout.
 */
type Ref = Extract<TypeNode, { kind: "ref" }>;

/** Names every object inherits from Object.prototype. */
const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * `v.name` of a value being encoded; for a name like an Object.prototype member (`toString`,
 * `constructor`), only an own property counts, so that `v.toString` never finds the inherited one.
 */
export function readProperty(ctx: EmitContext, v: Expr, name: string): Expr {
  return INHERITED_NAMES.has(name) ? ctx.b.call(ctx.rt("ownValue"), v, ctx.b.str(name)) : ctx.b.prop(v, name);
}

/** The body of the encoder `(w, v, p, d)` of the object type `node` names. */
export function encodeObjectType(ctx: EmitContext, node: Ref, display: string, shape: ObjectShape): Stmt[] {
  const b = ctx.b;
  const [w, v, p, d] = [b.id("w"), b.id("v"), b.id("p"), b.id("d")];
  const deeper = b.bin(d, "+", b.num(1));
  const fail = () => [b.expr(b.call(ctx.rt("mismatch"), b.str(`an object (${display})`), v, p))];
  const check = shape.checksDepth
    ? [b.if(b.bin(d, ">", b.prop(w, "maxDepth")), [b.expr(b.call(ctx.rt("tooDeep"), b.prop(w, "maxDepth"), p))])]
    : [];
  const { reads, writes } =
    shape.layout === "positional"
      ? encodePositional(ctx, node.name, shape, deeper)
      : encodeObject(ctx, node.name, shape, deeper);
  const notRecord = b.not(b.call(ctx.rt("isRecordLike"), v));
  if (reads.length === 0) return [b.if(notRecord, fail()), ...check, ...writes];
  // The prototype is tested after the properties are read, in the encoder's own code: a read
  // tells V8 the object's map, and with it the prototype, so that Object.getPrototypeOf is a
  // constant instead of a call (`node bench/ab.js hand events enc`). Reading
  // them first needs an object that is not null.
  const prototype = b.method(b.id("Object"), "getPrototypeOf", v);
  return [
    b.if(b.not(b.all([b.typeIs(v, "object"), b.bin(v, "!==", b.null())])), fail()),
    ...reads,
    b.if(b.all([b.bin(prototype, "!==", b.prop(b.id("Object"), "prototype")), notRecord]), fail()),
    ...check,
    ...writes,
  ];
}

/** The body of the decoder `(r, p, d)` of the object type `node` names. */
export function decodeObjectType(ctx: EmitContext, node: Ref, shape: ObjectShape): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = [b.id("r"), b.id("p"), b.id("d")];
  const deeper = b.bin(d, "+", b.num(1));
  const check = shape.checksDepth
    ? [b.if(b.bin(d, ">", b.prop(r, "maxDepth")), [b.expr(b.method(r, "tooDeep", p))])]
    : [];
  if (shape.layout === "positional")
    return [...check, ...decodePositional(ctx, node.name, shape, deeper, resumablePositional(ctx, node) !== undefined)];
  return [...check, ...decodeObject(ctx, node.name, shape, deeper, resumable(ctx, node) !== undefined)];
}

/** An object encoder's reads of the properties into locals, and what it writes after its checks. */
interface EncoderBody {
  reads: Stmt[];
  writes: Stmt[];
}

/** Objects with up to this many sizes (optional properties + 1) pre-encode their header per size. */
const MAP_HEADER_VARIANTS = 4;

/**
 * Map header with the number of properties present, then each key and its value. Constant parts
 * (a fixed map header, the keys of required properties, single-valued literal properties such as
 * a discriminant) are pre-encoded in runs, so `{ kind: "click", t }` costs one copy before `t`.
 */
function encodeObject(ctx: EmitContext, name: string, shape: ObjectShape, depth: Expr): EncoderBody {
  const b = ctx.b;
  const [w, v] = [b.id("w"), b.id("v")];
  const reads: Stmt[] = [],
    out: Stmt[] = [];
  const values = shape.properties.map((property) => readProperty(ctx, v, property.name));
  // Optional properties are read first, to count them for the map header; so are values that the
  // writes below use more than once, and the first property (see encodeObjectType). A required
  // value written by one call is read where it is written.
  const readOnce = shape.properties.map(
    (property, i) =>
      i > 0 && !property.optional && writtenByOneCall(ctx, property.type) && !ownArray(ctx, name, property.type),
  );
  const locals = shape.properties.map((property, i) => localFor(property.name, i));
  shape.properties.forEach((_, i) => {
    if (!readOnce[i]) reads.push(b.const(locals[i]!, values[i]!));
  });
  const required = shape.properties.filter((property) => !property.optional).length;
  const optionalChecks = shape.properties.flatMap((property, i) =>
    property.optional ? [b.bin(b.id(locals[i]!), "!==", b.undef())] : [],
  );
  const pieces: Piece[] = [];
  if (shape.rest) {
    out.push(b.const("extra", b.call(ctx.rt("extraKeys"), v, keyNames(ctx, name, shape))));
  }
  const counted = optionalChecks.length > 0 || shape.rest !== undefined;
  if (counted) {
    out.push(b.let(["n", b.num(required)]));
    optionalChecks.forEach((check) => out.push(b.if(check, [b.inc("n")])));
    if (shape.rest) out.push(b.assign(b.id("n"), b.bin(b.id("n"), "+", b.prop(b.id("extra"), "length"))));
    // A header of a few sizes is copied with the first key as one of a few pre-encoded runs, as a
    // fixed one is (one Writer call per object fewer: `node bench/ab.js hand tree enc`).
    const sizes = optionalChecks.length + 1;
    const variants = !shape.rest && sizes <= MAP_HEADER_VARIANTS && !shape.properties[0]!.optional;
    pieces.push(
      variants
        ? { mapHeader: b.id("n"), sizes: Array.from({ length: sizes }, (_, i) => required + i) }
        : {
            write: [b.expr(b.method(w, "mapHeader", b.id("n")))],
            reserved: { size: 5, write: [b.expr(b.method(w, "putMapHeader", b.id("n")))] },
          },
    );
  } else {
    pieces.push({ constant: [required] });
  }
  if (!shape.rest && shape.triedStrictly) {
    out.push(
      b.if(b.prop(w, "strict"), [
        b.expr(b.call(ctx.rt("noExtraKeys"), v, counted ? b.id("n") : b.num(required), b.id("p"))),
      ]),
    );
  }
  shape.properties.forEach((property, i) => {
    const local = readOnce[i] ? values[i]! : b.id(locals[i]!);
    const type = property.optional ? withoutUndefined(property.type) : property.type;
    const own: Piece[] = [
      { constant: property.name },
      ...valuePieces(ctx, type, local, propertySegment(property.name), depth, {
        self: name,
        size: sizeFor(locals[i]!),
      }),
    ];
    pieces.push(...(property.optional ? [{ optional: local, pieces: own }] : own));
  });
  const runs: Constant[][] = [];
  const planned = planRuns(pieces, runs);
  // When nothing merged (every run is one property name, in order), the decoder's key table is it.
  const justKeys =
    runs.length === shape.properties.length &&
    runs.every((run, i) => run.length === 1 && run[0] === shape.properties[i]!.name);
  out.push(...emitRuns(ctx, planned, justKeys ? keyTable(ctx, name, shape) : runTable(ctx, name, runs), runs));
  if (shape.rest) {
    out.push(
      b.forOf("k", b.id("extra"), [
        b.expr(b.call(ctx.rt("writeString"), w, b.id("k"))),
        ...ctx.encode(shape.rest, b.index(v, b.id("k")), childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), depth),
      ]),
    );
  }
  return { reads, writes: out };
}

/** Whether ctx.encode writes a value of `type` with one call that reads the value once. */
function writtenByOneCall(ctx: EmitContext, type: TypeNode): boolean {
  return !splitNil(type, ctx.named) && type.kind !== "null" && type.kind !== "undefined" && type.kind !== "literals";
}

/**
 * The positional layout (`codecFor<T>({ layout: "positional" })`): an array of the property values
 * in declaration order. Optional properties after the last required one are left out from the last
 * present one on; an absent optional property before a present one is nil. Constant parts (a
 * fixed array header, single-valued literals such as a discriminant) are pre-encoded in runs.
 */
function encodePositional(ctx: EmitContext, name: string, shape: ObjectShape, depth: Expr): EncoderBody {
  const b = ctx.b;
  const [w, v] = [b.id("w"), b.id("v")];
  const properties = shape.properties;
  const names = properties.map((property, i) => localFor(property.name, i));
  const locals = names.map((local) => b.id(local));
  const reads = properties.map((property, i) => b.const(names[i]!, readProperty(ctx, v, property.name)));
  const out: Stmt[] = [];
  const required = properties.reduce((last, property, i) => (property.optional ? last : i + 1), 0);
  const pieces: Piece[] = [];
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
    const present = properties.reduce<Expr>(
      (sum, property, i) =>
        property.optional ? b.bin(sum, "+", b.cond(b.bin(locals[i]!, "!==", b.undef()), b.num(1), b.num(0))) : sum,
      b.num(properties.filter((property) => !property.optional).length),
    );
    out.push(b.if(b.prop(w, "strict"), [b.expr(b.call(ctx.rt("noExtraKeys"), v, present, b.id("p")))]));
  }
  properties.forEach((property, i) => {
    const segment = propertySegment(property.name),
      path = childPath(b, segment);
    if (!property.optional) {
      pieces.push(
        ...valuePieces(ctx, property.type, locals[i]!, segment, depth, { self: name, size: sizeFor(names[i]!) }),
      );
      return;
    }
    // `x?: T` is `T | undefined` to the model, whose nil is written inline; without that member
    // (exactOptionalPropertyTypes) absence is written as nil here.
    const hasUndefined = property.type.kind === "union" && property.type.members.some((m) => m.kind === "undefined");
    const encode = (type: TypeNode) =>
      writeOwnArray(ctx, name, type, locals[i]!, segment, depth, sizeFor(names[i]!))?.flatMap((piece) => piece.write) ??
      ctx.encode(type, locals[i]!, path, depth);
    const write = hasUndefined
      ? encode(property.type)
      : [
          b.if(
            b.bin(locals[i]!, "===", b.undef()),
            [b.expr(b.method(w, "nil"))],
            encode(withoutUndefined(property.type)),
          ),
        ];
    pieces.push({ write: i >= required ? [b.if(b.bin(count, ">", b.num(i)), write)] : write });
  });
  pieces.unshift(arrayHeaderPiece(ctx, pieces, required === properties.length ? properties.length : count));
  const runs: Constant[][] = [];
  const planned = planRuns(pieces, runs);
  return { reads, writes: [...out, ...emitRuns(ctx, planned, runTable(ctx, name, runs), runs)] };
}

/**
 * A value (at `segment` of an object or a tuple) as pieces of runs: a check and a constant when its
 * type has exactly one value, a choice for a union of strings, else its writes. `own`: in an
 * encoder of the object type `self`, where an own array's length goes in a local named `size`.
 */
export function valuePieces(
  ctx: EmitContext,
  type: TypeNode,
  local: Expr,
  segment: string | Expr,
  depth: Expr,
  own?: { self: string; size: string },
): Piece[] {
  const b = ctx.b;
  const path = childPath(b, segment);
  const ownArray =
    own && typeof segment === "string" && writeOwnArray(ctx, own.self, type, local, segment, depth, own.size);
  if (ownArray) return ownArray;
  if (type.kind === "literals" && type.values.length > 1 && allStrings(type.values)) {
    return [
      {
        choice: local,
        values: type.values,
        otherwise: b.expr(b.call(ctx.rt("mismatch"), b.str(describeLiterals(type.values)), local, path)),
      },
    ];
  }
  const single =
    type.kind === "null" ? null : type.kind === "literals" && type.values.length === 1 ? type.values[0]! : undefined;
  // Not 0: -0 passes `=== 0` and is written as float 64 -0, as everywhere else.
  if (single === undefined || single === 0)
    return [{ write: ctx.encode(type, local, path, depth), reserved: encodeReserved(ctx, type, local, path) }];
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
  return ctx.constant("keys:" + JSON.stringify(names), "K_" + name, () =>
    b.call(ctx.rt("keys"), b.array(names.map((n) => b.str(n)))),
  );
}

function keyNames(ctx: EmitContext, name: string, shape: ObjectShape): Expr {
  const b = ctx.b;
  const names = shape.properties.map((p) => p.name);
  return ctx.constant("names:" + JSON.stringify(names), "Names_" + name, () => b.array(names.map((n) => b.str(n))));
}

/** A keyed property's value: `T | undefined` takes nil for absence by absentNil (see Reader). */
function decodeProperty(ctx: EmitContext, type: TypeNode, path: Expr, depth: Expr): Expr {
  const b = ctx.b;
  const nilOr = splitNil(type, ctx.named);
  if (nilOr?.nil !== "undefined") return ctx.decode(type, path, depth);
  return b.cond(b.method(b.id("r"), "absentNil"), b.undef(), ctx.decode(nilOr.other, path, depth));
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
  const locals = shape.properties.map((property, i) =>
    fixed[i] === undefined ? localFor(property.name, i) : undefined,
  );
  const required = requiredMasks(shape);
  const words = required.length;
  const declared = locals.filter((local): local is string => local !== undefined);
  const out: Stmt[] = [
    ...(resumed ? [] : [b.const("n", b.method(r, "mapHeader", p))]),
    ...(declared.length > 0 ? [b.let(...declared.map((local): [string] => [local]))] : []),
    b.let(...Array.from({ length: resumed ? 0 : words }, (_, word): [string, Expr] => [`seen${word}`, b.num(0)]), [
      "h",
      resumed ? b.bin(b.id("i"), "-", b.num(1)) : b.num(-1),
    ]),
  ];
  if (shape.rest) out.push(b.const("extra", b.emptyArray()));
  const cases = shape.properties.map((property, i): [Expr[], Stmt[]] => {
    const segment = propertySegment(property.name);
    const own =
      locals[i] !== undefined
        ? readOwnArrayInto(ctx, name, property.type, b.id(locals[i]!), segment, depth, true)
        : undefined;
    if (own) return [[b.num(i)], [...own, b.brk()]];
    const read = decodeProperty(ctx, property.type, childPath(b, segment), depth);
    return [[b.num(i)], [locals[i] === undefined ? b.expr(read) : b.assign(b.id(locals[i]!), read), b.brk()]];
  });
  const unknownKey = shape.rest
    ? [
        b.const("k", b.call(ctx.rt("lastKey"), r)),
        b.expr(
          b.method(
            b.id("extra"),
            "push",
            b.id("k"),
            ctx.decode(shape.rest, childPath(b, b.call(ctx.rt("keySegment"), b.id("k"))), depth),
          ),
        ),
      ]
    : [b.expr(b.call(ctx.rt("unknownKey"), r, p, depth))];
  // The hint is the property after the last one matched, so that keys in declaration order match on
  // the first comparison. A resumed member's first property (its tag, commonly) was matched if i is 1.
  const matched = b.assign(b.id("h"), b.call(ctx.rt("readKey"), r, keys, b.bin(b.id("h"), "+", b.num(1)), p));
  const loop = [matched, ...markSeen(ctx, words), b.switch(b.id("h"), cases, unknownKey)];
  out.push(resumed ? b.forCount(b.id("i"), b.id("n"), loop) : b.forCount("i", b.id("n"), loop));
  const missing = required
    .map((mask, word) => b.bin(b.bin(b.id(`seen${word}`), "&", b.num(mask)), "!==", b.num(mask)))
    .filter((_, word) => required[word]! > 0);
  if (missing.length > 0) {
    out.push(
      b.if(b.all(missing, "||"), [
        b.expr(
          b.call(
            ctx.rt("missing"),
            r,
            keys,
            b.array(required.map((m) => b.num(m))),
            b.array(required.map((_, w) => b.id(`seen${w}`))),
            p,
          ),
        ),
      ]),
    );
  }
  // Every declared property is an own property, absent optional ones `undefined`: one shape per
  // type, and a property named like an Object.prototype member (`toString?`, `__proto__?`) never
  // reads through to the inherited one.
  const result = b.object(
    shape.properties.map((property, i): [string, Expr] => [
      property.name,
      locals[i] === undefined ? b.lit(fixed[i]!) : b.id(locals[i]!),
    ]),
  );
  if (!shape.rest) return [...out, b.ret(result)];
  return [
    ...out,
    b.const("out", result),
    b.expr(b.call(ctx.rt("assignEntries"), b.id("out"), b.id("extra"))),
    b.ret(b.id("out")),
  ];
}

/**
 * The positional layout: an array of the property values in declaration order, as long as the
 * required ones and at most as long as all (checked at the header). Read in order, straight into
 * one object literal; optional properties past the array's end are undefined, a nil one is absent.
 */
function decodePositional(ctx: EmitContext, name: string, shape: ObjectShape, depth: Expr, resumed = false): Stmt[] {
  const b = ctx.b;
  const [r, p] = [b.id("r"), b.id("p")];
  const properties = shape.properties;
  const required = positionalRequired(shape);
  const n = b.id("n");
  const header = b.call(ctx.rt("tupleHeader"), r, b.num(required), b.num(properties.length), p);
  // Resumed: the header is the parameter n's default (see positionalResume).
  const out: Stmt[] = resumed ? [] : [required === properties.length ? b.expr(header) : b.const("n", header)];
  const read = (property: Property, i: number): Expr => {
    const path = childPath(b, propertySegment(property.name));
    // An optional property whose type has no nil of its own (exactOptionalPropertyTypes) still takes nil for absence.
    const value =
      property.optional && !familiesOf(property.type, ctx.named).includes("NIL")
        ? b.cond(b.method(r, "takeNil"), b.undef(), ctx.decode(property.type, path, depth))
        : ctx.decode(property.type, path, depth);
    // A union that resumes this decoder (i = 1) has read the tag, its first element, as its bytes.
    if (resumed && i === 0) return b.cond(b.bin(b.id("i"), ">", b.num(0)), b.lit(fixedValue(property)!), value);
    return i >= required ? b.cond(b.bin(n, ">", b.num(i)), value, b.undef()) : value;
  };
  // Into locals, then one object literal: an object allocated before its nested values are read
  // (reads inside the literal) slowed decoding, most of it in the garbage collector
  // (`node bench/ab.js hand sbt dec`).
  const locals = properties.map((property, i) => localFor(property.name, i));
  properties.forEach((property, i) => {
    // Arrays of this type itself: their loops inline (see ownArray); the first element of a
    // resumed member is its tag.
    const segment = propertySegment(property.name),
      target = b.id(locals[i]!),
      tag = resumed && i === 0;
    const own = tag ? undefined : ownArray(ctx, name, property.type);
    if (own && !property.optional) {
      const { init, fill } = readOwnArray(ctx, own, target, segment, depth);
      out.push(b.const(locals[i]!, init), fill);
      return;
    }
    const reads = tag ? undefined : readOwnArrayInto(ctx, name, property.type, target, segment, depth);
    if (reads && (!property.optional || familiesOf(property.type, ctx.named).includes("NIL"))) {
      out.push(b.let([locals[i]!]), ...(i >= required ? [b.if(b.bin(n, ">", b.num(i)), reads)] : reads));
      return;
    }
    out.push(b.const(locals[i]!, read(property, i)));
  });
  if (shape.triedStrictly && required < properties.length) {
    // Under a union's strict attempt, an absent last element (nil read as undefined) is not what
    // this type's encoder writes (it ends the array before it): the bytes are another member's.
    let last: Expr = b.id(locals[properties.length - 1]!);
    for (let i = properties.length - 2; i >= required; i--)
      last = b.cond(b.bin(n, "===", b.num(i + 1)), b.id(locals[i]!), last);
    const absent = b.bin(
      b.bin(b.prop(r, "strict"), "&&", b.bin(n, ">", b.num(required))),
      "&&",
      b.bin(last, "===", b.undef()),
    );
    out.push(b.if(absent, [b.expr(b.call(ctx.rt("absentLast"), r, p))]));
  }
  // Every declared property is an own property (see decodeObject).
  return [...out, b.ret(b.object(properties.map((property, i): [string, Expr] => [property.name, b.id(locals[i]!)])))];
}

/** The value of a required property that has only one (a union's tag): checked, then written as a literal. -0 passes for 0, so 0 is read. */
export function fixedValue(property: Property): Literal | undefined {
  const type = property.type;
  return !property.optional && type.kind === "literals" && type.values.length === 1 && type.values[0] !== 0
    ? type.values[0]
    : undefined;
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
  if (words === 1)
    return [b.if(b.bin(h, ">=", b.num(0)), [b.const("bit", b.bin(b.num(1), "<<", h)), ...mark("seen0", b.id("bit"))])];
  // Several words: one branch per word, each as for one.
  const cases = Array.from({ length: words }, (_, word): [Expr[], Stmt[]] => [
    [b.num(word)],
    [...mark(`seen${word}`, b.bin(b.num(1), "<<", b.bin(h, "-", b.num(30 * word)))), b.brk()],
  ]);
  return [
    b.if(b.bin(h, ">=", b.num(0)), [b.switch(b.call(b.prop(b.id("Math"), "floor"), b.bin(h, "/", b.num(30))), cases)]),
  ];
}

/** One bit per property in 30-bit words, set for the required ones. */
export function requiredMasks(shape: ObjectShape): number[] {
  const words = Math.max(1, Math.ceil(shape.properties.length / 30));
  return Array.from({ length: words }, (_, word) =>
    shape.properties.reduce(
      (mask, property, i) => (!property.optional && Math.floor(i / 30) === word ? mask + 2 ** (i % 30) : mask),
      0,
    ),
  );
}

/** How many elements a positional object's array has at least: up to its last required property. */
export function positionalRequired(shape: ObjectShape): number {
  return shape.properties.reduce((last, property, i) => (property.optional ? last : i + 1), 0);
}

/**
 * The shape of a positional object type whose decoder can resume after its union read the array
 * header and the tag, when the tag is its first element and has one value: local, as `resumable`.
 */
export function resumablePositional(ctx: EmitContext, node: TypeNode): ObjectShape | undefined {
  if (node.kind !== "ref" || !ctx.tagMembers.has(node.name)) return undefined;
  const shape = ctx.entry(node).shape;
  if (shape.kind !== "object" || shape.link || shape.layout !== "positional") return undefined;
  const first = shape.properties[0];
  return first !== undefined && fixedValue(first) !== undefined ? shape : undefined;
}

/**
 * The extra parameters `(n, i)` of a decoder of `resumablePositional` type: the array's length,
 * by default read and checked here, and 1 when the union has read the tag.
 */
export function positionalResume(ctx: EmitContext, node: TypeNode): Parameter[] {
  const shape = resumablePositional(ctx, node);
  if (!shape) return [];
  const b = ctx.b;
  const header = b.call(
    ctx.rt("tupleHeader"),
    b.id("r"),
    b.num(positionalRequired(shape)),
    b.num(shape.properties.length),
    b.id("p"),
  );
  return [
    ["n", "number", header],
    ["i", "number", b.num(0)],
  ];
}

/** The shape of an object type whose decoder can resume after its union read the tag: local, one word of seen bits. */
export function resumable(ctx: EmitContext, node: TypeNode): ObjectShape | undefined {
  if (node.kind !== "ref" || !ctx.tagMembers.has(node.name)) return undefined;
  const shape = ctx.entry(node).shape;
  return shape.kind === "object" && !shape.link && shape.layout !== "positional" && shape.properties.length <= 30
    ? shape
    : undefined;
}
