import type { Family, NamedType, TypeNode } from "./ir.js";
import { ALL_FAMILIES, kindInfo } from "./kinds.js";

export type { Family };
export { ALL_FAMILIES };

/** Families in which a value of `node` may arrive (model/kinds.ts `families`). `unknown` arrives in all of them. */
export function familiesOf(node: TypeNode, named: Record<string, NamedType>, seen = new Set<string>()): Family[] {
  const of = (n: TypeNode) => familiesOf(n, named, seen);
  return [...kindInfo(node.kind).families(node as never, { named, seen, of })];
}

/** Resolves references to aliases (not to objects) down to the node they name. */
export function resolveAlias(node: TypeNode, named: Record<string, NamedType>): TypeNode {
  for (let guard = 0; node.kind === "ref" && guard < 100; guard++) {
    const shape = named[node.name]?.shape;
    if (!shape || shape.kind === "object") return node;
    node = shape.type;
  }
  return node;
}

/**
 * `T | null` / `T | undefined` / `T | null | undefined` where T itself never arrives as nil: its two
 * parts. Also where T is a type parameter: nil is then taken to be the union's own, as the model
 * allows a type parameter in a union with nil alone.
 */
export function splitNil(
  node: TypeNode,
  named: Record<string, NamedType>,
): { nil: "null" | "undefined" | "both"; other: TypeNode } | undefined {
  if (node.kind !== "union") return undefined;
  const others = node.members.filter((m) => m.kind !== "null" && m.kind !== "undefined");
  if (others.length !== 1 || others.length === node.members.length) return undefined;
  if (others[0]!.kind !== "param" && familiesOf(others[0]!, named).includes("NIL")) return undefined;
  const has = (kind: string) => node.members.some((m) => m.kind === kind);
  return { nil: has("null") ? (has("undefined") ? "both" : "null") : "undefined", other: others[0]! };
}
