/**
 * docs/generated-code.md: "The bytes, validation, error paths and offsets, and depth limits are the same either
 * way". One project is compiled twice, linked (the default) and with `link: false` (every codec
 * copies what it reaches), and the same script runs both builds: valid values (bytes compared with
 * @msgpack/msgpack's too), bad bytes, bad values, and nesting at the depth limits, where every
 * level of a cycle between two modules goes through a link.
 */
import ts from "typescript";
import { buildClean, hasOwnCodec, linkingProject, node, relativeImportsOf, removeTempDirs } from "./helpers";

afterAll(() => removeTempDirs());

const codec = (name: string, type: string, imports = "") =>
  `import { codecFor } from "typed-msgpack";\n${imports}${type}\nexport const ${name}Codec = codecFor<${name}>();\n`;

/** module commonjs with extensionless imports: the links are extensionless requires too. */
const FILES: Record<string, string> = {
  "src/a.ts": codec("A", "export interface A { name: string; n: number; tags?: string[] }"),
  "src/c.ts": codec("C", "export interface C { count: number; label?: string }"),
  "src/shapes.ts": `import { codecFor } from "typed-msgpack";
export interface Circle { kind: "circle"; r: number }
export interface Rect { kind: "rect"; w: number; h: number }
export const CircleCodec = codecFor<Circle>();
export const RectCodec = codecFor<Rect>();
`,
  // A cycle between two modules: with links, every level of a Ping/Pong chain crosses a module.
  "src/ping.ts": codec(
    "Ping",
    "export interface Ping { n: number; pong?: Pong }",
    `import type { Pong } from "./pong";\n`,
  ),
  "src/pong.ts": codec(
    "Pong",
    "export interface Pong { s: string; ping?: Ping }",
    `import type { Ping } from "./ping";\n`,
  ),
  "src/b.ts": `import { codecFor } from "typed-msgpack";
import type { A } from "./a";
import type { C } from "./c";
import type { Circle, Rect } from "./shapes";
import type { Ping } from "./ping";
export type Shape = Circle | Rect;
export interface B {
  a: A;
  list: A[];
  maybe?: A;
  nullable: A | null;
  byName: Record<string, A>;
  index: Map<string, A>;
  pair: [string, A[]];
  shape: Shape;
  shapes: Shape[];
  either: A | C;
  ping: Ping;
}
export const BCodec = codecFor<B>();
export const ListCodec = codecFor<A[]>();
`,
};

/**
 * Runs in node against one build (argv[2] is its folder) and prints JSON: what each value encodes
 * to and decodes back as, @msgpack/msgpack's bytes for it, the error of each bad input, and the
 * deepest nesting each direction accepts.
 */
const SCRIPT = `
const msgpack = require("@msgpack/msgpack");
const out = "./" + process.argv[2] + "/";
const { BCodec, ListCodec } = require(out + "b.js");
const { PingCodec } = require(out + "ping.js");
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const error = (f) => { try { f(); return null; } catch (e) { return { name: e.name, code: e.code, path: e.path, offset: e.offset, message: e.message }; } };
const plain = (v) => v instanceof Map ? { $map: [...v].map(([k, x]) => [k, plain(x)]) }
  : Array.isArray(v) ? v.map(plain)
  : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, plain(x)])) : v;
/** The value as @msgpack/msgpack sees it: a Map is a map with str keys. */
const wire = (v) => v instanceof Map ? Object.fromEntries([...v].map(([k, x]) => [k, wire(x)]))
  : Array.isArray(v) ? v.map(wire)
  : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, wire(x)])) : v;

const ada = { name: "Ada", n: 1 };
const bob = { name: "Bob", n: 2, tags: ["x", "y"] };
// Keys in declaration order (maybe: undefined holds its place), as the codec writes them.
const base = {
  a: ada, list: [ada, bob], maybe: undefined, nullable: null, byName: { ada, bob }, index: new Map([["bob", bob]]),
  pair: ["p", [bob, ada]], shape: { kind: "circle", r: 1.5 }, shapes: [{ kind: "rect", w: 2, h: 3 }, { kind: "circle", r: 0 }],
  either: { count: 3 }, ping: { n: 1, pong: { s: "a", ping: { n: 2 } } },
};
const valid = [
  base,
  { ...base, maybe: bob, nullable: ada, either: ada, byName: {}, index: new Map(), pair: ["", []], shapes: [] },
  { ...base, either: { count: 4, label: "four" }, ping: { n: 0 } },
];
const results = { valid: valid.map((v) => {
  const bytes = BCodec.encode(v);
  return { value: plain(v), back: plain(BCodec.decode(bytes)), bytes: hex(bytes), reference: hex(msgpack.encode(wire(v))) };
}) };
results.list = hex(ListCodec.encode([ada, bob]));

// Bad bytes: the wire form of base with one part wrong, each inside a linked type.
const badWire = {
  "a.name is an int": { a: { name: 5, n: 1 } },
  "a lacks n": { a: { name: "Ada" } },
  "a is a str": { a: "Ada" },
  "list[1].n is a str": { list: [ada, { name: "Bob", n: "2" }] },
  "maybe.tags[1] is nil": { maybe: { name: "M", n: 0, tags: ["ok", null] } },
  "nullable is an array": { nullable: [] },
  "byName.bob.name is true": { byName: { ada, bob: { name: true, n: 2 } } },
  "index.bob lacks name": { index: { bob: { n: 2 } } },
  "pair[1][0].n is a str": { pair: ["p", [{ name: "Bob", n: "2" }]] },
  "shape is a circle with w": { shape: { kind: "circle", w: 1 } },
  "shapes[1].h is nil": { shapes: [{ kind: "rect", w: 1, h: 2 }, { kind: "rect", w: 1, h: null }] },
  "shape kind is unknown": { shape: { kind: "oval", r: 1 } },
  "either matches neither": { either: { name: 1 } },
  "ping.pong.ping.n is a str": { ping: { n: 1, pong: { s: "a", ping: { n: "2" } } } },
};
results.badBytes = Object.fromEntries(Object.entries(badWire).map(([label, part]) => {
  const bytes = msgpack.encode(wire({ ...base, ...part }));
  return [label, { bytes: hex(bytes), error: error(() => BCodec.decode(bytes)) }];
}));
results.cutShort = error(() => BCodec.decode(BCodec.encode(base).subarray(0, 30)));

// Bad values: the same mistakes on the JavaScript side.
const badValues = {
  "a.name is a number": { a: { name: 5, n: 1 } },
  "list[1] is null": { list: [ada, null] },
  "byName.bob.n is a string": { byName: { bob: { name: "Bob", n: "2" } } },
  "index.bob.tags is a string": { index: new Map([["bob", { name: "Bob", n: 2, tags: "x" }]]) },
  "pair[1][1].name is missing": { pair: ["p", [ada, { n: 2 }]] },
  "shapes[0].kind is unknown": { shapes: [{ kind: "oval" }] },
  "ping.pong.s is a number": { ping: { n: 1, pong: { s: 1 } } },
};
results.badValues = Object.fromEntries(Object.entries(badValues).map(([label, part]) => [label, error(() => BCodec.encode({ ...base, ...part }))]));

// Depth: the deepest Ping -> Pong -> Ping ... chain that encodes (the writer's limit, 1000) and
// that decodes under maxDepth 1000 and maxDepth 40, and what the next level fails with.
const chain = (levels) => {
  let v = { n: 0 };
  for (let i = 1; i < levels; i++) v = i % 2 ? { s: "s", ping: v } : { n: i, pong: v };
  return v;
};
const deepest = (accepts) => { let k = 1; while (accepts(k + 1)) k++; return k; };
// An odd number of levels starts with a Ping.
const pingChain = (levels) => chain(levels % 2 ? levels : levels + 1);
const encodes = (levels) => error(() => PingCodec.encode(pingChain(levels))) === null;
/** A chain's bytes, built from the inside out (@msgpack/msgpack's recursive encoder cannot go this deep). */
const chainBytes = (levels) => {
  const ping = Buffer.from("82a16e00a4706f6e67", "hex"), pong = Buffer.from("82a173a173a470696e67", "hex");
  const parts = [];
  for (let i = levels - 1; i > 0; i--) parts.push(i % 2 ? pong : ping);
  parts.push(Buffer.from("81a16e00", "hex"));
  return Buffer.concat(parts);
};
const bytesOf = (levels) => chainBytes(levels % 2 ? levels : levels + 1);
const decodes = (levels, options) => error(() => PingCodec.decode(bytesOf(levels), options)) === null;
const levelsOf = (v) => { let k = 0; for (; v; k++) v = v.pong ?? v.ping; return k; };
const encodeLimit = deepest((k) => k < 1100 && encodes(k));
const decodeLimit = deepest((k) => k < 1100 && decodes(k));
const decodeLimit40 = deepest((k) => k < 100 && decodes(k, { maxDepth: 40 }));
results.depth = {
  encodeLimit: levelsOf(pingChain(encodeLimit)),
  encodeBeyond: error(() => PingCodec.encode(pingChain(encodeLimit + 2))),
  decodeLimit: levelsOf(pingChain(decodeLimit)),
  decodeLimit40: levelsOf(pingChain(decodeLimit40)),
  decodeBeyond40: error(() => PingCodec.decode(bytesOf(decodeLimit40 + 2), { maxDepth: 40 })),
  // Far beyond every limit, in both directions: too-deep, never a RangeError from the stack.
  encodeHuge: error(() => PingCodec.encode(pingChain(100001)))?.code,
  decodeHuge: error(() => PingCodec.decode(chainBytes(100001)))?.code,
};
console.log(JSON.stringify(results));
`;

interface Failure {
  name: string;
  code: string;
  path: string;
  offset: number;
  message: string;
}

interface Results {
  valid: { value: unknown; back: unknown; bytes: string; reference: string }[];
  list: string;
  badBytes: Record<string, { bytes: string; error: Failure | null }>;
  cutShort: Failure | null;
  badValues: Record<string, Failure | null>;
  depth: Record<string, unknown> & { encodeBeyond: Failure | null; decodeBeyond40: Failure | null };
}

let linked: { js: Record<string, string>; results: Results };
let copied: { js: Record<string, string>; results: Results };

beforeAll(() => {
  const dir = linkingProject("same-as-copy", { ...FILES, "check.js": SCRIPT });
  const options = { module: ts.ModuleKind.CommonJS }; // TypeScript 6 picks the resolution (node10 is deprecated)
  const linkedJs = buildClean(dir, options, {}, { outDir: "out-linked" });
  const copiedJs = buildClean(dir, options, { link: false }, { outDir: "out-copied" });
  linked = { js: linkedJs, results: JSON.parse(node(dir, "check.js", "out-linked")) };
  copied = { js: copiedJs, results: JSON.parse(node(dir, "check.js", "out-copied")) };
}, 120_000);

test("linked: b.js requires the modules that own A, C, Circle, Rect and Ping (extensionless, as its own imports), and copies none of their codecs", () => {
  const b = linked.js["b.js"]!;
  expect(relativeImportsOf(b)).toEqual(["./a", "./c", "./ping", "./shapes"]);
  for (const name of ["A", "C", "Circle", "Rect", "Ping", "Pong"])
    expect({ name, copied: hasOwnCodec(b, name) }).toEqual({ name, copied: false });
  expect(b).toMatch(/\.ACodec\.writeTo\(w, /);
  expect(b).toMatch(/\.ACodec\.readFrom\(r, /);
  // Pong is reached only through Ping: b.js needs no link to it.
  expect(b).not.toContain("PongCodec");
  // The cycle: each side requires the other.
  expect(relativeImportsOf(linked.js["ping.js"]!)).toEqual(["./pong"]);
  expect(relativeImportsOf(linked.js["pong.js"]!)).toEqual(["./ping"]);
});

test("link: false: b.js requires none of them and has its own copy of every codec it reaches", () => {
  const b = copied.js["b.js"]!;
  expect(relativeImportsOf(b)).toEqual([]);
  for (const name of ["A", "C", "Circle", "Rect", "Ping", "Pong"])
    expect({ name, copied: hasOwnCodec(b, name) }).toEqual({ name, copied: true });
  expect(b).not.toContain("writeTo");
  expect(b.length).toBeGreaterThan(linked.js["b.js"]!.length);
});

test("valid values: linked and copied codecs write @msgpack/msgpack's bytes and read them back", () => {
  expect(linked.results.valid).toHaveLength(3);
  for (const [i, r] of linked.results.valid.entries()) {
    expect({ i, bytes: r.bytes }).toEqual({ i, bytes: r.reference });
    expect({ i, back: r.back }).toEqual({ i, back: r.value });
  }
  expect(copied.results.valid).toEqual(linked.results.valid);
  // An array root of a linked element type.
  expect(linked.results.list).toBe(copied.results.list);
});

test("bad bytes inside linked types: the same CodecError (code, path through both modules, offset, message) as the copy", () => {
  const errors = linked.results.badBytes;
  expect(Object.keys(errors)).toHaveLength(14);
  for (const [label, { error }] of Object.entries(errors)) {
    expect({ label, name: error?.name }).toEqual({ label, name: "CodecError" });
    expect({ label, error }).toEqual({ label, error: copied.results.badBytes[label]!.error });
  }
  expect(linked.results.cutShort).toEqual(copied.results.cutShort);
  expect(linked.results.cutShort).toMatchObject({ code: "incomplete" });
  expect(linked.results.cutShort!.offset).toBeLessThanOrEqual(30);

  // The path goes through B's property into A's, and the offset is the bad value's byte.
  const str = (s: string) => (0xa0 + s.length).toString(16) + Buffer.from(s).toString("hex");
  /** Where `valueHex` starts in the bytes of a case, just after the first `keyHex`. */
  const offsetOf = (label: string, keyHex: string, valueHex: string) => {
    const at = errors[label]!.bytes.indexOf(keyHex + valueHex);
    expect(at % 2).toBe(0);
    return at / 2 + keyHex.length / 2;
  };
  const nameError = errors["a.name is an int"]!.error!;
  expect(nameError).toMatchObject({
    code: "type-mismatch",
    path: "$.a.name",
    offset: offsetOf("a.name is an int", str("name"), "05"),
  });
  expect(nameError.message).toContain(`$.a.name: expected `);
  expect(nameError.message).toContain(`at byte ${nameError.offset}`);
  expect(errors["list[1].n is a str"]!.error!.offset).toBe(offsetOf("list[1].n is a str", str("n"), str("2")));
  expect(errors["list[1].n is a str"]!.error).toMatchObject({ code: "type-mismatch", path: "$.list[1].n" });
  expect(errors["pair[1][0].n is a str"]!.error).toMatchObject({ code: "type-mismatch", path: "$.pair[1][0].n" });
  expect(errors["maybe.tags[1] is nil"]!.error).toMatchObject({ code: "type-mismatch", path: "$.maybe.tags[1]" });
  expect(errors["a lacks n"]!.error).toMatchObject({ code: "missing-property", path: "$.a" });
  expect(errors["shapes[1].h is nil"]!.error).toMatchObject({ code: "type-mismatch", path: "$.shapes[1].h" });
  expect(errors["ping.pong.ping.n is a str"]!.error).toMatchObject({
    code: "type-mismatch",
    path: "$.ping.pong.ping.n",
  });
  expect(errors["byName.bob.name is true"]!.error!.path).toMatch(/^\$\.byName.*bob.*\.name$/);
});

test("bad values inside linked types: encode fails with the same CodecError and path as the copy", () => {
  const errors = linked.results.badValues;
  expect(Object.keys(errors)).toHaveLength(7);
  for (const [label, error] of Object.entries(errors)) {
    expect({ label, name: error?.name }).toEqual({ label, name: "CodecError" });
    expect({ label, error }).toEqual({ label, error: copied.results.badValues[label] });
  }
  expect(errors["a.name is a number"]).toMatchObject({ code: "type-mismatch", path: "$.a.name", offset: -1 });
  expect(errors["pair[1][1].name is missing"]).toMatchObject({ path: "$.pair[1][1].name" });
  expect(errors["ping.pong.s is a number"]).toMatchObject({ path: "$.ping.pong.s" });
});

test("depth limits across links: the same deepest accepted nesting as the copy, then too-deep, never a stack overflow", () => {
  const depth = linked.results.depth;
  expect(depth).toEqual(copied.results.depth);
  expect(depth.encodeBeyond).toMatchObject({ name: "CodecError", code: "too-deep" });
  expect(depth.decodeBeyond40).toMatchObject({ name: "CodecError", code: "too-deep" });
  expect(depth.decodeLimit40).toBeLessThan(45);
  expect(depth.decodeLimit40).toBeGreaterThan(35);
  expect(depth.decodeLimit).toBeGreaterThan(990);
  expect(depth.encodeLimit).toBeGreaterThan(990);
  expect(depth.encodeHuge).toBe("too-deep");
  expect(depth.decodeHuge).toBe("too-deep");
});
