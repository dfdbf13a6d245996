/**
 * The TypeScript 7 path in tests: TypeScript 7.0 and the newest 7.x, each installed in its own
 * folder here (test/native/ts-7.0, ts-7.1) on first use, and projects of fixture files that the
 * native checker opens.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  loadNativeModules,
  NativeSession,
  type NativeModules,
  type NativeProject,
} from "../../transformer/checkers/native-api";
import { GENERATED_DIR } from "../helpers/compile";

const ROOT = path.resolve(__dirname, "../..");

export const NATIVE_VERSIONS = ["7.0", "7.1"] as const;
export type NativeVersion = (typeof NATIVE_VERSIONS)[number];

const loaded = new Map<NativeVersion, NativeModules>();

/**
 * The typescript package folder of test/native/ts-<version>, installed from its lockfile if need
 * be; one worker installs while the others wait for it.
 */
export function nativeTypescriptDir(version: NativeVersion): string {
  const dir = path.join(__dirname, `ts-${version}`);
  const typescriptDir = path.join(dir, "node_modules/typescript");
  const installed = () => fs.existsSync(path.join(dir, "node_modules/.installed"));
  if (installed()) return typescriptDir;
  const lock = path.join(dir, ".installing");
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than any install is left by a worker that died.
      const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 300_000) fs.rmSync(lock, { force: true, recursive: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (!installed()) {
      execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "inherit" });
      fs.writeFileSync(path.join(dir, "node_modules/.installed"), "");
    }
  } finally {
    fs.rmSync(lock, { force: true, recursive: true });
  }
  return typescriptDir;
}

/** The API of the TypeScript 7 in test/native/ts-<version>. */
export function nativeModules(version: NativeVersion): NativeModules {
  const known = loaded.get(version);
  if (known) return known;
  const typescriptDir = nativeTypescriptDir(version);
  const { version: exact } = JSON.parse(fs.readFileSync(path.join(typescriptDir, "package.json"), "utf8"));
  const { nativeRequire } = (globalThis as { __typedMsgpackTest?: { nativeRequire: (f: string) => unknown } })
    .__typedMsgpackTest!;
  const modules = loadNativeModules(typescriptDir, exact, nativeRequire);
  if (typeof modules === "string") throw new Error(modules);
  loaded.set(version, modules);
  return modules;
}

/** The compiler options of test/helpers/compile.ts's fixtures, as a tsconfig. */
export const FIXTURE_TSCONFIG = {
  compilerOptions: {
    target: "es2020",
    module: "node16",
    moduleResolution: "node16",
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: [],
    lib: ["es2020", "dom"],
    paths: {
      "typed-msgpack": [path.join(ROOT, "runtime/index.ts")],
      "typed-msgpack/stream": [path.join(ROOT, "runtime/stream.ts")],
      "typed-msgpack/internal": [path.join(ROOT, "runtime/internal.ts")],
    },
  },
};

/** A project of `files` (name → source) under test/.generated/native/<name>, and its tsconfig's path. */
export function writeProject(name: string, files: Record<string, string>): string {
  const dir = path.join(GENERATED_DIR, "native", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const tsconfig = path.join(dir, "tsconfig.json");
  fs.writeFileSync(tsconfig, JSON.stringify({ ...FIXTURE_TSCONFIG, include: Object.keys(files) }, null, 2));
  return tsconfig;
}

/** Opens `tsconfig` with the native checker of `version`, runs `use` on its project, and closes it. */
export function withProject<T>(version: NativeVersion, tsconfig: string, use: (project: NativeProject) => T): T {
  const session = new NativeSession(nativeModules(version), path.dirname(tsconfig));
  try {
    session.open([tsconfig]);
    return use(session.project(tsconfig));
  } finally {
    session.close();
  }
}
