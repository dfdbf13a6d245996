/** Command-line parsing for `typed-msgpack`; no TypeScript needed here, so it runs before the compiler is chosen. */

export const SCHEMA_USAGE = `Usage: typed-msgpack schema [options] [file or folder ...]

Describes the wire contract of every codec of the project (the codecs generate and the transformer
would make: properties in wire order, required or optional, element and key types, union members,
literals) as stable, sorted JSON to commit, and compares the current types with it. Codecs are named
by file (relative to the tsconfig) and exported const: "src/wire.ts#OrderCodec". Inputs and
--project as for generate.

Options:
  -o, --out <file>          write the snapshot to <file> (default: print it)
      --check <file>        write nothing; compare the types with the snapshot in <file>, list each
                            change, and exit 1 if one breaks the direction
      --direction <d>       for --check: backward (default: new readers must read bytes written
                            with the old types), forward (old readers must read bytes written with
                            the new types), or both
      --format <f>          snapshot (default), or json-schema: a JSON Schema (2020-12) per codec,
                            by codec name, for services in other languages
  -p, --project <path>      the tsconfig.json, as for generate

Exit status: 0 written, or no breaking change; 1 breaking changes, or compile errors in codecs;
2 bad arguments, configuration, or a missing, malformed or other-version snapshot.`;

export const INIT_USAGE = `Usage: typed-msgpack init [--dry-run]

Looks at the project in the current folder (package.json, tsconfig.json, the TypeScript installed)
and finds its tools from its own direct dependencies, config files and scripts, not from packages
they bring (tsx's esbuild, vitest's vite): Vite, vitest, webpack, Rspack, Rollup, Rolldown, esbuild,
jest, ts-node, tsx, Node's type stripping, Bun. Then writes the configuration of the route that
fits: the Vite plugin line, the tsconfig plugins entry (TypeScript 4.9-6), a jest config, or on
TypeScript 7 without a bundler a "codecs" script (typed-msgpack generate) that dev, build and test
run first. Creates a tsconfig.json where there is none. Prints each change and why, and what to do
by hand where it will not edit a file safely. Running it again changes nothing.

Options:
      --dry-run             print what would change, with a unified diff of each file; write nothing`;

export const USAGE = `Usage: typed-msgpack generate [options] [file or folder ...]

Writes, beside each input file that calls codecFor<T>(), a copy in which every call is replaced
by its generated codec: src/order.ts -> src/order.codecs.ts. The copy is plain TypeScript that
imports only the typed-msgpack runtime, so any build compiles it (tsc 7, esbuild, swc, tsx, Vite,
Bun); import your codecs from it. Relative imports keep working, as the copy sits beside its input.

Inputs, first found wins:
  files or folders given as arguments
  "inputs" in typed-msgpack.config.json, or in the "typed-msgpack" key of package.json
  every file of the TypeScript project (tsconfig.json, and the projects it references) that
  mentions codecFor
Folders are searched for .ts/.tsx/.mts/.cts files that mention codecFor.

Options:
  -p, --project <path>  the tsconfig.json whose compiler options (paths, strictness...) apply;
                        its references are followed, each input taking the project that lists it
                        (default: "project" from the config, else the nearest tsconfig.json: for
                        named inputs, the nearest one above each input)
  -w, --watch           keep running; regenerate when an input or any file it depends on changes
      --check           write nothing; exit 1 if a generated file is missing, out of date, or
                        left over from an input that no longer calls codecFor (for CI)
      --verbose         print what each codec cost to build: milliseconds, and on TypeScript 7 the
                        requests to its checker process (types shared with an earlier codec of the
                        same file are counted at the first)
      --report          list each codec's code size (comments and indentation left out, and
                        gzipped) and the named types it reaches; codecs at or above the
                        "sizeWarning" limits get a warning on every run
  -h, --help            show this help
  -v, --version         show the version

Config (typed-msgpack.config.json, or "typed-msgpack": {...} in package.json; paths are relative
to the file that holds them):
  { "inputs": ["src/codecs.ts", "src/api"], "project": "tsconfig.json",
    "suffix": ".codecs", "runtimeModule": "typed-msgpack", "optimize": "speed",
    "sizeWarning": { "bytes": 200000, "types": 500 } }

Exit status: 0 done (or, with --check, everything up to date); 1 compile errors, or --check found
stale files; 2 bad arguments, configuration, or no usable TypeScript compiler API.

${SCHEMA_USAGE}

${INIT_USAGE}`;

export type Command =
  | { kind: "help" }
  | { kind: "version" }
  | {
      kind: "generate";
      inputs: string[];
      project?: string;
      watch: boolean;
      check: boolean;
      verbose: boolean;
      report: boolean;
    }
  | { kind: "schemaHelp" }
  | { kind: "init"; dryRun: boolean }
  | {
      kind: "schema";
      inputs: string[];
      project?: string;
      /** Where to write; undefined: standard output. */
      out?: string;
      /** The snapshot to compare with. */
      check?: string;
      direction: "backward" | "forward" | "both";
      format: "snapshot" | "json-schema";
    };

export class UsageError extends Error {}

/** Parses `argv` (without node and the script); throws UsageError on anything it does not know. */
export function parseArgs(argv: readonly string[]): Command {
  const args = [...argv];
  if (args.length === 0) throw new UsageError("missing command: typed-msgpack generate, or typed-msgpack schema");
  if (args[0] === "schema") return parseSchemaArgs(args.slice(1));
  if (args[0] === "init") return parseInitArgs(args.slice(1));
  if (args.some((a) => a === "-h" || a === "--help")) return { kind: "help" };
  if (args.length === 1 && (args[0] === "-v" || args[0] === "--version")) return { kind: "version" };
  const command = args.shift();
  if (command !== "generate")
    throw new UsageError(
      `unknown command ${JSON.stringify(command)}; the commands are typed-msgpack generate, typed-msgpack schema and typed-msgpack init`,
    );

  const result: Extract<Command, { kind: "generate" }> = {
    kind: "generate",
    inputs: [],
    watch: false,
    check: false,
    verbose: false,
    report: false,
  };
  while (args.length > 0) {
    const arg = args.shift()!;
    const [flag, inline] = splitFlag(arg);
    switch (flag) {
      case "-w":
      case "--watch":
        result.watch = true;
        break;
      case "--check":
        result.check = true;
        break;
      case "--verbose":
        result.verbose = true;
        break;
      case "--report":
        result.report = true;
        break;
      case "-p":
      case "--project": {
        const value = inline ?? args.shift();
        if (!value || value.startsWith("-")) throw new UsageError(`${flag} needs a path to a tsconfig.json`);
        result.project = value;
        break;
      }
      case "--":
        result.inputs.push(...args.splice(0));
        break;
      default:
        if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg}`);
        result.inputs.push(arg);
    }
  }
  if (result.watch && result.check)
    throw new UsageError("--watch and --check do not go together: --check is a one-off test for CI");
  if (result.watch && result.verbose)
    throw new UsageError("--watch and --verbose do not go together: --verbose measures one run");
  if (result.watch && result.report)
    throw new UsageError("--watch and --report do not go together: --report lists one run's codecs");
  return result;
}

/** `--flag=value` -> ["--flag", "value"]. */
function splitFlag(arg: string): [string, string | undefined] {
  return arg.startsWith("--") && arg.includes("=")
    ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
    : [arg, undefined];
}

function parseSchemaArgs(argv: readonly string[]): Command {
  if (argv.some((a) => a === "-h" || a === "--help")) return { kind: "schemaHelp" };
  const args = [...argv];
  const result: Extract<Command, { kind: "schema" }> = {
    kind: "schema",
    inputs: [],
    direction: "backward",
    format: "snapshot",
  };
  let direction: string | undefined;
  let format: string | undefined;
  while (args.length > 0) {
    const arg = args.shift()!;
    const [flag, inline] = splitFlag(arg);
    const value = (what: string): string => {
      const v = inline ?? args.shift();
      if (!v || v.startsWith("-")) throw new UsageError(`${flag} needs ${what}`);
      return v;
    };
    switch (flag) {
      case "-o":
      case "--out":
        result.out = value("a file to write the snapshot to");
        break;
      case "--check":
        result.check = value("the snapshot file to compare with");
        break;
      case "--direction":
        direction = value("backward, forward or both");
        break;
      case "--format":
        format = value("snapshot or json-schema");
        break;
      case "-p":
      case "--project":
        result.project = value("a path to a tsconfig.json");
        break;
      case "--":
        result.inputs.push(...args.splice(0));
        break;
      default:
        if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg} for typed-msgpack schema`);
        result.inputs.push(arg);
    }
  }
  if (direction !== undefined) {
    if (direction !== "backward" && direction !== "forward" && direction !== "both")
      throw new UsageError(`--direction must be backward, forward or both, not ${JSON.stringify(direction)}`);
    if (result.check === undefined)
      throw new UsageError("--direction goes with --check: it says which readers must read which bytes");
    result.direction = direction;
  }
  if (format !== undefined) {
    if (format !== "snapshot" && format !== "json-schema")
      throw new UsageError(`--format must be snapshot or json-schema, not ${JSON.stringify(format)}`);
    result.format = format;
  }
  if (result.check !== undefined && result.out !== undefined)
    throw new UsageError(
      "--check and --out do not go together: --check writes nothing (run --out to update the snapshot)",
    );
  if (result.check !== undefined && result.format === "json-schema")
    throw new UsageError(
      "--check compares snapshots; JSON Schema is an output only (--format json-schema --out <file>)",
    );
  return result;
}

function parseInitArgs(argv: readonly string[]): Command {
  if (argv.some((a) => a === "-h" || a === "--help")) return { kind: "help" };
  const result: Extract<Command, { kind: "init" }> = { kind: "init", dryRun: false };
  for (const arg of argv) {
    if (arg === "--dry-run") result.dryRun = true;
    else
      throw new UsageError(
        `unknown ${arg.startsWith("-") ? "option" : "argument"} ${arg} for typed-msgpack init (it takes only --dry-run)`,
      );
  }
  return result;
}
