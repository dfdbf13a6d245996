/**
 * `typed-msgpack init`: looks at a project (package.json, tsconfig.json, what is installed) and
 * writes the configuration of the route that fits it, printing each change and why.
 *
 * It never needs a compiler (it runs before, and without, find-compiler.ts), and it edits a
 * user's file only where the edit is certain to be right: a tsconfig.json that is plain JSON, a
 * Vite config with exactly one `plugins: [` or one `defineConfig({`. Anything else it prints as
 * the exact line to add by hand, so a file it does not understand is never corrupted. Every step
 * first checks whether the project already has what it would add, so a second run changes nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { unifiedDiff } from "./diff.js";

/** Where the bundler plugin is imported from (the README's plugin line). */
export const PLUGIN_MODULE = "typed-msgpack-build/unplugin";
const TRANSFORMER_ENTRY = { transform: "typed-msgpack/transformer" };
const GENERATE = "typed-msgpack generate";

export interface InitOptions {
  dryRun: boolean;
}

/** What init found in the project. */
export interface Detected {
  /** Major version of the installed (or else declared) typescript; undefined: none. */
  typescriptMajor?: number;
  /** As installed, or the first number of the declared range. */
  typescriptVersion?: string;
  /** Below 4.9, which the compiler plugin needs. */
  olderThan49: boolean;
  /** The project's own tools: its direct dependencies, its config files and the commands its scripts run. */
  tools: Set<string>;
}

/**
 * The packages that make each tool the project's own, as direct dependencies. What is merely
 * installed does not count: tsx brings esbuild, vitest brings vite, and neither is a route.
 */
const PACKAGES: Record<string, readonly string[]> = {
  vite: ["vite"],
  vitest: ["vitest"],
  webpack: ["webpack", "webpack-cli"],
  rspack: ["@rspack/core", "@rspack/cli"],
  rollup: ["rollup"],
  rolldown: ["rolldown"],
  esbuild: ["esbuild"],
  jest: ["jest"],
  "ts-node": ["ts-node"],
  "ts-patch": ["ts-patch"],
  "ts-jest": ["ts-jest"],
  tsx: ["tsx"],
  bun: ["@types/bun", "bun-types"],
};

/** Config files (in the project's folder) that make a tool the project's own. */
const CONFIG_FILES: Record<string, RegExp> = {
  vite: /^vite\.config\.[cm]?[jt]s$/,
  vitest: /^vitest\.config\.[cm]?[jt]s$/,
  webpack: /^webpack\.config\.[cm]?[jt]s$/,
  rspack: /^rspack\.config\.[cm]?[jt]s$/,
  rollup: /^rollup\.config\.[cm]?[jt]s$/,
  rolldown: /^rolldown\.config\.[cm]?[jt]s$/,
  jest: /^jest\.config\.([cm]?[jt]s|json)$/,
  bun: /^(bunfig\.toml|bun\.lockb?)$/,
};

/** Commands in package.json scripts that make a runtime the project's own. */
const SCRIPT_COMMANDS: Record<string, RegExp> = {
  tsx: /(^|[\s;&|(])tsx(\s|$)/,
  bun: /(^|[\s;&|(])bun(x)?\s/,
  // Node running TypeScript itself (type stripping: 22.18+ and 24 by default, 22.6+ with the flag).
  node: /(^|[\s;&|(])node\s[^;&|]*(--experimental-strip-types|\.[cm]?ts(\s|$))/,
};

/** Bundlers the plugin has an entry for, other than Vite (which init configures itself). */
const BUNDLERS = ["webpack", "rspack", "rollup", "rolldown", "esbuild"] as const;

/** How init names each tool it found. */
const LABELS: Record<string, string> = { node: "node (type stripping)" };

interface Report {
  changes: string[];
  advice: string[];
}

/**
 * The project's files as init will leave them: reads see the edits made so far, which are written
 * at the end (or, in a dry run, printed as a diff).
 */
class Files {
  private readonly edits = new Map<string, { before: string | undefined; after: string }>();
  readonly cwd: string;
  constructor(cwd: string) {
    this.cwd = cwd;
  }

  exists(file: string): boolean {
    return this.edits.has(file) || fs.existsSync(file);
  }

  read(file: string): string {
    return this.edits.get(file)?.after ?? fs.readFileSync(file, "utf8");
  }

  write(file: string, text: string): void {
    const known = this.edits.get(file);
    const before = known ? known.before : fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    this.edits.set(file, { before, after: text });
  }

  /** Writes every edited file; returns the diff of each, in the order they were first edited. */
  commit(dryRun: boolean): string[] {
    const diffs: string[] = [];
    for (const [file, { before, after }] of this.edits) {
      if (before === after) continue;
      diffs.push(unifiedDiff(path.relative(this.cwd, file).split(path.sep).join("/"), before, after));
      if (!dryRun) fs.writeFileSync(file, after);
    }
    return diffs;
  }
}

/** Runs init in `cwd`; returns the exit status. */
export function runInit(
  options: InitOptions,
  cwd: string,
  out: (line: string) => void = (l) => process.stdout.write(l + "\n"),
): number {
  const manifestFile = path.join(cwd, "package.json");
  if (!fs.existsSync(manifestFile)) {
    out(`typed-msgpack init: no package.json in ${cwd}; run it in your project's folder (npm init first).`);
    return 2;
  }
  let manifest: Record<string, any>;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, any>;
  } catch (e) {
    out(`typed-msgpack init: ${manifestFile} is not valid JSON (${(e as Error).message}); fix it and run init again.`);
    return 2;
  }
  const found = detect(cwd, manifest);
  const report: Report = { changes: [], advice: [] };
  const files = new Files(cwd);
  const write = (file: string, text: string, what: string) => {
    const existed = files.exists(file);
    report.changes.push(`${path.relative(cwd, file) || file}: ${existed ? "" : "new, "}${what}`);
    files.write(file, text);
  };

  out(`typed-msgpack init${options.dryRun ? " (dry run: nothing is written)" : ""}`);
  const tools = [...found.tools].sort().map((t) => LABELS[t] ?? t);
  out(`  found: TypeScript ${found.typescriptMajor ?? "(none)"}${tools.length > 0 ? `; ${tools.join(", ")}` : ""}`);

  // Edited in place; written once at the end if it differs from the manifest's.
  const scripts: Record<string, string> = { ...(manifest.scripts ?? {}) };
  const addScript = (name: string, command: string, why: string) => {
    if (Object.values(scripts).some((c) => c.includes(command))) return;
    if (scripts[name] !== undefined) {
      report.advice.push(`package.json already has a "${name}" script; to ${why}, add one that runs: ${command}`);
      return;
    }
    scripts[name] = command;
    report.changes.push(`package.json: script "${name}": "${command}" (${why})`);
  };

  const vite = found.tools.has("vite") || found.tools.has("vitest");
  const bundler = vite ? "vite" : BUNDLERS.find((b) => found.tools.has(b));
  const ts7 = found.typescriptMajor !== undefined && found.typescriptMajor >= 7;
  const compilerPlugin = !ts7 && found.typescriptMajor !== undefined && !found.olderThan49 && bundler === undefined;

  // Every route reads the project's types through its tsconfig.json: the plugins line's (4.9-6)
  // is written below with the rest of it.
  const tsconfigFile = path.join(cwd, "tsconfig.json");
  if (!files.exists(tsconfigFile) && found.typescriptMajor !== undefined && !found.olderThan49) {
    const config = newTsconfig(cwd, found, bundler, compilerPlugin);
    write(
      tsconfigFile,
      JSON.stringify(config, null, 2) + "\n",
      `there was none, and ${compilerPlugin ? "tspc" : bundler ? "the bundler plugin" : "generate"} reads the project's types and module settings from it (${describeTsconfig(config)})`,
    );
  }

  if (vite) {
    configureVite(files, found, write, report);
  } else if (bundler !== undefined) {
    report.advice.push(
      `${bundler}: add the plugin to your ${bundler} configuration (init does not edit ${bundler} configs): import { ${bundler} as typedMsgpack } from "${PLUGIN_MODULE}"; then plugins: [typedMsgpack()]`,
    );
  } else if (ts7) {
    // TypeScript 7 runs no compiler plugins, and without a bundler nothing else reads types
    // (tsx, Node's type stripping and Bun strip them): the codecs are generated ahead of time.
    addScript(
      "codecs",
      GENERATE,
      "TypeScript 7 runs no transformers: generate writes each file's codecs beside it as .codecs.ts",
    );
    addScript("codecs:check", `${GENERATE} --check`, "for CI: fails when a generated file is out of date");
    const hooked: string[] = [];
    for (const name of ["dev", "build", "test"]) {
      const script = scripts[name];
      if (script === undefined || script.includes(GENERATE) || /\bcodecs\b/.test(script)) continue;
      scripts[name] = `${GENERATE} && ${script}`;
      hooked.push(name);
      report.changes.push(
        `package.json: script "${name}": "${scripts[name]}" (was "${script}": the codecs are generated before it runs, so they match the types)`,
      );
    }
    if (found.tools.has("tsx"))
      report.advice.push(
        "or compile the codecs as modules load, with nothing generated to go stale: run your entry as node --import typed-msgpack-build/register --import tsx <entry> (the hook before tsx; with node --watch, an edit to a type restarts it)",
      );
    else if (found.tools.has("node"))
      report.advice.push(
        "or compile the codecs as modules load, with nothing generated to go stale: node --import typed-msgpack-build/register <entry> (Node 22.18+ or 24, which strip types; with node --watch, an edit to a type restarts it)",
      );
    if (scripts.dev !== undefined && /\bwatch\b/.test(scripts.dev))
      report.advice.push(
        `"dev" watches your files, but generates the codecs only when it starts: after editing a type while it runs, run npm run codecs (or keep ${GENERATE} --watch running beside it)`,
      );
  }

  if (found.typescriptMajor !== undefined && found.olderThan49) {
    report.advice.push(
      `TypeScript ${found.typescriptVersion} is older than 4.9, the oldest the compiler plugin runs under: upgrade it (npm install -D typescript@6.0); the bundler plugin and generate run on the project's TypeScript too, 4.9 or later`,
    );
  }
  if (compilerPlugin) {
    // TypeScript 4.9-6: the compiler plugin, run by tspc (ts-patch), ts-node or ts-jest.
    configureTsconfig(files, found.tools.has("ts-node"), write, report);
    if (!found.tools.has("ts-patch"))
      report.advice.push(
        `install ts-patch, which runs the tsconfig plugin: npm install -D ts-patch@${found.typescriptMajor! >= 6 ? 4 : 3}`,
      );
    const build = scripts.build as string | undefined;
    if (build !== undefined && /^tsc(\s|$)/.test(build)) {
      scripts.build = "tspc" + build.slice(3);
      report.changes.push(
        `package.json: script "build": "${scripts.build}" (was "${build}": plain tsc ignores the tsconfig plugins line, tspc runs it)`,
      );
    } else if (build === undefined) {
      addScript("build", "tspc -p .", "tspc is ts-patch's tsc, which runs the tsconfig plugins line");
    }
    if (found.tools.has("jest")) configureJest(files, manifest, write, report);
  }
  if (ts7 && found.tools.has("jest") && !vite) {
    report.advice.push(
      "jest with TypeScript 7: ts-jest needs the TypeScript 4.9-6 API; test the generated .codecs.ts files, or move the tests to vitest with the plugin",
    );
  }
  // The bundler plugin and generate come with the build package (a dev dependency; init itself runs from it).
  const usesBuildPackage = bundler !== undefined || ts7;
  const declared = { ...(manifest.dependencies ?? {}), ...(manifest.devDependencies ?? {}) } as Record<string, unknown>;
  if (usesBuildPackage && declared["typed-msgpack-build"] === undefined) {
    report.advice.push(
      "install the build package, which has the plugin and the typed-msgpack command: npm install -D typed-msgpack-build",
    );
  }
  if (found.typescriptMajor === undefined && !vite) {
    report.advice.push("no TypeScript found: install one (npm install -D typescript) and run init again");
  }

  if (JSON.stringify(scripts) !== JSON.stringify(manifest.scripts ?? {})) {
    const text = fs.readFileSync(manifestFile, "utf8");
    const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
    files.write(manifestFile, JSON.stringify({ ...manifest, scripts }, null, indent) + "\n");
  }

  if (report.changes.length === 0)
    out(
      report.advice.length === 0
        ? "  nothing to change: the project is already set up for typed-msgpack"
        : "  nothing to change in the project's files; what is left is yours to do:",
    );
  for (const change of report.changes) out(`  ${options.dryRun ? "would change" : "changed"} ${change}`);
  for (const line of report.advice) out(`  to do by hand: ${line}`);
  const diffs = files.commit(options.dryRun);
  if (options.dryRun && diffs.length > 0) {
    out("");
    for (const diff of diffs) out(diff.replace(/\n$/, ""));
  }
  return 0;
}

/** Installed versions win (node_modules/<name>/package.json); a declared dependency is the fallback. */
export function detect(cwd: string, manifest: Record<string, any>): Detected {
  const declared: Record<string, string> = { ...(manifest.dependencies ?? {}), ...(manifest.devDependencies ?? {}) };
  const installed = (name: string): string | undefined => {
    try {
      return String(JSON.parse(fs.readFileSync(path.join(cwd, "node_modules", name, "package.json"), "utf8")).version);
    } catch {
      return undefined;
    }
  };
  const tools = new Set<string>();
  for (const [tool, names] of Object.entries(PACKAGES))
    if (names.some((name) => declared[name] !== undefined)) tools.add(tool);
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(cwd);
  } catch {}
  for (const [tool, pattern] of Object.entries(CONFIG_FILES))
    if (entries.some((entry) => pattern.test(entry))) tools.add(tool);
  const commands = Object.values((manifest.scripts ?? {}) as Record<string, unknown>).filter(
    (c): c is string => typeof c === "string",
  );
  for (const [tool, pattern] of Object.entries(SCRIPT_COMMANDS))
    if (commands.some((command) => pattern.test(command))) tools.add(tool);
  const version = installed("typescript") ?? /\d+(?:\.\d+){0,2}/.exec(declared.typescript ?? "")?.[0];
  const major = version === undefined ? undefined : Number(/^\D*(\d+)/.exec(version)?.[1]);
  const minor = Number(/^\D*\d+\.(\d+)/.exec(version ?? "")?.[1] ?? 0);
  const known = major !== undefined && Number.isFinite(major);
  return {
    typescriptMajor: known ? major : undefined,
    typescriptVersion: version,
    olderThan49: known && (major! < 4 || (major === 4 && minor < 9)),
    tools,
  };
}

/**
 * The tsconfig.json init writes where there is none, for the route: a bundler resolves imports
 * itself (moduleResolution bundler, no emit); tsx too; Node running .ts files itself needs its own
 * resolution (nodenext) and imports written with .ts; tspc (4.9-6) emits JavaScript for Node.
 */
function newTsconfig(
  cwd: string,
  found: Detected,
  bundler: string | undefined,
  compilerPlugin: boolean,
): Record<string, unknown> {
  const base = { target: "es2022", strict: true, skipLibCheck: true };
  let compilerOptions: Record<string, unknown>;
  if (compilerPlugin) {
    compilerOptions = { ...base, module: "nodenext", outDir: "dist" };
  } else if (bundler === undefined && found.tools.has("node") && !found.tools.has("tsx") && !found.tools.has("bun")) {
    compilerOptions = {
      ...base,
      module: "nodenext",
      allowImportingTsExtensions: true,
      rewriteRelativeImportExtensions: true,
      erasableSyntaxOnly: true,
      verbatimModuleSyntax: true,
      noEmit: true,
    };
  } else {
    compilerOptions = { ...base, module: "esnext", moduleResolution: "bundler", noEmit: true };
    if (found.tools.has("bun") && bundler === undefined) compilerOptions.types = ["bun"];
  }
  const hasSrc = fs.existsSync(path.join(cwd, "src"));
  return { compilerOptions, ...(hasSrc ? { include: ["src"] } : {}) };
}

function describeTsconfig(config: Record<string, any>): string {
  const options = config.compilerOptions as Record<string, unknown>;
  const module = `module ${options.module}${options.moduleResolution ? `, moduleResolution ${options.moduleResolution}` : ""}`;
  return `${module}, strict${config.include ? `, include ${config.include.join(", ")}` : ""}`;
}

const VITE_CONFIGS = [
  "vitest.config.ts",
  "vitest.config.mts",
  "vitest.config.js",
  "vitest.config.mjs",
  "vite.config.ts",
  "vite.config.mts",
  "vite.config.js",
  "vite.config.mjs",
];

function configureVite(
  files: Files,
  found: Detected,
  write: (f: string, t: string, w: string) => void,
  report: Report,
): void {
  const importLine = `import { vite as typedMsgpack } from "${PLUGIN_MODULE}";`;
  const why = "the plugin replaces each codecFor<T>() while Vite builds, serves and runs tests";
  const cwd = files.cwd;
  const existing = VITE_CONFIGS.map((f) => path.join(cwd, f)).find((f) => files.exists(f));
  if (existing === undefined) {
    const file = path.join(
      cwd,
      found.tools.has("vitest") && !found.tools.has("vite") ? "vitest.config.ts" : "vite.config.ts",
    );
    const define =
      found.tools.has("vitest") && !found.tools.has("vite")
        ? `import { defineConfig } from "vitest/config";`
        : `import { defineConfig } from "vite";`;
    write(
      file,
      `${define}\n${importLine}\n\nexport default defineConfig({\n  plugins: [typedMsgpack()],\n});\n`,
      `with the typed-msgpack plugin (${why})`,
    );
    return;
  }
  const text = files.read(existing);
  const rel = path.relative(cwd, existing);
  if (text.includes(PLUGIN_MODULE)) return; // already set up
  const plugins = text.match(/plugins\s*:\s*\[/g) ?? [];
  const defines = text.match(/defineConfig\(\s*\{/g) ?? [];
  let edited: string | undefined;
  if (plugins.length === 1) {
    edited = text.replace(/plugins\s*:\s*\[/, (m) => `${m}typedMsgpack(), `);
  } else if (plugins.length === 0 && defines.length === 1) {
    edited = text.replace(/defineConfig\(\s*\{/, (m) => `${m}\n  plugins: [typedMsgpack()],`);
  }
  if (edited === undefined) {
    report.advice.push(
      `${rel}: add ${importLine} and typedMsgpack() to the plugins array (init edits a config only with exactly one plugins: [ or one defineConfig({)`,
    );
    return;
  }
  // The import goes after the last top-level import, or first when there is none.
  const imports = [...edited.matchAll(/^import[^;]*;[ \t]*$/gm)];
  const last = imports[imports.length - 1];
  const at = last === undefined ? 0 : last.index! + last[0].length;
  edited = last === undefined ? `${importLine}\n${edited}` : `${edited.slice(0, at)}\n${importLine}${edited.slice(at)}`;
  write(existing, edited, `added the typed-msgpack plugin (${why})`);
}

function configureTsconfig(
  files: Files,
  tsNode: boolean,
  write: (f: string, t: string, w: string) => void,
  report: Report,
): void {
  const file = path.join(files.cwd, "tsconfig.json");
  const line = `"plugins": [{ "transform": "typed-msgpack/transformer" }]`;
  const tsNodeLine = `"ts-node": { "compiler": "ts-patch/compiler" }`;
  if (!files.exists(file)) {
    report.advice.push(
      `no tsconfig.json: create one (npx tsc --init) and add to its compilerOptions: ${line}${tsNode ? `, and at its top level: ${tsNodeLine}` : ""}`,
    );
    return;
  }
  const text = files.read(file);
  const needsPlugin = !text.includes("typed-msgpack/transformer");
  const needsTsNode = tsNode && !text.includes("ts-patch/compiler");
  if (!needsPlugin && !needsTsNode) return;
  let config: Record<string, any>;
  try {
    config = JSON.parse(text) as Record<string, any>;
  } catch {
    // Comments or trailing commas: rewriting would lose them.
    const what = [
      needsPlugin ? `to its compilerOptions: ${line}` : "",
      needsTsNode ? `at its top level: ${tsNodeLine}` : "",
    ]
      .filter(Boolean)
      .join("; and ");
    report.advice.push(`tsconfig.json has comments or is not plain JSON, so init leaves it as it is; add ${what}`);
    return;
  }
  if (
    config.compilerOptions === undefined &&
    Array.isArray(config.references) &&
    Array.isArray(config.files) &&
    config.files.length === 0
  ) {
    report.advice.push(
      `tsconfig.json is solution-style (references only): add ${line} to the compilerOptions of the referenced project that holds your code`,
    );
    return;
  }
  const whys: string[] = [];
  if (needsPlugin) {
    const compilerOptions = { ...(config.compilerOptions ?? {}) };
    compilerOptions.plugins = [
      ...(Array.isArray(compilerOptions.plugins) ? compilerOptions.plugins : []),
      TRANSFORMER_ENTRY,
    ];
    config = { ...config, compilerOptions };
    whys.push(
      `compilerOptions.plugins += { "transform": "typed-msgpack/transformer" } (tspc, ts-node and ts-jest with ts-patch run it on TypeScript 4.9-6)`,
    );
  }
  if (needsTsNode) {
    config = { ...config, "ts-node": { ...(config["ts-node"] ?? {}), compiler: "ts-patch/compiler" } };
    whys.push(`"ts-node".compiler = "ts-patch/compiler" (ts-node then runs the plugins line)`);
  }
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
  write(file, JSON.stringify(config, null, indent) + "\n", whys.join("; "));
}

const JEST_CONFIGS = ["jest.config.js", "jest.config.cjs", "jest.config.mjs", "jest.config.ts", "jest.config.json"];

function configureJest(
  files: Files,
  manifest: Record<string, any>,
  write: (f: string, t: string, w: string) => void,
  report: Report,
): void {
  const transform = `"^.+\\\\.ts$": ["ts-jest", { astTransformers: { before: ["typed-msgpack/ts-jest"] } }]`;
  const cwd = files.cwd;
  const existing = JEST_CONFIGS.map((f) => path.join(cwd, f)).find((f) => files.exists(f));
  if (existing !== undefined || manifest.jest !== undefined) {
    if (existing !== undefined && files.read(existing).includes("typed-msgpack/ts-jest")) return;
    if (existing === undefined && JSON.stringify(manifest.jest).includes("typed-msgpack/ts-jest")) return;
    report.advice.push(
      `${existing ? path.relative(cwd, existing) : 'package.json "jest"'}: set transform: { ${transform} } (init does not edit an existing jest config)`,
    );
    return;
  }
  const text = `// ts-jest compiles the tests; typed-msgpack/ts-jest replaces each codecFor<T>() as it does.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  transform: { ${transform} },
};
`;
  const file = path.join(cwd, manifest.type === "module" ? "jest.config.cjs" : "jest.config.js");
  write(file, text, "with ts-jest running typed-msgpack/ts-jest (tests that call codecFor get their codecs)");
}
