/**
 * Encode-side hostility: walks a valid value along its type model, lists every place a wrong value
 * could go (a "slot", with the path the codec should name), and replaces one of them with a value
 * a JS caller or an `as any` could pass.
 */
import type { TypeNode } from "../../../transformer/model/ir";
import { keySegment } from "../../../runtime/internal";
import { conforms, type Named } from "./arbitrary";
import { show } from "./equal";

export interface Slot {
  /** The path an encode error about this slot should name (or a prefix of it, for unions). */
  path: string;
  /** Replaces the value here; `REMOVE` deletes an object property instead. */
  set(value: unknown): void;
  /** Present when the slot is a required property that can be deleted. */
  required?: boolean;
  /** Path of the outermost enclosing union whose members the encoder tells apart by trying them. */
  unionPath?: string;
}

/** Unions whose encoder tries members in turn (several object or array members, no discriminant). */
function triesMembers(node: Extract<TypeNode, { kind: "union" }>, named: Named): boolean {
  if (node.tag) return false;
  const objects = node.members.filter(
    (m) => m.kind === "record" || (m.kind === "ref" && named[m.name]!.shape.kind === "object"),
  ).length;
  const arrays = node.members.filter((m) => m.kind === "array" || m.kind === "tuple").length;
  return objects > 1 || arrays > 1;
}

/** How the codecs name a Map or template-Record key in a path (the older form "{key}" is accepted too). */
export const KEY_SEGMENT = ".<key>";
export function normalizeKeySegments(path: string): string {
  return path.split("{key}").join(KEY_SEGMENT);
}

export const REMOVE = Symbol("remove the property");
export const ROOT = Symbol("the root value itself (makes a cycle)");

/** Values that do not belong where they are put (most of the time; the check tolerates those that do). */
export const BAD_VALUES: { label: string; make: () => unknown }[] = [
  { label: "string", make: () => "oops" },
  { label: "int", make: () => 42 },
  { label: "float", make: () => 1.5 },
  { label: "NaN", make: () => NaN },
  { label: "null", make: () => null },
  { label: "undefined", make: () => undefined },
  { label: "true", make: () => true },
  { label: "empty object", make: () => ({}) },
  { label: "empty array", make: () => [] },
  { label: "invalid Date", make: () => new Date(NaN) },
  { label: "Date", make: () => new Date(0) },
  { label: "Uint8Array", make: () => new Uint8Array([1]) },
  { label: "ArrayBuffer", make: () => new ArrayBuffer(1) },
  { label: "Map", make: () => new Map([[1, 2]]) },
  { label: "Set", make: () => new Set([1]) },
  { label: "bigint > 64 bits", make: () => 2n ** 70n },
  { label: "bigint", make: () => 7n },
  { label: "symbol", make: () => Symbol("x") },
  { label: "function", make: () => () => 1 },
  { label: "near-miss template", make: () => "user-x" },
  { label: "mixed array", make: () => [1, "a", null] },
  // biome-ignore lint/suspicious/noSparseArray: a hole is the case under test
  { label: "sparse array", make: () => [, 1] },
  { label: "null-prototype object", make: () => Object.create(null) },
  { label: "Map with object key", make: () => new Map([[{ a: 1 }, 1]]) },
  { label: "Map with float key", make: () => new Map([[1.5, 1]]) },
  { label: "Map with boolean key", make: () => new Map([[true, 1]]) },
  { label: "Int16Array", make: () => new Int16Array(2) },
  { label: "object with symbol-valued key", make: () => ({ a: Symbol("s") }) },
  { label: "lone surrogate", make: () => "\ud800" },
  { label: "remove property", make: () => REMOVE },
  { label: "cycle to root", make: () => ROOT },
];

/** Every slot of `value` (a valid value of `node`), parents before children. */
export function slotsOf(
  node: TypeNode,
  value: unknown,
  named: Named,
  path: string,
  set: (x: unknown) => void,
  out: Slot[] = [],
  depth = 0,
  unionPath?: string,
): Slot[] {
  if (depth > 200) return out;
  const d = depth + 1;
  out.push({ path, set, unionPath });
  if (node.kind === "union" && unionPath === undefined && triesMembers(node, named)) unionPath = path;
  if (node.kind === "ref" && unionPath === undefined) {
    const shape = named[node.name]!.shape;
    if (shape.kind === "alias" && shape.type.kind === "union" && triesMembers(shape.type, named)) unionPath = path;
  }
  const walk = (n: TypeNode, v: unknown, p: string, s: (x: unknown) => void) =>
    slotsOf(n, v, named, p, s, out, d, unionPath);
  switch (node.kind) {
    case "array":
      if (Array.isArray(value))
        value.forEach((x, i) =>
          walk(node.element, x, `${path}[${i}]`, (y) => {
            value[i] = y;
          }),
        );
      break;
    case "tuple":
      if (Array.isArray(value)) {
        const fixed = node.elements.filter((e) => e.mode !== "rest");
        const rest = node.elements.find((e) => e.mode === "rest");
        value.forEach((x, i) => {
          const e = i < fixed.length ? fixed[i] : rest;
          if (e)
            walk(e.type, x, `${path}[${i}]`, (y) => {
              value[i] = y;
            });
        });
      }
      break;
    case "set":
      if (value instanceof Set) {
        [...value].forEach((x, i) =>
          walk(node.element, x, `${path}[${i}]`, (y) => {
            const items = [...value];
            items[i] = y;
            value.clear();
            items.forEach((item) => value.add(item));
          }),
        );
      }
      break;
    case "map":
      if (value instanceof Map) {
        [...value].forEach(([k, x], i) => {
          walk(node.key, k, path + KEY_SEGMENT, (y) => {
            const entries = [...value];
            entries[i] = [y, x];
            value.clear();
            entries.forEach(([a, b]) => value.set(a, b));
          });
          walk(node.value, x, path + keySegment(k, i), (y) => {
            value.set(k, y);
          });
        });
      }
      break;
    case "record":
      if (typeof value === "object" && value !== null) {
        const o = value as Record<string, unknown>;
        for (const k of Object.keys(o)) {
          if (o[k] === undefined) continue;
          walk(node.value, o[k], path + keySegment(k), (y) => {
            o[k] = y;
          });
          if (node.key.kind === "template") {
            out.push({
              path: path + KEY_SEGMENT,
              set: (y) => {
                const v = o[k];
                delete o[k];
                Object.defineProperty(o, typeof y === "string" ? y : "not-a-match " + String(typeof y), {
                  value: v,
                  enumerable: true,
                  writable: true,
                  configurable: true,
                });
              },
            });
          }
        }
      }
      break;
    case "union": {
      const member = node.members.find((m) => conforms(m, value, named));
      if (member) {
        const before = out.length;
        walk(member, value, path, set);
        out.splice(before, 1); // the member's own slot duplicates this one
        // A discriminant set to another member's value selects that member, whose error may be anywhere in the object.
        if (node.tag) {
          const tagPath = path + keySegment(node.tag.property);
          const tagSlot = out.slice(before).find((s) => s.path === tagPath);
          if (tagSlot && tagSlot.unionPath === undefined) tagSlot.unionPath = path;
        }
      }
      break;
    }
    case "ref": {
      const entry = named[node.name]!;
      if (entry.shape.kind === "alias") {
        const before = out.length;
        walk(entry.shape.type, value, path, set);
        out.splice(before, 1);
        break;
      }
      if (typeof value !== "object" || value === null) break;
      const o = value as Record<string, unknown>;
      for (const p of entry.shape.properties) {
        const has = Object.prototype.hasOwnProperty.call(o, p.name) && o[p.name] !== undefined;
        const at = path + keySegment(p.name);
        if (!has) continue;
        const index = out.length;
        walk(p.type, o[p.name], at, (y) => {
          if (y === REMOVE) delete o[p.name];
          else o[p.name] = y;
        });
        if (!p.optional && out[index]) out[index]!.required = true;
      }
      if (entry.shape.rest) {
        const names = new Set(entry.shape.properties.map((p) => p.name));
        for (const k of Object.keys(o)) {
          if (names.has(k) || o[k] === undefined) continue;
          walk(entry.shape.rest, o[k], path + keySegment(k), (y) => {
            if (y === REMOVE) delete o[k];
            else o[k] = y;
          });
        }
      }
      break;
    }
    case "unknown":
      if (Array.isArray(value))
        value.forEach((x, i) =>
          walk(node, x, `${path}[${i}]`, (y) => {
            value[i] = y;
          }),
        );
      else if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
        const o = value as Record<string, unknown>;
        for (const k of Object.keys(o))
          walk(node, o[k], path + keySegment(k), (y) => {
            o[k] = y;
          });
      }
      break;
  }
  return out;
}

/** Deep copy that keeps classes the codecs care about and own `__proto__` keys. */
export function clone<T>(v: T, seen = new Map<unknown, unknown>()): T {
  if (typeof v !== "object" || v === null) return v;
  if (seen.has(v)) return seen.get(v) as T;
  let out: unknown;
  if (v instanceof Date) out = new Date(v.getTime());
  else if (v instanceof Uint8Array) out = v.slice();
  else if (v instanceof ArrayBuffer) out = v.slice(0);
  else if (ArrayBuffer.isView(v))
    out = v; // other typed arrays only appear as bad values
  else if (v instanceof Map) {
    const m = new Map();
    seen.set(v, m);
    for (const [k, x] of v) m.set(clone(k, seen), clone(x, seen));
    return m as T;
  } else if (v instanceof Set) {
    const s = new Set();
    seen.set(v, s);
    for (const x of v) s.add(clone(x, seen));
    return s as T;
  } else if (Array.isArray(v)) {
    const a: unknown[] = new Array(v.length);
    seen.set(v, a);
    for (let i = 0; i < v.length; i++) if (i in v) a[i] = clone(v[i], seen);
    return a as T;
  } else {
    const o = Object.create(Object.getPrototypeOf(v));
    seen.set(v, o);
    for (const k of Object.keys(v))
      Object.defineProperty(o, k, {
        value: clone((v as Record<string, unknown>)[k], seen),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return o;
  }
  seen.set(v, out);
  return out as T;
}

export interface Corruption {
  value: unknown;
  slot: Slot;
  label: string;
  /** True when the corrupted value is still a valid T by the independent oracle. */
  stillValid: boolean;
  description: string;
}

/** Copies `value` and corrupts slot `slotSeed` (mod the number of slots) with bad value `badSeed`. */
export function corrupt(node: TypeNode, named: Named, value: unknown, slotSeed: number, badSeed: number): Corruption {
  const box = { root: clone(value) };
  const slots = slotsOf(node, box.root, named, "$", (y) => {
    box.root = y;
  });
  const slot = slots[slotSeed % slots.length]!;
  const bad = BAD_VALUES[badSeed % BAD_VALUES.length]!;
  const made = bad.make();
  if (made === REMOVE) {
    if (slot.required) slot.set(REMOVE);
    else slot.set(undefined);
  } else if (made === ROOT) {
    slot.set(box.root);
  } else {
    slot.set(made);
  }
  const cyclic = made === ROOT && slot.path !== "$";
  return {
    value: box.root,
    slot,
    label: bad.label,
    // A cycle through properties the type does not declare is invisible to the codec, so the
    // oracle judges cyclic values too (it stops, as valid, at ORACLE_DEPTH; encode then says too-deep).
    stillValid: conforms(node, box.root, named),
    description: `${bad.label} at ${slot.path}${cyclic ? "" : ": " + show(box.root, 400)}`,
  };
}
