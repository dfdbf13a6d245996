/**
 * `typed-msgpack-build/register`: codecs compiled as modules load, for runtimes that run
 * TypeScript without a type check, where codecs generated ahead of time can go stale after a type
 * edit. Preloaded before the app:
 *
 *   node --import typed-msgpack-build/register --import tsx src/main.ts
 *
 * (before tsx's own `--import tsx`, so that tsx strips the types of the module this hook
 * compiled), or with Node's own type stripping (22.18+, 24): node --import
 * typed-msgpack-build/register src/main.ts. The hooks (hooks.mts) run in Node's loader thread, on
 * the same CodecModules as the bundler plugin: one session of the project's TypeScript for the
 * whole process, nothing written to disk, so every run compiles the codecs from the types as
 * they are.
 */
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
import { pathToFileURL } from "node:url";

// Under `node --watch`, the files each codec was compiled from (type-only imports, which no module
// loads) are reported as the app's dependencies, as Node reports the modules it loads: an edit to
// a type restarts the app with the new codec.
const { port1, port2 } = new MessageChannel();
const send = process.env.WATCH_REPORT_DEPENDENCIES && process.send ? process.send.bind(process) : undefined;
port1.on("message", (files: string[]) => {
  send?.({ "watch:import": files.map((file) => pathToFileURL(file).href) });
});
port1.unref();
register("./hooks.mjs", import.meta.url, { data: { dependencies: port2 }, transferList: [port2] });
