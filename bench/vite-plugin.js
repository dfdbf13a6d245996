#!/usr/bin/env node
"use strict";
// What the bundler plugin (typed-msgpack-build/unplugin) adds to a Vite app's build and dev server.
//
//   npm run build && node bench/vite-plugin.js [--kind independent|chain|shared-core] [--size 300] [--runs 3]
//     [--setups plain,cold,warm,generated] [--typescript <package folder>] [--before <checkout>] [--profile]
//
//   e.g. on TypeScript 7, this checkout against another one (built with npm ci && npm run build):
//   node bench/vite-plugin.js --runs 5 --setups plain,cold,before --typescript test/native/ts-7.0/node_modules/typescript --before /tmp/before
//
// Generates bench/src/buildscale.ts's project (one codecFor per type, ten types per file) as a Vite
// app whose src/main.ts imports every module, then times, rotating the order of three setups:
// without the plugin ("plain": the codecFor calls stay as they are; the build succeeds, the app
// would fail at run time; it is the cost of the same app's build), with the plugin and no disk
// cache ("cold": node_modules/.vite/typed-msgpack removed first, as on a fresh checkout or CI),
// with the plugin's disk cache from the previous run ("warm": nothing changed since), cold with the
// plugin of another checkout ("before", with --before: its typed-msgpack-build/dist), and, for
// scale, without the plugin on a copy of the app whose modules hold the code the plugin generates
// ("generated": what bundling the codecs costs Vite, whoever generates them, e.g. `typed-msgpack
// generate` ahead of the build):
//  - `vite build`;
//  - the dev server: start, then request main.ts and every module once (what a first page load
//    makes Vite transform; Vite transforms on request, so "ready" alone measures nothing of ours);
//    then, with a plugin, a type edit: a property added to the type in src/edit-model.ts, which
//    src/edit-codec.ts imports type-only, timed until GET /src/edit-codec.ts serves the new codec.
// Reports medians of wall time and of CPU time (user + sys of the process tree, from
// /usr/bin/time for builds and /proc for the dev server); on a shared machine the CPU time is the
// figure to compare. With plain and cold, also the TypeScript floor: what loading TypeScript and
// creating the first Program and checker cost alone (TypeScript 7: starting its API process and
// opening the project), the least any cold type-checking build adds. --profile writes a
// .cpuprofile of one plugin build into the project folder.
//
// The app links typed-msgpack to this repository (dist/, so build first), vite to its
// node_modules and typescript to --typescript (default: this repository's), so it measures the
// sources as they are.
const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");

const { loadGenerator, median, option } = require("./build-project.js");

const ROOT = path.resolve(__dirname, "..");

const kind = option("kind", "independent");
const size = Number(option("size", "300"));
const runs = Number(option("runs", "3"));
const profile = process.argv.includes("--profile");
const typescriptDir = path.resolve(option("typescript", path.join(ROOT, "node_modules/typescript")));
const typescriptVersion = JSON.parse(fs.readFileSync(path.join(typescriptDir, "package.json"), "utf8")).version;
const before = option("before", undefined) && path.resolve(option("before"));

function setUp() {
  if (!fs.existsSync(path.join(ROOT, "dist/transformer/bundler/index.mjs")))
    throw new Error("no dist/: run npm run build first");
  const base = path.join(os.tmpdir(), "typed-msgpack-vite-bench");
  fs.mkdirSync(base, { recursive: true });
  const project = loadGenerator().generateProject(kind, size, base);
  const dir = project.dir;
  const modules = [...project.files.keys()];
  // The type edit's pair: a type, and a codec of it in another module that imports it type-only.
  fs.writeFileSync(path.join(dir, "src/edit-model.ts"), EDIT_MODEL);
  fs.writeFileSync(
    path.join(dir, "src/edit-codec.ts"),
    `import { codecFor } from "typed-msgpack";\nimport type { Edited } from "./edit-model.js";\nexport const EditedCodec = codecFor<Edited>();\n`,
  );
  modules.push("edit-codec.ts");
  fs.writeFileSync(
    path.join(dir, "src/main.ts"),
    [
      ...modules.map((name, i) => `import * as m${i} from "./${name.replace(/\.ts$/, ".js")}";`),
      // Referenced, so that the build keeps every module.
      `(globalThis as { modules?: unknown }).modules = [${modules.map((_, i) => `m${i}`).join(", ")}];`,
    ].join("\n") + "\n",
  );
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html>\n<script type="module" src="/src/main.ts"></script>\n`,
  );
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          lib: ["es2022", "dom"],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
        },
        include: ["src"],
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(dir, "vite.plugin.config.mjs"),
    `import { vite as typedMsgpack } from "typed-msgpack-build/unplugin";\nexport default { logLevel: "info", plugins: [typedMsgpack()] };\n`,
  );
  fs.writeFileSync(path.join(dir, "vite.plain.config.mjs"), `export default { logLevel: "info" };\n`);
  if (before)
    fs.writeFileSync(
      path.join(dir, "vite.before.config.mjs"),
      `import { vite as typedMsgpack } from ${JSON.stringify(path.join(before, "typed-msgpack-build/dist/transformer/bundler/index.mjs"))};\nexport default { logLevel: "info", plugins: [typedMsgpack()] };\n`,
    );
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  for (const [name, target] of [
    ["typed-msgpack", ROOT],
    ["typed-msgpack-build", path.join(ROOT, "typed-msgpack-build")],
    ["vite", path.join(ROOT, "node_modules/vite")],
    ["typescript", typescriptDir],
  ]) {
    const link = path.join(dir, "node_modules", name);
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(target, link, "dir");
  }
  return { dir, modules: ["main.ts", ...modules] };
}

const EDIT_MODEL = "export interface Edited { id: number; name: string }\n";

/** A copy of the app (next to it, "<dir>-generated") whose modules are the plugin's output, built without the plugin. */
async function generatedCopy(dir) {
  const copy = `${dir}-generated`;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(dir, copy, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (from) => !/[\\/](dist|profiles|\.vite)$/.test(from),
  });
  const { vite } = await import(path.join(ROOT, "dist/transformer/bundler/index.mjs"));
  const plugin = vite({ cache: false, tsconfig: path.join(copy, "tsconfig.json") });
  plugin.configResolved?.({ root: copy, cacheDir: path.join(copy, "node_modules/.vite") });
  // All generated before any is written: a module links to another's codec by reading its codecFor call.
  const outputs = fs.readdirSync(path.join(copy, "src")).map((name) => {
    const file = path.join(copy, "src", name);
    return [file, plugin.transform.handler.call({ addWatchFile() {} }, fs.readFileSync(file, "utf8"), file)];
  });
  for (const [file, result] of outputs) if (result) fs.writeFileSync(file, result.code);
  return copy;
}

const VITE = path.join(ROOT, "node_modules/vite/bin/vite.js");

// --setups plain,cold: a subset (e.g. for a plugin build without the disk cache).
const SETUPS = option("setups", "plain,cold,warm,generated").split(",");
const configOf = (setup) =>
  setup === "plain" || setup === "generated" ? "plain" : setup === "before" ? "before" : "plugin";
let generatedDir = "";
const dirOf = (dir, setup) => (setup === "generated" ? generatedDir : dir);

/** The plugin's disk cache is emptied before a cold run and left as the last run wrote it before a warm one. */
function prepare(dir, setup) {
  if (setup === "cold" || setup === "before")
    fs.rmSync(path.join(dir, "node_modules/.vite/typed-msgpack"), { recursive: true, force: true });
}

function build(appDir, setup) {
  const config = configOf(setup);
  const dir = dirOf(appDir, setup);
  prepare(dir, setup);
  fs.rmSync(path.join(dir, "dist"), { recursive: true, force: true });
  const args = [
    "-f",
    "%e %U %S",
    process.execPath,
    ...(profile && setup === "cold" ? ["--cpu-prof", "--cpu-prof-dir", path.join(dir, "profiles")] : []),
    VITE,
    "build",
    "-c",
    `vite.${config}.config.mjs`,
  ];
  const result = spawnSync("/usr/bin/time", args, {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 256 << 20,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const times = result.stderr.trim().split("\n").pop().split(" ").map(Number);
  if (result.status !== 0 || times.length !== 3)
    throw new Error(`vite build (${setup}) failed\n${result.stdout}${result.stderr}`);
  const js = fs
    .readdirSync(path.join(dir, "dist/assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => fs.readFileSync(path.join(dir, "dist/assets", f), "utf8"))
    .join("");
  // The plugin's build has every call replaced; the plain one still has them.
  // The plain build still calls the runtime's codecFor, which throws this; the others never call it, so it is tree-shaken.
  if ((setup === "plain") !== js.includes("call was not compiled"))
    throw new Error(
      `vite build (${setup}): unexpected output (codecFor calls ${setup === "plain" ? "missing" : "left in"})`,
    );
  return { wall: times[0], cpu: times[1] + times[2] };
}

/** utime + stime of a process and its descendants, in seconds. */
function treeCpu(pid) {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  const visit = (p) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / tick;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        for (const child of fs
          .readFileSync(`/proc/${p}/task/${task}/children`, "utf8")
          .trim()
          .split(" ")
          .filter(Boolean))
          visit(child);
      }
    } catch {
      // exited
    }
  };
  visit(pid);
  return total;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function dev(appDir, setup, modules) {
  const config = configOf(setup);
  const dir = dirOf(appDir, setup);
  prepare(dir, setup);
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    [VITE, "-c", `vite.${config}.config.mjs`, "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
  );
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  try {
    await new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        if (/ready in/.test(output)) {
          clearInterval(timer);
          resolve();
        }
        if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(output));
        }
      }, 20);
    });
    const ready = Number(process.hrtime.bigint() - started) / 1e9;
    // A browser asks for main.ts, then for its imports, several at a time.
    const get = async (name) => {
      const response = await fetch(`http://127.0.0.1:${port}/src/${name}`);
      const text = await response.text();
      if (response.status !== 200 || (setup !== "plain" && /= codecFor/.test(text)))
        throw new Error(`GET /src/${name}: ${response.status}\n${text.slice(0, 2000)}`);
    };
    // The first codec module alone, before main.ts (whose imports Vite then transforms ahead of
    // their requests): what the plugin's first transform adds to a first request.
    const firstAt = process.hrtime.bigint();
    await get(modules[1]);
    const first = Number(process.hrtime.bigint() - firstAt) / 1e9;
    await get("main.ts");
    const queue = modules.slice(2);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (queue.length) await get(queue.shift());
      }),
    );
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = treeCpu(child.pid);
    let edit = Number.NaN;
    if (configOf(setup) !== "plain") {
      // Past the first load's file timestamps, then a property added to the type edit-codec.ts imports type-only.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const model = path.join(dir, "src/edit-model.ts");
      const property = `added${Date.now()}`;
      const editedAt = process.hrtime.bigint();
      fs.writeFileSync(model, EDIT_MODEL.replace("name: string", `name: string; ${property}: number`));
      try {
        for (;;) {
          const text = await (await fetch(`http://127.0.0.1:${port}/src/edit-codec.ts`)).text();
          if (text.includes(`"${property}"`)) break;
          if (Number(process.hrtime.bigint() - editedAt) > 30e9)
            throw new Error(`the type edit never reached the served module\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        edit = Number(process.hrtime.bigint() - editedAt) / 1e9;
      } finally {
        fs.writeFileSync(model, EDIT_MODEL);
      }
    }
    return { ready, wall, cpu, first, edit };
  } finally {
    child.kill("SIGKILL");
  }
}

/**
 * What any plugin that type-checks with TypeScript's compiler API pays before its first module, in
 * a process of its own: TypeScript 4.9-6: load it, create the Program of one empty module under the
 * app's tsconfig (its lib files parsed and bound) and its type checker; TypeScript 7: start its API
 * process, open a project of that module and ask for its diagnostics (the checker). A cold build
 * cannot cost less than plain + this.
 */
function typescriptFloor(dir) {
  const empty = path.join(dir, "node_modules/.floor.ts");
  fs.writeFileSync(empty, "export {};\n");
  const config = path.join(dir, "node_modules/.floor.tsconfig.json");
  fs.writeFileSync(config, JSON.stringify({ extends: path.join(dir, "tsconfig.json"), files: [empty], include: [] }));
  const script =
    Number(typescriptVersion.split(".")[0]) >= 7
      ? `
    const cpu = process.cpuUsage(), start = process.hrtime.bigint();
    const { loadNativeModules, NativeSession } = require(${JSON.stringify(path.join(ROOT, "dist/transformer/checkers/native-api.js"))});
    const session = new NativeSession(loadNativeModules(${JSON.stringify(typescriptDir)}, ${JSON.stringify(typescriptVersion)}), ${JSON.stringify(dir)});
    session.open([${JSON.stringify(config)}]);
    session.project(${JSON.stringify(config)}).program.getSemanticDiagnostics(${JSON.stringify(empty)});
    session.close();
    const used = process.cpuUsage(cpu);
    console.log(JSON.stringify({ wall: Number(process.hrtime.bigint() - start) / 1e9, cpu: (used.user + used.system) / 1e6 }));`
      : `
    const cpu = process.cpuUsage(), start = process.hrtime.bigint();
    const ts = require(${JSON.stringify(typescriptDir)});
    const config = ts.getParsedCommandLineOfConfigFile(${JSON.stringify(config)}, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} });
    ts.createProgram([${JSON.stringify(empty)}], config.options).getTypeChecker();
    const used = process.cpuUsage(cpu);
    console.log(JSON.stringify({ wall: Number(process.hrtime.bigint() - start) / 1e9, cpu: (used.user + used.system) / 1e6 }));`;
  // TypeScript 7's process is a child: its CPU time is counted from /usr/bin/time.
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S", process.execPath, "-e", script], {
    cwd: dir,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`TypeScript floor failed\n${result.stderr}`);
  const times = result.stderr.trim().split("\n").pop().split(" ").map(Number);
  return { ...JSON.parse(result.stdout), cpu: times[1] + times[2] };
}

const fmt = (x) => x.toFixed(2);

async function main() {
  const { dir, modules } = setUp();
  if (SETUPS.includes("generated")) generatedDir = await generatedCopy(dir);
  console.log(
    `project: ${kind}, ${size} types, ${modules.length} modules, in ${dir}; TypeScript ${typescriptVersion}${before ? `; before: ${before}` : ""}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const results = { build: {}, dev: {} };
  for (const setup of SETUPS) (results.build[setup] = []), (results.dev[setup] = []);
  // Not timed: fills the disk cache for the first warm run.
  if (SETUPS.includes("warm")) build(dir, "cold");
  for (let i = 0; i < runs; i++) {
    // A warm run right after a cold one would find a fresh cache either way; rotating varies what runs next to what.
    const order = SETUPS.map((_, k) => SETUPS[(i + k) % SETUPS.length]);
    for (const setup of order) {
      const b = build(dir, setup);
      results.build[setup].push(b);
      const d = await dev(dir, setup, modules);
      results.dev[setup].push(d);
      console.log(
        `run ${i + 1} ${setup.padEnd(6)}: build ${fmt(b.wall)} s (cpu ${fmt(b.cpu)} s); dev ready ${fmt(d.ready)} s, all modules served ${fmt(d.wall)} s (cpu ${fmt(d.cpu)} s)` +
          `, first codec module ${(d.first * 1000).toFixed(0)} ms` +
          (Number.isNaN(d.edit) ? "" : `, type edit served ${(d.edit * 1000).toFixed(0)} ms`),
      );
    }
  }
  console.log(
    `\nmedians of ${runs} runs (load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}); ratios to plain:`,
  );
  for (const what of ["build", "dev"]) {
    const m = (setup, key) => median(results[what][setup].map((r) => r[key]));
    const label = what === "build" ? "vite build" : "dev start + first load";
    if (!SETUPS.includes("plain")) continue;
    const row = (key) =>
      SETUPS.map(
        (s) => `${s} ${fmt(m(s, key))} s${s === "plain" ? "" : ` (${(m(s, key) / m("plain", key)).toFixed(2)}x)`}`,
      ).join(", ");
    console.log(`${label.padEnd(23)} cpu:  ${row("cpu")}`);
    console.log(`${"".padEnd(23)} wall: ${row("wall")}`);
  }
  const edits = SETUPS.filter((s) => configOf(s) !== "plain").map(
    (s) => `${s} ${(median(results.dev[s].map((r) => r.edit)) * 1000).toFixed(0)} ms`,
  );
  const firsts = SETUPS.map((s) => `${s} ${(median(results.dev[s].map((r) => r.first)) * 1000).toFixed(0)} ms`);
  console.log(`${"first codec module".padEnd(23)} wall: ${firsts.join(", ")}`);
  if (edits.length > 0) console.log(`${"type edit served".padEnd(23)} wall: ${edits.join(", ")}`);
  if (SETUPS.includes("plain") && SETUPS.includes("cold")) {
    const floors = Array.from({ length: runs }, () => typescriptFloor(dir));
    const plain = median(results.build.plain.map((r) => r.cpu));
    const floor = median(floors.map((r) => r.cpu));
    console.log(
      `TypeScript floor (load it, create the first Program and checker, nothing of ours): cpu ${fmt(floor)} s, wall ${fmt(median(floors.map((r) => r.wall)))} s;` +
        ` plain build + floor = ${((plain + floor) / plain).toFixed(2)}x plain build (cpu): no cold build that type-checks costs less`,
    );
  }
  if (profile) console.log(`profiles: ${path.join(dir, "profiles")}`);
}

main().catch((e) => {
  console.error(e?.stack ? e.stack : e);
  process.exit(1);
});
