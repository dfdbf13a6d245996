import type { Family } from "../model/families.js";
import type { Choice, TypeNode, UnionPlan } from "../model/ir.js";
import { describeNode } from "../model/kinds.js";
import { choiceMembers } from "../model/unions.js";
import type { Expr, Stmt } from "./build-base.js";
import type { EmitContext } from "./context.js";
import {
  fixedValue,
  keyTable,
  readProperty,
  positionalRequired,
  requiredMasks,
  resumable,
  resumablePositional,
} from "./objects.js";
import { describeLiterals, flagMask, literalTable, literalTest, templateTest } from "./scalars.js";

/**
 * Unions, both directions, as the plan of the type model says (model/unions.ts): encode tests the
 * JS value against each group of members, decode dispatches on the family of the head byte; a
 * group of several members is told apart by the discriminant, by the keys, or by trying.
 */
type Union = Extract<TypeNode, { kind: "union" }>;

/** The runtime's numeric family constants (wire.ts), inlined as literals with their names beside them. */
export const FAMILY_CODES: Record<Family, number> = {
  NIL: 0,
  BOOL: 1,
  INT: 2,
  FLOAT: 3,
  STR: 4,
  BIN: 5,
  ARRAY: 6,
  MAP: 7,
  EXT: 8,
};

/**
 * Runs the JS-side test of each group of members in the union's plan (model/unions.ts), and within a
 * group of several, chooses as the plan says: by the discriminant, by the value's keys, or by trying.
 */
export function encodeUnion(ctx: EmitContext, node: Union): Stmt[] {
  const b = ctx.b;
  const [w, v, p, d] = [b.id("w"), b.id("v"), b.id("p"), b.id("d")];
  const out: Stmt[] = [];
  for (const choice of planOf(node).encode) {
    const members = choiceMembers(choice).map((i) => node.members[i]!);
    if (choice.by === "tag") {
      const tag = node.tag!;
      const cases = choice.members.map((i): [Expr[], Stmt[]] => [
        tag.cases.filter((c) => c.member === i).map((c) => b.lit(c.value)),
        [...ctx.encode(node.members[i]!, v, p, d), b.ret()],
      ]);
      // Each member's encoder checks isRecordLike itself; checking it here too is a second test per
      // value (`node bench/ab.js hand events enc`).
      const isObject = b.bin(b.typeIs(v, "object"), "&&", b.bin(v, "!==", b.null()));
      out.push(b.if(isObject, [b.switch(readProperty(ctx, v, tag.property), cases)]));
      continue;
    }
    const guard = memberTest(ctx, members[0]!, v);
    if (choice.by === "only") {
      const member = members[0]!;
      // The guard has already checked null/undefined; only the nil is left to write.
      const write =
        member.kind === "null" || member.kind === "undefined"
          ? [b.expr(b.method(w, "nil"))]
          : ctx.encode(member, v, p, d);
      out.push(b.if(guard, [...write, b.ret()]));
      continue;
    }
    const candidates = () =>
      ctx.constant("pick:" + JSON.stringify(members), "Candidates_" + ctx.stem({ kind: "union", members }), () =>
        b.array(members.map((member) => objectCandidate(ctx, member))),
      );
    if (choice.by === "keys") {
      // Chosen by the value's own keys, without trying to encode: shallow, so recursive untagged
      // unions stay linear instead of exponential.
      const cases = members.map((member, i): [Expr[], Stmt[]] => [
        [b.num(i)],
        [...ctx.encode(member, v, p, d), b.ret()],
      ]);
      out.push(b.if(guard, [b.switch(b.call(ctx.rt("pickByKeys"), v, candidates()), cases)]));
      continue;
    }
    // "try" (`{ a: number }[] | { a: number; b: number }[]`) and "keysThenTry" (`{ x: A[] } | { x: AB[] }`,
    // among the members the keys allow): the first that takes the value whole, else the first that
    // takes it (writeFirstOf; decode chooses by the same rule, firstOf).
    const encoders = ctx.constant(
      "try:" + JSON.stringify(members),
      "Encoders_" + ctx.stem({ kind: "union", members }),
      () => b.array(members.map((member) => b.id(ctx.encoderFor(member)))),
      members,
    );
    const args = choice.by === "keysThenTry" ? [w, encoders, v, p, d, candidates()] : [w, encoders, v, p, d];
    out.push(b.if(guard, [b.expr(b.call(ctx.rt("writeFirstOf"), ...args)), b.ret()]));
  }
  out.push(b.expr(b.call(ctx.rt("mismatch"), b.str(describeUnion(ctx, node)), v, p)));
  return out;
}

/** The plan the model gave the union (every union has one). */
function planOf(node: Union): UnionPlan {
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
    case "null":
      return b.bin(v, "===", b.null());
    case "undefined":
      return b.bin(v, "===", b.undef());
    case "boolean":
      return b.typeIs(v, "boolean");
    case "number":
      return b.typeIs(v, "number");
    case "bigint":
      return b.typeIs(v, "bigint");
    case "numberOrBigint":
      return b.bin(b.typeIs(v, "number"), "||", b.typeIs(v, "bigint"));
    case "string":
      return b.typeIs(v, "string");
    case "template":
      return b.bin(b.typeIs(v, "string"), "&&", templateTest(ctx, node, v));
    case "literals":
      return literalTest(ctx, node.values, v);
    case "flags":
      return b.call(ctx.rt("isFlags"), v, b.num(flagMask(node.values)));
    case "temporal":
      return b.call(ctx.rt("isTemporal"), v, b.str(node.type));
    case "mapped":
      return b.method(ctx.linked(node.mapping), "is", v);
    case "date":
      return b.instanceOf(v, "Date");
    case "bytes":
      return b.instanceOf(v, "Uint8Array");
    case "arrayBuffer":
      return b.instanceOf(v, "ArrayBuffer");
    case "array":
    case "tuple":
      return b.isArray(v);
    case "set":
      return b.instanceOf(v, "Set");
    case "map":
      return b.instanceOf(v, "Map");
    case "record":
      return b.call(ctx.rt("isRecordLike"), v);
    case "unknown":
    case "param":
      return b.bool(true);
    case "union":
      return b.all(
        node.members.map((m) => memberTest(ctx, m, v)),
        "||",
      );
    case "ref": {
      const shape = ctx.entry(node).shape;
      return shape.kind === "object" ? b.call(ctx.rt("isRecordLike"), v) : memberTest(ctx, shape.type, v);
    }
  }
}

/**
 * Dispatches on the family of the head byte; inside one family, chooses among several members as
 * the union's plan says (model/unions.ts): by the discriminant, by the map's keys, or by trying.
 */
export function decodeUnion(ctx: EmitContext, node: Union): Stmt[] {
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

function decodeChoice(ctx: EmitContext, union: Union, choice: Choice): Stmt[] {
  const b = ctx.b;
  const [r, p, d] = [b.id("r"), b.id("p"), b.id("d")];
  const members = choiceMembers(choice).map((i) => union.members[i]!);
  if (choice.by === "only") return [b.ret(ctx.decode(members[0]!, p, d))];
  if (choice.by === "tag") {
    const tag = union.tag!;
    const positionalAt = positionalTagIndex(ctx, members, tag.property);
    // The key of the discriminant, for maps (arrays have none).
    const tagKey =
      positionalAt !== undefined
        ? b.null()
        : ctx.constant("tag:" + tag.property, "Tag_" + tag.property.replace(/\W/g, "_"), () =>
            b.index(b.call(ctx.rt("keys"), b.array([b.str(tag.property)])), b.num(0)),
          );
    const tags = literalTable(
      ctx,
      tag.cases.map((c) => c.value),
      tag.property.replace(/\W/g, "_"),
    );
    const badTag = b.ret(
      b.call(
        ctx.rt("badTag"),
        r,
        b.str(tag.property),
        b.str(describeLiterals(tag.cases.map((c) => c.value))),
        p,
        b.id("start"),
      ),
    );
    if (positionalAt !== undefined) {
      // Arrays: the discriminant is the element at its index (the same in every member, as the model checks).
      const cases = choice.members.map((m): [Expr[], Stmt[]] => [
        tag.cases.flatMap((c, index) => (c.member === m ? [b.named(b.num(index), JSON.stringify(c.value))] : [])),
        [b.ret(ctx.decode(union.members[m]!, p, d))],
      ]);
      const read = [
        b.const("tag", b.call(ctx.rt("readPositionalTag"), r, b.num(positionalAt), tags, p)),
        b.assign(b.prop(r, "pos"), b.id("start")),
        b.switch(b.id("tag"), cases),
        badTag,
      ];
      // Members whose first element is the tag resume after it when its bytes are as encoders write
      // them and the length is theirs (the header and the tag read once: `node bench/ab.js hand events dec`);
      // anything else goes back to the start and the path above, which reports errors.
      const resume =
        positionalAt === 0 && choice.members.every((m) => resumablePositional(ctx, union.members[m]!) !== undefined);
      if (!resume) return [b.block([b.const("start", b.prop(r, "pos")), ...read])];
      const n = b.id("n");
      const resumed = choice.members.map((m): [Expr[], Stmt[]] => {
        const member = union.members[m]!;
        const shape = resumablePositional(ctx, member)!;
        const [min, max] = [positionalRequired(shape), shape.properties.length];
        const fits =
          min === max ? b.bin(n, "===", b.num(max)) : b.all([b.bin(n, ">=", b.num(min)), b.bin(n, "<=", b.num(max))]);
        return [
          tag.cases.flatMap((c, index) => (c.member === m ? [b.named(b.num(index), JSON.stringify(c.value))] : [])),
          [b.if(fits, [b.ret(b.call(b.id(ctx.decoderFor(member)), r, p, d, n, b.num(1)))]), b.brk()],
        ];
      });
      return [
        b.block([
          b.const("start", b.prop(r, "pos")),
          b.const("n", b.method(r, "arrayHeader", p)),
          b.const("first", b.cond(b.bin(n, ">", b.num(0)), b.call(ctx.rt("nextOneOf"), r, tags), b.num(-1))),
          b.switch(b.id("first"), resumed),
          b.assign(b.prop(r, "pos"), b.id("start")),
          ...read,
        ]),
      ];
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
      const values = tag.cases.flatMap((c, index) =>
        c.member === m ? [b.named(b.num(index), JSON.stringify(c.value))] : [],
      );
      if (!resume) return [values, [b.ret(ctx.decode(member, p, d))]];
      const bit = tagIndex(member);
      return [
        values,
        [b.ret(b.call(b.id(ctx.decoderFor(member)), r, p, d, n, i, bit === 0 ? i : b.bin(i, "<<", b.num(bit))))],
      ];
    });
    const read = resume
      ? [
          b.const("start", b.prop(r, "pos")),
          b.const("n", b.method(r, "mapHeader", p)),
          b.const("at", b.prop(r, "pos")),
          b.const("tag", b.call(ctx.rt("readTag"), r, n, tagKey, tags, p)),
          b.comment(
            b.const("i", b.cond(b.bin(b.prop(r, "pos"), "===", b.id("at")), b.num(0), b.num(1))),
            "1: the tag came first and is read",
          ),
        ]
      : [
          b.const("start", b.prop(r, "pos")),
          b.const("tag", b.call(ctx.rt("readTag"), r, b.method(r, "mapHeader", p), tagKey, tags, p)),
          b.assign(b.prop(r, "pos"), b.id("start")),
        ];
    return [b.block([...read, b.switch(b.id("tag"), cases), badTag])];
  }
  const candidates = () =>
    ctx.constant("pickdec:" + JSON.stringify(members), "DecodeCandidates_" + ctx.stem({ kind: "union", members }), () =>
      b.array(members.map((member) => mapCandidate(ctx, member))),
    );
  if (choice.by === "keys") {
    // Chosen by the map's keys (declared and required), scanned once without decoding: linear even
    // for recursive untagged unions, where trying each member is exponential.
    const cases = members.map((member, i): [Expr[], Stmt[]] => [[b.num(i)], [b.ret(ctx.decode(member, p, d))]]);
    return [b.switch(b.call(ctx.rt("pickMember"), r, candidates(), p), cases), b.ret(ctx.decode(members[0]!, p, d))];
  }
  // "try" (`string[] | number[]`) and "keysThenTry" (among the members the map's keys allow): the
  // first that takes the value whole (strictly: unknown keys fail), else the first that takes it.
  const attempts = members.map((member) => b.arrow(ctx.decode(member, p, d)));
  return [
    b.ret(b.call(ctx.rt("firstOf"), r, b.array(attempts), p, ...(choice.by === "keysThenTry" ? [candidates()] : []))),
  ];
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

/** How an error message names what a union accepts, e.g. `string | number | null` (model/kinds.ts). */
export function describeUnion(ctx: EmitContext, node: TypeNode): string {
  return describeNode(node, ctx.named, "runtime");
}
