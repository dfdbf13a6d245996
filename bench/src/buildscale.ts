// The synthetic projects of the build-scale benchmark (src/buildtime.ts times and measures them).
// Each project is N types with one exported codecFor per type (plus the core's, for shared-core),
// ten types per file, CommonJS under module node16 (so imports carry .js extensions), and a plain
// JavaScript check.js that loads the plugin's output and round-trips values through some codecs.
import * as fs from "node:fs";
import * as path from "node:path";

export const PROJECT_KINDS = ["independent", "chain", "shared-core"] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

export interface Project {
  kind: ProjectKind;
  /** Types in the project (feature types for shared-core, whose 20 core types come on top). */
  size: number;
  dir: string;
  files: Map<string, string>;
  /** codecFor calls in the project. */
  codecs: number;
  /** Properties declared across the distinct types the codecs reach (nested object literals and union members included). */
  properties: number;
  /** Plain JavaScript, run with node from the project's directory after the plugin build. */
  check: string;
}

const IMPORT = `import { codecFor } from "typed-msgpack";`;
const FILE_SIZE = 10;

// ---- independent: today's 300-type project at any size. Five shapes in rotation; a type refers only
// to the previous one in its own file; types and codecs share a file.

function independentType(n: number, first: boolean): { source: string; properties: number } {
  const prev = first ? "string" : `T${n - 1}`;
  switch (n % 5) {
    case 0:
      return {
        properties: 5,
        source: `export interface T${n} { id: number; name: string; tags: string[]; score?: number; createdAt: Date }`,
      };
    case 1:
      return {
        properties: 4,
        source: `export interface T${n} { ref: ${prev}; items: ${prev}[]; meta: Record<string, string>; flag: boolean }`,
      };
    case 2:
      return {
        properties: 7,
        source: `export type T${n} = { kind: "a"; a: number } | { kind: "b"; b: string; prev: ${prev} } | { kind: "c"; c: boolean[] };`,
      };
    case 3:
      return {
        properties: 4,
        source: `export interface T${n} { tuple: [number, string, boolean?]; bytes: Uint8Array; big: bigint; status: "on" | "off" | "unknown" }`,
      };
    default:
      return {
        properties: 6,
        source: `export interface T${n} { label: string; children: T${n}[]; parent?: T${n}; extra: { x: number; y: number | null } }`,
      };
  }
}

function independent(size: number): Omit<Project, "dir" | "kind" | "size"> {
  const files = new Map<string, string>();
  let properties = 0;
  for (let f = 0; f < size / FILE_SIZE; f++) {
    const lines = [IMPORT];
    for (let j = 0; j < FILE_SIZE; j++) {
      const n = f * FILE_SIZE + j;
      const t = independentType(n, j === 0);
      properties += t.properties;
      lines.push(t.source, `export const C${n} = codecFor<T${n}>();`);
    }
    files.set(`f${f}.ts`, lines.join("\n") + "\n");
  }
  // One value per shape; f0's first type refers to string, the others to the previous type.
  const check = `
const values = (n, prev) => [
  { id: n, name: "t" + n, tags: ["a", "b"], score: 0.5, createdAt: new Date(1700000000000 + n) },
  { ref: prev, items: [prev, prev], meta: { a: "x", b: "y" }, flag: true },
  { kind: "b", b: "bee", prev },
  { tuple: [1, "two", true], bytes: new Uint8Array([1, 2, 3]), big: 12345678901234567890n, status: "off" },
  { label: "root", children: [{ label: "leaf", children: [], extra: { x: 1, y: null } }], extra: { x: 2, y: 3.5 } },
][n % 5];
const cases = [];
for (const [file, first] of [["f0", 0], ["f1", 10], ["f${size / FILE_SIZE - 1}", ${size - FILE_SIZE}]]) {
  const m = require("./out-plugin/" + file + ".js");
  let prev = "start";
  for (let n = first; n < first + 5; n++) {
    const v = values(n, prev);
    cases.push(["C" + n, m["C" + n], v]);
    prev = v;
  }
}`;
  return { files, codecs: size, properties, check };
}

// ---- chain: T(i) refers to T(i-1) (parent?, children[]) across files; types in types_k.ts, the codecs
// in codecs_k.ts, which import the types with `import type`.

/** Properties of T(i > 0): 13 own (T0 has no parent and children) and the shape members' 2 + 3. */
const CHAIN_PROPERTIES = 13 + 5;

function chainType(i: number): string {
  return [
    `export interface T${i} {`,
    `  id: number;`,
    `  name: string;`,
    `  status: "draft" | "active" | "archived";`,
    `  score: number | null;`,
    `  counts: Record<string, number>;`,
    `  flags: Map<string, boolean>;`,
    `  pos: [number, number, string?];`,
    `  shape: { kind: "circle"; r: number } | { kind: "rect"; w: number; h: number };`,
    `  createdAt: Date;`,
    `  note?: string;`,
    `  rank?: number;`,
    ...(i > 0 ? [`  parent?: T${i - 1};`, `  children: T${i - 1}[];`] : []),
    `}`,
  ].join("\n");
}

function chain(size: number): Omit<Project, "dir" | "kind" | "size"> {
  const files = new Map<string, string>();
  const fileCount = size / FILE_SIZE;
  for (let k = 0; k < fileCount; k++) {
    const first = k * FILE_SIZE;
    const types = k > 0 ? [`import type { T${first - 1} } from "./types_${k - 1}.js";`] : [];
    const codecs = [IMPORT];
    const names: string[] = [];
    for (let i = first; i < first + FILE_SIZE; i++) {
      types.push(chainType(i));
      names.push(`T${i}`);
    }
    codecs.push(`import type { ${names.join(", ")} } from "./types_${k}.js";`);
    for (const n of names) codecs.push(`export const ${n}Codec = codecFor<${n}>();`);
    files.set(`types_${k}.ts`, types.join("\n") + "\n");
    files.set(`codecs_${k}.ts`, codecs.join("\n") + "\n");
  }
  // A value of T(i) nests `depth` levels of parents and children.
  const check = `
const value = (i, depth) => {
  const v = {
    id: i, name: "t" + i, status: ["draft", "active", "archived"][i % 3], score: i % 2 ? null : i / 4,
    counts: { a: i, b: 2 }, flags: new Map([["x", true], ["y", false]]), pos: i % 2 ? [1, 2] : [1, 2, "p"],
    shape: i % 2 ? { kind: "circle", r: 1.5 } : { kind: "rect", w: 2, h: 3 },
    createdAt: new Date(1700000000000 + i), note: "note " + i,
  };
  if (i % 3 === 0) v.rank = i;
  if (i > 0) {
    if (depth > 0) v.parent = value(i - 1, depth - 1);
    v.children = depth > 0 ? [value(i - 1, depth - 1), value(i - 1, 0)] : [];
  }
  return v;
};
const cases = [];
for (const i of [0, 1, 9, 10, ${size / 2 + 3}, ${size - 1}]) {
  const m = require("./out-plugin/codecs_" + Math.floor(i / ${FILE_SIZE}) + ".js");
  cases.push(["T" + i + "Codec", m["T" + i + "Codec"], value(i, 3)]);
}`;
  return { files, codecs: size, properties: size * CHAIN_PROPERTIES - 2, check };
}

// ---- shared-core: 20 core types (some built from others) with a codec each in core-codecs.ts;
// feature_k.ts holds ten feature types, each using four core types, and their codecs.

const CORE: [name: string, body: string, properties: number, value: string][] = [
  ["Money", `{ amount: number; currency: "EUR" | "USD" | "GBP" | "JPY" }`, 2, `{ amount: 12.5, currency: "EUR" }`],
  [
    "Address",
    `{ street: string; city: string; zip: string; country: string; line2?: string }`,
    5,
    `{ street: "1 Main St", city: "Springfield", zip: "12345", country: "US" }`,
  ],
  [
    "Timestamped",
    `{ createdAt: Date; updatedAt: Date | null }`,
    2,
    `{ createdAt: new Date(1700000000000), updatedAt: null }`,
  ],
  ["UserRef", `{ id: string; name: string; email?: string }`, 3, `{ id: "u1", name: "Ada", email: "ada@example.com" }`],
  ["GeoPoint", `{ lat: number; lon: number }`, 2, `{ lat: 52.5, lon: 13.4 }`],
  [
    "Contact",
    `{ user: UserRef; address: Address; phone?: string }`,
    3,
    `{ user: core.UserRef, address: core.Address, phone: "555" }`,
  ],
  [
    "Price",
    `{ gross: Money; net: Money; taxRate: number }`,
    3,
    `{ gross: core.Money, net: { amount: 10, currency: "EUR" }, taxRate: 0.25 }`,
  ],
  [
    "Audit",
    `{ created: Timestamped; by: UserRef; reason?: string }`,
    3,
    `{ created: core.Timestamped, by: core.UserRef }`,
  ],
  ["Tag", `{ key: string; value: string }`, 2, `{ key: "k", value: "v" }`],
  ["Range", `{ min: number; max: number; inclusive: boolean }`, 3, `{ min: 0, max: 10, inclusive: false }`],
  [
    "Status",
    `| { state: "pending" } | { state: "done"; at: Date } | { state: "failed"; error: string; retries: number }`,
    6,
    `{ state: "failed", error: "boom", retries: 3 }`,
  ],
  [
    "Attachment",
    `{ name: string; size: number; mime: string; data?: Uint8Array }`,
    4,
    `{ name: "a.bin", size: 3, mime: "application/octet-stream", data: new Uint8Array([7, 8, 9]) }`,
  ],
  ["Pagination", `{ page: number; perPage: number; total: number }`, 3, `{ page: 2, perPage: 50, total: 1234 }`],
  [
    "Location",
    `{ point: GeoPoint; address?: Address; accuracy: number | null }`,
    3,
    `{ point: core.GeoPoint, address: core.Address, accuracy: null }`,
  ],
  ["Period", `{ from: Date; to: Date | null }`, 2, `{ from: new Date(1600000000000), to: new Date(1700000000000) }`],
  ["Quantity", `{ value: number; unit: "kg" | "g" | "l" | "pcs" }`, 2, `{ value: 3, unit: "pcs" }`],
  [
    "LineItem",
    `{ sku: string; quantity: Quantity; price: Price }`,
    3,
    `{ sku: "SKU-1", quantity: core.Quantity, price: core.Price }`,
  ],
  [
    "Settings",
    `{ flags: Map<string, boolean>; limits: Record<string, number> }`,
    2,
    `{ flags: new Map([["dark", true]]), limits: { max: 10 } }`,
  ],
  [
    "Version",
    `{ major: number; minor: number; patch: number; label?: string }`,
    4,
    `{ major: 1, minor: 2, patch: 3, label: "beta" }`,
  ],
  [
    "Note",
    `{ text: string; author: UserRef; at: Date }`,
    3,
    `{ text: "hi", author: core.UserRef, at: new Date(1650000000000) }`,
  ],
];

const FEATURE_PROPERTIES = 9;
/** Which four core types feature n uses (check.js gets the compiled source of this function). */
const coreIndices = (n: number) => [n % 20, (n * 7 + 3) % 20, (n * 3 + 11) % 20, (n * 11 + 6) % 20];
const coreOf = (n: number) => coreIndices(n).map((c) => CORE[c]![0]);

function sharedCore(size: number): Omit<Project, "dir" | "kind" | "size"> {
  const files = new Map<string, string>();
  files.set(
    "core.ts",
    CORE.map(([name, body]) =>
      body.startsWith("|") ? `export type ${name} =\n  ${body};` : `export interface ${name} ${body}`,
    ).join("\n") + "\n",
  );
  files.set(
    "core-codecs.ts",
    [
      IMPORT,
      `import type { ${CORE.map((c) => c[0]).join(", ")} } from "./core.js";`,
      ...CORE.map(([name]) => `export const ${name}Codec = codecFor<${name}>();`),
    ].join("\n") + "\n",
  );
  for (let k = 0; k < size / FILE_SIZE; k++) {
    const used = new Set<string>();
    const types: string[] = [];
    for (let n = k * FILE_SIZE; n < (k + 1) * FILE_SIZE; n++) {
      const [a, b, c, d] = coreOf(n);
      for (const x of [a, b, c, d]) used.add(x!);
      types.push(
        `export interface F${n} { id: string; title: string; kind: "a" | "b" | "c"; count: number; ` +
          `first: ${a}; second: ${b}; items: ${c}[]; extra?: ${d}; meta: Record<string, string> }`,
        `export const F${n}Codec = codecFor<F${n}>();`,
      );
    }
    files.set(
      `feature_${k}.ts`,
      [IMPORT, `import type { ${[...used].join(", ")} } from "./core.js";`, ...types].join("\n") + "\n",
    );
  }
  const check = `
const core = {};
${CORE.map(([name, , , value]) => `core.${name} = ${value};`).join("\n")}
const names = ${JSON.stringify(CORE.map((c) => c[0]))};
const coreOf = (n) => (${coreIndices.toString()})(n).map((c) => names[c]);
const cases = [];
const cc = require("./out-plugin/core-codecs.js");
for (const name of names) cases.push([name + "Codec", cc[name + "Codec"], core[name]]);
for (const n of [0, 1, 7, 13, ${size - 1}]) {
  const [a, b, c, d] = coreOf(n);
  const v = { id: "f" + n, title: "feature " + n, kind: "b", count: n, first: core[a], second: core[b], items: [core[c], core[c]], meta: { k: "v" } };
  if (n % 2) v.extra = core[d];
  cases.push(["F" + n + "Codec", require("./out-plugin/feature_" + Math.floor(n / ${FILE_SIZE}) + ".js")["F" + n + "Codec"], v]);
}`;
  const properties = size * FEATURE_PROPERTIES + CORE.reduce((s, c) => s + c[2], 0);
  return { files, codecs: size + CORE.length, properties, check };
}

const CHECK_TAIL = `
const { isDeepStrictEqual, inspect } = require("node:util");
// Decoders may set absent optional properties to undefined: compare with those left out (as src/equal.ts).
const strip = (v) => {
  if (Array.isArray(v)) return v.map(strip);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, strip(x)]));
  if (v === null || typeof v !== "object" || v instanceof Date || ArrayBuffer.isView(v)) return v;
  const o = {};
  for (const [k, x] of Object.entries(v)) if (x !== undefined) o[k] = strip(x);
  return o;
};
let failed = 0;
for (const [name, codec, value] of cases) {
  try {
    if (!codec || typeof codec.encode !== "function") throw new Error("not a codec: " + inspect(codec));
    const back = codec.decode(codec.encode(value));
    if (!isDeepStrictEqual(strip(back), strip(value))) throw new Error("round trip differs: " + inspect(value, { depth: 3, breakLength: Infinity }) + " became " + inspect(back, { depth: 3, breakLength: Infinity }));
  } catch (e) {
    failed++;
    console.error(name + ": " + (e && e.message || e));
  }
}
if (failed) process.exit(1);
console.log(cases.length + " codecs round-tripped");
`;

export function generateProject(kind: ProjectKind, size: number, root: string): Project {
  const dir = path.join(root, `${kind}-${size}`);
  const p = {
    kind,
    size,
    dir,
    ...(kind === "independent" ? independent(size) : kind === "chain" ? chain(size) : sharedCore(size)),
  };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  for (const [name, text] of p.files) fs.writeFileSync(path.join(dir, "src", name), text);
  fs.writeFileSync(path.join(dir, "check.js"), `"use strict";\n${p.check}\n${CHECK_TAIL}`);
  return p;
}
