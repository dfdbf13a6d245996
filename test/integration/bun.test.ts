/**
 * typed-msgpack-build/bun, the Bun runtime plugin (issue 55, finding 7 on Bun): Bun 1.4 (the npm
 * package, installed here) runs a project's TypeScript with the plugin preloaded, nothing generated
 * ahead of time: a type edit between two runs changes the codec, with --preload and with
 * bunfig.toml's preload; on TypeScript 7, whose API runs only under Node, through a Node process.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  buildPackageOf,
  builtPackage,
  link,
  linkTypescript7,
  makeProject,
  mustRun,
  readTree,
  removeTempDirs,
  ROOT_TYPESCRIPT,
} from "../generate/helpers";
import { MAIN, MODEL, WITH_PRIORITY } from "./type-edit-fixture";

let pkg = "";
let dir = "";
let bun = "";

beforeAll(() => {
  pkg = builtPackage();
  dir = makeProject(
    "bun",
    {
      "package.json": JSON.stringify({ name: "app", private: true, type: "module" }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          strict: true,
          noEmit: true,
        },
        include: ["src"],
      }),
      "src/model.ts": MODEL,
      "src/main.ts": MAIN,
    },
    { pkg, typescript: false },
  );
  // Bun's binary comes in the registry package @oven/bun-linux-x64 (an optional dependency of bun).
  mustRun("npm", ["install", "--no-audit", "--no-fund", "--no-save", "bun@1.4.4"], dir);
  link(dir, "typed-msgpack", pkg); // npm install prunes the links it did not make
  link(dir, "typed-msgpack-build", buildPackageOf(pkg));
  link(dir, "typescript", ROOT_TYPESCRIPT); // TypeScript 6, in process
  bun = path.join(dir, "node_modules/.bin/bun");
}, 300_000);

afterAll(() => removeTempDirs());
afterEach(() => {
  fs.writeFileSync(path.join(dir, "src/model.ts"), MODEL);
  fs.rmSync(path.join(dir, "bunfig.toml"), { force: true });
});

test("bun --preload typed-msgpack-build/bun: a type edit between two runs changes the codec, nothing is generated", () => {
  const before = Object.keys(readTree(dir));
  const preload = ["--preload", "typed-msgpack-build/bun", "src/main.ts"];
  expect(mustRun(bun, preload, dir).trim()).toBe('{"id":1,"note":"n"}');
  fs.writeFileSync(path.join(dir, "src/model.ts"), WITH_PRIORITY);
  expect(mustRun(bun, preload, dir).trim()).toBe('{"id":1,"note":"n","priority":2}');
  expect(Object.keys(readTree(dir))).toEqual(before);
}, 60_000);

test('bunfig.toml preload = ["typed-msgpack-build/bun"]: bun src/main.ts', () => {
  fs.writeFileSync(path.join(dir, "bunfig.toml"), 'preload = ["typed-msgpack-build/bun"]\n');
  fs.writeFileSync(path.join(dir, "src/model.ts"), WITH_PRIORITY);
  expect(mustRun(bun, ["src/main.ts"], dir).trim()).toBe('{"id":1,"note":"n","priority":2}');
}, 60_000);

test("on TypeScript 7 (whose API runs only under Node) a Node process compiles the codecs: a type edit between two runs changes the codec, and the app exits", () => {
  const ts7 = makeProject(
    "bun-ts7",
    {
      "package.json": JSON.stringify({ name: "app", private: true, type: "module" }),
      "tsconfig.json": fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8"),
      "src/model.ts": MODEL,
      "src/main.ts": MAIN,
    },
    { pkg, typescript: false },
  );
  link(ts7, "typed-msgpack-build", buildPackageOf(pkg));
  linkTypescript7(ts7);
  const preload = ["--preload", "typed-msgpack-build/bun", "src/main.ts"];
  expect(mustRun(bun, preload, ts7).trim()).toBe('{"id":1,"note":"n"}');
  fs.writeFileSync(path.join(ts7, "src/model.ts"), WITH_PRIORITY);
  expect(mustRun(bun, preload, ts7).trim()).toBe('{"id":1,"note":"n","priority":2}');
}, 60_000);
