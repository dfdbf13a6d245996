/**
 * `typed-msgpack schema`, run as a user runs it (the built command in a project folder): the
 * snapshot it writes, and `--check` after one change of each kind, with its exit codes and output
 * in each direction. The diff's rules in detail are test/unit/schema-diff.test.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { builtPackage, cli, makeProject, removeTempDirs } from "./helpers";

const MODEL = `export type Status = "open" | "shipped";
export interface Item { sku: string; qty: number }
export type Shape = { kind: "circle"; r: number } | { kind: "square"; side: number };
export interface Order {
  id: number;
  status: Status;
  items: Item[];
  note?: string;
  owner: string | null;
  total: number;
  score: number;
  shape: Shape;
  meta: Record<string, number>;
}
`;

const WIRE = `import { codecFor } from "typed-msgpack";
import type { Item, Order } from "./model.js";

export const OrderCodec = codecFor<Order>();
const items = codecFor<Item[]>();
export { items as ItemsCodec };
`;

const PROJECT: Record<string, string> = {
  "package.json": JSON.stringify({ name: "app", private: true, type: "module" }),
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "es2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      lib: ["es2022"],
      types: [],
      strict: true,
      noEmit: true,
    },
    include: ["src"],
  }),
  "src/model.ts": MODEL,
  "src/wire.ts": WIRE,
};

let pkg = "";
beforeAll(() => {
  pkg = builtPackage();
}, 120_000);
afterAll(() => removeTempDirs());

/** A project with a snapshot of its types as they are in PROJECT, committed as wire-schema.json. */
function projectWithSnapshot(name: string): string {
  const dir = makeProject(name, PROJECT, { pkg });
  const written = cli(pkg, ["schema", "--out", "wire-schema.json"], dir);
  if (written.status !== 0) throw new Error(written.output);
  return dir;
}

function edit(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const text = fs.readFileSync(full, "utf8");
  if (!text.includes(from)) throw new Error(`${from} not in ${file}`);
  fs.writeFileSync(full, text.replace(from, to));
}

test("writes a sorted snapshot of every codec, named by file and export, and finds it up to date", () => {
  const dir = projectWithSnapshot("write");
  const text = fs.readFileSync(path.join(dir, "wire-schema.json"), "utf8");
  const snapshot = JSON.parse(text);
  expect(snapshot.format).toBe("typed-msgpack wire schema");
  expect(snapshot.version).toBe(1);
  expect(Object.keys(snapshot.codecs)).toEqual(["src/wire.ts#ItemsCodec", "src/wire.ts#OrderCodec"]);
  const order = snapshot.codecs["src/wire.ts#OrderCodec"];
  expect(order.root).toEqual({ kind: "ref", name: "Order" });
  expect(Object.keys(order.types)).toEqual(["$.shape|kind=circle", "$.shape|kind=square", "Item", "Order"]);
  expect(order.types.Order.layout).toBe("map");
  // Wire order, optionality, and an optional property's type without the `undefined` of absence.
  expect(
    order.types.Order.properties.map((p: { name: string; optional: boolean }) => `${p.name}${p.optional ? "?" : ""}`),
  ).toEqual(["id", "status", "items", "note?", "owner", "total", "score", "shape", "meta"]);
  expect(order.types.Order.properties[3].type).toEqual({ kind: "string" });
  expect(order.types.Order.properties[4].type).toEqual({
    kind: "union",
    members: [{ kind: "null" }, { kind: "string" }],
  });
  expect(order.types.Order.properties[7].type).toEqual({
    kind: "union",
    members: [
      { kind: "ref", name: "$.shape|kind=circle" },
      { kind: "ref", name: "$.shape|kind=square" },
    ],
    discriminant: "kind",
  });

  const again = cli(pkg, ["schema", "--out", "wire-schema.json"], dir);
  expect(again.stdout).toMatch(/: wire-schema\.json is up to date \(2 codecs\)\n$/);
  const printed = cli(pkg, ["schema"], dir);
  expect(printed.stdout).toBe(text);
  const check = cli(pkg, ["schema", "--check", "wire-schema.json", "--direction", "both"], dir);
  expect(check.status).toBe(0);
  expect(check.stdout).toBe("wire-schema.json: up to date (direction: both)\n");
}, 120_000);

/**
 * One change of each kind: [kind, file, from, to, exit code with --direction backward, with forward,
 * stdout with backward, stdout with forward]. The snapshot holds ItemsCodec (Item[]) and OrderCodec.
 */
const CHANGES: [string, string, string, string, number, number, string, string][] = [
  [
    "an optional property added",
    "src/model.ts",
    "note?: string;",
    "note?: string;\n  gift?: boolean;",
    0,
    0,
    "compatible  src/wire.ts#OrderCodec $.gift: property added as optional\n",
    "compatible  src/wire.ts#OrderCodec $.gift: property added as optional\n",
  ],
  [
    "a required property added",
    "src/model.ts",
    "total: number;",
    "total: number;\n  currency: string;",
    1,
    0,
    'BREAKING    src/wire.ts#OrderCodec $.currency: property added as required\n              backward: new readers require "currency", which bytes written before lack\n',
    "compatible  src/wire.ts#OrderCodec $.currency: property added as required\n",
  ],
  [
    "a property removed that old readers require",
    "src/model.ts",
    "  total: number;\n",
    "",
    0,
    1,
    "compatible  src/wire.ts#OrderCodec $.total: required property removed\n",
    'BREAKING    src/wire.ts#OrderCodec $.total: required property removed\n              forward: old readers require "total", which bytes written now lack\n',
  ],
  [
    "number narrowed to literals",
    "src/model.ts",
    "score: number;",
    "score: 1 | 2 | 3;",
    1,
    0,
    "BREAKING    src/wire.ts#OrderCodec $.score: type changed from number to 1 | 2 | 3\n              backward: new readers refuse number, which bytes written before may hold\n",
    "compatible  src/wire.ts#OrderCodec $.score: type changed from number to 1 | 2 | 3\n",
  ],
  [
    "string | null narrowed to string",
    "src/model.ts",
    "owner: string | null;",
    "owner: string;",
    1,
    0,
    "BREAKING    src/wire.ts#OrderCodec $.owner: union member null removed\n              backward: new readers refuse null, which bytes written before may hold\n",
    "compatible  src/wire.ts#OrderCodec $.owner: union member null removed\n",
  ],
  [
    "a property renamed",
    "src/model.ts",
    "sku: string",
    "code: string",
    1,
    1,
    'BREAKING    src/wire.ts#ItemsCodec $[*]: property "sku" renamed to "code"\n              backward: bytes written before carry "sku", which new readers skip, and lack "code", which they require\n' +
      'BREAKING    src/wire.ts#OrderCodec $.items[*]: property "sku" renamed to "code"\n              backward: bytes written before carry "sku", which new readers skip, and lack "code", which they require\n',
    'BREAKING    src/wire.ts#ItemsCodec $[*]: property "sku" renamed to "code"\n              forward: bytes written now carry "code", which old readers skip, and lack "sku", which they require\n' +
      'BREAKING    src/wire.ts#OrderCodec $.items[*]: property "sku" renamed to "code"\n              forward: bytes written now carry "code", which old readers skip, and lack "sku", which they require\n',
  ],
  [
    "a discriminant value changed",
    "src/model.ts",
    'kind: "square"',
    'kind: "box"',
    1,
    1,
    'BREAKING    src/wire.ts#OrderCodec $.shape: union member { kind: "square"; side: number; } (kind="square") removed\n              backward: new readers refuse { kind: "square"; side: number; }, which bytes written before may hold\n' +
      'compatible  src/wire.ts#OrderCodec $.shape: union member { kind: "box"; side: number; } (kind="box") added\n',
    'compatible  src/wire.ts#OrderCodec $.shape: union member { kind: "square"; side: number; } (kind="square") removed\n' +
      'BREAKING    src/wire.ts#OrderCodec $.shape: union member { kind: "box"; side: number; } (kind="box") added\n              forward: old readers refuse { kind: "box"; side: number; }, which bytes written now may hold\n',
  ],
  [
    "a union widened",
    "src/model.ts",
    '"open" | "shipped"',
    '"open" | "shipped" | "lost"',
    0,
    1,
    'compatible  src/wire.ts#OrderCodec $.status: literal "lost" added\n',
    'BREAKING    src/wire.ts#OrderCodec $.status: literal "lost" added\n              forward: old readers refuse "lost", which bytes written now may hold\n',
  ],
  [
    "a Record value widened",
    "src/model.ts",
    "Record<string, number>",
    "Record<string, number | string>",
    0,
    1,
    "compatible  src/wire.ts#OrderCodec $.meta[*]: union member string added\n",
    "BREAKING    src/wire.ts#OrderCodec $.meta[*]: union member string added\n              forward: old readers refuse string, which bytes written now may hold\n",
  ],
  [
    "a codec removed",
    "src/wire.ts",
    "const items = codecFor<Item[]>();\nexport { items as ItemsCodec };\n",
    "",
    1,
    0,
    "BREAKING    src/wire.ts#ItemsCodec $: codec removed\n              backward: no codec reads its bytes any more (a renamed codec is one removed and one added)\n",
    "compatible  src/wire.ts#ItemsCodec $: codec removed\n",
  ],
];

describe("--check after one change of each kind", () => {
  test.each(CHANGES)(
    "%s",
    (kind, file, from, to, backward, forward, backwardOut, forwardOut) => {
      const dir = projectWithSnapshot("check-" + kind.replace(/\W+/g, "-"));
      edit(dir, file, from, to);
      const runs = {
        backward: cli(pkg, ["schema", "--check", "wire-schema.json"], dir),
        forward: cli(pkg, ["schema", "--check", "wire-schema.json", "--direction", "forward"], dir),
      };
      expect({ backward: runs.backward.stdout, forward: runs.forward.stdout }).toEqual({
        backward: backwardOut + (backward === 0 ? summaryLine(backwardOut, "backward") : ""),
        forward: forwardOut + (forward === 0 ? summaryLine(forwardOut, "forward") : ""),
      });
      expect([runs.backward.status, runs.forward.status]).toEqual([backward, forward]);
      for (const [direction, run] of Object.entries(runs)) {
        if (run.status === 1) {
          expect(run.stderr).toMatch(
            new RegExp(
              `^wire-schema\\.json: [1-9]\\d* breaking changes?, \\d+ compatible \\(direction: ${direction}\\)\\. ` +
                `Bytes written with the .* types would not decode with the .*; keep the old shape, or write the snapshot again \\(typed-msgpack schema --out wire-schema\\.json\\) once no such bytes remain\\n$`,
            ),
          );
        }
      }
      // --direction both fails when either direction does.
      expect(cli(pkg, ["schema", "--check", "wire-schema.json", "--direction", "both"], dir).status).toBe(
        Math.max(backward, forward),
      );
    },
    120_000,
  );
});

/** What --check prints last when nothing breaks: every change listed was compatible. */
function summaryLine(out: string, direction: string): string {
  const count = out.split("\n").filter((l) => l.startsWith("compatible")).length;
  return `wire-schema.json: 0 breaking changes, ${count} compatible (direction: ${direction}); write the snapshot again (typed-msgpack schema --out wire-schema.json) and commit it\n`;
}

describe("errors", () => {
  test.each([
    [
      "a missing snapshot",
      null,
      /^typed-msgpack: nope\.json: no such snapshot; write one with typed-msgpack schema --out nope\.json and commit it\n$/,
    ],
    ["a file that is not JSON", "{ not json", /^typed-msgpack: nope\.json: not valid JSON \(/],
    ["JSON that is not a snapshot", "{}", /^typed-msgpack: nope\.json: not a wire-schema snapshot/],
    [
      "a snapshot of another format version",
      JSON.stringify({ format: "typed-msgpack wire schema", version: 99, codecs: {} }),
      /format version 99, which this typed-msgpack does not read \(it reads version 1\)/,
    ],
  ])(
    "%s exits with 2",
    (_, content, message) => {
      const dir = makeProject("bad-snapshot", PROJECT, { pkg });
      if (content !== null) fs.writeFileSync(path.join(dir, "nope.json"), content);
      const result = cli(pkg, ["schema", "--check", "nope.json"], dir);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(message);
    },
    60_000,
  );

  test("bad arguments exit with 2 and show the schema usage", () => {
    const dir = makeProject("usage", PROJECT, { pkg });
    for (const [args, message] of [
      [["--direction", "sideways", "--check", "x.json"], "--direction must be backward, forward or both"],
      [["--direction", "both"], "--direction goes with --check"],
      [["--check", "x.json", "--out", "y.json"], "--check and --out do not go together"],
      [["--format", "yaml"], "--format must be snapshot or json-schema"],
      [["--frobnicate"], "unknown option --frobnicate for typed-msgpack schema"],
    ] as const) {
      const result = cli(pkg, ["schema", ...args], dir);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain("Usage: typed-msgpack schema [options]");
    }
    const help = cli(pkg, ["schema", "--help"], dir);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: typed-msgpack schema \[options\] \[file or folder \.\.\.\]/);
  }, 60_000);

  test("a codec the transformer cannot make is a compile error, exit 1, and no snapshot", () => {
    const dir = makeProject(
      "codec-error",
      {
        ...PROJECT,
        "src/bad.ts": `import { codecFor } from "typed-msgpack";\nexport const BadCodec = codecFor<{ run(): void }>();\n`,
      },
      { pkg },
    );
    const result = cli(pkg, ["schema", "--out", "wire-schema.json"], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/src[\\/]bad\.ts:2:25 - error TS\d+: codecFor<\{ run\(\): void \}>\(\)/);
    expect(result.stderr).toMatch(/: 1 error; no schema written\n$/);
    expect(fs.existsSync(path.join(dir, "wire-schema.json"))).toBe(false);
  }, 60_000);
});

test("--format json-schema writes a JSON Schema (2020-12) per codec", () => {
  const dir = makeProject("json-schema", PROJECT, { pkg });
  const result = cli(pkg, ["schema", "--format", "json-schema", "--out", "wire.schema.json"], dir);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/wrote wire\.schema\.json \(2 codecs as JSON Schema\)\n$/);
  const schemas = JSON.parse(fs.readFileSync(path.join(dir, "wire.schema.json"), "utf8"));
  expect(Object.keys(schemas)).toEqual(["src/wire.ts#ItemsCodec", "src/wire.ts#OrderCodec"]);
  const order = schemas["src/wire.ts#OrderCodec"];
  expect(order.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  expect(order.$ref).toBe("#/$defs/Order");
  expect(order.$defs.Order.required).toEqual(["id", "status", "items", "owner", "total", "score", "shape", "meta"]);
  expect(order.$defs.Order.properties.status).toEqual({ enum: ["open", "shipped"] });
  expect(order.$defs.Order.properties.meta).toEqual({ type: "object", additionalProperties: { type: "number" } });
}, 60_000);
