/**
 * `typed-msgpack-build/bun`: a Bun runtime plugin, preloaded before the app (`bun --preload
 * typed-msgpack-build/bun src/main.ts`, or `preload = ["typed-msgpack-build/bun"]` in
 * bunfig.toml). Bun runs TypeScript without a type check, so codecs generated ahead of time could
 * go stale after a type edit: here each codecFor<T>() is compiled as its module loads, from the
 * types as they are (session.mts: the bundler plugin's CodecModules). On TypeScript 4.9-6 that is
 * in process; TypeScript 7's API runs only under Node, so there a Node process compiles them
 * (server.mts; `node` must be on the PATH). (unplugin's Bun target is for Bun.build: its transform
 * reads the build's config, which a runtime plugin has none of.)
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as readline from "node:readline";
import { fileURLToPath } from "node:url";
import { compileModule, mayCallCodecFor, typescriptMajor } from "./session.mjs";

interface RuntimeBuilder {
  onLoad(
    options: { filter: RegExp },
    load: (args: { path: string }) => Promise<{ contents: string; loader: "ts" | "tsx" } | undefined>,
  ): void;
}
type Reply = { id: number; code: string; error?: undefined } | { id: number; error: string };

const runtime = (globalThis as { Bun?: { plugin(plugin: { name: string; setup(build: RuntimeBuilder): void }): void } })
  .Bun;
if (!runtime)
  throw new Error("typed-msgpack-build/bun is a Bun preload: run bun --preload typed-msgpack-build/bun <your entry>");

/**
 * The Node process that compiles codecs on TypeScript 7, started on first use and ended once no
 * module has waited for it for a moment (Bun keeps an app running while its pipes are open): the
 * modules an app imports load in a burst, which one session compiles.
 */
let server:
  | { child: ChildProcess; lines: readline.Interface; pending: Map<number, (reply: Reply) => void>; next: number }
  | undefined;
let idle: ReturnType<typeof setTimeout> | undefined;

function compileInNode(file: string, text: string): Promise<string> {
  if (idle) clearTimeout(idle);
  if (!server) {
    const child = spawn("node", [fileURLToPath(new URL("./server.mjs", import.meta.url))], {
      cwd: process.cwd(),
      stdio: ["pipe", "pipe", "inherit"],
    });
    const pending = new Map<number, (reply: Reply) => void>();
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const reply = JSON.parse(line) as Reply;
      pending.get(reply.id)?.(reply);
      pending.delete(reply.id);
      if (pending.size === 0) idle = setTimeout(stop, 200);
    });
    server = { child, lines, pending, next: 0 };
  }
  const { child, pending } = server;
  const id = server.next++;
  return new Promise((resolve, reject) => {
    pending.set(id, (reply) => (reply.error === undefined ? resolve(reply.code) : reject(new Error(reply.error))));
    child.stdin!.write(JSON.stringify({ id, file, text }) + "\n");
  });
}

function stop(): void {
  if (!server || server.pending.size > 0) return;
  server.lines.close();
  server.child.stdin!.end();
  server.child.kill();
  server = undefined;
}

const viaNode = (typescriptMajor(process.cwd()) ?? 0) >= 7;

runtime.plugin({
  name: "typed-msgpack",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async ({ path: file }) => {
      if (!mayCallCodecFor(file)) return undefined;
      const text = fs.readFileSync(file, "utf8");
      if (!text.includes("codecFor")) return undefined;
      const contents = viaNode ? await compileInNode(file, text) : compileModule(file, text).code;
      return { contents, loader: file.endsWith("x") ? "tsx" : "ts" };
    });
  },
});
