/**
 * Shared by the `typed-msgpack generate` tests: a private build of the package, throwaway projects
 * outside the repository, and running the command as a user does (a separate node process).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { tempRoot } from "../helpers/temp";

export const ROOT = path.resolve(__dirname, "../..");
export const EXAMPLE = path.join(ROOT, "examples/generate-esbuild");
/** The TypeScript 6 the repository develops with; the generator's compiler when a project has none of its own. */
export const ROOT_TYPESCRIPT = path.join(ROOT, "node_modules/typescript");

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Everything, for failure messages. */
  output: string;
}

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    shell: process.platform === "win32",
  });
  const output = `$ ${command} ${args.join(" ")}  (in ${cwd}, exit ${result.status})\n${result.stdout}${result.stderr}`;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output };
}

export function mustRun(command: string, args: string[], cwd: string): string {
  const result = run(command, args, cwd);
  if (result.status !== 0) throw new Error(result.output);
  return result.stdout;
}

/** Every file under `dir` (relative path -> text), for hashing and snapshots. */
export function readTree(dir: string, filter: (rel: string) => boolean = () => true): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of fs
      .readdirSync(path.join(dir, sub), { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(rel);
      } else if (filter(rel)) {
        out[rel.split(path.sep).join("/")] = fs.readFileSync(path.join(dir, rel), "utf8");
      }
    }
  };
  walk("");
  return out;
}

/**
 * The package as npm would install it (package.json + dist), compiled from the current sources
 * into node_modules/.cache/typed-msgpack-tests/generate-pkg-<hash>: the tests never depend on, or
 * race with, a build of the repository's own dist/. Built once per source state; parallel workers
 * agree through an atomic rename. Inside the repository, so `require("typescript")` from it finds
 * the repository's TypeScript 6, as an installed typed-msgpack finds its project's; outside test/,
 * so jest's module map never sees a second package named typed-msgpack.
 */
export function builtPackage(): string {
  const hash = crypto.createHash("sha256");
  for (const dir of ["runtime", "transformer"]) {
    for (const [rel, text] of Object.entries(readTree(path.join(ROOT, dir), (f) => /\.m?ts$/.test(f))))
      hash.update(dir + "/" + rel + "\0" + text + "\0");
  }
  for (const file of [
    "package.json",
    "typed-msgpack-build/package.json",
    "tsconfig.json",
    "tsconfig.esm.json",
    "scripts/build.js",
  ])
    hash.update(fs.readFileSync(path.join(ROOT, file)));
  const target = path.join(
    ROOT,
    "node_modules/.cache/typed-msgpack-tests",
    "generate-pkg-" + hash.digest("hex").slice(0, 12),
  );
  const main = path.join(target, "dist/transformer/cli/main.js");
  if (fs.existsSync(path.join(target, ".complete"))) return target;

  const temp = `${target}.tmp-${process.pid}`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true });
  // `npm test` reports type errors in its own build step; here only the result matters.
  run(process.execPath, [path.join(ROOT, "scripts/build.js"), path.join(temp, "dist")], ROOT);
  if (!fs.existsSync(path.join(temp, "dist/transformer/cli/main.js")))
    throw new Error(`building the package into ${temp} failed`);
  fs.copyFileSync(path.join(ROOT, "package.json"), path.join(temp, "package.json"));
  fs.chmodSync(path.join(temp, "dist/transformer/cli/main.js"), 0o755);
  // The build package (typed-msgpack-build: the command and the bundler plugin) over the same dist.
  fs.mkdirSync(path.join(temp, "build-package"));
  fs.copyFileSync(path.join(ROOT, "typed-msgpack-build/package.json"), path.join(temp, "build-package/package.json"));
  fs.symlinkSync("../dist", path.join(temp, "build-package/dist"), "dir");
  fs.writeFileSync(path.join(temp, ".complete"), "");
  try {
    fs.renameSync(temp, target);
  } catch {
    fs.rmSync(temp, { recursive: true, force: true }); // another worker finished first
  }
  if (!fs.existsSync(main)) throw new Error(`no ${main}`);
  // Builds of earlier source states, once no run can still be using them.
  for (const entry of fs.readdirSync(path.dirname(target))) {
    const old = path.join(path.dirname(target), entry);
    if (/^generate-pkg-[0-9a-f]+$/.test(entry) && old !== target && Date.now() - fs.statSync(old).mtimeMs > 3_600_000)
      fs.rmSync(old, { recursive: true, force: true });
  }
  return target;
}

/** The build package (typed-msgpack-build) beside a package from builtPackage(), sharing its dist. */
export function buildPackageOf(pkg: string): string {
  return path.join(pkg, "build-package");
}

/** The `typed-msgpack` command of a built package, run in `cwd`. */
export function cli(pkg: string, args: string[], cwd: string): Run {
  return run(process.execPath, [path.join(pkg, "dist/transformer/cli/main.js"), ...args], cwd);
}

/** Starts `typed-msgpack generate --watch`; the caller kills it. */
export function startWatch(pkg: string, cwd: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [path.join(pkg, "dist/transformer/cli/main.js"), "generate", "--watch"], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function waitFor(
  what: string,
  condition: () => boolean,
  timeoutMs: number,
  details: () => string = () => "",
): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${details()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A lock across processes (several jest runs can share a checkout): mkdir is atomic; a lock whose
 * owner process is gone is taken over. Resolves to the release function.
 */
export async function acquireLock(name: string, timeoutMs: number): Promise<() => void> {
  const dir = path.join(ROOT, "node_modules/.cache/typed-msgpack-tests", name + ".lock");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const start = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "pid"), String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const owner = Number(fs.readFileSync(path.join(dir, "pid"), { encoding: "utf8", flag: "a+" }) || 0);
    let alive = owner > 0;
    try {
      if (alive) process.kill(owner, 0);
    } catch {
      alive = false;
    }
    if (!alive && Date.now() - fs.statSync(dir).mtimeMs > 2000) fs.rmSync(dir, { recursive: true, force: true });
    else if (Date.now() - start > timeoutMs) throw new Error(`${dir} is held by process ${owner}`);
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const temp = tempRoot("typed-msgpack-generate-");
/** A fresh, empty folder outside the repository, under this test file's temp root. */
export const tempDir = temp.dir;
export const removeTempDirs = temp.remove;

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}

/** node_modules/<name> -> target (a symlink, as npm links a local package). */
export function link(project: string, name: string, target: string): void {
  const at = path.join(project, "node_modules", name);
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.rmSync(at, { recursive: true, force: true });
  fs.symlinkSync(target, at, "dir");
}

/** TypeScript 7.0 as test/native installs it (from its lockfile, once), linked into `dir` as the project's own. */
export function linkTypescript7(dir: string): void {
  const installed = path.join(ROOT, "test/native/ts-7.0");
  if (!fs.existsSync(path.join(installed, "node_modules/typescript/package.json")))
    mustRun("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], installed);
  link(dir, "typescript", path.join(installed, "node_modules/typescript"));
  for (const native of fs.readdirSync(path.join(installed, "node_modules/@typescript")))
    link(dir, `@typescript/${native}`, path.join(installed, "node_modules/@typescript", native));
}

/**
 * Creates a project in a temp folder whose node_modules has typed-msgpack (the private build) and
 * its own typescript: the repository's (ROOT_TYPESCRIPT, 6) unless another folder is given, none for `false`.
 */
export function makeProject(
  name: string,
  files: Record<string, string>,
  options: { pkg: string; typescript?: string | false },
): string {
  const dir = tempDir(name);
  writeFiles(dir, files);
  link(dir, "typed-msgpack", options.pkg);
  if (options.typescript !== false) link(dir, "typescript", options.typescript ?? ROOT_TYPESCRIPT);
  return dir;
}

/** 1-based line and column of the first occurrence of `needle` in `text`. */
export function positionOf(text: string, needle: string): string {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, index).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}
