/**
 * `codecFor` is recognized by the declaration the checker resolves the call to, not by its name:
 * aliases, namespace imports and re-exports are replaced; unrelated functions named codecFor are not.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { compile, GENERATED_DIR, type Compiled } from "../helpers/compile";

const USER = `export interface User { id: number; name: string; tags?: string[] }\n`;
const ada = { id: 1, name: "Ada", tags: ["math"] };

/** Writes a helper module under test/.generated, as a second file of the fixture's project. */
function writeModule(name: string, source: string): void {
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  fs.writeFileSync(path.join(GENERATED_DIR, name + ".ts"), source);
}

function requireCompiled(compiled: Compiled): Record<string, any> {
  expect(compiled.diagnostics).toEqual([]);
  return require(compiled.file.replace(/\.ts$/, ".js"));
}

/** The call was replaced: no call of the runtime's throwing stub is left, and a generated codec exists. */
function expectReplaced(compiled: Compiled, callee: RegExp): void {
  expect(compiled.js).not.toMatch(callee);
  expect(compiled.js).toMatch(/const __tm_\w+Codec = __tm_codec\(/);
  expect(Object.keys(compiled.model?.codecs ?? {})).toHaveLength(1);
}

function expectUserCodec(codec: { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown }): void {
  expect(codec.decode(codec.encode(ada))).toEqual(ada);
  expect(() => codec.encode({ id: "1", name: "Ada" })).toThrow("$.id: expected a number");
}

describe("recognized through the resolved symbol", () => {
  test("named import", () => {
    const c = compile(
      "recog_named",
      `import { codecFor } from "typed-msgpack";\n${USER}export const C = codecFor<User>();\n`,
    );
    expectReplaced(c, /codecFor\)\(\)/);
    expectUserCodec(requireCompiled(c).C);
  });

  test("aliased import: import { codecFor as cf }", () => {
    const c = compile(
      "recog_alias",
      `import { codecFor as cf } from "typed-msgpack";\n${USER}export const C = cf<User>();\n`,
    );
    expectReplaced(c, /codecFor\)\(\)/);
    expect(c.js).toContain("exports.C = __tm_UserCodec;");
    expectUserCodec(requireCompiled(c).C);
  });

  test("namespace import: tm.codecFor<T>()", () => {
    const c = compile(
      "recog_namespace",
      `import * as tm from "typed-msgpack";\n${USER}export const C = tm.codecFor<User>();\n`,
    );
    expectReplaced(c, /\.codecFor\(\)/);
    expectUserCodec(requireCompiled(c).C);
  });

  test("a local const bound to codecFor", () => {
    const c = compile(
      "recog_const_alias",
      `import { codecFor } from "typed-msgpack";\n${USER}const make = codecFor;\nexport const C = make<User>();\n`,
    );
    expectReplaced(c, /make\(\)/);
    expectUserCodec(requireCompiled(c).C);
  });

  test("re-exported through a local barrel file", () => {
    writeModule("recog_barrel_lib", `export { codecFor } from "typed-msgpack";\nexport const barrelVersion = 1;\n`);
    const c = compile(
      "recog_barrel_use",
      `import { codecFor, barrelVersion } from "./recog_barrel_lib.js";\n${USER}export const C = codecFor<User>();\nexport const v = barrelVersion;\n`,
    );
    expectReplaced(c, /codecFor\)\(\)/);
    const m = requireCompiled(c);
    expectUserCodec(m.C);
    expect(m.v).toBe(1);
  });

  test("re-exported under another name, through two barrels", () => {
    writeModule("recog_barrel_inner", `export { codecFor as makeCodec } from "typed-msgpack";\n`);
    writeModule("recog_barrel_outer", `export * from "./recog_barrel_inner.js";\n`);
    const c = compile(
      "recog_barrel_renamed",
      `import { makeCodec } from "./recog_barrel_outer.js";\n${USER}export const C = makeCodec<User>();\n`,
    );
    expectReplaced(c, /makeCodec\)\(\)/);
    expectUserCodec(requireCompiled(c).C);
  });

  test("namespace import of a barrel that re-exports everything", () => {
    writeModule("recog_barrel_star", `export * from "typed-msgpack";\n`);
    const c = compile(
      "recog_barrel_star_use",
      `import * as lib from "./recog_barrel_star.js";\n${USER}export const C = lib.codecFor<User>();\n`,
    );
    expectReplaced(c, /\.codecFor\(\)/);
    expectUserCodec(requireCompiled(c).C);
  });

  test("a call inside a function body becomes a reference to one module-scope codec", () => {
    const c = compile(
      "recog_in_function",
      `import { codecFor } from "typed-msgpack";\n${USER}export function userCodec() { return codecFor<User>(); }\n`,
    );
    expectReplaced(c, /codecFor\)\(\)/);
    const m = requireCompiled(c);
    expect(m.userCodec()).toBe(m.userCodec());
    expectUserCodec(m.userCodec());
  });

  test("calls in a class's extends clause and in a type's default value are found; types themselves are not walked", () => {
    const c = compile(
      "recog_heritage",
      `import { codecFor, type Codec } from "typed-msgpack";\n${USER}
const withCodec = <T>(codec: Codec<T>) => class { codec = codec; };
export class Users extends withCodec(codecFor<User>()) {}
export interface Holder { codec: Codec<User> }
export const holder: Holder = { codec: codecFor<User>() };
`,
    );
    expectReplaced(c, /codecFor\)\(\)/);
    const m = requireCompiled(c);
    expect(new m.Users().codec).toBe(m.holder.codec);
    expectUserCodec(m.holder.codec);
  });
});

describe("unrelated functions named codecFor are left alone", () => {
  test("a local function declaration", () => {
    const c = compile(
      "recog_local_fn",
      [
        `export function codecFor<T>(): { local: true; sample?: T } { return { local: true }; }`,
        `${USER}export const C = codecFor<User>();`,
        ``,
      ].join("\n"),
    );
    expect(c.diagnostics).toEqual([]);
    expect(c.model).toBeUndefined();
    expect(c.js).toContain("exports.C = codecFor();");
    expect(c.js).not.toContain("__tm");
    expect(requireCompiled(c).C).toEqual({ local: true });
  });

  test("a method named codecFor, in a file that also imports the real one", () => {
    const c = compile(
      "recog_local_method",
      [
        `import { codecFor } from "typed-msgpack";`,
        `const registry = { codecFor<T>(): string { return "from the registry"; } };`,
        `${USER}export const A = registry.codecFor<User>();`,
        `export const B = codecFor<User>();`,
        ``,
      ].join("\n"),
    );
    expect(c.js).toContain("exports.A = registry.codecFor();");
    expect(Object.keys(c.model!.codecs)).toEqual(["User"]);
    const m = requireCompiled(c);
    expect(m.A).toBe("from the registry");
    expectUserCodec(m.B);
  });

  test("a codecFor imported from another local module", () => {
    writeModule("recog_other_lib", `export function codecFor<T>(): string { return "other"; }\n`);
    const c = compile(
      "recog_other_use",
      `import { codecFor } from "./recog_other_lib.js";\n${USER}export const C = codecFor<User>();\n`,
    );
    expect(c.model).toBeUndefined();
    expect(c.js).toContain("(0, recog_other_lib_js_1.codecFor)()");
    expect(requireCompiled(c).C).toBe("other");
  });

  test("a wrapper module that re-exports all of typed-msgpack but declares its own codecFor", () => {
    // The wrapper's exports include the runtime's marker (through export *), but its codecFor is its own.
    writeModule(
      "recog_wrapper_lib",
      [
        `export * from "typed-msgpack";`,
        `import { codecFor as realCodecFor, type Codec } from "typed-msgpack";`,
        `export function codecFor<T>(): Codec<T> & { wrapped: true } { return Object.assign(realCodecFor<T>(), { wrapped: true as const }); }`,
        ``,
      ].join("\n"),
    );
    const c = compile(
      "recog_wrapper_use",
      `import { codecFor } from "./recog_wrapper_lib.js";\n${USER}export const C = codecFor<User>();\n`,
    );
    expect(c.model).toBeUndefined();
    expect(c.js).toContain("(0, recog_wrapper_lib_js_1.codecFor)()");
  });
});

describe("one codec per distinct type", () => {
  test("several calls for the same type share one codec constant", () => {
    const c = compile(
      "recog_same_type",
      [
        `import { codecFor, codecFor as cf } from "typed-msgpack";`,
        USER + `type Alias = User;`,
        `export const A = codecFor<User>();`,
        `export const B = cf<User>();`,
        `export const D = codecFor<Alias>();`,
        `export function again() { return codecFor<User>(); }`,
        ``,
      ].join("\n"),
    );
    expect(Object.keys(c.model!.codecs)).toEqual(["User"]);
    expect(c.js.match(/__tm_codec\(/g)).toHaveLength(1);
    expect(c.js.match(/function __tm_encUser\(/g)).toHaveLength(1);
    expect(c.js.match(/function __tm_decUser\(/g)).toHaveLength(1);
    for (const name of ["A", "B", "D"]) expect(c.js).toContain(`exports.${name} = __tm_UserCodec;`);
    const m = requireCompiled(c);
    expect(m.B).toBe(m.A);
    expect(m.D).toBe(m.A);
    expect(m.again()).toBe(m.A);
    expectUserCodec(m.A);
  });

  test("calls for different types get their own constants and share the functions of common parts", () => {
    const c = compile(
      "recog_different_types",
      [
        `import { codecFor } from "typed-msgpack";`,
        USER + `export interface Team { lead: User; members: User[] }`,
        `export const UserC = codecFor<User>();`,
        `export const TeamC = codecFor<Team>();`,
        `export const NamesC = codecFor<string[]>();`,
        `export const PairC = codecFor<[User, number]>();`,
        ``,
      ].join("\n"),
    );
    const ids = Object.keys(c.model!.codecs);
    expect(ids).toHaveLength(4);
    expect(new Set(ids.map((id) => `__tm_${id}Codec`)).size).toBe(4);
    expect(c.js.match(/__tm_codec\(/g)).toHaveLength(4);
    // User is one named type, encoded and decoded by one function pair used by every codec that contains it.
    expect(Object.keys(c.model!.named).filter((n) => n.startsWith("User"))).toEqual(["User"]);
    expect(c.js.match(/function __tm_encUser\(/g)).toHaveLength(1);
    expect(c.js.match(/function __tm_decUser\(/g)).toHaveLength(1);
    const m = requireCompiled(c);
    expect(new Set([m.UserC, m.TeamC, m.NamesC, m.PairC]).size).toBe(4);
    expectUserCodec(m.UserC);
    const team = { lead: ada, members: [ada, { id: 2, name: "Grace" }] };
    expect(m.TeamC.decode(m.TeamC.encode(team))).toEqual(team);
    expect(m.NamesC.decode(m.NamesC.encode(["a", "b"]))).toEqual(["a", "b"]);
    expect(m.PairC.decode(m.PairC.encode([ada, 7]))).toEqual([ada, 7]);
    // Each codec checks its own type.
    expect(() => m.NamesC.decode(m.UserC.encode(ada))).toThrow("expected array");
  });

  test("structurally equal but distinct anonymous types get distinct codecs with distinct names", () => {
    const c = compile(
      "recog_anonymous_types",
      [
        `import { codecFor } from "typed-msgpack";`,
        `export const A = codecFor<{ x: number }>();`,
        `export const B = codecFor<{ y: string }>();`,
        ``,
      ].join("\n"),
    );
    const m = requireCompiled(c);
    expect(m.A).not.toBe(m.B);
    expect(m.A.decode(m.A.encode({ x: 1 }))).toEqual({ x: 1 });
    expect(m.B.decode(m.B.encode({ y: "1" }))).toEqual({ y: "1" });
  });
});

describe("placement of the generated code", () => {
  test("the runtime import and the generated code come after the file's imports and before its own statements", () => {
    writeModule("recog_placement_dep", `export const dep = "dep";\n`);
    const c = compile(
      "recog_placement",
      [
        `"use strict";`,
        `import { codecFor } from "typed-msgpack";`,
        `import * as other from "./recog_placement_dep.js";`,
        `export const before = typeof other.dep;`,
        USER + `export const C = codecFor<User>();`,
        ``,
      ].join("\n"),
    );
    const js = c.js;
    const runtime = js.indexOf(`__importStar(require("typed-msgpack/internal"))`);
    expect(runtime).toBeGreaterThan(js.indexOf(`require("./recog_placement_dep.js")`));
    expect(js.indexOf("const __tm_UserCodec")).toBeGreaterThan(runtime);
    expect(js.indexOf("exports.before = typeof")).toBeGreaterThan(js.indexOf("const __tm_UserCodec"));
    const m = requireCompiled(c);
    expect(m.before).toBe("string");
    expectUserCodec(m.C);
  });

  test("a file without codecFor calls is emitted unchanged", () => {
    const c = compile("recog_no_calls", `import { codecFor } from "typed-msgpack";\nexport const f = codecFor;\n`);
    expect(c.model).toBeUndefined();
    expect(c.js).not.toContain("__tm");
  });
});
