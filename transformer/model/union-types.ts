/**
 * Unions: their members in the model's order, the checks that decode can take them apart, their
 * discriminant, and (once the codec's named types are complete) their plan (unions.ts).
 */
import { nameList } from "../diagnostics/catalog.js";
import { collisionInTriedMembers, conflicting, describeIn, describeNode } from "./ambiguity.js";
import type { UnionNode, Walker } from "./walker.js";
import { TYPE, type Type } from "./checker.js";
import { familiesOf, type Family } from "./families.js";
import { flagEnums } from "./flag-enums.js";
import type { Literal, ObjectShape, TypeNode } from "./ir.js";
import { identifierFrom } from "./names.js";
import { orderUnionMembers } from "./order.js";
import { markTriedStrictly, markUnbounded, planUnion, recursesWithoutObjects, walk } from "./unions.js";

export function union(b: Walker, type: Type, path: string): TypeNode {
  const c = b.checker;
  const literals: Literal[] = [];
  const others: TypeNode[] = [];
  const ordered = orderUnionMembers(c, c.constituents(type));
  const tags = tagNames(b, ordered);
  const flags = flagEnums(b, ordered);
  for (const member of ordered) {
    if (flags.taken.has(member)) continue;
    b.nameSuffix = tags.get(member);
    const node = b.node(member, path);
    b.nameSuffix = undefined;
    if (node.kind === "literals") literals.push(...node.values);
    else others.push(node);
  }
  if (literals.includes(true) && literals.includes(false)) {
    others.unshift({ kind: "boolean" });
    literals.splice(0, literals.length, ...literals.filter((v) => typeof v !== "boolean"));
  }
  // `number` takes the numeric literals beside it (an enum with constant and computed members).
  if (others.some((n) => n.kind === "number"))
    literals.splice(0, literals.length, ...literals.filter((v) => typeof v !== "number"));
  if (literals.length > 0) others.push({ kind: "literals", values: literals });
  // A flag enum beside `number` is a number; beside another flag enum or number literals, whose
  // values could be the same int, it keeps its members alone, closed, as other enums do.
  if (flags.nodes.length > 0 && !others.some((n) => n.kind === "number" && n.width === undefined)) {
    const alone = flags.nodes.length === 1 && !literals.some((v) => typeof v === "number");
    if (alone) others.push(flags.nodes[0]!);
    else {
      const values = [...literals, ...flags.nodes.flatMap((n) => n.values)];
      const at = others.findIndex((n) => n.kind === "literals");
      if (at >= 0) others.splice(at, 1);
      others.push({ kind: "literals", values: [...new Set(values)] });
    }
  }
  if (others.some((n) => n.kind === "unknown")) return { kind: "unknown" };
  // A type parameter's values could be anything on the wire: only nil can be told apart from them.
  const param = others.find((n) => n.kind === "param");
  const beside = others.filter((n) => n !== param && n.kind !== "null" && n.kind !== "undefined");
  if (param?.kind === "param" && beside.length > 0) {
    const shown = ordered.find((t) => c.flags(t) & TYPE.TypeParameter)!;
    const nil = TYPE.Null | TYPE.Undefined;
    const rest = ordered.filter((t) => t !== shown && !(c.flags(t) & nil)).map((t) => b.text(t));
    return b.problem("typeParameterInUnion", path, b.text(shown), nameList(rest));
  }
  const numbers = distinctNumbers(others);
  // `Int8 | Int16`, `Float32 | number`: one number with two widths, which no byte could tell apart.
  if (numbers.length > 1 && numbers.some((n) => "width" in n)) {
    const widths = numbers.map((n) => describeNode(n, b.model.named));
    return b.problem("mixedWidths", path, nameList(widths));
  }
  // `Int64` is `(number & W) | (bigint & W)` to the checker: two members that model alike.
  const members = mergeNumberAndBigint(
    others.filter((n, i) => !("width" in n) || others.findIndex((o) => JSON.stringify(o) === JSON.stringify(n)) === i),
  );
  if (members.length === 1) return members[0]!;
  const shared = sharedWireFamily(b, members);
  if (shared) return b.problem("mappedInUnion", path, ...shared);
  const node: UnionNode = { kind: "union", members };
  b.unions.push({ node, path, type });
  return node;
}

/**
 * A class with a wire mapping is told apart from the other members of its union by the MessagePack
 * types of its wire type alone (decode) and by its mapping's `is` (encode), which runs first: none
 * of the others may share one of those types. The first that does, as the message's arguments.
 */
function sharedWireFamily(b: Walker, members: TypeNode[]): [string, string, string] | undefined {
  const named = b.model.named;
  for (const member of members) {
    if (member.kind !== "mapped") continue;
    const own = familiesOf(member, named);
    for (const other of members) {
      if (other === member) continue;
      const family = familiesOf(other, named).find((f) => own.includes(f));
      if (family) return [member.name, describeNode(other, named), family.toLowerCase()];
    }
  }
  return undefined;
}

/**
 * For the anonymous object members of a union that share a literal-typed property (a
 * discriminant), the suffix that names each after its value: `Payment_card`, not `Payment2`.
 * Without one, each is named after a property only it declares (`{ a: string } | { b: number }`:
 * `Value_a`, `Value_b`), when every member has one.
 */
function tagNames(b: Walker, members: readonly Type[]): Map<Type, string> {
  const c = b.checker;
  const objects = members.filter((m) => c.flags(m) & TYPE.Object && b.isAnonymous(m));
  const names = new Map<Type, string>();
  if (objects.length < 2) return names;
  for (const property of c.properties(objects[0]!)) {
    const name = c.symbolName(property);
    const symbols = objects.map((m) => c.property(m, name));
    if (symbols.some((s) => s === undefined)) continue;
    const types = c.typesOf(symbols as NonNullable<(typeof symbols)[number]>[]);
    const values = types.map((t) =>
      c.flags(t) & (TYPE.StringLiteral | TYPE.NumberLiteral) ? identifierFrom(String(c.literalValue(t))) : "",
    );
    if (values.every((v) => v !== "") && new Set(values).size === values.length) {
      objects.forEach((m, i) => names.set(m, values[i]!));
      return names;
    }
  }
  const keys = objects.map((m) => c.properties(m).map((p) => c.symbolName(p)));
  const own = keys.map((mine, i) => mine.find((k) => keys.every((theirs, j) => j === i || !theirs.includes(k))));
  if (own.every((k) => k !== undefined && identifierFrom(k) !== "")) {
    objects.forEach((m, i) => names.set(m, identifierFrom(own[i]!)));
    return names;
  }
  // Members alike in their keys: each after what a shared property holds (`{ x: A[] } | { x: AB[] }`:
  // `Value_x_A`, `Value_x_AB`), so that their functions are told apart by the type, not a counter.
  for (const property of c.properties(objects[0]!)) {
    const name = c.symbolName(property);
    const symbols = objects.map((m) => c.property(m, name));
    if (symbols.some((s) => s === undefined)) continue;
    const types = c.typesOf(symbols as NonNullable<(typeof symbols)[number]>[]);
    const held = types.map((t) => identifierFrom(name + "_" + b.text(t)));
    if (held.every((h) => h !== "") && new Set(held).size === held.length) {
      objects.forEach((m, i) => names.set(m, held[i]!));
      return names;
    }
  }
  return names;
}

/**
 * `number | bigint` becomes one member, numberOrBigint, in the place of the first of them: decode
 * can always choose (a number unless that would round), so it is no ambiguity.
 */
function mergeNumberAndBigint(members: TypeNode[]): TypeNode[] {
  const isNumeric = (m: TypeNode) => m.kind === "number" || m.kind === "bigint";
  if (!members.some((m) => m.kind === "number") || !members.some((m) => m.kind === "bigint")) return members;
  const first = members.findIndex(isNumeric);
  return members.flatMap((m, i): TypeNode[] => (!isNumeric(m) ? [m] : i === first ? [{ kind: "numberOrBigint" }] : []));
}

/** The distinct numeric members of a union (number, bigint, number | bigint, each with its width). */
function distinctNumbers(members: TypeNode[]): TypeNode[] {
  const numeric = members.filter((m) => m.kind === "number" || m.kind === "bigint" || m.kind === "numberOrBigint");
  return numeric.filter((m, i) => numeric.findIndex((o) => JSON.stringify(o) === JSON.stringify(m)) === i);
}

/**
 * Checks the unions the codec's walk met. A union type used in several places (`type Ids =
 * Set<number> | number[]`) is one cause: reported where it is first reached. Every occurrence
 * still gets its discriminant.
 */
export function checkUnions(b: Walker): void {
  const checked = new Set<Type>();
  for (const { node, path, type } of b.unions) {
    checkUnion(b, node, path, !checked.has(type));
    checked.add(type);
  }
}

/** Rejects unions that decode could not take apart (when `report`), and finds the discriminant of object unions. */
function checkUnion(b: Walker, node: UnionNode, path: string, report: boolean): void {
  const named = b.model.named;
  const owners = new Map<Family, TypeNode>();
  const reported = new Set<Family>();
  for (const member of node.members) {
    for (const family of familiesOf(member, named)) {
      const other = owners.get(family);
      // Once per family: `Set<T> | T[] | U[]` is one problem (the Set among arrays), not two.
      if (report && other && !reported.has(family) && conflicting(other, member, family, named)) {
        const [first, second] = [describeIn(other, family, named), describeIn(member, family, named)];
        b.problem("ambiguousUnion", path, first, second, family.toLowerCase());
        reported.add(family);
      }
      if (!other) owners.set(family, member);
    }
  }
  const objects = node.members
    .map((member, index) => ({ member, index, shape: member.kind === "ref" ? named[member.name]?.shape : undefined }))
    .filter((m): m is { member: TypeNode; index: number; shape: ObjectShape } => m.shape?.kind === "object");
  if (objects.length < 2) return;
  for (const candidate of objects[0]!.shape.properties) {
    const cases: { value: Literal; member: number }[] = [];
    const ok = objects.every(({ shape, index }) => {
      const property = shape.properties.find((p) => p.name === candidate.name);
      if (!property || property.optional || property.type.kind !== "literals") return false;
      for (const value of property.type.values) {
        if (cases.some((c) => c.value === value)) return false;
        cases.push({ value, member: index });
      }
      return true;
    });
    if (ok) {
      node.tag = { property: candidate.name, cases };
      // Written positionally, the discriminant is found by its index, which must be the same in every member.
      const at = objects.map(({ shape }) => shape.properties.findIndex((p) => p.name === candidate.name));
      if (report && objects.some(({ shape }) => shape.layout === "positional") && new Set(at).size > 1) {
        const members = objects.map(({ member }, i) => `${describeNode(member, named)} at ${at[i]}`);
        b.problem("positionalTagIndex", path, JSON.stringify(candidate.name), nameList(members, 4));
      }
      return;
    }
  }
}

/**
 * Gives every union reachable from `root` its plan (unions.ts), once its members' named types are
 * complete; unions made beside the walk (a tuple's optional element) get their discriminant too.
 * Then marks the object types that a union may try strictly, and those whose values can nest
 * without bound.
 */
export function planAll(b: Walker, root: TypeNode): void {
  const named = b.model.named;
  walk([root], named, (node) => {
    if (node.kind !== "union" || node.plan) return;
    if (!node.tag) checkUnion(b, node, "$", false);
    node.plan = planUnion(node, named);
  });
  markTriedStrictly([root], named);
  markUnbounded([root], named);
  for (const name of walk([root], named, () => {})) {
    const shape = named[name]!.shape;
    if (shape.kind === "alias") shape.countsDepth = recursesWithoutObjects(name, named);
  }
}

/**
 * Rejects unions whose members a union tries on one value (`{ x: Map<K, V> } | { x: Record<K, V> }`)
 * and that hold values decode could not tell apart one level down or deeper (ambiguity.ts).
 */
export function checkTriedMembers(b: Walker): void {
  const reported = new Set<Type>();
  for (const { node, path, type } of b.unions) {
    if (reported.has(type) || !node.plan) continue;
    const collision = collisionInTriedMembers(node.members, node.plan, b.model.named);
    if (!collision) continue;
    reported.add(type);
    const [first, second] = collision.between.map((member) => describeNode(member, b.model.named));
    const { at, family } = collision;
    b.problem("ambiguousInside", path, first!, second!, at, collision.first, collision.second, family.toLowerCase());
  }
}
