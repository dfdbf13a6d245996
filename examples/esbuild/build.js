// esbuild with the typed-msgpack plugin: `node build.js` bundles src/main.ts to dist/main.js;
// `node build.js --watch` rebuilds on every change, including a change to a type that a codec
// uses (the plugin hands esbuild the files each codec depends on as watchFiles).
import * as esbuild from "esbuild";
import { esbuild as typedMsgpack } from "typed-msgpack-build/unplugin";

const options = {
  entryPoints: ["src/main.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: "dist/main.js",
  logLevel: "info",
  plugins: [typedMsgpack()],
};

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
