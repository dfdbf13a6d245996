/**
 * The message of a `codecFor<T>()` call that reached the runtime: the transformer never replaced
 * it. In Node it looks at the calling file's project, so that a user whose tsconfig already has
 * the plugins line is told that the compiler ignored it (TypeScript 7's tsc, esbuild, tsx...)
 * instead of being told to add it (issue 19). Only the failure path runs this.
 */

const PLUGINS_LINE = '"plugins": [{ "transform": "typed-msgpack/transformer" }]';
const GENERATE =
  "generate the codecs with `npx typed-msgpack generate` and import them from the .codecs.ts file it writes (see the README)";
const NO_PLUGINS = "TypeScript 7's tsc, esbuild, swc, tsx, Vite and Bun run no compiler plugins";

interface Fs {
  readFileSync(file: string, encoding: "utf8"): string;
  readdirSync(dir: string): string[];
  existsSync(file: string): boolean;
}
interface Path {
  dirname(file: string): string;
  join(...parts: string[]): string;
}

/** What the calling file's project shows: the tsconfig that has the plugins line, the installed TypeScript. */
interface Project {
  caller: string;
  pluginsIn?: string;
  typescript?: string;
}

/** `stack` is that of an Error made in `codecFor` itself: its third line is the caller. */
export function notCompiledMessage(stack: string | undefined): string {
  const project = inspect(stack);
  const head = `typed-msgpack: this codecFor<T>() call was not compiled by the typed-msgpack transformer, so it has no codec${project ? ` (called from ${project.caller})` : ""}. `;
  const native = project?.typescript !== undefined && Number(project.typescript.split(".")[0]) >= 7;
  const fromSource = project !== undefined && /\.[cm]?tsx?$/.test(project.caller);
  if (project?.pluginsIn) {
    const why = native
      ? `TypeScript ${project.typescript} is installed, and TypeScript 7 runs no compiler plugins`
      : fromSource
        ? "the file runs from its TypeScript source through a tool that strips types without running plugins (tsx, Node's type stripping, Bun, Vite, vitest)"
        : NO_PLUGINS;
    return (
      head +
      `${project.pluginsIn} has the plugins line, but the compiler that built this code ignored it: ${why}. ` +
      `Instead, ${GENERATE}${native ? "." : ", or build with tspc (ts-patch), which runs the plugin."}`
    );
  }
  if (native)
    return (
      head +
      `TypeScript ${project!.typescript} is installed here, and TypeScript 7 runs no compiler plugins: ${GENERATE}.`
    );
  return (
    head +
    `Add  ${PLUGINS_LINE}  to compilerOptions in tsconfig.json and build with tspc (ts-patch), or ${GENERATE}. ` +
    `With a plugins line already there, the compiler ignored it: ${NO_PLUGINS}; use generate with those.`
  );
}

/** The caller's file, and its project as far as Node's fs can read it; undefined outside Node or when the stack says nothing. */
function inspect(stack: string | undefined): Project | undefined {
  const frame = stack?.split("\n")[2];
  const match = frame && /(?:\(|at )(?:file:\/\/)?([^()\s]+?):\d+:\d+\)?\s*$/.exec(frame);
  if (!match) return undefined;
  const caller = decodeURIComponent(match[1]!);
  const node =
    typeof process === "object"
      ? (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule
      : undefined;
  const fs = node?.("node:fs") as Fs | undefined;
  const path = node?.("node:path") as Path | undefined;
  const project: Project = { caller };
  if (!fs || !path) return project;
  try {
    // Up to the package root: a tsconfig*.json there or below it with our plugin, and the TypeScript it installs.
    for (let dir = path.dirname(caller), depth = 0; depth < 32; dir = path.dirname(dir), depth++) {
      const tsconfig = fs
        .readdirSync(dir)
        .sort()
        .find(
          (f) =>
            /^tsconfig.*\.json$/.test(f) &&
            fs.readFileSync(path.join(dir, f), "utf8").includes("typed-msgpack/transformer"),
        );
      if (tsconfig && !project.pluginsIn) project.pluginsIn = path.join(dir, tsconfig);
      const typescript = path.join(dir, "node_modules/typescript/package.json");
      if (!project.typescript && fs.existsSync(typescript))
        project.typescript = String(JSON.parse(fs.readFileSync(typescript, "utf8")).version);
      if (fs.existsSync(path.join(dir, "package.json")) || path.dirname(dir) === dir) break;
    }
  } catch {
    // An unreadable folder: say what is known so far.
  }
  return project;
}
