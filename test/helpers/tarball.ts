/**
 * The package as a user installs it: one `npm pack` of the repository per source state, shared by
 * every test file that installs the tarball (test/integration/pack.test.ts and the build routes in
 * test/integration/routes/). Jest runs test files in parallel workers; the first one to get here
 * packs (under a lock, so two workers never rebuild dist/ at once) and the others wait for it.
 */
import { spawnSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const CACHE = path.join(ROOT, "node_modules/.cache/typed-msgpack-tests");
/** A pack (build included) takes well under a minute; a lock older than this was left by a killed run. */
const STALE_LOCK_MS = 5 * 60_000;
const WAIT_MS = 6 * 60_000;

/**
 * Absolute path of a .tgz made by `npm pack` from the repository as it is now: the runtime package
 * (`typed-msgpack`, the default) or the build package (`typed-msgpack-build`: the command and the
 * bundler plugin, npm workspace typed-msgpack-build/). Both are packed together.
 */
export function packedTarball(which: "typed-msgpack" | "typed-msgpack-build" = "typed-msgpack"): string {
  const dir = path.join(CACHE, `tarball-${sourceHash()}`);
  const done = () => {
    const tgz = fs.existsSync(path.join(dir, ".complete"))
      ? fs.readdirSync(dir).find((f) => new RegExp(`^${which}-\\d.*\\.tgz$`).test(f))
      : undefined;
    return tgz ? path.join(dir, tgz) : undefined;
  };
  const lock = `${dir}.lock`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const ready = done();
    if (ready) return ready;
    fs.mkdirSync(CACHE, { recursive: true });
    try {
      fs.mkdirSync(lock); // atomic: exactly one worker gets it
    } catch {
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for another test worker to pack the package (lock ${lock})`);
      sleep(500);
      continue;
    }
    try {
      if (!done()) pack(dir);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

function pack(dir: string): void {
  const temp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true });
  // npm pack runs "prepack" (the build) first, so the tarballs hold a dist/ built from the current sources.
  const result = spawnSync("npm", ["pack", "--workspaces", "--include-workspace-root", "--pack-destination", temp], {
    cwd: ROOT,
    encoding: "utf8",
    shell: process.platform === "win32",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0 || fs.readdirSync(temp).filter((f) => f.endsWith(".tgz")).length !== 2) {
    throw new Error(`npm pack failed (exit ${result.status})\n${result.stdout}${result.stderr}`);
  }
  fs.writeFileSync(path.join(temp, ".complete"), "");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(temp, dir);
  // Tarballs of earlier source states are of no further use.
  for (const entry of fs.readdirSync(CACHE)) {
    if (/^tarball-[0-9a-f]+$/.test(entry) && path.join(CACHE, entry) !== dir)
      fs.rmSync(path.join(CACHE, entry), { recursive: true, force: true });
  }
}

/** What the tarball is made of: the package's sources and manifest files, and the bundled dependencies' versions. */
function sourceHash(): string {
  const hash = crypto.createHash("sha256");
  const add = (file: string) => {
    hash.update(path.relative(ROOT, file) + "\0");
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : "(none)");
    hash.update("\0");
  };
  const walk = (dir: string, keep: (name: string) => boolean) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, keep);
      else if (keep(entry.name)) add(full);
    }
  };
  // dist/ is built from these by "prepack".
  walk(path.join(ROOT, "runtime"), (name) => name.endsWith(".ts"));
  // .mts too: the bundler plugin's entry (transformer/bundler/index.mts) is an ES module.
  walk(path.join(ROOT, "transformer"), (name) => /\.m?ts$/.test(name));
  for (const file of [
    "package.json",
    "tsconfig.json",
    "scripts/build.js",
    "typed-msgpack-build/package.json",
    "typed-msgpack-build/README.md",
  ])
    add(path.join(ROOT, file));
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  // Everything else the "files" list ships as it is (README.md, the root transformer shim, ...).
  for (const entry of (manifest.files ?? []) as string[]) {
    const full = path.join(ROOT, entry);
    if (entry.startsWith("dist")) continue;
    if (fs.existsSync(full) && fs.statSync(full).isDirectory()) walk(full, () => true);
    else add(full);
  }
  const build = JSON.parse(fs.readFileSync(path.join(ROOT, "typed-msgpack-build/package.json"), "utf8"));
  for (const name of (build.bundleDependencies ?? []) as string[])
    add(path.join(ROOT, "node_modules", name, "package.json"));
  return hash.digest("hex").slice(0, 16);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
