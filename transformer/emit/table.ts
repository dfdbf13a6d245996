import { GENERATED_CODE_VERSION } from "../../runtime/codec.js";
import { BY, CHECKS_DEPTH, OP, RESUMABLE, TEST, TRIED_STRICTLY } from "../../runtime/interpret/table.js";
import { resolveAlias, splitNil, type Family } from "../model/families.js";
import type { Choice, ObjectShape, TypeNode } from "../model/ir.js";
import { choiceMembers, withoutUndefined } from "../model/unions.js";
import type { Expr } from "./build-base.js";
import type { EmitContext } from "./context.js";
import { fixedValue, resumable } from "./objects.js";
import { writeFunction } from "./scalars.js";
import { describeUnion } from "./unions.js";

/**
 * Size-optimized codecs (`codecFor<T>({ optimize: "size" })`, issue 60): instead of a function per
 * type and direction, a table of T's types (runtime/interpret/table.ts) that the runtime's
 * `typed-msgpack/interpret` entry runs. What the interpreter needs to write the same bytes and the
 * same errors as generated functions (messages, key and literal sets, union plans) is computed
 * here from the model, as the other emitters compute it. A kind the interpreter does not run (see
 * `fallback`) gets its ordinary generated functions, linked from the table.
 */
type Union = Extract<TypeNode, { kind: "union" }>;
type Ref = Extract<TypeNode, { kind: "ref" }>;

/** The runtime's family codes (wire.ts), as emit/unions.ts has them. */
const FAMILY_CODES: Record<Family, number> = {
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

/** The entry module of the interpreter, beside the runtime's `/internal`. */
export function interpretEntry(runtimeModule: string): string {
  return runtimeModule + "/interpret";
}

/** `interpret(version, [entries...], root, element?)`: the codec of `root`, as a table. */
export function emitTableCodec(ctx: EmitContext, root: TypeNode, runtimeModule: string): Expr {
  const b = ctx.b;
  const table = new TableBuilder(ctx);
  const rootIndex = table.functionIndex(root);
  const resolved = resolveAlias(root, ctx.named);
  const element = resolved.kind === "array" ? [b.num(table.functionIndex(resolved.element))] : [];
  const interpret = ctx.linked({ module: interpretEntry(runtimeModule), exportName: "interpret" });
  return b.call(
    interpret,
    b.named(b.num(GENERATED_CODE_VERSION), "generated-code version"),
    b.array(table.entries.map((entry) => entry!)),
    b.num(rootIndex),
    ...element,
  );
}

class TableBuilder {
  readonly entries: (Expr | undefined)[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly ctx: EmitContext;

  constructor(ctx: EmitContext) {
    this.ctx = ctx;
  }

  /** The entry of `node`, added with what it reaches on first request. */
  index(node: TypeNode): number {
    return this.entry(node.kind === "ref" ? "ref:" + node.name : JSON.stringify(node), () => this.build(node));
  }

  /**
   * The entry of `node` where generated code calls a function of its own (a codec's root, an array
   * root's elements): there `T | null` is a union chosen by its plan, whose errors name the union,
   * rather than the nil case inline.
   */
  functionIndex(node: TypeNode): number {
    if (node.kind !== "union" || !splitNil(node, this.ctx.named)) return this.index(node);
    return this.entry("function:" + JSON.stringify(node), () => this.union(node) ?? this.fallback(node));
  }

  private entry(key: string, build: () => Expr): number {
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const at = this.entries.push(undefined) - 1;
    this.byKey.set(key, at);
    this.entries[at] = build();
    return at;
  }

  private op(code: number, ...args: Expr[]): Expr {
    return this.ctx.b.array([this.ctx.b.num(code), ...args]);
  }

  private build(node: TypeNode): Expr {
    const b = this.ctx.b;
    switch (node.kind) {
      case "string":
        return this.op(OP.STRING);
      case "number":
        return node.width === undefined ? this.op(OP.NUMBER) : this.fallback(node);
      case "boolean":
        return this.op(OP.BOOLEAN);
      case "null":
        return this.op(OP.NULL);
      case "undefined":
        return this.op(OP.UNDEFINED);
      case "unknown":
        return this.op(OP.UNKNOWN);
      case "literals":
        return this.op(OP.LITERALS, b.array(node.values.map((v) => b.lit(v))));
      case "array":
        return writeFunction(node) ? this.fallback(node) : this.op(OP.ARRAY, b.num(this.index(node.element)));
      case "record":
        return node.key.kind === "string" ? this.op(OP.RECORD, b.num(this.index(node.value))) : this.fallback(node);
      case "union": {
        const nilOr = splitNil(node, this.ctx.named);
        if (nilOr && nilOr.other.kind !== "param") {
          const nil = { null: 0, undefined: 1, both: 2 }[nilOr.nil];
          return this.op(OP.NIL_OR, b.num(nil), b.num(this.index(nilOr.other)));
        }
        return this.union(node) ?? this.fallback(node);
      }
      case "ref":
        return this.ref(node);
      default:
        return this.fallback(node);
    }
  }

  /**
   * What the interpreter does not run: the generated functions of the node, as the default mode
   * writes them (number widths, bigints, dates, binary, tuples, sets, maps, Records of template
   * keys, templates, flags, Temporal, wire mappings, positional objects, index signatures beside
   * properties, codecs linked from other modules, unions that need one of these to choose).
   */
  private fallback(node: TypeNode): Expr {
    const b = this.ctx.b;
    return this.op(OP.FALLBACK, b.id(this.ctx.encoderFor(node)), b.id(this.ctx.decoderFor(node)));
  }

  private ref(node: Ref): Expr {
    const b = this.ctx.b;
    const entry = this.ctx.entry(node);
    const shape = entry.shape;
    if (shape.kind === "alias")
      return this.op(OP.ALIAS, b.num(shape.countsDepth ? 1 : 0), b.num(this.index(shape.type)));
    if (shape.link || shape.layout === "positional" || shape.rest) return this.fallback(node);
    const flags =
      (shape.checksDepth ? CHECKS_DEPTH : 0) |
      (shape.triedStrictly ? TRIED_STRICTLY : 0) |
      (resumable(this.ctx, node) ? RESUMABLE : 0);
    const decoders = shape.properties.map((property) => {
      const nilOr = splitNil(property.type, this.ctx.named);
      if (nilOr?.nil !== "undefined") return this.index(property.type);
      return this.entry("absent:" + JSON.stringify(nilOr.other), () =>
        this.op(OP.ABSENT, b.num(this.index(nilOr.other))),
      );
    });
    const encoders = shape.properties.map((property) =>
      property.optional ? ~this.index(withoutUndefined(property.type)) : this.index(property.type),
    );
    return this.op(
      OP.OBJECT,
      b.str(entry.display),
      b.num(flags),
      b.array(shape.properties.map((property) => b.str(property.name))),
      b.array(decoders.map((i) => b.num(i))),
      b.array(encoders.map((i) => b.num(i))),
    );
  }

  /** A union by its plan (see runtime/interpret/unions.ts), or undefined when a member needs a test the interpreter lacks. */
  private union(node: Union): Expr | undefined {
    const b = this.ctx.b;
    const plan = node.plan;
    if (!plan) return undefined;
    const tag = node.tag;
    if (tag?.cases.some((c) => this.positional(node.members[c.member]!))) return undefined;
    const tests = plan.encode.map((choice) =>
      choice.by === "tag" ? TEST.ALWAYS : testOf(this.ctx, node.members[choiceMembers(choice)[0]!]!),
    );
    if (tests.some((test) => test === undefined)) return undefined;
    const cases = (choice: Choice) =>
      b.array(tag!.cases.flatMap((c, index) => (choiceMembers(choice).includes(c.member) ? [b.num(index)] : [])));
    const members = (choice: Choice) => b.array(choiceMembers(choice).map((m) => b.num(this.index(node.members[m]!))));
    const candidates = (choice: Choice) =>
      choice.by === "keys" || choice.by === "keysThenTry"
        ? [b.array(choiceMembers(choice).map((m) => this.candidate(node.members[m]!)))]
        : [];
    const encode = plan.encode.map((choice, g) =>
      b.array([
        b.num(BY[choice.by]),
        testExpr(this.ctx, tests[g]!),
        choice.by === "tag" ? cases(choice) : members(choice),
        ...candidates(choice),
      ]),
    );
    // A tag's members that resume after the union read the map's header and tag, as emit/unions.ts
    // decodeChoice has them: each its tag property's index (-1: it does not resume).
    const tagIndex = (member: TypeNode) => {
      const properties = resumable(this.ctx, member)?.properties ?? [];
      const index = properties.findIndex((property) => property.name === tag!.property);
      return index >= 0 && fixedValue(properties[index]!) !== undefined ? index : -1;
    };
    const decode = plan.decode.map(({ families, choice }) =>
      b.array([
        b.array(families.map((f) => b.num(FAMILY_CODES[f]))),
        b.num(BY[choice.by]),
        choice.by === "tag" ? cases(choice) : members(choice),
        ...(choice.by === "tag"
          ? [b.num(choiceMembers(choice).every((m) => tagIndex(node.members[m]!) >= 0) ? 1 : 0)]
          : candidates(choice)),
      ]),
    );
    const tagSpec = tag
      ? b.array([
          b.str(tag.property),
          b.array(tag.cases.map((c) => b.lit(c.value))),
          b.array(tag.cases.map((c) => b.num(this.index(node.members[c.member]!)))),
          b.array(tag.cases.map((c) => b.num(tagIndex(node.members[c.member]!)))),
        ])
      : b.num(0);
    return this.op(OP.UNION, b.str(describeUnion(this.ctx, node)), b.array(encode), b.array(decode), tagSpec);
  }

  private positional(node: TypeNode): boolean {
    const shape = node.kind === "ref" ? this.ctx.entry(node).shape : undefined;
    return shape?.kind === "object" && shape.layout === "positional";
  }

  /** `[names, required indices, 1 with an index signature]` for an object member, 0 for any other. */
  private candidate(member: TypeNode): Expr {
    const b = this.ctx.b;
    const shape: ObjectShape | undefined =
      member.kind === "ref" && this.ctx.entry(member).shape.kind === "object"
        ? (this.ctx.entry(member).shape as ObjectShape)
        : undefined;
    if (!shape) return b.num(0);
    return b.array([
      b.array(shape.properties.map((p) => b.str(p.name))),
      b.array(shape.properties.flatMap((p, i) => (p.optional ? [] : [b.num(i)]))),
      b.num(shape.rest ? 1 : 0),
    ]);
  }
}

type TestSpec = number | [number, ...unknown[]];

/** The union member test of emit/unions.ts `memberTest`, as a table code; undefined for the kinds the interpreter lacks. */
function testOf(ctx: EmitContext, node: TypeNode, depth = 0): TestSpec | undefined {
  switch (node.kind) {
    case "null":
      return TEST.NULL;
    case "undefined":
      return TEST.UNDEFINED;
    case "boolean":
      return TEST.BOOLEAN;
    case "number":
      return TEST.NUMBER;
    case "bigint":
      return TEST.BIGINT;
    case "numberOrBigint":
      return TEST.NUMBER_OR_BIGINT;
    case "string":
      return TEST.STRING;
    case "literals":
      return [TEST.LITERALS, node.values];
    case "date":
      return TEST.DATE;
    case "bytes":
      return TEST.BYTES;
    case "arrayBuffer":
      return TEST.ARRAY_BUFFER;
    case "array":
    case "tuple":
      return TEST.ARRAY;
    case "set":
      return TEST.SET;
    case "map":
      return TEST.MAP;
    case "record":
      return TEST.RECORD;
    case "unknown":
    case "param":
      return TEST.ALWAYS;
    case "union": {
      const all = node.members.map((m) => testOf(ctx, m, depth + 1));
      return all.some((t) => t === undefined) ? undefined : [TEST.ANY, ...all];
    }
    case "ref": {
      const shape = ctx.entry(node).shape;
      if (shape.kind === "object") return TEST.RECORD;
      return depth > 20 ? undefined : testOf(ctx, shape.type, depth + 1);
    }
    default:
      return undefined;
  }
}

function testExpr(ctx: EmitContext, test: TestSpec): Expr {
  const b = ctx.b;
  if (typeof test === "number") return b.num(test);
  if (test[0] === TEST.LITERALS)
    return b.array([b.num(TEST.LITERALS), b.array((test[1] as (string | number | boolean)[]).map((v) => b.lit(v)))]);
  return b.array([b.num(test[0]), ...(test.slice(1) as TestSpec[]).map((t) => testExpr(ctx, t))]);
}
