/**
 * Every compile-time message of the transformer, in one table. `{0}` is the path inside the type,
 * `{1}`, `{2}`... the problem's arguments; the call (`codecFor<User>()`) and the path (`$.onClick`) are prefixed by report.ts.
 * `[one|many]` is chosen by the problem's `count` (the length of the list it names, see `nameList`).
 *
 * One diagnostic per cause: a problem is reported once, at the path where the type that has it
 * starts (an interface with ten methods is one problem, not ten).
 */
import type { SourceLocation } from "../model/checker.js";

export const CATALOG = {
  missingTypeArgument: {
    code: 91001,
    text: "codecFor needs exactly one type argument, the type to encode: write codecFor<YourType>().",
  },
  typeParameter: {
    code: 91002,
    text: "needs a codec for {1}: pass it as the {2} argument. {0} is the type parameter {1}, which is only known when the surrounding generic code is called; codecFor takes one codec per type parameter its type mentions, in the order they are declared ({3}).",
  },
  extraCodecArguments: {
    code: 91023,
    text: "is called with {3} codec argument(s), but its type mentions [one type parameter|{1} type parameters] ({2}): pass one codec per type parameter, in the order they are declared, and no more.",
  },
  typeParameterPosition: {
    code: 91024,
    text: "{0} has type {1}, which is computed from a type parameter (keyof, an indexed access, a conditional or mapped type, an intersection); a codec argument encodes a type parameter itself, not types made from it: write the type parameter where its values go (a property, an element, T | null), or call codecFor where the type is concrete.",
  },
  typeParameterInUnion: {
    code: 91025,
    text: "{0} is a union of the type parameter {1} with {2}; {1} could be any type, so decode could not tell its values from the other members'. Only {1} | null and {1} | undefined are supported: put {1} in an object with a discriminant property ({ ok: true; value: {1} } | { ok: false; error: E }).",
  },
  noTypeInformation: {
    code: 91003,
    text: "the type {1} could not be resolved, so no codec can be generated. Either the type has an error (fix the compile error it reports), or this is a transpile-only build (ts-node transpileOnly, ts-loader transpileOnly, ts-jest isolatedModules), which gives the transformer no type information: turn that setting off for files that call codecFor.",
  },
  unresolvedType: {
    code: 91003,
    text: "the type {1} could not be resolved, so no codec can be generated. Fix [this error|these errors], which TypeScript reports where the type is written or imported, and the codec follows:{2}",
  },
  functionType: {
    code: 91010,
    text: "{0} has a function type, which MessagePack cannot carry",
  },
  symbolType: {
    code: 91011,
    text: "{0} has a symbol type, which MessagePack cannot carry",
  },
  neverType: {
    code: 91012,
    text: "{0} has type never, which no value has, so there is nothing to encode",
  },
  unsupportedBuiltin: {
    code: 91013,
    text: "{0} is {1}, which MessagePack cannot carry",
  },
  otherBinary: {
    code: 91014,
    text: "{0} is {1}; only Uint8Array and ArrayBuffer map to MessagePack bin, so declare it as Uint8Array (decode returns a Uint8Array)",
  },
  classWithMethods: {
    code: 91015,
    text: "{0} is an instance of class {1}, which has the [method or accessor|methods or accessors] {3}; decode returns plain data and cannot rebuild class instances, so describe the wire shape with an interface or type alias, or declare how {1} travels with a wire mapping, once in the project: export const {2}Wire = wireMapping<{1}, string>({ is: (v) => v instanceof {1}, encode: (x) => ..., decode: (s) => ... })",
  },
  symbolKey: {
    code: 91016,
    text: "{0} has [a property|properties] keyed by a symbol or a #private name ({1}), which MessagePack maps cannot carry",
  },
  ambiguousUnion: {
    code: 91017,
    text: "{0} is a union whose members {1} and {2} are both written as MessagePack {3}, so decode could not tell them apart; wrap one of them in an object with a discriminant property",
  },
  ambiguousInside: {
    code: 91030,
    text: "{0} is a union whose members {1} and {2} are told apart by trying them, but at {3} they hold {4} and {5}, both written as MessagePack {6}: decode would turn one into the other. Give the members a discriminant property, or use one type at {3}",
  },
  restNotLast: {
    code: 91018,
    text: "{0} is a tuple with a rest element before its end and optional elements; only required elements can come after a rest element (as in [number, ...string[], boolean])",
  },
  unsupportedType: {
    code: 91019,
    text: "{0} has type {1}, which typed-msgpack does not support",
  },
  unsupportedKey: {
    code: 91020,
    text: "{0} has keys of type {1}; Record and index-signature keys must be string, a string literal/template type, or number",
  },
  methods: {
    code: 91021,
    text: "{0} is {1}, which has the [method|methods] {2}; MessagePack carries data, not functions, so encode a type that declares only the data properties",
  },
  arrayWithMembers: {
    code: 91022,
    text: "{0} is {1}, an array type that also declares [the member|the members] {2}; MessagePack writes an array as its elements alone, so move [it|them] into an object beside the array",
  },
  codecOptions: {
    code: 91027,
    text: 'codecFor\'s options must be an object literal in the call whose values are literals, such as codecFor<T>({ layout: "positional" }): they are read at build time. {1}',
  },
  positionalTagIndex: {
    code: 91028,
    text: "{0} is a union of object types written positionally (as arrays), whose members have their discriminant {1} at different positions ({2}); decode reads it by its position, so declare it at the same position in every member (first, usually)",
  },
  expandingGeneric: {
    code: 91029,
    text: "{0} has type {1}: {2} refers to itself with other type arguments ({3} holds {1}, which holds a larger one still), so the type never ends and no codec, which is generated from a finite set of types, can encode it. Make the recursion use the same type arguments ({2}<T> inside {2}<T>), or write the levels out as separate types.",
  },
  mappingReachesItself: {
    code: 91031,
    text: "{0} is {1}, whose wire mapping {2} writes it as a type that holds {1} again, so its wire form never ends; map {1} to a type without it (string, Uint8Array, number, an object of those)",
  },
  mappedInUnion: {
    code: 91032,
    text: "{0} is a union whose member {1}, written through its wire mapping as MessagePack {3}, shares that type with {2}, so decode could not tell them apart; wrap one of them in an object with a discriminant property",
  },
  extensionType: {
    code: 91033,
    text: "{0} is {1}, whose extension mapping {2} is declared with the extension type {3}; write the type as an integer literal from 0 to 127 in the call (extensionMapping<{1}>(7, ...)), since the codec is generated before anything runs, and -128..-1 are reserved by MessagePack",
  },
  mixedWidths: {
    code: 91026,
    text: "{0} declares a number as {1} at once; a number is written at one width, so declare one of them",
  },
} as const;

export type ProblemKind = keyof typeof CATALOG;

/** A compile-time problem found while modelling a type: what, where inside the type, and the message arguments. */
export interface Problem {
  kind: ProblemKind;
  /** `$` for the type itself, `$.items[]` for an array's elements, and so on. */
  path: string;
  args: string[];
  /** How many things the problem names (methods, keys...): picks `one` or `many` in `[one|many]`. */
  count?: number;
  /** The property the problem is at: where it is declared (the message's related information) and the fix. */
  property?: ProblemProperty;
}

export interface ProblemProperty {
  name: string;
  /** The type that declares it, as the model writes it; "" for a type literal. */
  owner: string;
  /** A property of the codec's type itself (`$.onClick`), not of a type inside it. */
  topLevel: boolean;
  location?: SourceLocation;
}

/** Problems of a property whose value cannot be data at all: the fix is to leave the property out. */
const LEAVE_OUT = new Set<ProblemKind>(["functionType", "symbolType", "neverType", "methods"]);

/**
 * Where every code is explained: one section per code, `#ts91010` for TS91010. A path in the
 * repository, since package.json names no repository URL yet; make it one when it does.
 */
export const DIAGNOSTICS_DOCS = "typed-msgpack's docs/diagnostics.md";

/** The end of every message: ` (see typed-msgpack's docs/diagnostics.md#ts91010)`. */
export function docsLink(code: number): string {
  return ` (see ${DIAGNOSTICS_DOCS}#ts${code})`;
}

/** The message of a problem, its first line ending with the link to its code's section of the docs. */
export function formatProblem(problem: Problem): string {
  const { code, text: template }: { code: number; text: string } = CATALOG[problem.kind];
  const values = [problem.path, ...problem.args];
  const text = template
    .replace(/\[([^|\]]*)\|([^\]]*)\]/g, (_, one: string, many: string) => ((problem.count ?? 1) === 1 ? one : many))
    .replace(/\{(\d+)\}/g, (_, i: string) => values[Number(i)] ?? "");
  const message = problem.property && LEAVE_OUT.has(problem.kind) ? text + leaveOut(problem.property) : text;
  // A message that quotes TypeScript's errors below it (TS91003) has the link before them, where it
  // reads as ours, not as the last quoted error's.
  const quoted = message.indexOf(":\n");
  return quoted < 0 ? message + docsLink(code) : message.slice(0, quoted) + docsLink(code) + message.slice(quoted);
}

/** `. To encode the rest of Widget, leave onClick out: codecFor<Omit<Widget, "onClick">>() ...` */
function leaveOut({ name, owner, topLevel }: ProblemProperty): string {
  const key = JSON.stringify(name);
  const omit = `Omit<${owner}, ${key}>`;
  const where =
    owner === ""
      ? `To encode the rest, leave ${name} out of the type`
      : topLevel
        ? `To encode the rest of ${owner}, leave ${name} out: codecFor<${omit}>()`
        : `To encode the rest, leave ${name} out where ${owner} is used (${omit})`;
  return `. ${where}, or declare the data in an interface without it.`;
}

/** `a`, `a and b`, `a, b, c and d`, `a, b, c and 31 more`: the names a problem lists, never a wall of them. */
export function nameList(names: readonly string[], shown = 3): string {
  if (names.length <= 1) return names.join("");
  if (names.length <= shown + 1) return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  return names.slice(0, shown).join(", ") + ` and ${names.length - shown} more`;
}
