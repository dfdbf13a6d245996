/**
 * The compiler plugin's first check, made before any module that uses the compiler API loads:
 * that "typescript" has one. TypeScript 7, the native compiler that `npm install typescript`
 * installs now, exports only `version` and `versionMajorMinor` from its JavaScript entry, and the
 * plugin's other modules read `ts.SyntaxKind` while they load, which would fail with a TypeError
 * that says nothing about TypeScript 7 (issue 19).
 */
import * as path from "node:path";
import ts from "typescript";

/** Throws, saying which TypeScript was found and what to do instead, when it has no compiler API. */
export function assertCompilerApi(): void {
  const api = ts as unknown as Record<string, unknown> | undefined;
  if (api && typeof api.createProgram === "function" && typeof api.SyntaxKind === "object") return;
  throw new Error(
    noCompilerApiMessage(typeof api?.version === "string" ? api.version : "of unknown version", installedAt()),
  );
}

function noCompilerApiMessage(version: string, where: string | undefined): string {
  const found = `"typescript" is TypeScript ${version}${where ? ` (${where})` : ""}`;
  const native = Number(version.split(".")[0]) >= 7;
  return [
    `typed-msgpack/transformer needs TypeScript's JavaScript compiler API (TypeScript 4.9 to 6.x), and ${found}, ` +
      (native
        ? "the native compiler. TypeScript 7 runs no transformers: it has no plugin hook, so no build with it can compile codecFor<T>() calls."
        : "which has none."),
    "With a bundler (Vite, vitest, Rollup, Rolldown, esbuild, webpack, Rspack), use the bundler plugin of typed-msgpack-build/unplugin instead.",
    "Without one, use `npx typed-msgpack generate`: it writes each file's codecs as TypeScript source beside it (src/wire.ts -> src/wire.codecs.ts),",
    "which tsc 7, esbuild, tsx and Vite compile as they are; import your codecs from there (docs/generate.md).",
    "Both come with the dev dependency typed-msgpack-build: npm install -D typed-msgpack-build.",
    "To keep the plugin, build with TypeScript 6 instead: npm install -D typescript@6.0 ts-patch@4, and npx tspc.",
  ].join("\n");
}

/** The folder of the "typescript" package this module loads, for the message. */
function installedAt(): string | undefined {
  try {
    return path.dirname(require.resolve("typescript/package.json"));
  } catch {
    return undefined;
  }
}
