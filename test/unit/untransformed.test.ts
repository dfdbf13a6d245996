/** A `codecFor` call that never went through the transformer fails loudly, and says how to fix the build. */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { codecFor, CodecError } from "../../runtime/index";
import { GENERATED_DIR } from "../helpers/compile";
import { NOT_COMPILED } from "../helpers/not-compiled";

const PLUGIN_SNIPPET = NOT_COMPILED.PLUGINS_LINE;

function thrownBy(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    if (e instanceof Error) return e;
    throw new Error(`expected an Error, got ${String(e)}`);
  }
  throw new Error("expected the call to throw");
}

const { ROUTES, INSTALLED, NOT_INSTALLED, TSPC, IGNORED_BY, head } = NOT_COMPILED;

describe("calling the runtime's codecFor directly", () => {
  test("throws an Error that says the call was not compiled, the bundler plugin and generate first, then the plugins line", () => {
    const error = thrownBy(() => codecFor<{ id: number }>());
    expect(error).toBeInstanceOf(Error);
    // This repository has typed-msgpack-build (its workspace) in node_modules and TypeScript 6.
    expect(error.message).toBe(`${head(__filename)}${ROUTES}${INSTALLED} ${TSPC} ${IGNORED_BY}`);
  });

  test("it is a build problem, not a CodecError", () => {
    expect(thrownBy(() => codecFor<boolean>())).not.toBeInstanceOf(CodecError);
  });

  test("every call throws, not only the first", () => {
    expect(() => codecFor<string>()).toThrow(/was not compiled/);
    expect(() => codecFor<string>()).toThrow(/was not compiled/);
  });
});

describe("a module built without the plugin", () => {
  test("throws the same error as soon as it is loaded", () => {
    const source = `import { codecFor } from "typed-msgpack";\ninterface User { id: number }\nexport const UserCodec = codecFor<User>();\n`;
    // A plain TypeScript build: the plugin is not configured, so the call stays as written.
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
    });
    expect(outputText).toContain("codecFor)()");
    fs.mkdirSync(GENERATED_DIR, { recursive: true });
    const file = path.join(GENERATED_DIR, "untr_plain_build.js");
    fs.writeFileSync(file, outputText);
    const error = thrownBy(() => require(file));
    expect(error.message).toBe(`${head(file)}${ROUTES}${INSTALLED} ${TSPC} ${IGNORED_BY}`);
  });
});

describe("what the message says about the caller's project (issue 19)", () => {
  /** A built project under test/.generated: its tsconfig files, the TypeScript it installs, and dist/main.js calling codecFor. */
  function runIn(name: string, files: Record<string, string>, typescript: string | undefined): string {
    const dir = path.join(GENERATED_DIR, "untr-projects", name);
    fs.rmSync(dir, { recursive: true, force: true });
    const all: Record<string, string> = { "package.json": JSON.stringify({ name, private: true }), ...files };
    if (typescript)
      all["node_modules/typescript/package.json"] = JSON.stringify({ name: "typescript", version: typescript });
    const { outputText } = ts.transpileModule(
      `import { codecFor } from "typed-msgpack";\nexport const C = codecFor<{ id: number }>();\n`,
      { compilerOptions: { module: ts.ModuleKind.CommonJS } },
    );
    all["dist/main.js"] = outputText;
    for (const [rel, text] of Object.entries(all)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    return thrownBy(() => require(path.join(dir, "dist/main.js"))).message;
  }
  const withPlugin = JSON.stringify({
    compilerOptions: { outDir: "dist", plugins: [{ transform: "typed-msgpack/transformer" }] },
  });
  const without = JSON.stringify({ compilerOptions: { outDir: "dist" } });

  const dirOf = (name: string) => path.join(GENERATED_DIR, "untr-projects", name);
  const caller = (name: string) => path.join(dirOf(name), "dist", "main.js");

  test("a plugins line that the compiler ignored: the message names the file that has it, and does not ask to add it", () => {
    const message = runIn("ignored", { "tsconfig.json": withPlugin }, "6.0.3");
    expect(message).toBe(
      `${head(caller("ignored"))}${ROUTES}${NOT_INSTALLED} ${path.join(dirOf("ignored"), "tsconfig.json")} has the plugins line, but the compiler that built this code ignored it: TypeScript 7's tsc, esbuild, swc, tsx, Vite and Bun run no compiler plugins. Building with tspc (ts-patch) runs it.`,
    );
  });

  test("in a solution-style project the line is in tsconfig.app.json", () => {
    const message = runIn(
      "solution",
      {
        "tsconfig.json": JSON.stringify({ files: [], references: [{ path: "./tsconfig.app.json" }] }),
        "tsconfig.app.json": withPlugin,
      },
      "6.0.3",
    );
    expect(message).toContain(`${path.join("solution", "tsconfig.app.json")} has the plugins line`);
  });

  test("TypeScript 7 installed, with the plugins line: it runs no plugins; the bundler plugin or generate, not tspc", () => {
    const message = runIn("ts7-plugin", { "tsconfig.json": withPlugin }, "7.0.2");
    expect(message).toBe(
      `${head(caller("ts7-plugin"))}${ROUTES}${NOT_INSTALLED}${NOT_COMPILED.ignoredByTs7(path.join(dirOf("ts7-plugin"), "tsconfig.json"), "7.0.2")}`,
    );
    expect(message).not.toContain("tspc");
  });

  test("TypeScript 7 installed, no plugins line: the bundler plugin or generate, not the plugins line", () => {
    const message = runIn("ts7-plain", { "tsconfig.json": without }, "7.0.2");
    expect(message).toBe(`${head(caller("ts7-plain"))}${ROUTES}${NOT_INSTALLED}${NOT_COMPILED.ts7("7.0.2")}`);
    expect(message).not.toContain(PLUGIN_SNIPPET);
  });

  test("TypeScript 6, no plugins line: the bundler plugin and generate, then the plugins line with tspc", () => {
    const message = runIn("ts6-plain", { "tsconfig.json": without }, "6.0.3");
    expect(message).toBe(`${head(caller("ts6-plain"))}${ROUTES}${NOT_INSTALLED} ${TSPC} ${IGNORED_BY}`);
  });

  test("typed-msgpack-build installed: the message says so instead of asking to install it", () => {
    const message = runIn(
      "build-installed",
      {
        "tsconfig.json": without,
        "node_modules/typed-msgpack-build/package.json": JSON.stringify({ name: "typed-msgpack-build" }),
      },
      "7.0.2",
    );
    expect(message).toBe(`${head(caller("build-installed"))}${ROUTES}${INSTALLED}${NOT_COMPILED.ts7("7.0.2")}`);
  });
});
