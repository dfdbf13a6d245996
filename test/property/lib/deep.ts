/**
 * Values nested a few hundred levels deep, derived from the type model like arbitrary.ts's: a
 * recursive named type is wrapped in itself, level after level, along a route through its
 * properties, elements, map values and union members (a new route at each level), every other
 * required part at its smallest value. Built iteratively, so the depth is not bounded by the stack.
 */
import fc from "fast-check";
import type { TypeNode } from "../../../transformer/model/ir";
import { minimalValue, objectFromEntries, recursiveNames, type Named } from "./arbitrary";

/** Builds a value of a type around `inner` (a value of the target type); `objects`: object types passed. */
type Wrap = (inner: unknown, pick: (n: number) => number) => { value: unknown; objects: number };

/** Ways from `node` to a value of the named type `target`, or undefined when none. */
function route(node: TypeNode, target: string, named: Named, visiting: Set<string>): Wrap | undefined {
  const smallest = (n: TypeNode) => minimalValue(n, named);
  switch (node.kind) {
    case "ref": {
      if (node.name === target) return (inner) => ({ value: inner, objects: 0 });
      if (visiting.has(node.name)) return undefined;
      const inside = new Set(visiting).add(node.name);
      const entry = named[node.name]!;
      if (entry.shape.kind === "alias") return route(entry.shape.type, target, named, inside);
      const properties = entry.shape.properties;
      // Every required property needs a finite value besides the one on the route.
      const rest = properties.map((p) => (p.optional ? undefined : smallest(p.type)));
      const ways = properties
        .map((p, i) => ({ i, way: route(p.type, target, named, inside) }))
        .filter((w) => w.way !== undefined && properties.every((p, j) => j === w.i || p.optional || rest[j]));
      if (ways.length === 0) return undefined;
      return (inner, pick) => {
        const chosen = ways[pick(ways.length)]!;
        const down = chosen.way!(inner, pick);
        const entries: [string, unknown][] = [];
        // Fresh smallest values at every level: a shared one would alias across levels.
        properties.forEach((p, i) => {
          if (i === chosen.i) entries.push([p.name, down.value]);
          else if (rest[i]) entries.push([p.name, smallest(p.type)!.value]);
        });
        return { value: objectFromEntries(entries), objects: down.objects + 1 };
      };
    }
    case "array":
    case "set": {
      const way = route(node.element, target, named, visiting);
      if (!way) return undefined;
      return (inner, pick) => {
        const down = way(inner, pick);
        return { value: node.kind === "set" ? new Set([down.value]) : [down.value], objects: down.objects };
      };
    }
    case "map":
    case "record": {
      const way = route(node.value, target, named, visiting);
      const k = smallest(node.key);
      if (!way || !k) return undefined;
      return (inner, pick) => {
        const down = way(inner, pick);
        const value =
          node.kind === "map"
            ? new Map([[k.value, down.value]])
            : objectFromEntries([[node.key.kind === "string" ? "k" : String(k.value), down.value]]);
        return { value, objects: down.objects };
      };
    }
    case "tuple": {
      const elements = node.elements;
      // Optional elements are left out; a route through one is not taken (the rest of the tuple is).
      const ways = elements
        .map((e, i) => ({ i, way: e.mode === "optional" ? undefined : route(e.type, target, named, visiting) }))
        .filter((w) => w.way !== undefined);
      const fixed = elements.map((e) => (e.mode === "required" ? smallest(e.type) : undefined));
      if (ways.length === 0 || elements.some((e, i) => e.mode === "required" && !fixed[i])) return undefined;
      return (inner, pick) => {
        const chosen = ways[pick(ways.length)]!;
        const down = chosen.way!(inner, pick);
        const out: unknown[] = [];
        elements.forEach((e, i) => {
          if (i === chosen.i) out.push(down.value);
          else if (e.mode === "required") out.push(smallest(e.type)!.value);
        });
        return { value: out, objects: down.objects };
      };
    }
    case "union": {
      const ways = node.members.map((m) => route(m, target, named, visiting)).filter((w) => w !== undefined);
      if (ways.length === 0) return undefined;
      return (inner, pick) => ways[pick(ways.length)]!(inner, pick);
    }
    default:
      return undefined;
  }
}

export interface DeepOptions {
  /**
   * Most object levels in one value. The codecs' maxDepth is 1000, but a recursive alias whose
   * recursion can bypass object types (`type J = { a: J[] } | J[]`) counts a level of its own on each
   * pass too, so 450 keeps clear of it.
   */
  maxObjects?: number;
}

/**
 * Values of `root` nested through one of its recursive types up to `maxObjects` object levels
 * (shrinking towards fewer levels), or undefined when `root` reaches no recursive type.
 */
export function deepArb(root: TypeNode, named: Named, options: DeepOptions = {}): fc.Arbitrary<unknown> | undefined {
  const maxObjects = options.maxObjects ?? 450;
  for (const target of recursiveNames(named)) {
    const outer = route(root, target, named, new Set());
    const self = named[target]!;
    const wrap =
      self.shape.kind === "alias"
        ? route(self.shape.type, target, named, new Set([target]))
        : routeThroughObject(target, named);
    if (!outer || !wrap || !minimalValue({ kind: "ref", name: target }, named)) continue;
    return fc.tuple(fc.integer({ min: 1, max: maxObjects }), fc.integer()).map(([levels, seed]) => {
      let s = seed >>> 0;
      const pick = (n: number) => {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        return (s >>> 8) % n;
      };
      let value = minimalValue({ kind: "ref", name: target }, named)!.value;
      let objects = 1;
      while (objects < levels) {
        const up = wrap(value, pick);
        // A level that passes no object type still nests (a recursive alias counts its own level).
        objects += Math.max(1, up.objects);
        value = up.value;
      }
      return outer(value, pick).value;
    });
  }
  return undefined;
}

/** One level of a recursive object type: the object, its route through a property back to itself. */
function routeThroughObject(target: string, named: Named): Wrap | undefined {
  const entry = named[target]!;
  if (entry.shape.kind !== "object") return undefined;
  // Rename the target so that the walk enters the object once, then stops at the next reference to it.
  const copy: Named = { ...named, "\0outer": entry };
  return route({ kind: "ref", name: "\0outer" }, target, copy, new Set());
}
