// Rspack with the typed-msgpack plugin: `node build.js` bundles src/main.ts to dist/main.js;
// `node build.js --watch` rebuilds on every change, including a change to src/model.ts, which
// main.ts imports type-only (so Rspack never loads it): the plugin makes it a dependency of
// main.ts. Each finished build prints "build finished".
import { rspack } from "@rspack/core";
import { rspack as typedMsgpack } from "typed-msgpack-build/unplugin";

const watch = process.argv.includes("--watch");
const compiler = rspack({
  mode: "production",
  target: "node",
  entry: "./src/main.ts",
  output: { path: new URL("dist", import.meta.url).pathname, filename: "main.js" },
  resolve: { extensions: [".ts", ".js"] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        // Strips the types of what typed-msgpack's loader (which runs first) returns.
        loader: "builtin:swc-loader",
        options: { jsc: { parser: { syntax: "typescript" }, target: "es2022" } },
        type: "javascript/auto",
      },
    ],
  },
  plugins: [typedMsgpack()],
});

const report = (error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(`build failed: ${error?.message ?? stats.toString({ all: false, errors: true })}`);
    if (!watch) process.exitCode = 1;
  } else {
    console.log(`build finished in ${stats.endTime - stats.startTime} ms`);
  }
};

if (watch) compiler.watch({}, report);
else compiler.run((error, stats) => { report(error, stats); compiler.close(() => {}); });
