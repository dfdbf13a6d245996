import type { Family, NamedType, TypeNode } from "./ir.js";

export type { Family };
export const ALL_FAMILIES: readonly Family[] = ["NIL", "BOOL", "INT", "FLOAT", "STR", "BIN", "ARRAY", "MAP", "EXT"];

/** Families in which a value of `node` may arrive. `unknown` arrives in all of them. */
export function familiesOf(node: TypeNode, named: Record<string, NamedType>, seen = new Set<string>()): Family[] {
  switch (node.kind) {
    case "null":
    case "undefined":
      return ["NIL"];
    case "boolean":
      return ["BOOL"];
    // An integer width takes ints alone: a float is a mismatch, even a whole one.
    case "number":
    case "numberOrBigint":
      return node.width && node.width !== "float32" && node.width !== "float64" ? ["INT"] : ["INT", "FLOAT"];
    case "bigint":
      return ["INT"];
    case "string":
    case "template":
      return ["STR"];
    case "flags":
      return ["INT", "FLOAT"];
    case "temporal":
      return node.type === "Instant" ? ["EXT"] : ["STR"];
    case "mapped":
      return node.ext === undefined ? familiesOf(node.wire, named, seen) : ["EXT"];
    case "literals": {
      const out = new Set<Family>();
      for (const v of node.values) {
        if (typeof v === "string") out.add("STR");
        else if (typeof v === "boolean") out.add("BOOL");
        else {
          out.add("INT");
          out.add("FLOAT");
        }
      }
      return [...out];
    }
    case "date":
      return ["EXT"];
    case "bytes":
    case "arrayBuffer":
      return ["BIN"];
    case "array":
    case "tuple":
    case "set":
      return ["ARRAY"];
    case "map":
    case "record":
      return ["MAP"];
    case "unknown":
    case "param":
      return [...ALL_FAMILIES];
    case "union": {
      const out = new Set<Family>();
      for (const m of node.members) for (const f of familiesOf(m, named, seen)) out.add(f);
      return [...out];
    }
    case "ref": {
      const entry = named[node.name];
      if (!entry || seen.has(node.name)) return [];
      if (entry.shape.kind === "object") return [entry.shape.layout === "positional" ? "ARRAY" : "MAP"];
      seen.add(node.name);
      return familiesOf(entry.shape.type, named, seen);
    }
  }
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
