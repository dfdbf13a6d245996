// Code size: what the transformer generates for each dataset's type, and what a browser app that
// does `import { codecFor } from "typed-msgpack"` plus one codec ships after esbuild.
import * as fs from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import ts from "typescript";
import * as esbuild from "esbuild";
import { DATASETS, DATASET_IDS } from "./data";
import type { DatasetId } from "./types";

const ROOT = path.resolve(__dirname, "../..");
const OUT = path.join(__dirname, "sizes");
// Bundle sizes are reported gzipped at level 9, as bundle-size tools usually do.
const gz = (s: string | Uint8Array) => gzipSync(s, { level: 9 }).length;

export interface CodeSize {
  dataset: DatasetId;
  raw: number;
  min: number;
  minGz: number;
  bundleMinGz: number;
}
export interface BundleSize {
  entry: DatasetId;
  esmMin: number;
  esmMinGz: number;
  /** Minified bytes of the ESM bundle that came from the runtime and from the generated codec. */
  runtimeMin: number;
  codecMin: number;
  cjsMin: number;
  cjsMinGz: number;
  /** The runtime alone: the ESM bundle for `codecFor<boolean>()` (gzip: the whole bundle; min: runtime bytes only). */
  runtimeOnlyMin: number;
  runtimeOnlyMinGz: number;
  minimalCodecMin: number;
  /** An app whose one type has objects and strings (RECORD_TYPE): the runtime an app with such types pays. */
  recordRuntimeMin: number;
  recordMinGz: number;
}

/** The smallest codec: what remains of its bundle is what the runtime costs any app. */
const MINIMAL = "minimal";
/** A small record type, for the runtime that apps with objects and strings pay (keys, strings, skipping). */
const RECORD = "record";
const RECORD_TYPE = "{ id: number; name: string; email?: string; tags: string[]; active: boolean }";

/**
 * Compiles one module per dataset, `export const codec = codecFor<T>()`, through the transformer
 * to ES modules (so that a bundler can tree-shake the runtime) and returns the emitted files.
 */
function emitCodecModules(): Map<DatasetId | typeof MINIMAL | typeof RECORD, string> {
  const transformer = require(path.join(ROOT, "dist/transformer/index.js")).default;
  fs.mkdirSync(OUT, { recursive: true });
  const files = new Map<string, DatasetId | typeof MINIMAL | typeof RECORD>();
  for (const [id, type] of [
    [MINIMAL, "boolean"],
    [RECORD, RECORD_TYPE],
  ] as const) {
    const file = path.join(OUT, `${id}.ts`);
    fs.writeFileSync(file, `import { codecFor } from "typed-msgpack";\nexport const codec = codecFor<${type}>();\n`);
    files.set(file, id);
  }
  for (const id of DATASET_IDS) {
    const type = DATASETS[id].type;
    const file = path.join(OUT, `${id}.ts`);
    fs.writeFileSync(
      file,
      [
        `import { codecFor } from "typed-msgpack";`,
        `import type { ${type.replace("[]", "")} } from "../../src/types";`,
        `export const codec = codecFor<${type}>();`,
      ].join("\n") + "\n",
    );
    files.set(file, id);
  }
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ES2020,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    types: [],
    lib: ["lib.es2020.d.ts"],
    // Declarations, not runtime/*.ts: no DOM lib to parse for TextEncoder, so this stays quick.
    paths: {
      "typed-msgpack": [path.join(ROOT, "dist/runtime/index.d.ts")],
      "typed-msgpack/internal": [path.join(ROOT, "dist/runtime/internal.d.ts")],
    },
  };
  const program = ts.createProgram([...files.keys()], options);
  const problems: ts.Diagnostic[] = [...ts.getPreEmitDiagnostics(program)];
  const emitted = new Map<DatasetId | typeof MINIMAL | typeof RECORD, string>();
  const result = program.emit(
    undefined,
    (name, text) => {
      const id = files.get(name.replace(/\.js$/, ".ts"));
      if (id) {
        emitted.set(id, text);
        fs.writeFileSync(name, text);
      }
    },
    undefined,
    false,
    { before: [transformer(program, {}, { addDiagnostic: (d: ts.Diagnostic) => void problems.push(d) })] },
  );
  problems.push(...result.diagnostics);
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, ts.createCompilerHost(options)));
  return emitted;
}

interface Bundle {
  contents: Uint8Array;
  runtimeMin: number;
  codecMin: number;
}

/** esbuild bundle of `entry` for the browser, minified; `runtime` is what "typed-msgpack" resolves to. */
/** `runtime`: the folder of a runtime build (dist/esm/runtime or dist/runtime), its index and internal entries. */
function bundle(entry: string, runtime: string): Bundle {
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    // The longer specifier first: esbuild also matches "typed-msgpack" as a prefix of it.
    alias: {
      "typed-msgpack/internal": path.join(runtime, "internal.js"),
      "typed-msgpack": path.join(runtime, "index.js"),
    },
    logLevel: "silent",
    metafile: true,
    // The emitted .js of a module that another one links to (`import * as __tm_floats from
    // "./floats"`), not the untransformed .ts beside it, which esbuild would otherwise prefer.
    resolveExtensions: [".js"],
  });
  // The metafile says how many output bytes came from each input: the entry is the codec.
  const inputs = Object.entries(Object.values(result.metafile!.outputs)[0]!.inputs);
  const codecMin = inputs.filter(([file]) => path.resolve(file) === entry).reduce((n, [, i]) => n + i.bytesInOutput, 0);
  const total = inputs.reduce((n, [, i]) => n + i.bytesInOutput, 0);
  return { contents: result.outputFiles[0]!.contents, runtimeMin: total - codecMin, codecMin };
}

export function measureCode(): { codes: CodeSize[]; bundle: BundleSize } {
  const emitted = emitCodecModules();
  // What bundlers resolve "typed-msgpack" to (package.json "module" condition): the ES module build.
  const esmRuntime = path.join(ROOT, "dist/esm/runtime");
  const codes = DATASET_IDS.map((dataset): CodeSize => {
    const js = emitted.get(dataset)!;
    // The module is all generated code apart from its import and export lines.
    const min = esbuild.transformSync(js, { minify: true, format: "esm", loader: "js" }).code;
    const bundled = bundle(path.join(OUT, `${dataset}.js`), esmRuntime);
    return {
      dataset,
      raw: Buffer.byteLength(js),
      min: Buffer.byteLength(min),
      minGz: gz(min),
      bundleMinGz: gz(bundled.contents),
    };
  });
  // The headline: the sbt ModuleID[] codec. ESM = dist/esm, what bundlers get (tree-shaken);
  // CJS = dist/runtime, what a bundler that ignores the "module" condition gets (not tree-shaken).
  const entry = path.join(OUT, "sbt.js");
  const esm = bundle(entry, esmRuntime);
  const cjs = bundle(entry, path.join(ROOT, "dist/runtime"));
  const alone = bundle(path.join(OUT, `${MINIMAL}.js`), esmRuntime);
  const record = bundle(path.join(OUT, `${RECORD}.js`), esmRuntime);
  const bundleSize: BundleSize = {
    entry: "sbt",
    esmMin: esm.contents.length,
    esmMinGz: gz(esm.contents),
    runtimeMin: esm.runtimeMin,
    codecMin: esm.codecMin,
    cjsMin: cjs.contents.length,
    cjsMinGz: gz(cjs.contents),
    runtimeOnlyMin: alone.runtimeMin,
    runtimeOnlyMinGz: gz(alone.contents),
    minimalCodecMin: alone.codecMin,
    recordRuntimeMin: record.runtimeMin,
    recordMinGz: gz(record.contents),
  };
  return { codes, bundle: bundleSize };
}
