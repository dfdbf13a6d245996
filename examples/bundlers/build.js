// One app, three bundlers, each with typed-msgpack's plugin: `node build.js <rollup|rolldown|webpack>`
// bundles src/main.ts to dist/<bundler>/main.js; with --watch it rebuilds on every change,
// including a change to src/model.ts, which main.ts imports type-only (so no bundler loads it):
// the plugin registers it as a watched file of main.ts (Rollup and Rolldown: addWatchFile;
// webpack: the loader's addDependency). Each finished build prints "built <bundler>".
import * as path from "node:path";
import { rollup as rollupPlugin, rolldown as rolldownPlugin, webpack as webpackPlugin } from "typed-msgpack-build/unplugin";

const [bundler, flag] = process.argv.slice(2);
const watch = flag === "--watch";
const outDir = path.resolve("dist", bundler ?? "");
const done = (started) => console.log(`built ${bundler} in ${Date.now() - started} ms`);
const failed = (error) => {
  console.error(`${bundler} failed: ${error?.message ?? error}`);
  if (!watch) process.exitCode = 1;
};

if (bundler === "rollup") {
  const { rollup, watch: rollupWatch } = await import("rollup");
  const { nodeResolve } = await import("@rollup/plugin-node-resolve");
  const { default: esbuild } = await import("rollup-plugin-esbuild");
  // Rollup reads JavaScript only: typed-msgpack runs first (enforce: "pre") and hands its
  // TypeScript output to rollup-plugin-esbuild, which strips the types.
  const options = {
    input: "src/main.ts",
    plugins: [rollupPlugin(), nodeResolve({ extensions: [".ts", ".js"] }), esbuild({ target: "es2022" })],
    output: { dir: outDir, format: "es" },
  };
  if (watch) {
    let started = Date.now();
    rollupWatch(options).on("event", async (event) => {
      if (event.code === "BUNDLE_START") started = Date.now();
      if (event.code === "BUNDLE_END") { await event.result.close(); done(started); }
      if (event.code === "ERROR") { await event.result?.close(); failed(event.error); }
    });
  } else {
    const started = Date.now();
    const bundle = await rollup(options);
    await bundle.write(options.output);
    await bundle.close();
    done(started);
  }
} else if (bundler === "rolldown") {
  // Rolldown strips TypeScript and resolves node_modules itself.
  const { rolldown, watch: rolldownWatch } = await import("rolldown");
  const options = { input: "src/main.ts", platform: "node", plugins: [rolldownPlugin()], output: { dir: outDir, format: "es" } };
  if (watch) {
    let started = Date.now();
    rolldownWatch(options).on("event", async (event) => {
      if (event.code === "BUNDLE_START") started = Date.now();
      if (event.code === "BUNDLE_END") { await event.result.close(); done(started); }
      if (event.code === "ERROR") { await event.result?.close(); failed(event.error); }
    });
  } else {
    const started = Date.now();
    const bundle = await rolldown(options);
    await bundle.write(options.output);
    await bundle.close();
    done(started);
  }
} else if (bundler === "webpack") {
  const { default: webpack } = await import("webpack");
  const compiler = webpack({
    mode: "production",
    target: "node",
    entry: "./src/main.ts",
    output: { path: outDir, filename: "main.js" },
    resolve: { extensions: [".ts", ".js"] },
    // esbuild-loader strips the types of what typed-msgpack's loader (which runs first) returns.
    module: { rules: [{ test: /\.ts$/, loader: "esbuild-loader", options: { loader: "ts", target: "es2022" } }] },
    plugins: [webpackPlugin()],
  });
  let started = Date.now();
  compiler.hooks.watchRun.tap("report", () => { started = Date.now(); });
  const report = (error, stats) => {
    if (error || stats.hasErrors()) failed(error ?? stats.toString({ all: false, errors: true }));
    else done(started);
  };
  if (watch) compiler.watch({}, report);
  else compiler.run((error, stats) => { report(error, stats); compiler.close(() => {}); });
} else {
  console.error("usage: node build.js <rollup|rolldown|webpack> [--watch]");
  process.exit(2);
}
