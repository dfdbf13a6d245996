/**
 * The message of a `codecFor<T>()` call that reached the runtime: the transformer never replaced
 * it. In Node it looks at the calling file's project, so that a user whose tsconfig already has
 * the plugins line is told that the compiler ignored it (TypeScript 7's tsc, esbuild, tsx...)
 * instead of being told to add it (issue 19). Only the failure path runs this.
 */

const PLUGINS_LINE = '"plugins": [{ "transform": "typed-msgpack/transformer" }]';
/** The two routes that work whatever the TypeScript (issue 55): the message leads with them. */
const ROUTES =
  'To compile it: with Vite, vitest, Rollup, Rolldown, esbuild, webpack or Rspack, add the bundler plugin (`import { vite as typedMsgpack } from "typed-msgpack-build/unplugin"` and `plugins: [typedMsgpack()]`; the module also exports rollup, rolldown, esbuild, webpack and rspack); without a bundler, run `npx typed-msgpack generate` and import the codecs from the .codecs.ts file it writes.';
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

/** What the calling file's project shows: the tsconfig that has the plugins line, the installed TypeScript and build package. */
interface Project {
  caller: string;
  pluginsIn?: string;
  typescript?: string;
  /** Whether typed-msgpack-build is installed; undefined where no file system could tell. */
  buildPackage?: boolean;
}

/** `stack` is that of an Error made in `codecFor` itself: its third line is the caller. */
export function notCompiledMessage(stack: string | undefined): string {
  const project = inspect(stack);
  const head = `typed-msgpack: this codecFor<T>() call was not compiled by the typed-msgpack transformer, so it has no codec${project ? ` (called from ${project.caller})` : ""}. `;
  // `npx typed-msgpack` without the package that has the command fails with npm's "could not
  // determine executable to run": say where the command comes from, and whether it is there.
  const provider =
    project?.buildPackage === true
      ? " Both come with typed-msgpack-build, which is installed here."
      : project?.buildPackage === false
        ? " Both come with the dev dependency typed-msgpack-build, which is not installed here: install it first (npm i -D typed-msgpack-build)."
        : " Both come with the dev dependency typed-msgpack-build (npm i -D typed-msgpack-build).";
  const native = project?.typescript !== undefined && Number(project.typescript.split(".")[0]) >= 7;
  const fromSource = project !== undefined && /\.[cm]?tsx?$/.test(project.caller);
  const tspc = `With TypeScript 4.9-6, the compiler plugin works as well: add  ${PLUGINS_LINE}  to compilerOptions in tsconfig.json and build with tspc (ts-patch).`;
  let why: string;
  if (project?.pluginsIn) {
    const ignored = native
      ? `TypeScript ${project.typescript} is installed, and TypeScript 7 runs no compiler plugins`
      : fromSource
        ? "the file runs from its TypeScript source through a tool that strips types without running plugins (tsx, Node's type stripping, Bun, Vite, vitest)"
        : NO_PLUGINS;
    why =
      `${project.pluginsIn} has the plugins line, but the compiler that built this code ignored it: ${ignored}.` +
      (native ? "" : " Building with tspc (ts-patch) runs it.");
  } else if (native) {
    why = `TypeScript ${project!.typescript} is installed here, and TypeScript 7 runs no compiler plugins: a tsconfig plugins line cannot help.`;
  } else {
    why = `${tspc} With a plugins line already there, the compiler ignored it: ${NO_PLUGINS}.`;
  }
  return `${head}${ROUTES}${provider} ${why}`;
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
      if (!project.buildPackage)
        project.buildPackage = fs.existsSync(path.join(dir, "node_modules/typed-msgpack-build"));
      if (fs.existsSync(path.join(dir, "package.json")) || path.dirname(dir) === dir) break;
    }
  } catch {
    // An unreadable folder: say what is known so far.
  }
  return project;
}
