/** A `codecFor` call that never went through the transformer fails loudly, and says how to fix the build. */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { codecFor, CodecError } from "../../runtime/index";
import { GENERATED_DIR } from "../helpers/compile";

const PLUGIN_SNIPPET = `"plugins": [{ "transform": "typed-msgpack/transformer" }]`;

function thrownBy(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    if (e instanceof Error) return e;
    throw new Error(`expected an Error, got ${String(e)}`);
  }
  throw new Error("expected the call to throw");
}

describe("calling the runtime's codecFor directly", () => {
  test("throws an Error that says the call was not compiled", () => {
    const error = thrownBy(() => codecFor<{ id: number }>());
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain("was not compiled by the typed-msgpack transformer");
  });

  test("the message shows the tsconfig plugins entry to add", () => {
    expect(thrownBy(() => codecFor<string>()).message).toContain(PLUGIN_SNIPPET);
  });

  test("the message names the alternatives (tspc / ts-patch, or generate)", () => {
    const { message } = thrownBy(() => codecFor<number[]>());
    expect(message).toContain("ts-patch");
    expect(message).toContain("typed-msgpack generate");
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
    expect(error.message).toContain("this codecFor<T>() call was not compiled");
    expect(error.message).toContain(PLUGIN_SNIPPET);
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

  test("a plugins line that the compiler ignored: the message names the file that has it, and does not ask to add it", () => {
    const message = runIn("ignored", { "tsconfig.json": withPlugin }, "6.0.3");
    expect(message).toContain(`called from ${path.join(GENERATED_DIR, "untr-projects", "ignored", "dist", "main.js")}`);
    expect(message).toContain(
      `${path.join(GENERATED_DIR, "untr-projects", "ignored", "tsconfig.json")} has the plugins line, but the compiler that built this code ignored it: TypeScript 7's tsc, esbuild, swc, tsx, Vite and Bun run no compiler plugins.`,
    );
    expect(message).toContain("npx typed-msgpack generate");
    expect(message).toContain("or build with tspc (ts-patch)");
    expect(message).not.toContain("Add ");
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

  test("TypeScript 7 installed, with the plugins line: it runs no plugins; generate is the way, not tspc", () => {
    const message = runIn("ts7-plugin", { "tsconfig.json": withPlugin }, "7.0.2");
    expect(message).toContain(
      "has the plugins line, but the compiler that built this code ignored it: TypeScript 7.0.2 is installed, and TypeScript 7 runs no compiler plugins.",
    );
    expect(message).toContain("npx typed-msgpack generate");
    expect(message).not.toContain("tspc");
  });

  test("TypeScript 7 installed, no plugins line: generate, not the plugins line", () => {
    const message = runIn("ts7-plain", { "tsconfig.json": without }, "7.0.2");
    expect(message).toContain(
      "TypeScript 7.0.2 is installed here, and TypeScript 7 runs no compiler plugins: generate the codecs with `npx typed-msgpack generate`",
    );
    expect(message).not.toContain(PLUGIN_SNIPPET);
  });

  test("TypeScript 6, no plugins line: add it (the message says too that compilers without plugins ignore it)", () => {
    const message = runIn("ts6-plain", { "tsconfig.json": without }, "6.0.3");
    expect(message).toContain(`Add  ${PLUGIN_SNIPPET}  to compilerOptions`);
    expect(message).toContain("With a plugins line already there, the compiler ignored it");
  });
});
