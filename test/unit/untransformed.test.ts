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
    const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } });
    expect(outputText).toContain("codecFor)()");
    fs.mkdirSync(GENERATED_DIR, { recursive: true });
    const file = path.join(GENERATED_DIR, "untr_plain_build.js");
    fs.writeFileSync(file, outputText);
    const error = thrownBy(() => require(file));
    expect(error.message).toContain("this codecFor<T>() call was not compiled");
    expect(error.message).toContain(PLUGIN_SNIPPET);
  });
});
