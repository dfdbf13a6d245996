/** Command-line parsing for `typed-msgpack`; no TypeScript needed here, so it runs before the compiler is chosen. */

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
  -h, --help            show this help
  -v, --version         show the version

Config (typed-msgpack.config.json, or "typed-msgpack": {...} in package.json; paths are relative
to the file that holds them):
  { "inputs": ["src/codecs.ts", "src/api"], "project": "tsconfig.json",
    "suffix": ".codecs", "runtimeModule": "typed-msgpack" }

Exit status: 0 done (or, with --check, everything up to date); 1 compile errors, or --check found
stale files; 2 bad arguments, configuration, or no usable TypeScript compiler API.`;

export type Command =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "generate"; inputs: string[]; project?: string; watch: boolean; check: boolean };

export class UsageError extends Error {}

/** Parses `argv` (without node and the script); throws UsageError on anything it does not know. */
export function parseArgs(argv: readonly string[]): Command {
  const args = [...argv];
  if (args.length === 0) throw new UsageError("missing command: typed-msgpack generate");
  if (args.some((a) => a === "-h" || a === "--help")) return { kind: "help" };
  if (args.length === 1 && (args[0] === "-v" || args[0] === "--version")) return { kind: "version" };
  const command = args.shift();
  if (command !== "generate") throw new UsageError(`unknown command ${JSON.stringify(command)}; the command is typed-msgpack generate`);

  const result: Extract<Command, { kind: "generate" }> = { kind: "generate", inputs: [], watch: false, check: false };
  while (args.length > 0) {
    const arg = args.shift()!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    switch (flag) {
      case "-w":
      case "--watch":
        result.watch = true;
        break;
      case "--check":
        result.check = true;
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
  if (result.watch && result.check) throw new UsageError("--watch and --check do not go together: --check is a one-off test for CI");
  return result;
}
