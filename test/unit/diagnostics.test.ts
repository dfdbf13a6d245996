/**
 * Every compile-time message of transformer/diagnostics/catalog.ts that user code can trigger,
 * compiled through the real transformer, with the exact text and the position of the call.
 */
import * as fs from "node:fs";
import ts from "typescript";
import typedMsgpackTransformer from "../../transformer/index";
import { CATALOG, docsLink } from "../../transformer/diagnostics/catalog";
import * as path from "node:path";
import { cachingHost, compile, FIXTURE_OPTIONS, GENERATED_DIR, load } from "../helpers/compile";
import { diagnose, diagnoseFixture, IMPORT, positionOf } from "../helpers/diagnose";
import { fixture } from "../helpers/fixtures";

const FUNCTION = "has a function type, which MessagePack cannot carry";
const SYMBOL = "has a symbol type, which MessagePack cannot carry";
const NEVER = "has type never, which no value has, so there is nothing to encode";
const OTHER_BINARY =
  "; only Uint8Array and ArrayBuffer map to MessagePack bin, so declare it as Uint8Array (decode returns a Uint8Array)";
const METHODS = "MessagePack carries data, not functions, so encode a type that declares only the data properties";
/** The fix a property-level problem ends with: leave the property out (diagnostics/catalog.ts leaveOut). */
const OMIT = (owner: string, key: string) =>
  `. To encode the rest of ${owner}, leave ${key} out: codecFor<Omit<${owner}, "${key}">>(), or declare the data in an interface without it.`;
const OMIT_WHERE = (owner: string, key: string) =>
  `. To encode the rest, leave ${key} out where ${owner} is used (Omit<${owner}, "${key}">), or declare the data in an interface without it.`;
const LEAVE_OUT = (key: string) =>
  `. To encode the rest, leave ${key} out of the type, or declare the data in an interface without it.`;
const ARRAY_MEMBERS = "MessagePack writes an array as its elements alone, so move";
const CLASS =
  "decode returns plain data and cannot rebuild class instances, so describe the wire shape with an interface or type alias, or declare how";
/** The end of TS91015 for class `name`: how to declare its wire mapping. */
const mapping = (name: string) =>
  ` ${name} travels with a wire mapping, once in the project: export const ${name}Wire = wireMapping<${name}, string>({ is: (v) => v instanceof ${name}, encode: (x) => ..., decode: (s) => ... })`;
const AMBIGUOUS = "so decode could not tell them apart; wrap one of them in an object with a discriminant property";
const NO_TYPE_INFO =
  "could not be resolved, so no codec can be generated. Either the type has an error (fix the compile error it reports), or this is a transpile-only build (ts-node transpileOnly, ts-loader transpileOnly, ts-jest isolatedModules), which gives the transformer no type information: turn that setting off for files that call codecFor.";

describe("the example of the brief, spelled out in full", () => {
  test("a function-typed property is reported at the call, with the call's text and the property's path", () => {
    const { diagnostics } = compile("diag_brief_onclick", fixture("diagnostics/brief-onclick"));
    expect(diagnostics).toEqual([
      `3:26 codecFor<User>(): $.onClick has a function type, which MessagePack cannot carry${OMIT("User", "onClick")}${docsLink(91010)}`,
    ]);
  });
});

describe("a property-level problem points at the property's declaration", () => {
  test("the compiler plugin's TS91010 carries the declaration in another file as related information, which tsc prints", () => {
    const dir = path.join(GENERATED_DIR, "diag_related");
    fs.mkdirSync(dir, { recursive: true });
    const types = path.join(dir, "types.ts");
    const codec = path.join(dir, "codec.ts");
    fs.writeFileSync(types, "export interface Widget {\n  id: number;\n  onClick: () => void;\n}\n");
    fs.writeFileSync(
      codec,
      `import { codecFor } from "typed-msgpack";\nimport type { Widget } from "./types.js";\n\nexport const WidgetCodec = codecFor<Widget>();\n`,
    );
    const program = ts.createProgram([codec], FIXTURE_OPTIONS, cachingHost());
    const reported: ts.Diagnostic[] = [];
    program.emit(program.getSourceFile(codec), () => undefined, undefined, false, {
      before: [typedMsgpackTransformer(program, {}, { addDiagnostic: (d: ts.Diagnostic) => void reported.push(d) })],
    });
    expect(reported).toHaveLength(1);
    const related = reported[0]!.relatedInformation ?? [];
    expect(related.map((r) => [r.file?.fileName, r.start, r.length, r.messageText])).toEqual([
      [types, fs.readFileSync(types, "utf8").indexOf("onClick"), "onClick".length, "onClick is declared here."],
    ]);
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => "\n",
    };
    const printed = ts.formatDiagnosticsWithColorAndContext(reported, host).replace(/\x1b\[[0-9;]*m/g, "");
    expect(printed).toContain(
      `codec.ts:4:28 - error TS91010: codecFor<Widget>(): $.onClick has a function type, which MessagePack cannot carry${OMIT("Widget", "onClick")}`,
    );
    expect(printed).toContain(
      "types.ts:3:3\n    3   onClick: () => void;\n        ~~~~~~~\n    onClick is declared here.",
    );
  });
});

describe("missingTypeArgument (91001)", () => {
  test("codecFor() without a type argument", () => {
    const d = diagnoseFixture("missing-arg");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor()",
        "codecFor needs exactly one type argument, the type to encode: write codecFor<YourType>().",
      ),
    ]);
    // The call is left as it was, so nothing half-generated reaches the output.
    expect(d.js).toContain("codecFor)()");
    expect(d.js).not.toContain("__tm_codec(");
  });

  test("codecFor<A, B>() is a type error and is also reported by the transformer", () => {
    const d = diagnoseFixture("two-args");
    expect(d.diagnostics).toEqual([
      `${positionOf(d.source, "string, number")} Expected 1 type arguments, but got 2.`,
      d.expected(
        "codecFor<string, number>()",
        "codecFor needs exactly one type argument, the type to encode: write codecFor<YourType>().",
      ),
    ]);
  });
});

describe("typeParameter (91002): a type parameter without its codec argument", () => {
  const why = (path: string, name: string, all = name) =>
    `${path} is the type parameter ${name}, which is only known when the surrounding generic code is called; codecFor takes one codec per type parameter its type mentions, in the order they are declared (${all}).`;

  test("a bare type parameter inside a generic function", () => {
    const d = diagnoseFixture("typeparam-fn");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<T>()", `needs a codec for T: pass it as the first argument. ${why("$", "T")}`),
    ]);
  });

  test("a type parameter nested inside a concrete shape names its path", () => {
    const d = diagnoseFixture("typeparam-nested");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ items: Item[]; total: number }>()",
        `needs a codec for Item: pass it as the first argument. ${why("$.items[]", "Item")}`,
      ),
    ]);
  });

  test("a class type parameter used in a method", () => {
    const d = diagnoseFixture("typeparam-class");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Map<string, V>>()",
        `needs a codec for V: pass it as the first argument. ${why("$[]", "V")}`,
      ),
    ]);
  });

  test("the missing one of two is named by its place in the declaration order, not the order of use", () => {
    const d = diagnoseFixture("typeparam-second");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Envelope<K, P>>(kind)",
        `needs a codec for P: pass it as the second argument. ${why("$.payload", "P", "K and P")}`,
      ),
    ]);
    expect(d.diagnostics[0]).toMatch(
      /^\d+:\d+ codecFor<Envelope<K, P>>\(kind\): needs a codec for P: pass it as the second argument/,
    );
  });

  test("a class's type parameter comes before its method's", () => {
    const d = diagnoseFixture("typeparam-class-method");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Map<K, V>>()",
        `needs a codec for V: pass it as the first argument. ${why("$[]", "V", "V and K")}`,
      ),
    ]);
  });
});

describe("extraCodecArguments (91023)", () => {
  test("more codecs than type parameters", () => {
    const d = diagnoseFixture("extra-codecs");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Page<T>>(item, other)",
        "is called with 2 codec argument(s), but its type mentions one type parameter (T): pass one codec per type parameter, in the order they are declared, and no more.",
      ),
    ]);
  });

  test("a concrete type takes none", () => {
    const d = diagnoseFixture("extra-concrete");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ a: number }>(S)",
        "is called with 1 codec argument(s), but its type mentions 0 type parameters (none): pass one codec per type parameter, in the order they are declared, and no more.",
      ),
    ]);
  });
});

describe("typeParameterPosition (91024): types computed from a type parameter", () => {
  const COMPUTED =
    "which is computed from a type parameter (keyof, an indexed access, a conditional or mapped type, an intersection); a codec argument encodes a type parameter itself, not types made from it: write the type parameter where its values go (a property, an element, T | null), or call codecFor where the type is concrete.";
  const cases: [string, string, string, string][] = [
    ["keyof T", "{ key: keyof T; value: T }", "$.key", "keyof T"],
    ["an indexed access", '{ id: T["id"]; value: T }', "$.id", 'T["id"]'],
    ["a conditional type", "{ v: T extends string ? 1 : 2 }", "$.v", "T extends string ? 1 : 2"],
    ["a mapped type over T (Partial)", "{ patch: Partial<T> }", "$.patch", "Partial<T>"],
    ["a mapped type over keyof T", "{ flags: { [P in keyof T]: boolean } }", "$.flags", "{ [P in keyof T]: boolean; }"],
    ["an intersection with T", "{ item: T & { extra: number } }", "$.item", "T & { extra: number; }"],
  ];
  test.each(cases)("%s", (label, type, path, printed) => {
    const d = diagnose(
      "diag_param_position_" + label.replace(/\W+/g, "_"),
      [
        `import type { Codec } from "typed-msgpack";`,
        `export function make<T extends { id: string }>(c: Codec<T>) {`,
        `  return codecFor<${type}>(c);`,
        `}`,
        ``,
      ].join("\n"),
    );
    expect(d.diagnostics).toEqual([d.expected(`codecFor<${type}>(c)`, `${path} has type ${printed}, ${COMPUTED}`)]);
  });
});

describe("typeParameterInUnion (91025)", () => {
  test("T | string", () => {
    const d = diagnoseFixture("param-union");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ v: T | string }>(c)",
        "$.v is a union of the type parameter T with string; T could be any type, so decode could not tell its values from the other members'. Only T | null and T | undefined are supported: put T in an object with a discriminant property ({ ok: true; value: T } | { ok: false; error: E }).",
      ),
    ]);
  });

  test("two type parameters", () => {
    const d = diagnoseFixture("param-union-two");
    expect(d.diagnostics).toHaveLength(1);
    expect(d.diagnostics[0]).toContain("$ is a union of the type parameter A with B;");
  });
});

describe("noTypeInformation (91003)", () => {
  // The catalog template reads "the type {0} could not be resolved"; {0} must be the type's text.
  test("an unresolvable type name: the message names the type, not the path", () => {
    const d = diagnoseFixture("unresolved");
    expect(d.diagnostics).toEqual([
      `${positionOf(d.source, "Missing")} Cannot find name 'Missing'.`,
      d.expected(
        "codecFor<Missing>()",
        "the type Missing could not be resolved, so no codec can be generated. Fix this error, which TypeScript reports where the type is written or imported, and the codec follows:\n" +
          `  diag_unresolved.ts:${positionOf(d.source, "Missing")} - error TS2304: Cannot find name 'Missing'.`,
      ),
    ]);
  });

  test("a type imported through an import that fails: the import's error, not the other imports'", () => {
    const d = diagnoseFixture("unresolved-import");
    expect(d.diagnostics.slice(2)).toEqual([
      d.expected(
        "codecFor<Point>()",
        "the type Point could not be resolved, so no codec can be generated. Fix this error, which TypeScript reports where the type is written or imported, and the codec follows:\n" +
          `  diag_unresolved_import.ts:${positionOf(d.source, '"./nowhere"')} - error TS2307: Cannot find module './nowhere' or its corresponding type declarations.`,
      ),
    ]);
  });

  test("a transpile-only build (no type information) reports the call instead of leaving it to throw at run time", () => {
    const source = `${IMPORT}interface User { id: number }\nexport const C = codecFor<User>();\n`;
    const reported: ts.Diagnostic[] = [];
    // Any program will do: the transpiled file is not part of it, exactly as with transpileOnly loaders.
    const program = ts.createProgram([], FIXTURE_OPTIONS);
    const out = ts.transpileModule(source, {
      fileName: "diag_transpile_only.ts",
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
      transformers: { before: [typedMsgpackTransformer(program, {}, { addDiagnostic: (x) => void reported.push(x) })] },
    });
    const formatted = reported.map((x) => {
      const { line, character } = x.file!.getLineAndCharacterOfPosition(x.start!);
      return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(x.messageText, "\n")}`;
    });
    expect(formatted).toEqual([
      `${positionOf(source, "codecFor<User>()")} codecFor<User>(): the type User ${NO_TYPE_INFO}${docsLink(91003)}`,
    ]);
    expect(reported[0]!.code).toBe(CATALOG.noTypeInformation.code);
    expect(out.outputText).toContain("codecFor)()");
  });
});

describe("functionType (91010)", () => {
  test("function-typed property", () => {
    const d = diagnoseFixture("fn-prop");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Button>()", `$.onClick ${FUNCTION}${OMIT("Button", "onClick")}`),
    ]);
  });

  test("optional function-typed property", () => {
    const d = diagnoseFixture("fn-optional");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Opts>()", `$.onRetry ${FUNCTION}${OMIT("Opts", "onRetry")}`)]);
  });

  test("a function type as the root", () => {
    const d = diagnoseFixture("fn-root");
    expect(d.diagnostics).toEqual([d.expected("codecFor<(a: number) => string>()", `$ ${FUNCTION}`)]);
  });

  test("a callable interface", () => {
    const d = diagnoseFixture("fn-callable");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Handler>()", `$ ${FUNCTION}`)]);
  });

  test("a constructor type", () => {
    const d = diagnoseFixture("fn-ctor");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Plugin>()", `$.make ${FUNCTION}${OMIT("Plugin", "make")}`)]);
  });

  test("function-typed class field (an arrow function property, not a method)", () => {
    const d = diagnoseFixture("fn-class-field");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Widget>()", `$.onTick ${FUNCTION}${OMIT("Widget", "onTick")}`),
    ]);
  });
});

describe("methods (91021): one diagnostic per type, at the type's path, however many methods it has", () => {
  test("one method of an interface", () => {
    const d = diagnoseFixture("fn-method");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Greeter>()", `$ is Greeter, which has the method greet; ${METHODS}`),
    ]);
  });

  test("methods, accessors and a symbol-keyed method of one nested interface", () => {
    const d = diagnoseFixture("fn-methods");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ items: Cursor[] }>()",
        `$.items[] is Cursor, which has the methods next, reset, done and 2 more; ${METHODS}`,
      ),
    ]);
  });

  test("a lib interface with methods is one unsupportedBuiltin, its members are not walked", () => {
    const d = diagnoseFixture("lib-methods");
    const call = "codecFor<{ target: HTMLElement; label: String }>()";
    expect(d.diagnostics).toEqual([
      d.expected(call, "$.target is a HTMLElement, which MessagePack cannot carry"),
      d.expected(call, "$.label is a String, which MessagePack cannot carry"),
    ]);
  });

  test("a type with methods reached from several places is reported once, where it is first reached", () => {
    const d = diagnoseFixture("fn-shared");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ a: Handle; b: Handle[]; c: Map<string, Handle> }>()",
        `$.a is Handle, which has the method close; ${METHODS}${LEAVE_OUT("a")}`,
      ),
    ]);
  });
});

describe("arrayWithMembers (91022): a type that extends an array and declares members of its own", () => {
  test("an interface extending Array<T> with a data property and a method: one diagnostic, not one per array method", () => {
    const d = diagnoseFixture("array-members");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ page: Page }>()",
        `$.page is Page, an array type that also declares the members total and next; ${ARRAY_MEMBERS} them into an object beside the array`,
      ),
    ]);
  });

  test("through another interface, and ReadonlyArray", () => {
    const d = diagnoseFixture("array-members-chain");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Counted>()",
        `$ is Counted, an array type that also declares the member count; ${ARRAY_MEMBERS} it into an object beside the array`,
      ),
    ]);
  });

  test("an array intersected with an object type", () => {
    const d = diagnoseFixture("array-members-intersection");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ rows: string[] & { total: number } }>()",
        `$.rows is string[] & { total: number; }, an array type that also declares the member total; ${ARRAY_MEMBERS} it into an object beside the array`,
      ),
    ]);
  });

  test("an interface or class extending Array<T> with nothing of its own is an array, with no diagnostic", () => {
    const d = diagnoseFixture("array-members-none");
    expect(d.diagnostics).toEqual([]);
  });
});

describe("symbolType (91011)", () => {
  test("symbol property", () => {
    const d = diagnoseFixture("symbol");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Tagged>()", `$.tag ${SYMBOL}${OMIT("Tagged", "tag")}`)]);
  });

  test("unique symbol type", () => {
    const d = diagnoseFixture("unique-symbol");
    expect(d.diagnostics).toEqual([d.expected("codecFor<{ m: typeof marker }>()", `$.m ${SYMBOL}${LEAVE_OUT("m")}`)]);
  });

  test("symbol inside a union", () => {
    const d = diagnoseFixture("symbol-union");
    expect(d.diagnostics).toEqual([d.expected("codecFor<string | symbol>()", `$ ${SYMBOL}`)]);
  });
});

describe("neverType (91012)", () => {
  test("never as the root", () => {
    const d = diagnoseFixture("never-root");
    expect(d.diagnostics).toEqual([d.expected("codecFor<never>()", `$ ${NEVER}`)]);
  });

  test("never-typed property", () => {
    const d = diagnoseFixture("never-prop");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Done>()", `$.error ${NEVER}${OMIT("Done", "error")}`)]);
  });
});

describe("unsupportedBuiltin (91013)", () => {
  test("Promise, WeakMap and RegExp properties are each reported, in declaration order", () => {
    const d = diagnoseFixture("builtins");
    const call = "codecFor<Job>()";
    expect(d.diagnostics).toEqual([
      d.expected(call, "$.result is a Promise, which MessagePack cannot carry"),
      d.expected(call, "$.cache is a WeakMap, which MessagePack cannot carry"),
      d.expected(call, "$.pattern is a RegExp, which MessagePack cannot carry"),
    ]);
  });

  test("the Function type", () => {
    const d = diagnoseFixture("builtin-function");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<{ run: Function }>()", "$.run is a Function, which MessagePack cannot carry"),
    ]);
  });

  test("WeakSet inside an array", () => {
    const d = diagnoseFixture("builtin-weakset");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<WeakSet<object>[]>()", "$[] is a WeakSet, which MessagePack cannot carry"),
    ]);
  });

  test("a builtin whose name starts with a vowel reads 'an Error', not 'a Error'", () => {
    const d = diagnoseFixture("builtin-error");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<{ failure: Error }>()", "$.failure is an Error, which MessagePack cannot carry"),
    ]);
  });
});

describe("otherBinary (91014)", () => {
  test("Float64Array", () => {
    const d = diagnoseFixture("float64array");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Samples>()", `$.data is a Float64Array${OTHER_BINARY}`)]);
  });

  test("DataView and Uint16Array", () => {
    const d = diagnoseFixture("dataview");
    const call = "codecFor<{ view: DataView; words: Uint16Array }>()";
    expect(d.diagnostics).toEqual([
      d.expected(call, `$.view is a DataView${OTHER_BINARY}`),
      d.expected(call, `$.words is a Uint16Array${OTHER_BINARY}`),
    ]);
  });

  test("a Buffer-like type (Node's Buffer extends Uint8Array)", () => {
    // The fixture compiles without @types/node, so Buffer is declared the way @types/node declares it.
    const d = diagnoseFixture("buffer");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<{ payload: Buffer }>()", `$.payload is a Buffer${OTHER_BINARY}`),
    ]);
  });
});

describe("classWithMethods (91015)", () => {
  test("class with a method", () => {
    const d = diagnoseFixture("class-method");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Point>()",
        `$ is an instance of class Point, which has the method or accessor length; ${CLASS}${mapping("Point")}`,
      ),
    ]);
  });

  test("a class with several methods and accessors is one diagnostic", () => {
    const d = diagnoseFixture("class-methods");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Shape>()",
        `$ is an instance of class Shape, which has the methods or accessors area, size, scale and 2 more; ${CLASS}${mapping("Shape")}`,
      ),
    ]);
  });

  test("a #private method is named as written", () => {
    const d = diagnoseFixture("class-private-method");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Token>()",
        `$ is an instance of class Token, which has the method or accessor #hash; ${CLASS}${mapping("Token")}`,
      ),
    ]);
  });

  test("class with a getter, nested in an array property", () => {
    const d = diagnoseFixture("class-getter");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ readings: Temp[] }>()",
        `$.readings[] is an instance of class Temp, which has the method or accessor fahrenheit; ${CLASS}${mapping("Temp")}`,
      ),
    ]);
  });

  test("a class with only data fields is accepted and decodes to plain data", () => {
    const m = load("diag_class_plain", fixture("diagnostics/class-plain"));
    const p = new m.Point();
    p.x = 3;
    expect(m.C.decode(m.C.encode(p))).toEqual({ x: 3, y: 0 });
  });
});

describe("symbolKey (91016)", () => {
  test("a property keyed by a unique symbol", () => {
    const d = diagnoseFixture("symbol-key");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Vault>()",
        "$ has a property keyed by a symbol or a #private name (secret), which MessagePack maps cannot carry",
      ),
    ]);
  });

  test("several symbol keys of one type are one diagnostic", () => {
    const d = diagnoseFixture("symbol-keys");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Vault>()",
        "$ has properties keyed by a symbol or a #private name (a and b), which MessagePack maps cannot carry",
      ),
    ]);
  });

  test("a property keyed by a well-known symbol, nested", () => {
    const d = diagnoseFixture("symbol-key-wk");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ inner: Tagged }>()",
        "$.inner has a property keyed by a symbol or a #private name (toStringTag), which MessagePack maps cannot carry",
      ),
    ]);
  });
});

describe("ambiguousInside (91030): members tried on one value that differ one level down", () => {
  const inside = (path: string, a: string, b: string, at: string, x: string, y: string, family: string) =>
    `${path} is a union whose members ${a} and ${b} are told apart by trying them, but at ${at} they hold ${x} and ${y}, both written as MessagePack ${family}: decode would turn one into the other. Give the members a discriminant property, or use one type at ${at}`;

  test.each([
    [
      "{ x: Map<string, number> } | { x: Record<string, number> }",
      "{ x: Map<string, number>; }",
      "{ x: Record<string, number>; }",
      ".x",
      "Map<string, number>",
      "Record<string, number>",
      "map",
    ],
    ["{ x: bigint } | { x: number }", "{ x: bigint; }", "{ x: number; }", ".x", "bigint", "number", "int"],
    [
      "{ x: Set<string> } | { x: string[] }",
      "{ x: Set<string>; }",
      "{ x: string[]; }",
      ".x",
      "Set<string>",
      "string[]",
      "array",
    ],
    ["bigint[] | number[]", "number[]", "bigint[]", "[]", "number", "bigint", "int"],
    [
      "[Map<string, number>] | [Record<string, number>]",
      "[Map<string, number>]",
      "[Record<string, number>]",
      "[0]",
      "Map<string, number>",
      "Record<string, number>",
      "map",
    ],
    [
      "{ x: { y: Uint8Array }[] } | { x: { y: ArrayBuffer }[] }",
      "{ x: { y: Uint8Array<ArrayBufferLike>; }[]; }",
      "{ x: { y: ArrayBuffer; }[]; }",
      ".x[].y",
      "Uint8Array",
      "ArrayBuffer",
      "bin",
    ],
  ])("%s", (type, a, b, at, x, y, family) => {
    const d = diagnose("diag_inside_" + type.replace(/\W+/g, "_"), `export const C = codecFor<${type}>();\n`);
    expect(d.diagnostics).toEqual([d.expected(`codecFor<${type}>()`, inside("$", a, b, at, x, y, family))]);
  });

  test.each([
    ["a discriminant tells them apart", '{ k: "a"; x: bigint } | { k: "b"; x: number }'],
    ["their keys tell them apart", "{ x: bigint; a: string } | { x: number; b: string }"],
    ["the same kind one level down", "{ x: number[] } | { x: number[]; y?: string }"],
    ["Records and object types alike decode to objects", "{ x: { a: number } } | { x: Record<string, number> }"],
  ])("no error where %s: %s", (_why, type) => {
    expect(
      diagnose("diag_inside_ok_" + type.replace(/\W+/g, "_"), `export const C = codecFor<${type}>();\n`).diagnostics,
    ).toEqual([]);
  });
});

describe("ambiguousUnion (91017)", () => {
  const ambiguous = (path: string, a: string, b: string, family: string) =>
    `${path} is a union whose members ${a} and ${b} are both written as MessagePack ${family}, ${AMBIGUOUS}`;

  test("bigint | a numeric enum (both int; an int could be either)", () => {
    const d = diagnoseFixture("amb-enum-bigint");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<bigint | Limit>()", ambiguous("$", "bigint", "0 | 100", "int")),
    ]);
  });

  test("bigint | a flag enum (both int)", () => {
    const d = diagnoseFixture("amb-flags-bigint");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<bigint | Bits>()", ambiguous("$", "bigint", "a combination of 1, 2, 4", "int")),
    ]);
  });

  test("Set<string> | string[] (both array)", () => {
    const d = diagnoseFixture("amb-set-array");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Set<string> | string[]>()", ambiguous("$", "Set<string>", "string[]", "array")),
    ]);
  });

  test("Map | object type (both map)", () => {
    const d = diagnoseFixture("amb-map-object");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ counts: Map<string, number> | Counts }>()",
        ambiguous("$.counts", "Counts", "Map<string, number>", "map"),
      ),
    ]);
  });

  test("Uint8Array | ArrayBuffer (both bin)", () => {
    const d = diagnoseFixture("amb-binary");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Uint8Array | ArrayBuffer>()", ambiguous("$", "ArrayBuffer", "Uint8Array", "bin")),
    ]);
  });

  test("a bigint and a number literal, deep inside the type", () => {
    const d = diagnoseFixture("amb-deep");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Ledger>()", ambiguous("$.entries[].amount", "bigint", "0", "int")),
    ]);
  });

  test("the message names only the members that arrive as the family: of true | 255, 255", () => {
    const d = diagnoseFixture("amb-literal-kinds");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<bigint | true | 255>()", ambiguous("$", "bigint", "255", "int")),
    ]);
  });

  test("one diagnostic per union and family, however many members collide", () => {
    const d = diagnoseFixture("amb-once");
    const call = "codecFor<{ v: Set<number> | number[] | string[] | boolean[] | Uint8Array | ArrayBuffer }>()";
    expect(d.diagnostics).toEqual([
      d.expected(call, ambiguous("$.v", "Set<number>", "string[]", "array")),
      d.expected(call, ambiguous("$.v", "ArrayBuffer", "Uint8Array", "bin")),
    ]);
  });

  test("a union type used in several places is reported once, where it is first reached", () => {
    const d = diagnoseFixture("amb-shared");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ a: Ids; b: Ids[]; c: Map<string, Ids> }>()",
        ambiguous("$.a", "Set<number>", "number[]", "array"),
      ),
    ]);
  });

  test("unions decode can take apart are accepted", () => {
    const d = diagnoseFixture("amb-ok");
    expect(d.diagnostics).toEqual([]);
  });
});

describe("restNotLast (91018)", () => {
  // A rest element before the end is fine when only required elements follow it
  // (test/roundtrip/type-surface.test.ts); an optional one after it is a type error too.
  test("an optional element after a rest element", () => {
    // Written in place, TypeScript makes it an array; through an alias it stays a tuple.
    const d = diagnoseFixture("rest-not-last");
    expect(d.diagnostics).toEqual([
      `${positionOf(d.source, "number?")} An optional element cannot follow a rest element.`,
      d.expected(
        "codecFor<{ path: Path }>()",
        "$.path is a tuple with a rest element before its end and optional elements; only required elements can come after a rest element (as in [number, ...string[], boolean])",
      ),
    ]);
  });
});

describe("unsupportedType (91019)", () => {
  test("the object keyword", () => {
    const d = diagnoseFixture("object-keyword");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<{ meta: object }>()", "$.meta has type object, which typed-msgpack does not support"),
    ]);
  });

  test("a string mapping type", () => {
    const d = diagnoseFixture("string-mapping");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Uppercase<string>>()", "$ has type Uppercase<string>, which typed-msgpack does not support"),
    ]);
  });
});

describe("unsupportedKey (91020)", () => {
  test("a symbol index signature", () => {
    const d = diagnoseFixture("symbol-index");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<{ [k: symbol]: string }>()",
        "$ has keys of type symbol; Record and index-signature keys must be string, a string literal/template type, or number",
      ),
    ]);
  });
});

describe("paths into nested types", () => {
  test("$.a.b[]: array element inside a nested object", () => {
    const d = diagnoseFixture("path-nested-array");
    expect(d.diagnostics).toEqual([d.expected("codecFor<A>()", `$.a.b[] ${FUNCTION}`)]);
  });

  test("$.m[string]: values of a Record", () => {
    const d = diagnoseFixture("path-record");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Registry>()", `$.m[string] ${SYMBOL}`)]);
  });

  test("$.m[string]: values of an index signature beside properties", () => {
    const d = diagnoseFixture("path-index-rest");
    expect(d.diagnostics).toEqual([d.expected("codecFor<{ m: Env }>()", `$.m[string] ${FUNCTION}`)]);
  });

  test("$[1]: a tuple element", () => {
    const d = diagnoseFixture("path-tuple");
    expect(d.diagnostics).toEqual([d.expected("codecFor<[string, () => void]>()", `$[1] ${FUNCTION}`)]);
  });

  test("$[1]: an optional tuple element; $[1...]: a rest element", () => {
    const d = diagnoseFixture("path-tuple-modes");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<[string, symbol?]>()", `$[1] ${SYMBOL}`),
      d.expected("codecFor<[number, ...symbol[]]>()", `$[1...] ${SYMBOL}`),
    ]);
  });

  test("Map values and keys, Set elements", () => {
    const d = diagnoseFixture("path-map-set");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<{ m: Map<string, () => void> }>()", `$.m[] ${FUNCTION}`),
      d.expected("codecFor<Map<symbol, number>>()", `$.<key> ${SYMBOL}`),
      d.expected("codecFor<{ s: Set<never> }>()", `$.s[] ${NEVER}`),
    ]);
  });

  test("a property name that is not an identifier is quoted", () => {
    const d = diagnoseFixture("path-quoted");
    expect(d.diagnostics).toEqual([
      d.expected(`codecFor<{ "on-click": () => void }>()`, `$["on-click"] ${FUNCTION}${LEAVE_OUT("on-click")}`),
    ]);
  });

  test("a problem inside a recursive type", () => {
    const d = diagnoseFixture("path-recursive");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Node>()", `$.visit ${FUNCTION}${OMIT("Node", "visit")}`)]);
  });
});

describe("several problems and several calls", () => {
  test("every problem of one type is reported, in declaration order", () => {
    const d = diagnoseFixture("many-problems");
    const call = "codecFor<Bad>()";
    expect(d.diagnostics).toEqual([
      d.expected(call, `$.a ${FUNCTION}${OMIT("Bad", "a")}`),
      d.expected(call, `$.b ${SYMBOL}${OMIT("Bad", "b")}`),
      d.expected(call, "$.c is a Promise, which MessagePack cannot carry"),
      d.expected(call, `$.d is a union whose members bigint and 0 are both written as MessagePack int, ${AMBIGUOUS}`),
    ]);
  });

  test("each failing call is reported at its own position; good calls in the same file still compile", () => {
    const d = diagnoseFixture("two-calls");
    expect(d.diagnostics).toEqual([d.expected("codecFor<Bad>()", `$.f ${FUNCTION}${OMIT("Bad", "f")}`)]);
    expect(d.js).toContain("exports.A = __tm_OkCodec");
  });

  test("a second call for the same unsupported type is reported too", () => {
    const d = diagnoseFixture("same-bad-twice");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Bad>()", `$.f ${FUNCTION}${OMIT("Bad", "f")}`, 0),
      d.expected("codecFor<Bad>()", `$.f ${FUNCTION}${OMIT("Bad", "f")}`, 1),
    ]);
  });

  test("an unsupported type is still reported when a later call reaches it through another type", () => {
    const d = diagnoseFixture("bad-then-nested");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Bad>()", `$.f ${FUNCTION}${OMIT("Bad", "f")}`),
      d.expected("codecFor<{ inner: Bad }>()", `$.inner.f ${FUNCTION}${OMIT_WHERE("Bad", "f")}`),
    ]);
  });

  test("with an aliased import, the message quotes the call as written", () => {
    const source = fixture("diagnostics/alias-text");
    const { diagnostics } = compile("diag_alias_text", source);
    expect(diagnostics).toEqual([
      `${positionOf(source, "cf<Bad>()")} cf<Bad>(): $.f ${FUNCTION}${OMIT("Bad", "f")}${docsLink(91010)}`,
    ]);
  });
});

describe("types that must not compile into a codec that fails or drops data", () => {
  test("a class with an ES private field is reported as symbolKey (the catalog names #private names)", () => {
    // Compiled silently, the generated encoder reads v["#pin"], which no instance has, so every encode fails.
    const d = diagnoseFixture("private-field");
    expect(d.diagnostics).toEqual([
      d.expected(
        "codecFor<Account>()",
        "$ has a property keyed by a symbol or a #private name (#pin), which MessagePack maps cannot carry",
      ),
    ]);
  });

  test("a number index signature beside properties", () => {
    const source = fixture("diagnostics/number-index-rest");
    const compiled = compile("diag_number_index_rest", source);
    if (compiled.diagnostics.length > 0) {
      expect(compiled.diagnostics.join("\n")).toContain("number");
    } else {
      const m = require(compiled.file.replace(/\.ts$/, ".js"));
      const row = { label: "r1", 0: "a", 1: "b" };
      expect(m.C.decode(m.C.encode(row))).toEqual(row);
    }
  });
});

describe("mixedWidths (91026): one number declared at two widths", () => {
  const MIXED = "; a number is written at one width, so declare one of them";

  test("a union of two widths, and of a width and number, names the path and the widths", () => {
    const d = diagnoseFixture("mixed-widths");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<R>()", `$.a declares a number as int8 and int16 at once${MIXED}`),
      d.expected("codecFor<R>()", `$.b declares a number as number and float32 at once${MIXED}`),
    ]);
  });

  test("an intersection of two widths", () => {
    const d = diagnoseFixture("mixed-widths-intersection");
    expect(d.diagnostics).toEqual([
      d.expected("codecFor<Int8 & Int16>()", `$ declares a number as int8 and int16 at once${MIXED}`),
    ]);
  });

  test("a look-alike brand declared elsewhere is a plain branded number: no width, no diagnostic", () => {
    const d = diagnoseFixture("width-lookalike");
    expect(d.diagnostics).toEqual([]);
    expect(d.js).toContain("w.putNumber(");
    expect(d.js).not.toContain("writeInt");
  });
});

describe("codecOptions (91027): codecFor's options are read at build time", () => {
  const OPTIONS =
    'codecFor\'s options must be an object literal in the call whose values are literals, such as codecFor<T>({ layout: "positional" }): they are read at build time.';

  test.each([
    [
      "an unknown key (past the type check)",
      `export const C = codecFor<{ a: number }>({ layot: "positional" } as any);\n`,
      `codecFor<{ a: number }>({ layot: "positional" } as any)`,
      "Unknown option `layot` (the options are: layout, optimize).",
    ],
    [
      "an optimization that does not exist",
      `export const C = codecFor<{ a: number }>({ optimize: "memory" as any });\n`,
      `codecFor<{ a: number }>({ optimize: "memory" as any })`,
      '`optimize` must be "speed" or "size", written as a string literal, not `"memory"`.',
    ],
    [
      "a layout that does not exist",
      `export const C = codecFor<{ a: number }>({ layout: "columns" as any });\n`,
      `codecFor<{ a: number }>({ layout: "columns" as any })`,
      '`layout` must be "keyed" or "positional", written as a string literal, not `"columns"`.',
    ],
    [
      "a spread",
      `const o = {};\nexport const C = codecFor<{ a: number }>({ ...o });\n`,
      "codecFor<{ a: number }>({ ...o })",
      "`...o` is not a plain `key: value` property.",
    ],
  ])("%s is reported at the call, and the call is left as it was", (_label, body, call, reason) => {
    const d = diagnose("diag_options_" + _label.replace(/\W/g, "_"), body);
    expect(d.diagnostics).toEqual([d.expected(call, `${OPTIONS} ${reason}`)]);
    expect(d.js).not.toContain("__tm_codec(");
  });
});

test("options in a variable are taken for a codec argument, which a concrete type has no use for (91023)", () => {
  const d = diagnoseFixture("options-variable");
  expect(d.diagnostics).toHaveLength(1);
  expect(d.diagnostics[0]).toContain("codec argument");
  expect(d.js).not.toContain("__tm_codec(");
});

describe("positionalTagIndex (91028): a positional union's discriminant at different indexes", () => {
  test("names the members and where each has it", () => {
    const d = diagnoseFixture("positional-tag");
    expect(d.diagnostics).toEqual([
      d.expected(
        `codecFor<S>({ layout: "positional" })`,
        `$ is a union of object types written positionally (as arrays), whose members have their discriminant "kind" at different positions ({ kind: "a"; x: number; } at 0 and { y: number; kind: "b"; } at 1); decode reads it by its position, so declare it at the same position in every member (first, usually)`,
      ),
    ]);
  });

  test("the same union keyed is fine", () => {
    const d = diagnoseFixture("positional-tag-keyed");
    expect(d.diagnostics).toEqual([]);
  });
});

describe("how diagnostics reach the build", () => {
  const source = fixture("diagnostics/function-property");

  function emitWith(name: string, extras: Parameters<typeof typedMsgpackTransformer>[2]) {
    const file = compile(name, source).file;
    const program = ts.createProgram([file], FIXTURE_OPTIONS, cachingHost());
    return () =>
      program.emit(program.getSourceFile(file), () => undefined, undefined, false, {
        before: [typedMsgpackTransformer(program, {}, extras)],
      });
  }

  test("through ts-patch's addDiagnostic: an error with the catalog code, spanning the call", () => {
    const reported: ts.Diagnostic[] = [];
    emitWith("diag_raw_sink", { addDiagnostic: (x) => void reported.push(x) })();
    expect(reported).toHaveLength(1);
    const x = reported[0]!;
    expect(x.category).toBe(ts.DiagnosticCategory.Error);
    expect(x.code).toBe(CATALOG.functionType.code);
    expect(x.source).toBe("typed-msgpack");
    expect(x.file!.text.slice(x.start!, x.start! + x.length!)).toBe("codecFor<Bad>()");
    expect(fs.existsSync(x.file!.fileName)).toBe(true);
    // The message ends with the link to the code's section of docs/diagnostics.md.
    expect(x.messageText).toMatch(/ \(see typed-msgpack's docs\/diagnostics\.md#ts91010\)$/);
  });

  test("every code links to a section of docs/diagnostics.md that exists", () => {
    const page = fs.readFileSync(require.resolve("../../docs/diagnostics.md"), "utf8");
    for (const { code } of Object.values(CATALOG)) {
      expect(docsLink(code)).toBe(` (see typed-msgpack's docs/diagnostics.md#ts${code})`);
      expect(page).toContain(`\n## TS${code}\n`);
    }
  });

  test("hosts without addDiagnostic get a thrown Error that stops the build", () => {
    expect(emitWith("diag_throwing_sink", undefined)).toThrow(
      /codecFor<Bad>\(\): \$\.f has a function type, which MessagePack cannot carry/,
    );
  });

  test("load() refuses a fixture with diagnostics (the emitted call would throw at run time)", () => {
    expect(() => load("diag_load_refuses", source)).toThrow(/did not compile/);
  });
});

describe("expandingGeneric (91029): recursion that changes the type argument", () => {
  const NEVER_ENDS = (name: string, first: string, second: string) =>
    `${second}: ${name} refers to itself with other type arguments (${first} holds ${second}, which holds a larger one still), so the type never ends and no codec, which is generated from a finite set of types, can encode it. Make the recursion use the same type arguments (${name}<T> inside ${name}<T>), or write the levels out as separate types.`;
  const d = diagnoseFixture("expanding-generic");

  test("a direct codec of an interface whose recursion wraps T in an array is an error where it starts growing, not a stack overflow", () => {
    expect(d.diagnostics).toContain(
      d.expected(
        "codecFor<Nested<number>>()",
        `$.next has type ${NEVER_ENDS("Nested", "Nested<number>", "Nested<number[]>")}`,
      ),
    );
  });
  test("a type alias whose recursion wraps T in a tuple", () => {
    expect(d.diagnostics).toContain(
      d.expected("codecFor<Deep<string>>()", `$.d has type ${NEVER_ENDS("Deep", "Deep<string>", "Deep<[string]>")}`),
    );
  });
  test("the same type in a generic factory", () => {
    expect(d.diagnostics).toContain(
      d.expected("codecFor<Nested<T>>(item)", `$.next has type ${NEVER_ENDS("Nested", "Nested<T>", "Nested<T[]>")}`),
    );
    expect(d.diagnostics).toHaveLength(3);
  });

  // Growth through a tuple alias, a lib container, a union alias and an array of a union alias: each
  // overflowed the stack before the count covered unions and declarations without type arguments.
  const GROWING: [string, string, string, string, string][] = [
    ["a tuple alias", "export type D<T> = [T, D<[T]>?];", "D<number>", "$[1]", "D<[number]>"],
    [
      "through Map and Set",
      "export type M<T> = { v: T; m?: Map<string, M<Set<T>>> };",
      "M<number>",
      "$.m[]",
      "M<Set<number>>",
    ],
    ["a union alias", "export type U<T> = { v: T } | { next: U<T[]> };", "U<number>", "$.next", "U<number[]>"],
    ["an array of a union alias", "export type L<T> = L<[T]>[] | T;", "L<number>", "$[]", "L<[number]>"],
  ];
  test.each(GROWING)("%s", (label, declaration, type, path, second) => {
    const name = type.slice(0, 1);
    const g = diagnose(
      "diag_expanding_" + label.replace(/\W+/g, "_"),
      `${declaration}\nexport const A = codecFor<${type}>();\n`,
    );
    expect(g.diagnostics).toEqual([
      g.expected(`codecFor<${type}>()`, `${path} has type ${NEVER_ENDS(name, type, second)}`),
    ]);
  });

  test("a type growing along several properties is one problem, found in linear time", () => {
    const g = diagnoseFixture("expanding-branches");
    expect(g.diagnostics).toEqual([
      g.expected("codecFor<B<number>>()", `$.a has type ${NEVER_ENDS("B", "B<number>", "B<number[]>")}`),
    ]);
  });

  test("nesting a generic by hand, and plain recursion, stay codecs", () => {
    const ok = diagnoseFixture("expanding-generic-ok");
    expect(ok.diagnostics).toEqual([]);
  });
});
