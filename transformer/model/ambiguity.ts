/**
 * Unions that decode could not take apart: members that arrive in one MessagePack family as values
 * of different kinds (`Set<T> | T[]`, `bigint | 0`). At the top of a union that is checked member
 * by member (union-types.ts); inside members that a union tries on the same value (a `try` or
 * `keysThenTry` choice: `{ x: Map<K, V> } | { x: Record<K, V> }`) it is checked here, one level
 * down or deeper, since the first member that took the bytes would turn the other's values into
 * its own kind.
 */
import { familiesOf, resolveAlias } from "./families.js";
import { describeNode } from "./kinds.js";
import { choiceMembers } from "./unions.js";
import { propertySegment, type Family, type NamedType, type ObjectShape, type TypeNode, type UnionPlan } from "./ir.js";

type Named = Record<string, NamedType>;

/** Whether two members of one union would arrive in the same family with no way to tell them apart. */
export function conflicting(a: TypeNode, b: TypeNode, family: Family, named: Named): boolean {
  const kinds = [kindOf(a, named), kindOf(b, named)];
  switch (family) {
    case "INT":
      return kinds.includes("bigint");
    case "BIN":
      return true;
    case "EXT":
      return true;
    // A string that is a Temporal type's ISO 8601 form would come back as that type (and one of
    // them may be another's, with a calendar); literals are tried before it, and are not.
    case "STR":
      return kinds.includes("temporal") && !kinds.includes("literals");
    case "ARRAY":
      return kinds.includes("set");
    case "MAP":
      return kinds.includes("map");
    default:
      return false;
  }
}

/** Two values of the members of one union, at `at` inside them, that decode could not tell apart. */
export interface Collision {
  /** The two members. */
  between: [TypeNode, TypeNode];
  /** The path inside the members (`.x`, `.items[]`). */
  at: string;
  first: string;
  second: string;
  family: Family;
}

/**
 * The first collision inside the members that some choice of `plan` tries on one value, or
 * undefined. Members told apart by a discriminant or by their keys are never both decoded from
 * one value, so only `try` and `keysThenTry` choices are looked into.
 */
export function collisionInTriedMembers(members: TypeNode[], plan: UnionPlan, named: Named): Collision | undefined {
  for (const choice of [...plan.encode, ...plan.decode.map((entry) => entry.choice)]) {
    if (choice.by !== "try" && choice.by !== "keysThenTry") continue;
    const tried = choiceMembers(choice).map((i) => members[i]!);
    for (let i = 0; i < tried.length; i++) {
      for (let j = i + 1; j < tried.length; j++) {
        const collision = collisionInside(tried[i]!, tried[j]!, named, "", new Set());
        if (collision) return { between: [tried[i]!, tried[j]!], ...collision };
      }
    }
  }
  return undefined;
}

/** Where values of `a` and `b` at the same place are of kinds decode could not tell apart. */
function collisionInside(
  a: TypeNode,
  b: TypeNode,
  named: Named,
  at: string,
  seen: Set<string>,
): Omit<Collision, "between"> | undefined {
  const key = JSON.stringify([a, b]);
  if (seen.has(key)) return undefined;
  seen.add(key);
  for (const x of alternatives(a, named)) {
    for (const y of alternatives(b, named)) {
      if (at !== "" && kindOf(x, named) !== kindOf(y, named)) {
        const theirs = familiesOf(y, named);
        for (const family of familiesOf(x, named)) {
          if (theirs.includes(family) && conflicting(x, y, family, named)) {
            return { at, first: describeIn(x, family, named), second: describeIn(y, family, named), family };
          }
        }
      }
      for (const [p, q, step] of samePlaces(x, y, named)) {
        const inner = collisionInside(p, q, named, at + step, seen);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

/** The members of a union (aliases resolved, unions flattened), else the node itself. */
function alternatives(node: TypeNode, named: Named): TypeNode[] {
  const resolved = resolveAlias(node, named);
  return resolved.kind === "union" ? resolved.members.flatMap((m) => alternatives(m, named)) : [resolved];
}

/** The parts of two values of kinds that share a wire form which sit at the same place: elements, values, properties. */
function samePlaces(x: TypeNode, y: TypeNode, named: Named): [TypeNode, TypeNode, string][] {
  const sequence = (n: TypeNode): TypeNode | undefined =>
    n.kind === "array" || n.kind === "set" ? n.element : undefined;
  if (x.kind === "tuple" && y.kind === "tuple") {
    const length = Math.min(x.elements.length, y.elements.length);
    return Array.from({ length }, (_, i) => [x.elements[i]!.type, y.elements[i]!.type, `[${i}]`]);
  }
  const xs = sequence(x);
  const ys = sequence(y);
  if (xs && ys) return [[xs, ys, "[]"]];
  if (xs && y.kind === "tuple") return y.elements.map((e, i) => [xs, e.type, `[${i}]`]);
  if (ys && x.kind === "tuple") return x.elements.map((e, i) => [e.type, ys, `[${i}]`]);
  if (x.kind === "map" && y.kind === "map")
    return [
      [x.key, y.key, ".<key>"],
      [x.value, y.value, "[]"],
    ];
  const xo = keyedValues(x, named);
  const yo = keyedValues(y, named);
  if (!xo || !yo) return [];
  const out: [TypeNode, TypeNode, string][] = [];
  for (const [name, type] of xo.properties) {
    const other = yo.properties.get(name) ?? yo.rest;
    if (other) out.push([type, other, propertySegment(name)]);
  }
  for (const [name, type] of yo.properties)
    if (!xo.properties.has(name) && xo.rest) out.push([xo.rest, type, propertySegment(name)]);
  if (xo.rest && yo.rest) out.push([xo.rest, yo.rest, "[string]"]);
  return out;
}

/** What a map of string keys holds: an object type's properties (and index signature), or a Record's values. */
function keyedValues(node: TypeNode, named: Named): { properties: Map<string, TypeNode>; rest?: TypeNode } | undefined {
  if (node.kind === "record") return { properties: new Map(), rest: node.value };
  const shape: ObjectShape | undefined =
    node.kind === "ref" && named[node.name]?.shape.kind === "object"
      ? (named[node.name]!.shape as ObjectShape)
      : undefined;
  // A linked type's properties are only what unions need to tell members apart.
  if (!shape || shape.link) return undefined;
  const properties = new Map(shape.properties.map((p): [string, TypeNode] => [p.name, p.type]));
  return shape.rest ? { properties, rest: shape.rest } : { properties };
}

function kindOf(node: TypeNode, named: Named): string {
  if (node.kind !== "ref") return node.kind;
  const shape = named[node.name]?.shape;
  return !shape || shape.kind === "object" ? "object" : kindOf(shape.type, named);
}

export { describeNode };

/** How a union member is named where it arrives as `family`: of `true | 255`, only 255 is an int. */
export function describeIn(node: TypeNode, family: Family, named: Named): string {
  if (node.kind !== "literals") return describeNode(node, named);
  const values = node.values.filter((v) => familiesOf({ kind: "literals", values: [v] }, named).includes(family));
  return describeNode({ kind: "literals", values }, named);
}
