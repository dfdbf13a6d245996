import { GENERATED_CODE_VERSION } from "../../runtime/codec.js";
import { BY, CHECKS_DEPTH, OP, RESUMABLE, TEST, TRIED_STRICTLY } from "../../runtime/interpret/table.js";
import { resolveAlias, splitNil } from "../model/families.js";
import type { Choice, ObjectShape, TypeNode } from "../model/ir.js";
import { choiceMembers, withoutUndefined } from "../model/unions.js";
import type { Build, Expr } from "./build-base.js";
import type { EmitContext } from "./context.js";
import { fixedValue, resumable } from "./objects.js";
import { writeFunction } from "./scalars.js";
import { describeUnion, FAMILY_CODES } from "./unions.js";

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
  const element = resolved.kind === "array" ? [table.functionIndex(resolved.element)] : [];
  const { entries, renumber } = table.finish();
  const interpret = ctx.linked({ module: interpretEntry(runtimeModule), exportName: "interpret" });
  return b.call(
    interpret,
    b.named(b.num(GENERATED_CODE_VERSION), "generated-code version"),
    b.array(entries.map((entry) => dataExpr(b, entry, renumber))),
    ...[rootIndex, ...element].map((i) => b.num(renumber[i]!)),
  );
}

/** A reference to another entry, numbered when the table is finished. */
class EntryRef {
  readonly index: number;
  readonly optional: boolean;
  constructor(index: number, optional = false) {
    this.index = index;
    this.optional = optional;
  }
}

/** A generated function the table names (FALLBACK). */
class FunctionRef {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

type Data = number | string | boolean | null | EntryRef | FunctionRef | Data[];

function dataExpr(b: Build, data: Data, renumber: number[]): Expr {
  if (Array.isArray(data)) return b.array(data.map((d) => dataExpr(b, d, renumber)));
  if (data instanceof EntryRef) return b.num(data.optional ? ~renumber[data.index]! : renumber[data.index]!);
  if (data instanceof FunctionRef) return b.id(data.name);
  return data === null ? b.null() : b.lit(data);
}

class TableBuilder {
  private readonly entries: (Data[] | undefined)[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly ctx: EmitContext;

  constructor(ctx: EmitContext) {
    this.ctx = ctx;
  }

  /**
   * The entries, and the number each gets: the most referenced first, so that the references that
   * fill the table are mostly one or two digits (Stripe.Event's table: 12 % smaller gzipped).
   */
  finish(): { entries: Data[][]; renumber: number[] } {
    const uses = this.entries.map(() => 0);
    const count = (data: Data): void => {
      if (Array.isArray(data)) data.forEach(count);
      else if (data instanceof EntryRef) uses[data.index]!++;
    };
    this.entries.forEach((entry) => count(entry!));
    const order = this.entries.map((_, i) => i).sort((x, y) => uses[y]! - uses[x]! || x - y);
    const renumber: number[] = [];
    order.forEach((old, i) => {
      renumber[old] = i;
    });
    return { entries: order.map((old) => this.entries[old]!), renumber };
  }

  /** The entry of `node`, added with what it reaches on first request. */
  index(node: TypeNode): number {
    return this.entry(node.kind === "ref" ? "ref:" + node.name : JSON.stringify(node), () => this.build(node));
  }

  private ref(node: TypeNode): EntryRef {
    return new EntryRef(this.index(node));
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

  private entry(key: string, build: () => Data[]): number {
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const at = this.entries.push(undefined) - 1;
    this.byKey.set(key, at);
    this.entries[at] = build();
    return at;
  }

  private build(node: TypeNode): Data[] {
    switch (node.kind) {
      case "string":
        return [OP.STRING];
      case "number":
        return node.width === undefined ? [OP.NUMBER] : this.fallback(node);
      case "boolean":
        return [OP.BOOLEAN];
      case "null":
        return [OP.NULL];
      case "undefined":
        return [OP.UNDEFINED];
      case "literals":
        // Over 16 values of several kinds are read as any value and tested: readDynamic, which
        // the interpreter leaves to generated code (and so out of bundles that need none).
        return node.values.length > 16 && new Set(node.values.map((v) => typeof v)).size > 1
          ? this.fallback(node)
          : [OP.LITERALS, node.values];
      case "array":
        return writeFunction(node) ? this.fallback(node) : [OP.ARRAY, this.ref(node.element)];
      case "record":
        return node.key.kind === "string" ? [OP.RECORD, this.ref(node.value)] : this.fallback(node);
      case "union": {
        const nilOr = splitNil(node, this.ctx.named);
        if (nilOr && nilOr.other.kind !== "param")
          return [OP.NIL_OR, { null: 0, undefined: 1, both: 2 }[nilOr.nil], this.ref(nilOr.other)];
        return this.union(node) ?? this.fallback(node);
      }
      case "ref":
        return this.named(node);
      default:
        return this.fallback(node);
    }
  }

  /**
   * What the interpreter does not run: the generated functions of the node, as the default mode
   * writes them (`unknown`, number widths, bigints, dates, binary, tuples, sets, maps, Records of template
   * keys, templates, flags, Temporal, wire mappings, number arrays, positional objects, index
   * signatures beside properties, codecs linked from other modules, unions that need one of these
   * to choose).
   */
  private fallback(node: TypeNode): Data[] {
    return [OP.FALLBACK, new FunctionRef(this.ctx.encoderFor(node)), new FunctionRef(this.ctx.decoderFor(node))];
  }

  private named(node: Ref): Data[] {
    const entry = this.ctx.entry(node);
    const shape = entry.shape;
    if (shape.kind === "alias") return [OP.ALIAS, shape.countsDepth ? 1 : 0, this.ref(shape.type)];
    if (shape.link || shape.layout === "positional" || shape.rest) return this.fallback(node);
    const flags =
      (shape.checksDepth ? CHECKS_DEPTH : 0) |
      (shape.triedStrictly ? TRIED_STRICTLY : 0) |
      (resumable(this.ctx, node) ? RESUMABLE : 0);
    // One entry per property, which writes and reads it (runtime/interpret/objects.ts), except an
    // optional union with undefined that is not `T | undefined`: its encoder is the union's without
    // undefined, whose errors name no undefined (SPLIT).
    const types = shape.properties.map((property) => {
      const type = property.type;
      const split =
        property.optional &&
        type.kind === "union" &&
        !splitNil(type, this.ctx.named) &&
        withoutUndefined(type) !== type;
      const index = split
        ? this.entry("split:" + JSON.stringify(type), () => [
            OP.SPLIT,
            this.ref(type),
            this.ref(withoutUndefined(type)),
          ])
        : this.index(type);
      return new EntryRef(index, property.optional);
    });
    return [OP.OBJECT, entry.display, flags, this.names(shape), types];
  }

  /** A union by its plan (see runtime/interpret/unions.ts), or undefined when a member needs a test the interpreter lacks. */
  private union(node: Union): Data[] | undefined {
    const plan = node.plan;
    if (!plan) return undefined;
    const tag = node.tag;
    if (tag?.cases.some((c) => this.positional(node.members[c.member]!))) return undefined;
    const tests = plan.encode.map((choice) =>
      choice.by === "tag" ? TEST.ALWAYS : testOf(this.ctx, node.members[choiceMembers(choice)[0]!]!),
    );
    if (tests.some((test) => test === undefined)) return undefined;
    const cases = (choice: Choice) =>
      tag!.cases.flatMap((c, index) => (choiceMembers(choice).includes(c.member) ? [index] : []));
    const members = (choice: Choice) => choiceMembers(choice).map((m) => this.ref(node.members[m]!));
    const candidates = (choice: Choice): Data[] =>
      choice.by === "keys" || choice.by === "keysThenTry"
        ? [choiceMembers(choice).map((m) => this.candidate(node.members[m]!))]
        : [];
    const encode = plan.encode.map((choice, g): Data[] => [
      BY[choice.by],
      tests[g]!,
      choice.by === "tag" ? cases(choice) : members(choice),
      ...candidates(choice),
    ]);
    // A tag's members that resume after the union read the map's header and tag, as emit/unions.ts
    // decodeChoice has them: each its tag property's index (-1: it does not resume).
    const tagIndex = (member: TypeNode) => {
      const properties = resumable(this.ctx, member)?.properties ?? [];
      const index = properties.findIndex((property) => property.name === tag!.property);
      return index >= 0 && fixedValue(properties[index]!) !== undefined ? index : -1;
    };
    const decode = plan.decode.map(({ families, choice }): Data[] => [
      families.map((f) => FAMILY_CODES[f]),
      BY[choice.by],
      choice.by === "tag" ? cases(choice) : members(choice),
      ...(choice.by === "tag"
        ? [choiceMembers(choice).every((m) => tagIndex(node.members[m]!) >= 0) ? 1 : 0]
        : candidates(choice)),
    ]);
    const tagSpec: Data = tag
      ? [
          tag.property,
          tag.cases.map((c) => c.value),
          tag.cases.map((c) => this.ref(node.members[c.member]!)),
          tag.cases.map((c) => tagIndex(node.members[c.member]!)),
        ]
      : 0;
    return [OP.UNION, describeUnion(this.ctx, node), encode, decode, tagSpec];
  }

  /** The NAMES entry of an object type's property names, shared by every object type and union member that has them. */
  private names(shape: ObjectShape): EntryRef {
    const names = shape.properties.map((property) => property.name);
    return new EntryRef(this.entry("names:" + JSON.stringify(names), () => [OP.NAMES, names]));
  }

  private positional(node: TypeNode): boolean {
    const shape = node.kind === "ref" ? this.ctx.entry(node).shape : undefined;
    return shape?.kind === "object" && shape.layout === "positional";
  }

  /** `[NAMES entry, required indices, 1 with an index signature]` for an object member, 0 for any other. */
  private candidate(member: TypeNode): Data {
    const shape = member.kind === "ref" ? this.ctx.entry(member).shape : undefined;
    if (shape?.kind !== "object") return 0;
    return [this.names(shape), shape.properties.flatMap((p, i) => (p.optional ? [] : [i])), shape.rest ? 1 : 0];
  }
}

type TestSpec = number | [number, ...Data[]];

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
      return all.some((t) => t === undefined) ? undefined : [TEST.ANY, ...(all as TestSpec[])];
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
