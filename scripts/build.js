// npm run build: the transformer and runtime as CommonJS (dist/), then the runtime as ES modules
// (dist/esm/runtime, see tsconfig.esm.json) marked as such for any tool that asks, then the
// compiler plugin bundled (dist/plugin).
// `node scripts/build.js <dir>` builds into <dir> instead of dist/ (the tests' private package).
// The build package (typed-msgpack-build/) ships the same compiled transformer and runtime: a build
// into dist/ copies them to typed-msgpack-build/dist, so both packages come from one compilation.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const target = path.resolve(process.argv[2] ?? path.join(root, "dist"));
// Built from scratch beside the target, then moved in file by file (see replaceTree): tests read
// dist/ while another test's `npm pack` rebuilds it, and must never find a file missing or half written.
const out = `${target}.staging-${process.pid}`;
const tsc = require.resolve("typescript/bin/tsc");
fs.rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.json"), "--outDir", out], { stdio: "inherit" });
execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.esm.json"), "--outDir", path.join(out, "esm")], {
  stdio: "inherit",
});
fs.writeFileSync(path.join(out, "esm/package.json"), `{ "type": "module", "sideEffects": false }\n`);

const esbuild = require("esbuild");
// The runtime's JavaScript without its comments, which would be a third of the installed package
// (pack test): the sources and the .d.ts files keep them; the code stays as tsc wrote it.
for (const dir of [path.join(out, "runtime"), path.join(out, "esm/runtime")]) {
  for (const file of fs.readdirSync(dir, { recursive: true })) {
    if (!String(file).endsWith(".js")) continue;
    const at = path.join(dir, String(file));
    fs.writeFileSync(at, esbuild.transformSync(fs.readFileSync(at, "utf8"), { loader: "js" }).code);
  }
}

// The compiler plugin as the typed-msgpack package ships it: the transformer in one file, and
// ts-jest's host beside it, which loads it (instead of the ~60 modules of dist/transformer, which
// the build package ships). Without comments and blank space: the package stays small (pack test).
const transformerEntry = path.join(out, "transformer/index.js");
const bundles = [
  [transformerEntry, "index.js"],
  [path.join(out, "transformer/hosts/ts-jest.js"), "ts-jest.js"],
].map(([entry, name]) =>
  esbuild.build({
    entryPoints: [entry],
    outfile: path.join(out, "plugin", name),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "es2020",
    external: ["typescript"],
    // Minified whole (names kept, for stack traces): the bundle is most of the installed package.
    minify: true,
    keepNames: true,
    logLevel: "warning",
    plugins: [
      {
        name: "transformer-beside",
        setup(build) {
          // ts-jest's host loads the transformer bundle beside it rather than a copy of it.
          build.onResolve({ filter: /^\.\.\/index\.js$/ }, () =>
            entry === transformerEntry ? undefined : { path: "./index.js", external: true },
          );
        },
      },
    ],
  }),
);

Promise.all(bundles).then(() => {
  if (process.argv[2] === undefined) {
    const buildPackage = path.join(root, "typed-msgpack-build/dist");
    const staged = `${buildPackage}.staging-${process.pid}`;
    fs.rmSync(staged, { recursive: true, force: true });
    for (const part of ["transformer", "runtime"])
      fs.cpSync(path.join(out, part), path.join(staged, part), { recursive: true });
    replaceTree(staged, buildPackage);
  }
  replaceTree(out, target);
});

/**
 * Makes `to` hold exactly the files of `from`, then removes `from`. Each file arrives by a rename,
 * which replaces the old one atomically, and files of removed modules are deleted last (they must
 * not linger and be packed).
 */
function replaceTree(from, to) {
  const built = new Set(fs.readdirSync(from, { recursive: true }).map(String));
  for (const file of built) {
    const source = path.join(from, file);
    if (fs.statSync(source).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.renameSync(source, path.join(to, file));
  }
  if (fs.existsSync(to)) {
    for (const file of fs.readdirSync(to, { recursive: true }).map(String).sort().reverse()) {
      if (!built.has(file)) fs.rmSync(path.join(to, file), { recursive: true, force: true });
    }
  }
  fs.rmSync(from, { recursive: true, force: true });
}
