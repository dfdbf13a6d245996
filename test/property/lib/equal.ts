/**
 * Deep equality as docs/type-mapping.md states the contract: an absent property equals an `undefined` one
 * (and a trailing `undefined` array element an absent optional tuple element),
 * NaN equals NaN, -0 differs from 0, Dates compare by time, bytes by content, Maps and Sets by
 * their entries in order. Returns undefined when equal, else where and how they differ.
 */
import { ExtData } from "../../../runtime/index";
import { hex } from "../../helpers/bytes";

export function difference(
  a: unknown,
  b: unknown,
  path = "$",
  options: { nullForAbsent?: boolean } = {},
): string | undefined {
  // Iterative, so that values nested thousands of levels deep compare without a stack overflow.
  const stack: [unknown, unknown, string][] = [[a, b, path]];
  while (stack.length > 0) {
    const [x, y, at] = stack.pop()!;
    const children: [unknown, unknown, string][] = [];
    // Positional layout: an absent optional property before a present one is nil, which `x?: T | null`
    // reads as null (docs/wire-contracts.md, "Positional layout"). So `a` may hold null where `b` has nothing; not the reverse.
    if (options.nullForAbsent && x === null && y === undefined) continue;
    const d = shallowDifference(x, y, at, children);
    if (d) return d;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}

function shallowDifference(
  a: unknown,
  b: unknown,
  path: string,
  children: [unknown, unknown, string][],
): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== typeof b) return `${path}: ${show(a)} vs ${show(b)}`;
  if (typeof a !== "object" || a === null || b === null) return `${path}: ${show(a)} vs ${show(b)}`;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime())
      ? undefined
      : `${path}: ${show(a)} vs ${show(b)}`;
  }
  if (a instanceof ArrayBuffer || b instanceof ArrayBuffer) {
    if (!(a instanceof ArrayBuffer && b instanceof ArrayBuffer)) return `${path}: ${show(a)} vs ${show(b)}`;
    children.push([new Uint8Array(a), new Uint8Array(b), path]);
    return undefined;
  }
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array)) return `${path}: ${show(a)} vs ${show(b)}`;
    return a.length === b.length && a.every((x, i) => x === b[i]) ? undefined : `${path}: bytes ${hex(a)} vs ${hex(b)}`;
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map)) return `${path}: ${show(a)} vs ${show(b)}`;
    children.push([[...a], [...b], path + "<map entries>"]);
    return undefined;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set)) return `${path}: ${show(a)} vs ${show(b)}`;
    children.push([[...a], [...b], path + "<set>"]);
    return undefined;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!(Array.isArray(a) && Array.isArray(b))) return `${path}: ${show(a)} vs ${show(b)}`;
    // Trailing `undefined`s are absent optional tuple elements (`[id: number, name?: string]`):
    // [0, undefined] and [0] are the same value, as an absent property equals an undefined one.
    const la = lengthWithoutTrailingUndefined(a),
      lb = lengthWithoutTrailingUndefined(b);
    if (la !== lb) return `${path}: array length ${a.length} vs ${b.length}`;
    for (let i = 0; i < la; i++) children.push([a[i], b[i], `${path}[${i}]`]);
    return undefined;
  }
  if (a instanceof ExtData !== b instanceof ExtData) return `${path}: ${show(a)} vs ${show(b)}`;
  const ra = a as Record<string, unknown>,
    rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) children.push([own(ra, k), own(rb, k), `${path}[${JSON.stringify(k)}]`]);
  return undefined;
}

function lengthWithoutTrailingUndefined(a: unknown[]): number {
  let n = a.length;
  while (n > 0 && a[n - 1] === undefined) n--;
  return n;
}

/** Own property value (never an inherited one: `constructor`, `__proto__`, `toString` are data here). */
export function own(o: Record<string, unknown>, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}

/** A short, safe description of any value for failure messages. */
export function show(v: unknown, budget = 300): string {
  let out: string;
  try {
    out = describe(v, 0);
  } catch (e) {
    out = `<unprintable: ${String(e)}>`;
  }
  return out.length > budget ? out.slice(0, budget) + "…" : out;
}

function describe(v: unknown, depth: number): string {
  if (depth > 6) return "…";
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "bigint":
      return `${v}n`;
    case "number":
      return Object.is(v, -0) ? "-0" : String(v);
    case "undefined":
      return "undefined";
    case "symbol":
      return v.toString();
    case "function":
      return "[function]";
    case "boolean":
      return String(v);
  }
  if (v === null) return "null";
  if (v instanceof Date) return `Date(${Number.isNaN(v.getTime()) ? "invalid" : v.toISOString()})`;
  if (v instanceof Uint8Array) return `bytes(${hex(v)})`;
  if (v instanceof ArrayBuffer) return `ArrayBuffer(${hex(new Uint8Array(v))})`;
  if (v instanceof ExtData) return `ExtData(${v.type}, ${hex(v.data)})`;
  if (v instanceof Map)
    return `Map{${[...v].map(([k, x]) => `${describe(k, depth + 1)} => ${describe(x, depth + 1)}`).join(", ")}}`;
  if (v instanceof Set) return `Set{${[...v].map((x) => describe(x, depth + 1)).join(", ")}}`;
  if (Array.isArray(v)) return `[${Array.from(v, (x) => describe(x, depth + 1)).join(", ")}]`;
  const proto = Object.getPrototypeOf(v);
  const tag =
    proto === Object.prototype ? "" : proto === null ? "<null proto>" : `<${proto?.constructor?.name ?? "?"}>`;
  return `${tag}{${Object.keys(v as object)
    .map((k) => `${JSON.stringify(k)}: ${describe((v as Record<string, unknown>)[k], depth + 1)}`)
    .join(", ")}}`;
}

/** Marks a value @msgpack/msgpack's mapping does not cover (its decode would differ by design). */
export const NOT_APPLICABLE = Symbol("not applicable");

/**
 * What @msgpack/msgpack's `decode(bytes, { useBigInt64: true })` yields for the bytes we write for
 * `v`: Sets and tuples are arrays, Maps and Records objects, ArrayBuffer a Uint8Array, undefined in
 * arrays nil, undefined properties absent, and every int 64 (which we write for integers outside
 * the int 32 / uint 32 range) a bigint. NOT_APPLICABLE where its mapping has no equivalent
 * (non-str/int Map keys, keys that collide once stringified, `__proto__`, which it refuses).
 */
export function peerExpectation(v: unknown): unknown {
  switch (typeof v) {
    case "number":
      return Number.isSafeInteger(v) && !Object.is(v, -0) && (v >= 2 ** 32 || v < -(2 ** 31)) ? BigInt(v) : v;
    case "undefined":
      return null;
    case "object":
      break;
    default:
      return v;
  }
  if (v === null || v instanceof Date || v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (v instanceof ExtData) return { type: v.type, data: v.data };
  if (Array.isArray(v) || v instanceof Set) {
    const out: unknown[] = [];
    for (const x of v) {
      const e = peerExpectation(x);
      if (e === NOT_APPLICABLE) return NOT_APPLICABLE;
      out.push(e);
    }
    return out;
  }
  const entries: [unknown, unknown][] =
    v instanceof Map ? [...v] : Object.keys(v).map((k) => [k, (v as Record<string, unknown>)[k]]);
  const out = new Map<string, unknown>();
  for (const [k, x] of entries) {
    if (x === undefined && !(v instanceof Map)) continue; // omitted on the wire
    if (typeof k !== "string" && typeof k !== "number") return NOT_APPLICABLE;
    if (typeof peerExpectation(k) === "bigint") return NOT_APPLICABLE; // an int 64 key decodes as bigint, which it refuses as a key
    const key = String(k);
    if (key === "__proto__" || out.has(key)) return NOT_APPLICABLE;
    const e = peerExpectation(x);
    if (e === NOT_APPLICABLE) return NOT_APPLICABLE;
    out.set(key, e);
  }
  return Object.fromEntries(out);
}

/** Compares a peer's decoded value with `peerExpectation` (peer ExtData and plain objects alike by fields). */
export function peerDifference(expected: unknown, actual: unknown): string | undefined {
  return difference(normalizePeer(expected), normalizePeer(actual));
}

function normalizePeer(v: unknown): unknown {
  if (typeof v !== "object" || v === null || v instanceof Date || v instanceof Uint8Array) return v;
  if (Array.isArray(v)) return v.map(normalizePeer);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, normalizePeer(x)]));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v))
    Object.defineProperty(out, k, {
      value: normalizePeer((v as Record<string, unknown>)[k]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
