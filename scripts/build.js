// npm run build: the transformer and runtime as CommonJS (dist/), then the runtime as ES modules
// (dist/esm/runtime, see tsconfig.esm.json) marked as such for any tool that asks.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const tsc = require.resolve("typescript/bin/tsc");
for (const project of ["tsconfig.json", "tsconfig.esm.json"]) {
  execFileSync(process.execPath, [tsc, "-p", path.join(root, project)], { stdio: "inherit" });
}
fs.writeFileSync(path.join(root, "dist/esm/package.json"), `{ "type": "module", "sideEffects": false }\n`);
