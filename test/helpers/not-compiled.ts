/**
 * The exact texts of the runtime's "not compiled" error (runtime/not-compiled.ts), for the tests
 * that replay it: in process (test/unit/untransformed.test.ts), built by TypeScript 7 or run by
 * tsx (test/generate/toolchain.test.ts), and installed from the tarballs (test/integration/pack.test.ts).
 */
const PLUGINS_LINE = '"plugins": [{ "transform": "typed-msgpack/transformer" }]';

export const NOT_COMPILED = {
  PLUGINS_LINE,
  head: (caller: string) =>
    `typed-msgpack: this codecFor<T>() call was not compiled by the typed-msgpack transformer, so it has no codec (called from ${caller}). `,
  /** What every message says first (issue 55): the bundler plugin and generate, which work with any TypeScript. */
  ROUTES:
    'To compile it: with Vite, vitest, Rollup, Rolldown, esbuild, webpack or Rspack, add the bundler plugin (`import { vite as typedMsgpack } from "typed-msgpack-build/unplugin"` and `plugins: [typedMsgpack()]`; the module also exports rollup, rolldown, esbuild, webpack and rspack); without a bundler, run `npx typed-msgpack generate` and import the codecs from the .codecs.ts file it writes.',
  INSTALLED: " Both come with typed-msgpack-build, which is installed here.",
  NOT_INSTALLED:
    " Both come with the dev dependency typed-msgpack-build, which is not installed here: install it first (npm i -D typed-msgpack-build).",
  TSPC: `With TypeScript 4.9-6, the compiler plugin works as well: add  ${PLUGINS_LINE}  to compilerOptions in tsconfig.json and build with tspc (ts-patch).`,
  IGNORED_BY:
    "With a plugins line already there, the compiler ignored it: TypeScript 7's tsc, esbuild, swc, tsx, Vite and Bun run no compiler plugins.",
  /** TypeScript 7 installed, the tsconfig at `tsconfig` has the plugins line. */
  ignoredByTs7: (tsconfig: string, version: string) =>
    ` ${tsconfig} has the plugins line, but the compiler that built this code ignored it: TypeScript ${version} is installed, and TypeScript 7 runs no compiler plugins.`,
  /** TypeScript 7 installed, no plugins line. */
  ts7: (version: string) =>
    ` TypeScript ${version} is installed here, and TypeScript 7 runs no compiler plugins: a tsconfig plugins line cannot help.`,
};
