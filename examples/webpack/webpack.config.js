// webpack 5 + ts-loader, with the transformer handed to ts-loader directly (no ts-patch needed).
//
// Pass `getProgram`, not `program`: ts-loader calls getCustomTransformers once, and in
// `webpack --watch` the first Program goes stale after the first change; with `getProgram` the
// transformer fetches the current Program for each file, so codecs follow edits to the types.
const path = require("node:path");
const typedMsgpack = require("typed-msgpack/transformer").default;

module.exports = {
  mode: "production",
  entry: "./src/index.ts",
  output: {
    path: path.resolve(__dirname, "dist"),
    filename: "app.js",
    // UMD so that server.js can require the same bundle for its codecs; in the page it is a plain script.
    library: { name: "shop", type: "umd" },
    globalObject: "globalThis",
  },
  resolve: { extensions: [".ts", ".js"] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: "ts-loader",
        options: {
          getCustomTransformers: (program, getProgram) => ({ before: [typedMsgpack(getProgram)] }),
        },
      },
    ],
  },
  // No eval-based source maps: the page runs under a Content-Security-Policy without 'unsafe-eval'.
  devtool: false,
};
