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

/** Where the bundler plugin is imported from (the README's plugin line). */
export const PLUGIN_MODULE = "typed-msgpack-build/unplugin";
const TRANSFORMER_ENTRY = { transform: "typed-msgpack/transformer" };

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
  tools: Set<string>;
}

const TOOLS = ["vite", "vitest", "webpack", "rollup", "esbuild", "jest", "ts-node", "ts-patch", "ts-jest"] as const;

interface Report {
  changes: string[];
  advice: string[];
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
  const write = (file: string, text: string, what: string) => {
    report.changes.push(`${path.relative(cwd, file) || file}: ${what}`);
    if (!options.dryRun) fs.writeFileSync(file, text);
  };

  out(`typed-msgpack init${options.dryRun ? " (dry run: nothing is written)" : ""}`);
  out(
    `  found: TypeScript ${found.typescriptMajor ?? "(none)"}${found.tools.size > 0 ? `; ${[...found.tools].sort().join(", ")}` : ""}`,
  );

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
  const ts7 = found.typescriptMajor !== undefined && found.typescriptMajor >= 7;
  if (vite) {
    configureVite(cwd, found, write, report);
  } else if (found.tools.has("webpack") || found.tools.has("rollup") || found.tools.has("esbuild")) {
    const name = found.tools.has("webpack") ? "webpack" : found.tools.has("rollup") ? "rollup" : "esbuild";
    report.advice.push(
      `${name}: add the plugin to your ${name} configuration (init does not edit ${name} configs): import { ${name} as typedMsgpack } from "${PLUGIN_MODULE}"; then plugins: [typedMsgpack()]`,
    );
  } else if (ts7) {
    // TypeScript 7 runs no compiler plugins, and without a bundler nothing else reads types.
    addScript(
      "codecs",
      "typed-msgpack generate",
      "TypeScript 7 runs no transformers: generate writes each file's codecs beside it as .codecs.ts",
    );
    addScript("codecs:check", "typed-msgpack generate --check", "for CI: fails when a generated file is out of date");
  }

  if (found.typescriptMajor !== undefined && found.olderThan49) {
    report.advice.push(
      `TypeScript ${found.typescriptVersion} is older than 4.9, the oldest the compiler plugin runs under: upgrade it (npm install -D typescript@6.0), or use the bundler plugin or generate, which bring their own`,
    );
  }
  if (!ts7 && found.typescriptMajor !== undefined && !found.olderThan49 && !vite) {
    // TypeScript 4.9-6: the compiler plugin, run by tspc (ts-patch), ts-node or ts-jest.
    configureTsconfig(cwd, found.tools.has("ts-node"), write, report);
    if (!found.tools.has("ts-patch"))
      report.advice.push(
        `install ts-patch, which runs the tsconfig plugin: npm install -D ts-patch@${found.typescriptMajor >= 6 ? 4 : 3}`,
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
    if (found.tools.has("jest")) configureJest(cwd, manifest, write, report);
  }
  if (ts7 && found.tools.has("jest") && !vite) {
    report.advice.push(
      "jest with TypeScript 7: ts-jest needs the TypeScript 4.9-6 API; test the generated .codecs.ts files, or move the tests to vitest with the plugin",
    );
  }
  // The bundler plugin and generate come with the build package (a dev dependency; init itself runs from it).
  const usesBuildPackage =
    vite || found.tools.has("webpack") || found.tools.has("rollup") || found.tools.has("esbuild") || ts7;
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
    if (!options.dryRun) fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, scripts }, null, indent) + "\n");
  }

  if (report.changes.length === 0) out("  nothing to change: the project is already set up for typed-msgpack");
  for (const change of report.changes) out(`  ${options.dryRun ? "would change" : "changed"} ${change}`);
  for (const line of report.advice) out(`  to do by hand: ${line}`);
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
  const tools = new Set<string>(TOOLS.filter((t) => declared[t] !== undefined || installed(t) !== undefined));
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
  cwd: string,
  found: Detected,
  write: (f: string, t: string, w: string) => void,
  report: Report,
): void {
  const importLine = `import { vite as typedMsgpack } from "${PLUGIN_MODULE}";`;
  const why = "the plugin replaces each codecFor<T>() while Vite builds, serves and runs tests";
  const existing = VITE_CONFIGS.map((f) => path.join(cwd, f)).find((f) => fs.existsSync(f));
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
      `new, with the typed-msgpack plugin (${why})`,
    );
    return;
  }
  const text = fs.readFileSync(existing, "utf8");
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
  cwd: string,
  tsNode: boolean,
  write: (f: string, t: string, w: string) => void,
  report: Report,
): void {
  const file = path.join(cwd, "tsconfig.json");
  const line = `"plugins": [{ "transform": "typed-msgpack/transformer" }]`;
  const tsNodeLine = `"ts-node": { "compiler": "ts-patch/compiler" }`;
  if (!fs.existsSync(file)) {
    report.advice.push(
      `no tsconfig.json: create one (npx tsc --init) and add to its compilerOptions: ${line}${tsNode ? `, and at its top level: ${tsNodeLine}` : ""}`,
    );
    return;
  }
  const text = fs.readFileSync(file, "utf8");
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
  cwd: string,
  manifest: Record<string, any>,
  write: (f: string, t: string, w: string) => void,
  report: Report,
): void {
  const transform = `"^.+\\\\.ts$": ["ts-jest", { astTransformers: { before: ["typed-msgpack/ts-jest"] } }]`;
  const existing = JEST_CONFIGS.map((f) => path.join(cwd, f)).find((f) => fs.existsSync(f));
  if (existing !== undefined || manifest.jest !== undefined) {
    if (existing !== undefined && fs.readFileSync(existing, "utf8").includes("typed-msgpack/ts-jest")) return;
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
  write(file, text, "new, with ts-jest running typed-msgpack/ts-jest (tests that call codecFor get their codecs)");
}
