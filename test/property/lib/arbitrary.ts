/**
 * fast-check arbitraries derived from the transformer's type model (transformer/model/ir.ts), and
 * `conforms`, an independent JS-side check that a value is a valid T. A new type in the zoo needs
 * neither a hand-written arbitrary nor a hand-written validity check.
 */
import fc from "fast-check";
import type { Literal, NamedType, ObjectShape, TemplateHole, TypeNode } from "../../../transformer/model/ir";
import { ExtData } from "../../../runtime/index";
import { isTemplateMember } from "../../../runtime/template";
import { isFlags } from "../../../runtime/flags";
import { isTemporal } from "../../../runtime/temporal";

/** The jest process has no global Temporal to make values with: test/roundtrip/temporal.test.ts covers them. */
const NO_TEMPORAL =
  "no Temporal values in property tests: see test/roundtrip/temporal.test.ts and test/interop/temporal-node26.test.ts";

/** A mapped class's values come from its mapping, which the model only names: test/roundtrip/wire-mappings.test.ts covers them. */
const NO_MAPPED = "no values of mapped classes in property tests: see test/roundtrip/wire-mappings.test.ts";

export type Named = Record<string, NamedType>;

export interface ArbitraryOptions {
  /** How many times a recursive named type may be entered before values are cut to their smallest form. */
  recursion?: number;
  /** Longest array / set / map / record generated. */
  maxLength?: number;
  /** Nesting allowed for `unknown` values. */
  unknownDepth?: number;
}

/** Keys that have bitten JS parsers before; mixed into every generated record / unknown map. */
export const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "0",
  "1",
  "",
  "a.b",
  "x[0]",
];

const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  31,
  32,
  127,
  128,
  -32,
  -33,
  255,
  256,
  65535,
  65536,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 32 - 1,
  2 ** 32,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  2 ** 53,
  -(2 ** 53),
  1.5,
  -1.5,
  0.1,
  NaN,
  Infinity,
  -Infinity,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  3.4028234663852886e38,
];

export const numberArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
);

export const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  // Past the 64-byte threshold where UTF-8 goes through the platform codec, and past str 8.
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 30, maxLength: 300 }) },
);

export const bigintArb: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt(-(2n ** 63n), 2n ** 64n - 1n),
  fc.constantFrom(0n, -1n, 2n ** 64n - 1n, -(2n ** 63n), 2n ** 53n, -(2n ** 53n) - 1n),
);

/** Texts `${number}` takes beyond what String(n) writes: other radixes, signs, whitespace, exponents. */
const NUMBER_TEXTS = ["0x1F", "0o17", "0b101", " 1", "1\n", "+5", "-.5", "5.", "1E3", "-0", " "];
/** Texts `${bigint}` takes beyond what String(n) writes. */
const BIGINT_TEXTS = ["0x1f", "-0X10", "0b11", "0o7", "-0"];

/**
 * Members of a template literal type: a part per placeholder between the texts, kept when the
 * whole is a member (a part may hold the text after it, which the checker's rule splits at).
 */
export function templateArb(node: Extract<TypeNode, { kind: "template" }>): fc.Arbitrary<string> {
  const { texts, holes } = node;
  const part = (hole: TemplateHole, i: number): fc.Arbitrary<string> => {
    // A placeholder followed by an empty text takes one character.
    if (i < holes.length - 1 && texts[i + 1] === "")
      return hole === "string" ? fc.string({ minLength: 1, maxLength: 1 }) : fc.integer({ min: 0, max: 9 }).map(String);
    if (hole === "string") return fc.string({ unit: "binary", maxLength: 8 });
    if (hole === "bigint") return fc.oneof(bigintArb.map(String), fc.constantFrom(...BIGINT_TEXTS));
    return fc.oneof(numberArb.filter((n) => Number.isFinite(n)).map(String), fc.constantFrom(...NUMBER_TEXTS));
  };
  return fc
    .tuple(...holes.map(part))
    .map((parts) => texts[0] + parts.map((p, i) => p + texts[i + 1]).join(""))
    .filter((s) => isTemplateMember(s, texts, holes));
}

export const dateArb: fc.Arbitrary<Date> = fc.oneof(
  fc.date({ noInvalidDate: true }),
  fc
    .constantFrom(-1, 0, 999, 1000, 2 ** 32 * 1000, 2 ** 34 * 1000 - 1, 2 ** 34 * 1000, 8.64e15, -8.64e15, -1001)
    .map((ms) => new Date(ms)),
);

export const bytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 250, maxLength: 300 }) },
);

export const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
);

/** Builds an object from entries with own properties only, `__proto__` included (as JSON.parse does). */
export function objectFromEntries(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
  return out;
}

function uniqueEntries<V>(
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<V>,
  maxLength: number,
): fc.Arbitrary<[string, V][]> {
  return fc.uniqueArray(fc.tuple(key, value), { maxLength, selector: ([k]) => k });
}

/**
 * The bigints that come back as bigints from `unknown` and `number | bigint`: 64-bit ints outside
 * the safe range (inside it, an int decodes as a number, so a bigint there would not round-trip).
 */
export const wideIntArb: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt(2n ** 53n, 2n ** 64n - 1n),
  fc.bigInt(-(2n ** 63n), -(2n ** 53n) - 1n),
);

/** Values an `unknown` round-trips exactly (the dynamic mapping of @msgpack/msgpack's defaults). */
export function unknownArb(depth: number, maxLength: number): fc.Arbitrary<unknown> {
  const leaves: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.boolean(),
    numberArb,
    stringArb,
    bytesArb,
    dateArb,
    wideIntArb,
    fc
      .tuple(
        fc.integer({ min: -128, max: 127 }).filter((t) => t !== -1),
        fc.uint8Array({ maxLength: 20 }),
      )
      .map(([t, d]) => new ExtData(t, d)),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const inner = unknownArb(depth - 1, maxLength);
  return fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...leaves) },
    { weight: 1, arbitrary: fc.array(inner, { maxLength }) },
    { weight: 1, arbitrary: uniqueEntries(keyArb, inner, maxLength).map(objectFromEntries) },
  );
}

/** Names of named types that can reach themselves: recursion budgets apply to these only. */
export function recursiveNames(named: Named): Set<string> {
  const out = new Set<string>();
  const refsOf = (node: TypeNode, acc: Set<string>): void => {
    switch (node.kind) {
      case "ref":
        acc.add(node.name);
        break;
      case "array":
      case "set":
        refsOf(node.element, acc);
        break;
      case "map":
      case "record":
        refsOf(node.key, acc);
        refsOf(node.value, acc);
        break;
      case "tuple":
        node.elements.forEach((e) => refsOf(e.type, acc));
        break;
      case "union":
        node.members.forEach((m) => refsOf(m, acc));
        break;
    }
  };
  const direct = new Map<string, Set<string>>();
  for (const [name, entry] of Object.entries(named)) {
    const acc = new Set<string>();
    if (entry.shape.kind === "alias") refsOf(entry.shape.type, acc);
    else {
      entry.shape.properties.forEach((p) => refsOf(p.type, acc));
      if (entry.shape.rest) refsOf(entry.shape.rest, acc);
    }
    direct.set(name, acc);
  }
  for (const name of direct.keys()) {
    const seen = new Set<string>();
    const stack = [...direct.get(name)!];
    while (stack.length) {
      const n = stack.pop()!;
      if (n === name) {
        out.add(name);
        break;
      }
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(direct.get(n) ?? []));
    }
  }
  return out;
}

/**
 * The smallest value of `node` (empty containers, optional properties absent, the first member of
 * a union that terminates), built fresh on every call; undefined when none is finite.
 */
export function minimalValue(
  node: TypeNode,
  named: Named,
  visiting = new Set<string>(),
): { value: unknown } | undefined {
  switch (node.kind) {
    case "null":
      return { value: null };
    case "undefined":
      return { value: undefined };
    case "boolean":
      return { value: false };
    case "number":
      return { value: 0 };
    case "bigint":
      return { value: 0n };
    case "numberOrBigint":
      return { value: 0 };
    case "string":
      return { value: "" };
    case "literals":
      return { value: node.values[0] };
    case "flags":
      return { value: 0 };
    case "template":
      return { value: fc.sample(templateArb(node), { numRuns: 1, seed: 1 })[0] };
    case "temporal":
      throw new Error(NO_TEMPORAL);
    case "mapped":
      throw new Error(NO_MAPPED);
    case "date":
      return { value: new Date(0) };
    case "bytes":
      return { value: new Uint8Array(0) };
    case "arrayBuffer":
      return { value: new ArrayBuffer(0) };
    case "array":
      return { value: [] };
    case "set":
      return { value: new Set() };
    case "map":
      return { value: new Map() };
    case "record":
      return { value: {} };
    case "unknown":
      return { value: null };
    case "tuple": {
      const out: unknown[] = [];
      for (const e of node.elements) {
        if (e.mode !== "required") break;
        const m = minimalValue(e.type, named, visiting);
        if (!m) return undefined;
        out.push(m.value);
      }
      return { value: out };
    }
    case "union": {
      for (const m of node.members) {
        const v = minimalValue(m, named, visiting);
        if (v) return v;
      }
      return undefined;
    }
    case "ref": {
      if (visiting.has(node.name)) return undefined;
      const entry = named[node.name]!;
      const inner = new Set(visiting).add(node.name);
      if (entry.shape.kind === "alias") return minimalValue(entry.shape.type, named, inner);
      const out: Record<string, unknown> = {};
      for (const p of entry.shape.properties) {
        if (p.optional) continue;
        const v = minimalValue(p.type, named, inner);
        if (!v) return undefined;
        out[p.name] = v.value;
      }
      return { value: out };
    }
  }
}

/** An arbitrary for values of `node`, derived from the type model alone. */
export function arbitraryFor(node: TypeNode, named: Named, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const recursion = options.recursion ?? 3;
  const maxLength = options.maxLength ?? 5;
  const unknownDepth = options.unknownDepth ?? 3;
  const recursive = recursiveNames(named);
  const cache = new Map<string, fc.Arbitrary<unknown>>();

  const build = (n: TypeNode, budget: number): fc.Arbitrary<unknown> => {
    const key = JSON.stringify(n) + "@" + budget;
    let arb = cache.get(key);
    if (!arb) {
      arb = make(n, budget);
      cache.set(key, arb);
    }
    return arb;
  };

  const make = (n: TypeNode, budget: number): fc.Arbitrary<unknown> => {
    switch (n.kind) {
      case "null":
        return fc.constant(null);
      case "undefined":
        return fc.constant(undefined);
      case "boolean":
        return fc.boolean();
      case "number":
        return numberArb;
      case "bigint":
        return bigintArb;
      case "numberOrBigint":
        return fc.oneof(numberArb, wideIntArb);
      case "string":
        return stringArb;
      case "literals":
        return fc.constantFrom(...n.values);
      case "flags":
        // Any subset of the bits, OR-ed (0 for none).
        return fc.subarray(n.values).map((bits) => bits.reduce((sum, bit) => sum + bit, 0));
      case "template":
        return templateArb(n);
      case "temporal":
        throw new Error(NO_TEMPORAL);
      case "mapped":
        throw new Error(NO_MAPPED);
      case "date":
        return dateArb;
      case "bytes":
        return bytesArb;
      case "arrayBuffer":
        return bytesArb.map((b) => b.slice().buffer);
      case "unknown":
        return unknownArb(unknownDepth, maxLength);
      case "param":
        throw new Error("the zoo's types are concrete: a type parameter has no values of its own");
      case "array":
        return fc.array(build(n.element, budget), { maxLength });
      case "set":
        return fc.array(build(n.element, budget), { maxLength }).map((xs) => new Set(xs));
      case "map":
        return fc.array(fc.tuple(build(n.key, budget), build(n.value, budget)), { maxLength }).map((es) => new Map(es));
      case "record": {
        const key =
          n.key.kind === "template"
            ? (build(n.key, budget) as fc.Arbitrary<string>)
            : n.key.kind === "number"
              ? numberArb.map(String)
              : keyArb;
        return uniqueEntries(key, build(n.value, budget), maxLength).map(objectFromEntries);
      }
      case "tuple": {
        const parts: fc.Arbitrary<unknown[]>[] = [];
        const required = n.elements.filter((e) => e.mode === "required").map((e) => build(e.type, budget));
        // A present optional element is defined: a trailing `undefined` is a separate contract question
        // (see test/hostile/encode.test.ts), not something every round trip should trip over.
        const optional = n.elements
          .filter((e) => e.mode === "optional")
          .map((e) => build(withoutUndefined(e.type), budget));
        const rest = n.elements.find((e) => e.mode === "rest");
        parts.push(fc.tuple(...required));
        // Optional elements: a prefix of them is present (never a hole).
        parts.push(fc.integer({ min: 0, max: optional.length }).chain((k) => fc.tuple(...optional.slice(0, k))));
        if (rest) parts.push(fc.array(build(rest.type, budget), { maxLength }));
        return fc.tuple(...parts).map((chunks) => {
          const [req, opt, more] = chunks as [unknown[], unknown[], unknown[] | undefined];
          // A rest element needs every optional element before it, which the type model never mixes.
          return [...req, ...opt, ...(more && opt.length === optional.length ? more : [])];
        });
      }
      case "union":
        return fc.oneof(...n.members.map((m) => build(m, budget)));
      case "ref": {
        const entry = named[n.name]!;
        let inner = budget;
        if (recursive.has(n.name)) {
          if (budget <= 0) {
            const min = minimalValue(n, named);
            if (!min) throw new Error(`arbitraryFor: recursive type ${n.name} has no finite value`);
            return fc.constant(null).map(() => minimalValue(n, named)!.value);
          }
          inner = budget - 1;
        }
        if (entry.shape.kind === "alias") return build(entry.shape.type, inner);
        return objectArb(entry.shape, inner);
      }
    }
  };

  const objectArb = (shape: ObjectShape, budget: number): fc.Arbitrary<unknown> => {
    // Entries, not fc.record: a property may be named `__proto__`, which a record model cannot hold.
    const declared = fc
      .tuple(
        ...shape.properties.map((p) => {
          const entry = build(p.type, budget).map((v): [string, unknown] => [p.name, v]);
          return p.optional ? fc.option(entry, { nil: undefined, freq: 2 }) : entry;
        }),
      )
      .map((entries) => entries.filter((e) => e !== undefined));
    if (!shape.rest) return declared.map(objectFromEntries);
    const names = new Set(shape.properties.map((p) => p.name));
    const extras = uniqueEntries(
      keyArb.filter((k) => !names.has(k)),
      build(shape.rest, budget),
      maxLength,
    );
    return fc.tuple(declared, extras).map(([o, e]) => objectFromEntries([...o, ...e]));
  };

  return build(node, recursion);
}

/**
 * How deep `conforms` checks; below that a value is taken as valid (the checks also re-encode and
 * re-decode every decoded value, which covers the deep part through the codec itself). Keeps the
 * oracle's own recursion far from the stack limit on values nested maxDepth (1000) levels deep.
 */
export const ORACLE_DEPTH = 400;

/** Answers for (object, node) pairs, so that unions of recursive members are not tried exponentially often. */
type Memo = WeakMap<object, Map<TypeNode, boolean>>;

/** Is `v` a valid value of `node`? An oracle independent of the generated code. */
export function conforms(node: TypeNode, v: unknown, named: Named, depth = 0, memo: Memo = new WeakMap()): boolean {
  if (depth > ORACLE_DEPTH) return true;
  if (typeof v !== "object" || v === null) return conformsNow(node, v, named, depth, memo);
  let answers = memo.get(v);
  if (!answers) memo.set(v, (answers = new Map()));
  let answer = answers.get(node);
  if (answer === undefined) {
    answer = conformsNow(node, v, named, depth, memo);
    answers.set(node, answer);
  }
  return answer;
}

function conformsNow(node: TypeNode, v: unknown, named: Named, depth: number, memo: Memo): boolean {
  const d = depth + 1;
  const conforms_ = (n: TypeNode, x: unknown, dd: number) => conforms(n, x, named, dd, memo);
  switch (node.kind) {
    case "null":
      return v === null;
    case "undefined":
      return v === undefined;
    case "boolean":
      return typeof v === "boolean";
    case "number":
      return typeof v === "number";
    case "bigint":
      return typeof v === "bigint";
    case "numberOrBigint":
      return typeof v === "number" || typeof v === "bigint";
    case "string":
      return typeof v === "string";
    case "literals":
      return node.values.some((x: Literal) => x === v);
    case "flags":
      return isFlags(
        v,
        node.values.reduce((sum, bit) => sum + bit, 0),
      );
    case "template":
      // The runtime's own test: test/property/template.test.ts holds it to the TypeScript checker.
      return typeof v === "string" && isTemplateMember(v, node.texts, node.holes);
    case "temporal":
      return isTemporal(v, node.type);
    case "mapped":
      throw new Error(NO_MAPPED);
    case "date":
      return v instanceof Date && !Number.isNaN(v.getTime());
    case "bytes":
      return v instanceof Uint8Array;
    case "arrayBuffer":
      return v instanceof ArrayBuffer;
    case "unknown":
      return true;
    case "param":
      throw new Error("the zoo's types are concrete: a type parameter has no values of its own");
    case "array":
      return Array.isArray(v) && allIndices(v, (x) => conforms_(node.element, x, d));
    case "set":
      return v instanceof Set && [...v].every((x) => conforms_(node.element, x, d));
    case "map":
      return v instanceof Map && [...v].every(([k, x]) => conforms_(node.key, k, d) && conforms_(node.value, x, d));
    case "record":
      return (
        isObject(v) &&
        !Array.isArray(v) &&
        Object.keys(v).every((k) => {
          const x = (v as Record<string, unknown>)[k];
          // Records omit undefined values on the wire, so they are tolerated here.
          return (
            (node.key.kind !== "template" || conforms_(node.key, k, d)) &&
            (x === undefined || conforms_(node.value, x, d))
          );
        })
      );
    case "tuple": {
      if (!Array.isArray(v)) return false;
      const min = node.elements.filter((e) => e.mode === "required").length;
      const rest = node.elements.find((e) => e.mode === "rest");
      const fixed = node.elements.filter((e) => e.mode !== "rest");
      if (v.length < min || (!rest && v.length > fixed.length)) return false;
      for (let i = 0; i < v.length; i++) {
        const e = i < fixed.length ? fixed[i]! : rest!;
        if (!conforms_(e.type, v[i], d)) return false;
      }
      return true;
    }
    case "union": {
      // A discriminated union: the tag names the member (as the codecs read it), when it names one.
      if (node.tag && isObject(v) && Object.prototype.hasOwnProperty.call(v, node.tag.property)) {
        const tag = (v as Record<string, unknown>)[node.tag.property];
        const hit = node.tag.cases.find((c) => c.value === tag);
        if (hit) return conforms_(node.members[hit.member]!, v, d);
      }
      return node.members.some((m) => conforms_(m, v, d));
    }
    case "ref": {
      const entry = named[node.name]!;
      if (entry.shape.kind === "alias") return conforms_(entry.shape.type, v, d);
      if (!isObject(v)) return false;
      const o = v as Record<string, unknown>;
      for (const p of entry.shape.properties) {
        const x = Object.prototype.hasOwnProperty.call(o, p.name) ? o[p.name] : undefined;
        if (x === undefined ? !p.optional : !conforms_(p.type, x, d)) return false;
      }
      if (entry.shape.rest) {
        const names = new Set(entry.shape.properties.map((p) => p.name));
        for (const k of Object.keys(o))
          if (!names.has(k) && o[k] !== undefined && !conforms_(entry.shape.rest, o[k], d)) return false;
      }
      return true;
    }
  }
}

function withoutUndefined(node: TypeNode): TypeNode {
  if (node.kind !== "union") return node;
  const members = node.members.filter((m) => m.kind !== "undefined");
  return members.length === 1 ? members[0]! : { ...node, members };
}

function isObject(v: unknown): v is object {
  return typeof v === "object" && v !== null;
}

/** Every index 0..length-1 (holes included, as `undefined`). */
function allIndices(v: unknown[], f: (x: unknown) => boolean): boolean {
  for (let i = 0; i < v.length; i++) if (!f(v[i])) return false;
  return true;
}
