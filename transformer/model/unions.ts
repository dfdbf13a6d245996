/**
 * How each union picks its member (UnionPlan): decided here once, for both directions, from the
 * members alone. The emitter writes what the plan says; the runtime's pickByKeys / pickMember /
 * writeFirstOf / firstOf carry it out.
 */
import { familiesOf } from "./families.js";
import { kindInfo, type MemberTest } from "./kinds.js";
import type { Choice, Family, NamedType, ObjectShape, TypeNode, UnionPlan } from "./ir.js";

type UnionNode = Extract<TypeNode, { kind: "union" }>;
type Named = Record<string, NamedType>;

/** The plan of `node`, whose members' named types are complete. */
export function planUnion(node: UnionNode, named: Named): UnionPlan {
  // A Temporal value or a mapped class's (model/union-types.ts) is an object with a prototype of its
  // own, which an object type's test (isRecordLike) would take: their own tests (the toStringTag,
  // the mapping's `is`) go first.
  const groups = [...groupBy(node.members, (member) => testOf(member, named)).values()];
  const ownTest = (g: number[]) => memberTest(node.members[g[0]!]!, named).beforeObjects === true;
  const temporalFirst = [...groups.filter(ownTest), ...groups.filter((g) => !ownTest(g))];
  const encode = temporalFirst.map((members) => choose(node, members, named));
  const byFamily = new Map<Family, number[]>();
  node.members.forEach((member, i) => {
    for (const family of familiesOf(member, named)) byFamily.set(family, [...(byFamily.get(family) ?? []), i]);
  });
  // `null | undefined` both arrive as nil: decode takes null, which the type says is possible.
  const nil = byFamily.get("NIL");
  if (nil && nil.length > 1) byFamily.set("NIL", [nil.find((i) => node.members[i]!.kind !== "undefined") ?? nil[0]!]);
  // Families with the same members (INT and FLOAT for `number`) share one entry.
  const decode: UnionPlan["decode"] = [];
  for (const [family, members] of byFamily) {
    const same = decode.find((entry) => sameMembers(entry.choice, members));
    if (same) same.families.push(family);
    else decode.push({ families: [family], choice: choose(node, members, named) });
  }
  return { encode, decode };
}

/** The members a choice ranges over. */
export function choiceMembers(choice: Choice): number[] {
  return choice.by === "only" ? [choice.member] : choice.members;
}

function sameMembers(choice: Choice, members: number[]): boolean {
  const mine = choiceMembers(choice);
  return mine.length === members.length && mine.every((m, i) => m === members[i]);
}

function choose(node: UnionNode, members: number[], named: Named): Choice {
  if (members.length === 1) return { by: "only", member: members[0]! };
  // Positional object types carry no keys: their discriminant is read by its position, else they are tried.
  const positional = members.filter((i) => objectShape(node.members[i]!, named)?.layout === "positional");
  if (positional.length > 0) {
    const tag = node.tag;
    const tagged =
      positional.length === members.length &&
      tag !== undefined &&
      members.every((i) => tag.cases.some((c) => c.member === i));
    return tagged ? { by: "tag", members } : { by: "try", members };
  }
  const keyed = members.map((i) => keysOf(node.members[i]!, named));
  if (keyed.every((k) => k !== undefined)) {
    const tag = node.tag;
    if (tag && members.every((i) => tag.cases.some((c) => c.member === i))) return { by: "tag", members };
    return { by: tiesPossible(keyed as Keys[]) ? "keysThenTry" : "keys", members };
  }
  return { by: "try", members };
}

/** An object member's keys: declared (null: any, for a Record or an index signature) and required. */
interface Keys {
  declared: Set<string> | null;
  required: string[];
}

function keysOf(member: TypeNode, named: Named): Keys | undefined {
  if (member.kind === "record") return { declared: null, required: [] };
  const shape = objectShape(member, named);
  if (!shape) return undefined;
  return {
    declared: shape.rest ? null : new Set(shape.properties.map((p) => p.name)),
    required: shape.properties.filter((p) => !p.optional).map((p) => p.name),
  };
}

/**
 * Whether one set of keys could fit two members alike: every key either requires is declared by
 * both. If no pair can, keys leave at most one member that covers a value's keys.
 */
function tiesPossible(keyed: Keys[]): boolean {
  const declares = (k: Keys, name: string) => k.declared === null || k.declared.has(name);
  for (let i = 0; i < keyed.length; i++) {
    for (let j = i + 1; j < keyed.length; j++) {
      const [a, b] = [keyed[i]!, keyed[j]!];
      if ([...a.required, ...b.required].every((name) => declares(a, name) && declares(b, name))) return true;
    }
  }
  return false;
}

/**
 * Members with the same JS-side test share a group (model/kinds.ts `test`): object types and
 * Records, arrays and tuples, else one each.
 */
function testOf(member: TypeNode, named: Named): string {
  return memberTest(member, named).group ?? JSON.stringify(member);
}

function memberTest(member: TypeNode, named: Named): MemberTest {
  return kindInfo(member.kind).test(member as never, named);
}

function objectShape(member: TypeNode, named: Named): ObjectShape | undefined {
  const shape = member.kind === "ref" ? named[member.name]?.shape : undefined;
  return shape?.kind === "object" ? shape : undefined;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => groups.set(key(item), [...(groups.get(key(item)) ?? []), i]));
  return groups;
}

/**
 * Marks `triedStrictly` on every object type reachable from a member that some union tries
 * (`try`, `keysThenTry`): a strict attempt must see a property such a type would drop.
 */
export function markTriedStrictly(roots: TypeNode[], named: Named): void {
  const tried: TypeNode[] = [];
  walk(roots, named, (node) => {
    if (node.kind !== "union" || !node.plan) return;
    for (const choice of node.plan.encode) {
      if (choice.by === "try" || choice.by === "keysThenTry")
        tried.push(...choice.members.map((i) => node.members[i]!));
    }
  });
  for (const name of walk(tried, named, () => {})) {
    const shape = named[name]?.shape;
    if (shape?.kind === "object" && !shape.link) shape.triedStrictly = true;
  }
}

/**
 * Marks `checksDepth` on every local object type reachable from `roots` that lies on a cycle of
 * named types or reaches a linked codec.
 */
export function markUnbounded(roots: TypeNode[], named: Named): void {
  for (const name of walk(roots, named, () => {})) {
    const shape = named[name]!.shape;
    if (shape.kind !== "object" || shape.link) continue;
    let reachesLink = false;
    const inside = [...shape.properties.map((property) => property.type), ...(shape.rest ? [shape.rest] : [])];
    const reached = walk(inside, named, (node) => {
      // Another module's codec might lead back. (A codec passed to a generic factory checks its own
      // depth; a composed codec checks what the same type written out would.)
      if (node.kind === "ref" && objectShape(node, named)?.link) reachesLink = true;
    });
    if (reachesLink || reached.has(name)) shape.checksDepth = true;
  }
}

/** Visits every type node reachable from `roots`, following each named type once; returns the names reached. */
export function walk(roots: TypeNode[], named: Named, visit: (node: TypeNode) => void): Set<string> {
  const names = new Set<string>();
  const go = (node: TypeNode): void => {
    visit(node);
    if (node.kind === "ref") {
      const shape = named[node.name]?.shape;
      if (names.has(node.name) || !shape) return;
      names.add(node.name);
      if (shape.kind === "object") {
        shape.properties.forEach((property) => go(property.type));
        if (shape.rest) go(shape.rest);
      } else go(shape.type);
      return;
    }
    childrenOf(node).forEach(go);
  };
  roots.forEach(go);
  return names;
}

/** The type nodes directly inside `node` (refs are not followed). */
function childrenOf(node: TypeNode): TypeNode[] {
  switch (node.kind) {
    case "array":
    case "set":
      return [node.element];
    case "map":
      return [node.key, node.value];
    case "record":
      return [node.key, node.value];
    case "tuple":
      return node.elements.map((e) => e.type);
    case "union":
      return node.members;
    case "mapped":
      return [node.wire];
    default:
      return [];
  }
}

/**
 * `node` without member `index` (an optional property's `undefined`, which encode writes as
 * absence), its tag and plan renumbered. One member left: that member.
 */
export function withoutMember(node: UnionNode, index: number): TypeNode {
  const members = node.members.filter((_, i) => i !== index);
  if (members.length === 1) return members[0]!;
  const renumber = (i: number) => (i > index ? i - 1 : i);
  const out: UnionNode = { kind: "union", members };
  if (node.tag) out.tag = { ...node.tag, cases: node.tag.cases.map((c) => ({ ...c, member: renumber(c.member) })) };
  if (node.plan) {
    const choice = (c: Choice): Choice | undefined => {
      if (c.by === "only") return c.member === index ? undefined : { by: "only", member: renumber(c.member) };
      const left = c.members.filter((i) => i !== index).map(renumber);
      return left.length === 1 ? { by: "only", member: left[0]! } : { ...c, members: left };
    };
    out.plan = {
      encode: node.plan.encode.flatMap((c) => choice(c) ?? []),
      decode: node.plan.decode.flatMap((entry) => {
        const c = choice(entry.choice);
        return c ? [{ families: entry.families, choice: c }] : [];
      }),
    };
  }
  return out;
}

/** `node | undefined`; a union made beside the walk gets its tag and plan with the others (union-types.ts planAll). */
export function withUndefined(node: TypeNode): TypeNode {
  if (node.kind === "undefined" || node.kind === "unknown") return node;
  if (node.kind === "union")
    return node.members.some((m) => m.kind === "undefined")
      ? node
      : { kind: "union", members: [...node.members, { kind: "undefined" }] };
  return { kind: "union", members: [node, { kind: "undefined" }] };
}

/** An optional property's type as encode writes it and a schema shows it: absent and undefined are both left out. */
export function withoutUndefined(node: TypeNode): TypeNode {
  const index = node.kind === "union" ? node.members.findIndex((m) => m.kind === "undefined") : -1;
  return node.kind === "union" && index >= 0 ? withoutMember(node, index) : node;
}

/**
 * Whether the alias `name` reaches itself without passing an object type (each of which counts a
 * level of depth itself): then each pass through the alias counts one. Every cycle of the model
 * goes through a named type, so each counts somewhere, and none counts twice for one nesting
 * (`E[]` named before `E`, a union of objects, recurses through E's object members).
 */
export function recursesWithoutObjects(name: string, named: Named): boolean {
  const seen = new Set<string>();
  const go = (node: TypeNode): boolean => {
    if (node.kind !== "ref") return childrenOf(node).some(go);
    if (node.name === name) return true;
    const shape = named[node.name]?.shape;
    if (shape?.kind !== "alias" || seen.has(node.name)) return false;
    seen.add(node.name);
    return go(shape.type);
  };
  const shape = named[name]?.shape;
  return shape?.kind === "alias" && go(shape.type);
}
