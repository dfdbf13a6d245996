/**
 * Random TypeScript type declarations for the fuzzer (issue 58): where the zoo fuzzes values of
 * fixed types, these fuzz the types. Each generator writes, from a seeded PRNG, the declarations
 * of one type of a family that has broken the transformer before, and `codecFor<T>()` of it:
 *
 * - `pick-omit`: `Pick`/`Omit` (and `Partial`, `Required`, nested) of interfaces with bases, keys
 *   in any order, also with `{ layout: "positional" }`;
 * - `inherited-names`: properties named `constructor`, `toString`, `valueOf`, `hasOwnProperty`,
 *   `__proto__` (optional and required) in nested objects, union members, Map and Record values;
 * - `template`: template literal types with several placeholders and empty or tricky texts, as
 *   values and as Record and Map keys;
 * - `container-union`: unions of containers that differ one level down (`{ x: A[] } | { x: AB[] }`,
 *   tuples, Records vs object types), and the ones that must be compile errors (TS91030, TS91017);
 * - `tag-last`: recursive tagged unions whose tag is declared after a recursive property, whose
 *   values are also generated nested a few hundred levels deep (see deep.ts).
 *
 * The same seed gives the same types. Names are prefixed, so that a batch of types shares one
 * program (compiling is the slow part) and one type's source stands alone in a regression fixture.
 */

export const FAMILIES = ["pick-omit", "inherited-names", "template", "container-union", "tag-last"] as const;
export type Family = (typeof FAMILIES)[number];

export interface GeneratedType {
  family: Family;
  /** Prefix of every name it declares; its codec is exported as `<prefix>C`. */
  prefix: string;
  /** Declarations (interfaces, aliases) the type argument uses. */
  decls: string[];
  /** The type argument of `codecFor`. */
  type: string;
  /** The argument of `codecFor`, if any (`{ layout: "positional" }`). */
  options?: string;
  /** Set for a type that must be rejected: the diagnostic codes it may be rejected with. */
  rejects?: number[];
  /** Values nested a few hundred levels deep are generated too (recursive types). */
  deep?: boolean;
}

/** A small seeded PRNG (mulberry32): the generators need reproducible choices, not fast-check's shrinking. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** 0 ≤ n < max */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  /** Between min and max distinct elements, in random order. */
  some<T>(xs: readonly T[], min: number, max: number): T[] {
    return this.shuffle(xs).slice(0, this.range(min, Math.min(max, xs.length)));
  }
}

/** The names every object inherits from Object.prototype. */
export const INHERITED_NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"] as const;

const PLAIN_NAMES = ["a", "b", "c", "id", "name", "alpha", "zeta", "x1", "_y", "$z", "with space", "0", "10"];

/** A property key as TypeScript source: bare when it is an identifier, else quoted. */
export function key(name: string, rng?: Rng): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) && !rng?.chance(0.2) ? name : JSON.stringify(name);
}

const union = (members: string[]): string => members.join(" | ");

/** One generator's state: the PRNG, the prefix, and the declarations written so far. */
class Gen {
  readonly decls: string[] = [];
  private count = 0;
  readonly rng: Rng;
  readonly prefix: string;
  constructor(rng: Rng, prefix: string) {
    this.rng = rng;
    this.prefix = prefix;
  }
  /** A fresh declared name. */
  name(hint: string): string {
    return `${this.prefix}_${hint}${this.count++}`;
  }
  /** Declares an object type (as an interface, or a type literal alias) and returns its name. */
  object(hint: string, props: string[], base?: string[]): string {
    const n = this.name(hint);
    if (base?.length || this.rng.chance(0.6))
      this.decls.push(
        `interface ${n}${base?.length ? ` extends ${base.join(", ")}` : ""} { ${props.map((p) => p + ";").join(" ")} }`,
      );
    else this.decls.push(`type ${n} = { ${props.map((p) => p + ";").join(" ")} };`);
    return n;
  }
  alias(hint: string, type: string): string {
    const n = this.name(hint);
    this.decls.push(`type ${n} = ${type};`);
    return n;
  }
  /** A property type: a primitive, a container, a literal union, or (`depth` > 0) an object. */
  leaf(depth = 1): string {
    const r = this.rng;
    const simple = [
      "number",
      "string",
      "boolean",
      "bigint",
      "Date",
      "Uint8Array",
      "string[]",
      "number | null",
      '"on" | "off"',
      "1 | 2 | 3",
      "string | number",
      "number | bigint",
      "Record<string, number>",
      "Map<string, boolean>",
      "Set<string>",
      "[number, string?]",
      "[string, ...number[]]",
    ];
    if (depth > 0 && r.chance(0.15)) {
      const props = r
        .some(["n", "s", "t"], 1, 3)
        .map((p) => `${p}${r.chance(0.4) ? "?" : ""}: ${this.leaf(depth - 1)}`);
      return `{ ${props.join("; ")} }`;
    }
    if (depth > 0 && r.chance(0.1)) return `${this.leaf(depth - 1)}[]`.replace(/^(.*\|.*)\[\]$/, "($1)[]");
    return r.pick(simple);
  }
  prop(name: string, type: string, optional = this.rng.chance(0.35)): string {
    return `${key(name, this.rng)}${optional ? "?" : ""}: ${type}`;
  }
  /** Wraps a type in a container or an object, or not. */
  wrap(t: string, kinds = ["self", "self", "array", "object", "map", "nullable", "record", "tuple"]): string {
    switch (this.rng.pick(kinds)) {
      case "array":
        return `(${t})[]`;
      case "object":
        return `{ w: ${t}; n?: number }`;
      case "map":
        return `Map<string, ${t}>`;
      case "nullable":
        return `${t} | null`;
      case "record":
        return `Record<string, ${t}>`;
      case "tuple":
        return `[${t}, ...(${t})[]]`;
      default:
        return t;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Pick / Omit of interfaces with bases

function pickOmit(g: Gen): Omit<GeneratedType, "family" | "prefix" | "decls"> {
  const r = g.rng;
  const names = r.some([...PLAIN_NAMES, ...(r.chance(0.3) ? INHERITED_NAMES : [])], 3, 8);
  const cut1 = r.range(1, names.length - 1);
  const cut2 = r.chance(0.4) ? r.range(cut1, names.length) : cut1;
  const base1 = g.object(
    "Base",
    names.slice(0, cut1).map((n) => g.prop(n, g.leaf())),
  );
  const bases = [base1];
  if (cut2 > cut1)
    bases.push(
      g.object(
        "Base",
        names.slice(cut1, cut2).map((n) => g.prop(n, g.leaf())),
      ),
    );
  const derived = g.object(
    "Derived",
    names.slice(cut2).map((n) => g.prop(n, g.leaf())),
    bases,
  );
  // Either the derived interface or an intersection of the bases, and the keys each has.
  const intersection = r.chance(0.2);
  const source = intersection ? `${bases.join(" & ")} & { extra: number }` : derived;
  const sourceNames = intersection ? [...names.slice(0, cut2), "extra"] : names;
  const keys = (min: number, max: number, from = sourceNames) =>
    r
      .some(from, min, max)
      .map((n) => JSON.stringify(n))
      .join(" | ");
  let t: string;
  switch (r.int(7)) {
    case 0:
      t = `Omit<${source}, ${r.chance(0.2) ? '"not-a-key"' : keys(1, sourceNames.length - 1)}>`;
      break;
    case 1:
      t = `Partial<Pick<${derived}, ${keys(1, names.length, names)}>>`;
      break;
    case 2:
      t = `Required<Omit<${derived}, ${keys(1, names.length - 1, names)}>>`;
      break;
    case 3: {
      // Pick of an Omit: the picked keys are among those left.
      const omitted = r.some(names, 1, names.length - 1);
      const left = r.some(
        names.filter((n) => !omitted.includes(n)),
        1,
        names.length,
      );
      t = `Pick<Omit<${derived}, ${omitted.map((n) => JSON.stringify(n)).join(" | ")}>, ${left.map((n) => JSON.stringify(n)).join(" | ")}>`;
      break;
    }
    case 4:
      t = `Readonly<Pick<${source}, ${keys(1, sourceNames.length)}>>`;
      break;
    default:
      t = `Pick<${source}, ${keys(1, sourceNames.length)}>`;
  }
  if (r.chance(0.3)) t = g.alias("Picked", t);
  const positional = r.chance(0.35);
  return {
    type: g.wrap(t, ["self", "self", "array", "object", "map", "nullable"]),
    options: positional ? '{ layout: "positional" }' : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// 2. The names every object inherits, as properties

function inheritedNames(g: Gen): Omit<GeneratedType, "family" | "prefix" | "decls"> {
  const r = g.rng;
  const types = new Map<string, string>();
  const typeOf = (n: string) => {
    if (!types.has(n)) types.set(n, g.leaf());
    return types.get(n)!;
  };
  /** An object type with some of the five names (a name keeps one type across members, so members never collide). */
  /**
   * `ordered`: the names in one order in every member of an untagged union, whose encoder writes a
   * value in the order of the member it picks (docs/type-mapping.md: bytes equal @msgpack/msgpack's only when the
   * value's own key order matches).
   */
  const holder = (extra?: [name: string, type: string], ordered = false): string => {
    const names: string[] = r.some(
      INHERITED_NAMES.filter((n) => n !== extra?.[0]),
      1,
      5,
    );
    if (r.chance(0.3)) names.push(r.pick(["a", "b", "id"]));
    const order = [...INHERITED_NAMES, "a", "b", "id"] as string[];
    const props = (ordered ? names.sort((x, y) => order.indexOf(x) - order.indexOf(y)) : r.shuffle(names)).map((n) =>
      g.prop(n, typeOf(n)),
    );
    return g.object("Names", extra ? [g.prop(extra[0], extra[1]), ...props] : props);
  };
  const positional = r.chance(0.2);
  let t: string;
  switch (r.int(7)) {
    case 0: {
      const inner = holder();
      t = `{ inner: ${inner}; list: ${inner}[]; deeper?: { again: ${holder()} } }`;
      break;
    }
    case 1: // untagged union: the members' own keys choose
      t = union(Array.from({ length: r.range(2, 3) }, () => holder(undefined, true)));
      break;
    case 2: {
      // tagged union, the tag first or last
      const members = Array.from({ length: r.range(2, 3) }, (_, i) => {
        const names = r.some(INHERITED_NAMES, 1, 4).map((n) => g.prop(n, typeOf(n)));
        const tag = `kind: "m${i}"`;
        // Positional members read the tag by its index: first, so that it is the same in each (else TS91028).
        return g.object("Tagged", positional || r.chance(0.5) ? [tag, ...names] : [...names, tag]);
      });
      t = union(members);
      break;
    }
    case 3:
      t = `Map<${r.pick(["string", "number"])}, ${holder()}${r.chance(0.3) ? " | null" : ""}>`;
      break;
    case 4:
      t = `Record<string, ${holder()}>`;
      break;
    case 5: // an object whose inherited-name property holds another such object
      t = holder([r.pick(INHERITED_NAMES), holder()]);
      break;
    default:
      t = `(${union([holder(), "string"])})[]`;
  }
  return {
    type: g.wrap(t, ["self", "self", "array", "object"]),
    options: positional ? '{ layout: "positional" }' : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// 3. Template literal types

const TEXTS = [
  "",
  "",
  "",
  "",
  "-",
  "a",
  "x",
  ".",
  "_",
  "0",
  " ",
  "e",
  "#",
  "ab",
  "/",
  ":",
  "1",
  "n",
  "0x",
  "-1",
  "user-",
];

export function templateText(r: Rng, minHoles = 1, maxHoles = 4): string {
  const holes = r.range(minHoles, maxHoles);
  let s = r.pick(TEXTS);
  for (let i = 0; i < holes; i++) s += `\${${r.pick(["string", "number", "bigint", "number"])}}${r.pick(TEXTS)}`;
  return "`" + s + "`";
}

function template(g: Gen): Omit<GeneratedType, "family" | "prefix" | "decls"> {
  const r = g.rng;
  const t = g.alias("Tpl", templateText(r, r.chance(0.8) ? 2 : 1));
  let type: string;
  switch (r.int(8)) {
    case 0:
      type = t;
      break;
    case 1:
      type = `${t}[]`;
      break;
    case 2:
      type = `{ t: ${t}; u?: ${t} | null; s: string }`;
      break;
    case 3:
      type = `"none" | ${t}`;
      break;
    case 4:
      type = `Map<${t}, number>`;
      break;
    case 5:
      type = `{ by: Record<${t}, ${r.pick(["number", "string[]", t])}> }`;
      break;
    case 6:
      type = `[${t}, ...${t}[]]`;
      break;
    default:
      type = `Record<${t}, ${r.pick(["number", "boolean | null", `{ v: ${t} }`])}>`;
  }
  return { type: g.wrap(type, ["self", "self", "array", "object"]) };
}

// ---------------------------------------------------------------------------------------------
// 4. Unions of containers that differ one level down

function containerUnion(g: Gen): Omit<GeneratedType, "family" | "prefix" | "decls"> {
  const r = g.rng;
  const names = r.some(["k1", "k2", "k3", "k4", "id", "v"], 2, 3);
  const last = names.pop()!;
  // No map-like property types: `Record<string, A> | AB` would hold maps at one key (TS91030).
  const scalar = () =>
    r.pick(["number", "string", "boolean", "bigint", "Date", "string[]", "number | null", '"on" | "off"']);
  const aProps = names.map((n) => g.prop(n, scalar()));
  const a = g.object("A", aProps);
  const ab = r.chance(0.5)
    ? g.object("AB", [g.prop(last, scalar(), r.chance(0.2))], [a])
    : g.object("AB", [...aProps, g.prop(last, scalar(), r.chance(0.2))]);
  const l = r.pick(["number", "string", "boolean", a]);
  const both = (x: string, y: string) => union(r.shuffle([x, y]));
  if (r.chance(0.3)) {
    const bad: [string, number[]][] = [
      [both(`{ x: Map<string, ${l}> }`, `{ x: Record<string, ${l}> }`), [91030]],
      [both("{ x: bigint }", "{ x: number }"), [91030]],
      [both("{ x: bigint[] }", "{ x: number[] }"), [91030]],
      [both("bigint[]", "number[]"), [91030]],
      [both(`Set<${l}>`, `${l}[]`), [91017]],
      [both(`{ x: Set<${l}> }`, `{ x: ${l}[] }`), [91030]],
      [both(`Map<string, ${l}>`, `{ a: ${l} }`), [91017]],
      [both("Uint8Array", "ArrayBuffer"), [91017]],
      [both("{ x: Uint8Array }", "{ x: ArrayBuffer }"), [91030]],
      [both("[bigint]", "[number]"), [91030]],
      [both("{ x: Map<string, number> }", `{ x: ${a} }`), [91030]],
      [both("{ x: { y: bigint }[] }", "{ x: { y: number }[] }"), [91030]],
      [both("Record<string, bigint>", "Record<string, number>"), [91030]],
    ];
    const [t, codes] = r.pick(bad);
    return { type: g.wrap(t, ["self", "array", "object", "map"]), rejects: codes };
  }
  const good = [
    both(`{ x: ${a}[] }`, `{ x: ${ab}[] }`),
    both(`${a}[]`, `${ab}[]`),
    both(`[${a}]`, `[${ab}]`),
    both(`[number, ${a}]`, `[number, ${ab}, string?]`),
    both(`{ x: Record<string, ${a}> }`, `{ x: { k: ${ab} } }`),
    both(`Record<string, ${a}>`, ab),
    both(`{ x: { y: ${a}[] } }`, `{ x: { y: ${ab}[] } }`),
    both(`{ x: Map<string, ${a}> }`, `{ x: Map<string, ${ab}> }`),
    both("{ x: string[] }", "{ x: number[] }"),
    union(r.shuffle([`{ x: ${a} }`, `{ x: ${ab} }`, "{ x: null }"])),
    both(`{ x: [${a}, ...${a}[]] }`, `{ x: ${ab}[] }`),
    both(`Record<string, ${a}[]>`, `Record<string, ${ab}[]>`),
    both("{ x: Date[] }", "{ x: number[] }"),
    both(`{ x: ${a}[]; n?: number }`, `{ x: ${ab}[]; s?: string }`),
    both(`${a}[][]`, `${ab}[][]`),
  ];
  return {
    type: g.wrap(r.pick(good), ["self", "self", "array", "object", "map"]),
    options: r.chance(0.2) ? '{ layout: "positional" }' : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// 5. Recursive tagged unions with the tag after a recursive property

function tagLast(g: Gen): Omit<GeneratedType, "family" | "prefix" | "decls"> {
  const r = g.rng;
  const e = g.name("E");
  const tag = r.pick(["kind", "kind", "type", "op", "t", "valueOf"]);
  const n = r.range(2, 4);
  const tagKind = n === 2 && r.chance(0.15) ? "boolean" : r.pick(["string", "string", "number"]);
  const tagValue = (i: number) =>
    tagKind === "boolean" ? String(i === 0) : tagKind === "number" ? String(i * 3 + 1) : `"m${i}"`;
  const recursiveProps = [
    `args: ${e}[]`,
    `next?: ${e}`,
    `next: ${e} | null`,
    `left: ${e}; right: ${e}`,
    `kids: Map<string, ${e}>`,
    `body: Record<string, ${e}>`,
    `pair: [${e}, number]`,
    `inner: { e: ${e} }`,
    `list?: ${e}[] | null`,
    `opt?: { deeper: ${e}[] }`,
  ];
  const positional = r.chance(0.25);
  // Positional members must have the tag at one index (else TS91028): one property before it in each, mostly.
  const aligned = positional && r.chance(0.8);
  const members: string[] = [];
  const tagIndices = new Set<number>();
  for (let i = 0; i < n; i++) {
    const recursive = i === 0 || (i < n - 1 && r.chance(0.5));
    const before = (
      recursive ? r.some(recursiveProps, 1, 2) : r.some(["value: number", "label?: string", "flag: boolean"], 1, 2)
    )
      .flatMap((p) => p.split("; "))
      .filter((p, j, all) => all.findIndex((q) => q.split(/\??:/)[0] === p.split(/\??:/)[0]) === j);
    if (aligned) before.splice(1);
    const after = !aligned && r.chance(0.3) ? [r.pick(["note?: string", "n: number"])] : [];
    const t = `${key(tag)}: ${tagValue(i)}`;
    // Mostly last (after the recursive property); sometimes first, for a mix of both in one union.
    const props = recursive || aligned || r.chance(0.5) ? [...before, t, ...after] : [t, ...before, ...after];
    tagIndices.add(props.indexOf(t));
    members.push(r.chance(0.5) ? g.object("M", props) : `{ ${props.join("; ")} }`);
  }
  g.decls.push(`type ${e} = ${union(r.shuffle(members))};`);
  return {
    type: g.wrap(e, ["self", "self", "array", "object", "map"]),
    options: positional ? '{ layout: "positional" }' : undefined,
    rejects: positional && tagIndices.size > 1 ? [91028] : undefined,
    deep: true,
  };
}

const GENERATORS: Record<Family, (g: Gen) => Omit<GeneratedType, "family" | "prefix" | "decls">> = {
  "pick-omit": pickOmit,
  "inherited-names": inheritedNames,
  template,
  "container-union": containerUnion,
  "tag-last": tagLast,
};

/** One type of `family` from `seed`, its names prefixed with `prefix`. */
export function generateType(family: Family, seed: number, prefix: string): GeneratedType {
  const g = new Gen(new Rng(seed), prefix);
  const made = GENERATORS[family](g);
  const out: GeneratedType = { family, prefix, decls: g.decls, type: made.type };
  if (made.options) out.options = made.options;
  if (made.rejects) out.rejects = made.rejects;
  if (made.deep) out.deep = true;
  return out;
}

/** `count` types, the families taken round-robin from a random start, each from its own seed. */
export function generateBatch(seed: number, count: number, families: readonly Family[] = FAMILIES): GeneratedType[] {
  const r = new Rng(seed);
  const start = r.int(families.length);
  return Array.from({ length: count }, (_, i) =>
    generateType(families[(start + i) % families.length]!, r.int(2 ** 31), `T${i}`),
  );
}

/** The line that declares a type's codec. */
export function codecLine(t: GeneratedType): string {
  return `export const ${t.prefix}C = codecFor<${t.type}>(${t.options ?? ""});`;
}

/** A self-contained module of the types: the import, then each type's declarations and codec. */
export function sourceOf(types: readonly GeneratedType[], early = false): string {
  return [
    ...(early ? [`export const early: "x" = "x";`] : []),
    `import { codecFor } from "typed-msgpack";`,
    ...types.flatMap((t) => [...t.decls, codecLine(t)]),
    "",
  ].join("\n");
}
