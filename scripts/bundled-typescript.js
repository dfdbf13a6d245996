// typed-msgpack-build bundles its TypeScript 6 (bundleDependencies: typed-msgpack-typescript), and
// npm packs a bundled dependency from the package's own node_modules; in this repository npm
// workspaces hoist it to the root's. `prepack` copies it into typed-msgpack-build/node_modules,
// `postpack` removes the copy:   node scripts/bundled-typescript.js copy|remove
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const name = "typed-msgpack-typescript";
const nested = path.join(root, "typed-msgpack-build/node_modules", name);
if (process.argv[2] === "copy") {
  const hoisted = path.dirname(
    require.resolve(`${name}/package.json`, { paths: [path.join(root, "typed-msgpack-build")] }),
  );
  if (hoisted !== nested) {
    fs.rmSync(nested, { recursive: true, force: true });
    fs.cpSync(hoisted, nested, { recursive: true });
  }
} else if (process.argv[2] === "remove") {
  fs.rmSync(path.dirname(nested), { recursive: true, force: true });
} else {
  throw new Error("usage: node scripts/bundled-typescript.js copy|remove");
}
