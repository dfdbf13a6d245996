/**
 * Shared by the build-route tests: each example under examples/<route>/ is copied to a fresh
 * folder outside the repository (so no node_modules above it supplies typescript or typed-msgpack),
 * its pinned tools are installed from its lockfile with `npm ci`, and typed-msgpack is installed
 * from the tarball `npm pack` makes of this repository, as a user would get it from the registry.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { packedTarball } from "../../helpers/tarball";
import { tempRoot } from "../../helpers/temp";

export const ROOT = path.resolve(__dirname, "../../..");
export const EXAMPLES = path.join(ROOT, "examples");
/** npm ci of an example plus the tarball install; a cold npm cache downloads everything once. */
export const INSTALL_TIMEOUT = 300_000;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Command, exit code and everything it printed, for failure messages. */
  output: string;
}

/**
 * The environment for tools run by the tests: without jest's worker variables (a nested jest
 * would take them as its own) and without ts-node settings the outer environment might carry.
 */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(JEST_WORKER_ID$|TS_NODE_)/.test(key)) env[key] = value;
  }
  return { ...env, FORCE_COLOR: "0", NO_COLOR: "1", ...extra };
}

export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = INSTALL_TIMEOUT,
): Run {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: childEnv(env),
    timeout: timeoutMs,
    killSignal: "SIGKILL",
    stdio: ["ignore", "pipe", "pipe"],
    shell: process.platform === "win32",
    maxBuffer: 64 * 1024 * 1024,
  });
  const signal = result.signal ? `, killed by ${result.signal}${result.error ? ` (${result.error.message})` : ""}` : "";
  const output = `$ ${command} ${args.join(" ")}  (in ${cwd}, exit ${result.status}${signal})\n${result.stdout}${result.stderr}`;
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "", output };
}

export function mustRun(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs?: number,
): string {
  const result = run(command, args, cwd, env, timeoutMs);
  if (result.status !== 0) throw new Error(result.output);
  return result.stdout;
}

const temp = tempRoot("typed-msgpack-routes-");
/** A fresh, empty folder outside the repository, under this test file's temp root. */
export const tempDir = temp.dir;
export const removeTempDirs = temp.remove;

export interface SetUpOptions {
  /** Name of the project folder (default: the example's name). */
  name?: string;
  /** A folder inside the example whose package.json and package-lock.json replace the example's (a second toolchain). */
  lockfileFrom?: string;
  /** Also install the build package (typed-msgpack-build: the command and the bundler plugin). */
  build?: boolean;
}

/**
 * Copies examples/<example> (without node_modules and build output) to a temp folder, installs its
 * pinned devDependencies with `npm ci` and then typed-msgpack from the packed tarball. Returns the folder.
 */
export function setUpExample(example: string, options: SetUpOptions = {}): string {
  const source = path.join(EXAMPLES, example);
  const dir = tempDir(options.name ?? example);
  fs.cpSync(source, dir, {
    recursive: true,
    filter: (from) => !/[\\/](node_modules|dist|dist-tsc|coverage)$/.test(from) && !from.endsWith(".tgz"),
  });
  if (options.lockfileFrom) {
    for (const file of ["package.json", "package-lock.json"])
      fs.copyFileSync(path.join(source, options.lockfileFrom, file), path.join(dir, file));
  }
  const tarballs = [packedTarball(), ...(options.build ? [packedTarball("typed-msgpack-build")] : [])];
  mustRun("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], dir);
  // --no-save: package.json and the lockfile stay as committed; typed-msgpack (and typed-msgpack-build) are the packages added.
  mustRun("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefer-offline", ...tarballs], dir);
  const installed = JSON.parse(fs.readFileSync(path.join(dir, "node_modules/typed-msgpack/package.json"), "utf8"));
  if (installed.name !== "typed-msgpack")
    throw new Error(`node_modules/typed-msgpack in ${dir} is not the packed package`);
  return dir;
}

/** Reads a package's installed version in a project. */
export function installedVersion(project: string, name: string): string {
  return JSON.parse(fs.readFileSync(path.join(project, "node_modules", name, "package.json"), "utf8")).version;
}

export interface Background {
  child: ChildProcess;
  /** Everything printed so far. */
  output(): string;
  /** Kills the process and everything it started (its process group); resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a long-running tool (a watcher) in its own process group, so that stop() ends it and any
 * process it spawned, whatever it does with signals.
 */
export function startBackground(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Background {
  const child = spawn(command, args, {
    cwd,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        try {
          if (process.platform === "win32") child.kill("SIGKILL");
          else process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
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

/** Number of times `needle` occurs in `text`. */
export function count(text: string, needle: string | RegExp): number {
  return typeof needle === "string"
    ? text.split(needle).length - 1
    : (text.match(new RegExp(needle.source, needle.flags.includes("g") ? needle.flags : needle.flags + "g")) ?? [])
        .length;
}

/**
 * Every `typescript` package installed in a project's node_modules, nested ones and aliases
 * (`npm:typescript@...` under another name) included: each package.json named "typescript".
 */
export function installedTypeScripts(project: string): { dir: string; version: string }[] {
  const found: { dir: string; version: string }[] = [];
  const visit = (modules: string) => {
    let entries: string[];
    try {
      entries = fs.readdirSync(modules);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith(".")) continue;
      const dir = path.join(modules, entry);
      if (entry.startsWith("@")) {
        visit(dir);
        continue;
      }
      try {
        const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
        if (manifest.name === "typescript") found.push({ dir, version: String(manifest.version) });
      } catch {
        // not a package
      }
      visit(path.join(dir, "node_modules"));
    }
  };
  visit(path.join(project, "node_modules"));
  return found;
}

/**
 * The project runs on TypeScript 7 alone: no TypeScript older than 7 anywhere in its node_modules
 * (typed-msgpack-build once bundled a TypeScript 6), so the bundler plugin can only be on the
 * TypeScript 7 path.
 */
export function expectOnlyTypeScript7(project: string): void {
  const installed = installedTypeScripts(project);
  expect(installed.map((t) => t.version)).toContainEqual(expect.stringMatching(/^7\./));
  expect(installed.filter((t) => Number(t.version.split(".")[0]) < 7)).toEqual([]);
}
