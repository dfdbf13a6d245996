/**
 * `typed-msgpack-build/bun`: a Bun runtime plugin, preloaded before the app (`bun --preload
 * typed-msgpack-build/bun src/main.ts`, or `preload = ["typed-msgpack-build/bun"]` in
 * bunfig.toml). Bun runs TypeScript without a type check, so codecs generated ahead of time could
 * go stale after a type edit: here each codecFor<T>() is compiled as its module loads, from the
 * types as they are (session.mts: the bundler plugin's CodecModules). (unplugin's Bun target is for
 * Bun.build: its transform reads the build's config, which a runtime plugin has none of.)
 */
import * as fs from "node:fs";
import { compileModule, mayCallCodecFor } from "./session.mjs";

interface OnLoadArgs {
  path: string;
}
interface RuntimeBuilder {
  onLoad(
    options: { filter: RegExp },
    load: (args: OnLoadArgs) => { contents: string; loader: "ts" | "tsx" } | undefined,
  ): void;
}

const runtime = (globalThis as { Bun?: { plugin(plugin: { name: string; setup(build: RuntimeBuilder): void }): void } })
  .Bun;
if (!runtime)
  throw new Error("typed-msgpack-build/bun is a Bun preload: run bun --preload typed-msgpack-build/bun <your entry>");
runtime.plugin({
  name: "typed-msgpack",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, ({ path: file }) => {
      if (!mayCallCodecFor(file)) return undefined;
      const text = fs.readFileSync(file, "utf8");
      if (!text.includes("codecFor")) return undefined;
      return { contents: compileModule(file, text).code, loader: file.endsWith("x") ? "tsx" : "ts" };
    });
  },
});
