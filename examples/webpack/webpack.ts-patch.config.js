// The same build with ts-patch as ts-loader's compiler: the transformer comes from the
// "plugins" line in tsconfig.json, as with tspc. Also watch-safe (ts-patch builds the transformer
// from each new Program).
const config = require("./webpack.config.js");

module.exports = {
  ...config,
  module: {
    rules: [{ test: /\.ts$/, loader: "ts-loader", options: { compiler: "ts-patch/compiler" } }],
  },
};
