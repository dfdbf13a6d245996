import ts from "typescript";
import { nameList, type Problem, type ProblemKind } from "../diagnostics/catalog.js";
import { collisionInTriedMembers, conflicting, describeIn, describeNode } from "./ambiguity.js";
import { familiesOf, type Family } from "./families.js";
import { displayType } from "./display.js";
import { orderProperties, orderUnionMembers } from "./order.js";
import { markTriedStrictly, markUnbounded, planUnion, reachesOnlyObjects, walk } from "./unions.js";
import { declaresSentinel } from "../recognize/is-codec-call.js";
import {
  propertySegment,
  type FileModel,
  type Layout,
  type Link,
  type Literal,
  type NumberWidth,
  type ObjectShape,
  type Property,
  type TemplateHole,
  type TupleElement,
  type TypeNode,
} from "./ir.js";

type UnionNode = Extract<TypeNode, { kind: "union" }>;

/** Lib types that would silently lose data or behaviour if encoded as plain objects. */
const UNSUPPORTED_BUILTINS = new Set([
  "Promise",
  "PromiseLike",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "RegExp",
  "Error",
  "Function",
  "Symbol",
  "Generator",
  "AsyncGenerator",
  "Iterator",
  "AsyncIterator",
  "Iterable",
  "AsyncIterable",
  "FinalizationRegistry",
  "ReadableStream",
  "WritableStream",
  "Blob",
  "File",
  "URL",
  "Headers",
  "Request",
  "Response",
  "Node",
  "Element",
]);
const OTHER_BINARY = new Set([
  "Int8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
  "DataView",
  "SharedArrayBuffer",
  "Buffer",
]);

/** Where the codec of a type lives when another module declares it (recognize/links.ts). */
export interface Links {
  get(type: ts.Type): Link | undefined;
}

/**
 * Walks TypeChecker types into the type model of one source file. One builder per file, so that
 * several `codecFor` calls share the named types they have in common.
 */
export class ModelBuilder {
  readonly model: FileModel = { named: {}, codecs: {} };
  /** Named types and codecs by type, one table per layout: a type has one entry in each layout it is written in. */
  private readonly tables = {
    keyed: { named: new Map<ts.Type, string>(), codecs: new Map<ts.Type, string>() },
    positional: { named: new Map<ts.Type, string>(), codecs: new Map<ts.Type, string>() },
  };
  private namedByType = this.tables.keyed.named;
  private codecByType = this.tables.keyed.codecs;
  /** The layout of the codec being modelled (`codecFor<T>({ layout })`). */
  private layout: Layout = "keyed";
  private readonly inProgress = new Map<ts.Type, { name?: string }>();
  private readonly usedNames = new Set<string>();
  /** Anonymous object shapes modelled so far, by their JSON: see `shareAnonymous`. */
  private readonly anonymousShapes = new Map<string, string>();
  /** The IR name of each type parameter met so far (`T`, `T2` for another parameter also named T), and back. */
  private readonly paramNames = new Map<ts.Type, string>();
  private readonly paramTypes = new Map<string, ts.Type>();
  /** Where the walk of the codec being modelled first met each type parameter, for messages. */
  private paramPaths = new Map<ts.Type, string>();
  private problems: Problem[] = [];
  private unions: { node: UnionNode; path: string; type: ts.Type }[] = [];
  private rootName = "";
  /**
   * How many instantiations of each generic declaration (interface, class, type alias) the walk is
   * inside. Plain recursion (`Tree<T>` in `Tree<T>`) meets the same type again and becomes a ref;
   * recursion that changes the type argument (`Nested<T>` holding `Nested<T[]>`) meets a new type at
   * every level, without end: without this count the walk (and the checker printing ever larger
   * types) overflows the stack.
   */
  private readonly instantiations = new Map<ts.Symbol, { type: ts.Type; path: string }[]>();
  /** The declarations reported as growing in the codec being modelled (see `bounded`). */
  private readonly grown = new Set<ts.Symbol>();
  /** Set by `union` for the member being walked: what names it if it is an anonymous object type. */
  private nameSuffix: string | undefined;
  private readonly checker: ts.TypeChecker;
  private readonly program: ts.Program;
  private readonly location: ts.Node;

  /** Codecs declared in other modules, by type: reached there, a type is linked, not modelled (recognize/links.ts). */
  private readonly links: Links;

  constructor(program: ts.Program, location: ts.Node, links: Links = { get: () => undefined }) {
    this.program = program;
    this.checker = program.getTypeChecker();
    this.location = location;
    this.links = links;
  }

  /**
   * Models `type` as a codec root in `layout`; returns the codec's id, or the problems that prevent it.
   * `codecArguments`: how many codecs the call passes, one per type parameter the type mentions.
   */
  addCodec(
    type: ts.Type,
    codecArguments = 0,
    layout: Layout = "keyed",
  ): { id: string; problems: [] } | { id?: undefined; problems: Problem[] } {
    this.layout = layout;
    this.namedByType = this.tables[layout].named;
    this.codecByType = this.tables[layout].codecs;
    const known = this.codecByType.get(type);
    if (known) {
      const taken = this.model.codecs[known]!.params?.length ?? 0;
      if (taken === codecArguments) return { id: known, problems: [] };
    }
    this.problems = [];
    this.grown.clear();
    this.unions = [];
    this.paramPaths = new Map();
    const before = {
      named: new Set(Object.keys(this.model.named)),
      types: new Set(this.namedByType.keys()),
      names: new Set(this.usedNames),
    };
    const display = this.text(type);
    this.rootName = (!isAnonymous(type) && identifierFrom(display)) || "Value";
    const root = this.node(type, "$");
    // Counted only for a type otherwise fine: a problem's part of the type is not in the model.
    const params = this.problems.length === 0 ? this.checkParams(root, codecArguments) : [];
    // A union type used in several places (`type Ids = Set<number> | number[]`) is one cause:
    // reported where it is first reached. Every occurrence still gets its discriminant.
    const checked = new Set<ts.Type>();
    for (const { node, path, type: unionType } of this.unions) {
      this.checkUnion(node, path, !checked.has(unionType));
      checked.add(unionType);
    }
    if (this.problems.length === 0) this.plan(root);
    if (this.problems.length === 0) this.checkTriedMembers();
    if (this.problems.length > 0) {
      // Forget what this attempt named, so that a later codecFor of the same type reports the same problems.
      for (const name of Object.keys(this.model.named)) if (!before.named.has(name)) delete this.model.named[name];
      for (const t of [...this.namedByType.keys()]) if (!before.types.has(t)) this.namedByType.delete(t);
      // Type parameters keep their names (paramNames still maps them).
      for (const name of [...this.usedNames])
        if (!before.names.has(name) && !name.startsWith("param:")) this.usedNames.delete(name);
      for (const [key, name] of this.anonymousShapes) if (!this.model.named[name]) this.anonymousShapes.delete(key);
      return { problems: this.problems };
    }
    const id = this.uniqueName(this.rootName + (layout === "positional" ? "Positional" : ""), "codec:");
    const codec: FileModel["codecs"][string] = { display, root };
    if (params.length > 0) codec.params = params;
    if (layout === "positional") codec.layout = layout;
    this.model.codecs[id] = codec;
    this.codecByType.set(type, id);
    return { id, problems: [] };
  }

  /**
   * The IR names of the type parameters the codec mentions, in order of declaration (an outer
   * function's before an inner one's, a class's before its method's); a problem when the call
   * passes another number of codecs than that.
   */
  private checkParams(root: TypeNode, codecArguments: number): string[] {
    const mentioned = new Set<string>();
    // From the model, not the walk: a named type modelled for an earlier codec is not walked again.
    walk([root], this.model.named, (node) => {
      if (node.kind === "param") mentioned.add(node.name);
    });
    const position = (t: ts.Type) => {
      const declaration = t.getSymbol()?.getDeclarations()?.[0];
      return declaration ? ([declaration.getSourceFile().fileName, declaration.pos] as const) : (["", 0] as const);
    };
    const ordered = [...mentioned]
      .map((name) => this.paramTypes.get(name)!)
      .sort((a, b) => {
        const [fa, pa] = position(a),
          [fb, pb] = position(b);
        return fa < fb ? -1 : fa > fb ? 1 : pa - pb;
      });
    const names = ordered.map((t) => this.paramNames.get(t)!);
    const list = nameList(ordered.map((t) => this.text(t)));
    if (codecArguments < ordered.length) {
      const missing = ordered[codecArguments]!;
      this.problem(
        "typeParameter",
        this.paramPaths.get(missing) ?? "$",
        this.text(missing),
        ordinal(codecArguments),
        list,
      );
    } else if (codecArguments > ordered.length) {
      this.problems.push({
        kind: "extraCodecArguments",
        path: "$",
        args: [String(ordered.length), list || "none", String(codecArguments)],
        count: ordered.length,
      });
    }
    return names;
  }

  /** A type parameter of the code around the call: encoded by the codec passed for it, whatever its bound. */
  private param(type: ts.Type, path: string): TypeNode {
    let name = this.paramNames.get(type);
    if (name === undefined) {
      name = this.uniqueName(identifierFrom(this.text(type)) || "T", "param:");
      this.paramNames.set(type, name);
      this.paramTypes.set(name, type);
    }
    if (!this.paramPaths.has(type)) this.paramPaths.set(type, path);
    return { kind: "param", name };
  }

  private problem(kind: ProblemKind, path: string, ...args: string[]): TypeNode {
    this.problems.push({ kind, path, args });
    return { kind: "unknown" };
  }

  /** One problem that names several things (methods, keys): `args`, then the list of `names`. */
  private problemNaming(kind: ProblemKind, path: string, args: string[], names: string[]): TypeNode {
    this.problems.push({ kind, path, args: [...args, nameList(names)], count: names.length });
    return { kind: "unknown" };
  }

  private node(type: ts.Type, path: string): TypeNode {
    const f = type.flags;
    const F = ts.TypeFlags;
    if (isErrorType(type)) {
      return this.problem("noTypeInformation", path, this.text(type));
    }
    if (f & (F.Any | F.Unknown)) return { kind: "unknown" };
    if (f & F.Never) return this.problem("neverType", path);
    if (f & F.TypeParameter) return this.param(type, path);
    // Types computed from a type parameter (`keyof T`, `T["id"]`, `T extends X ? A : B`): no codec argument encodes them.
    if (f & (F.Index | F.IndexedAccess | F.Conditional | F.Substitution))
      return this.problem("typeParameterPosition", path, this.text(type));
    if (f & F.Null) return { kind: "null" };
    if (f & (F.Undefined | F.Void)) return { kind: "undefined" };
    if (f & F.Boolean) return { kind: "boolean" };
    if (f & F.BooleanLiteral)
      return { kind: "literals", values: [(type as { intrinsicName?: string }).intrinsicName === "true"] };
    if (f & (F.StringLiteral | F.NumberLiteral))
      return { kind: "literals", values: [(type as ts.LiteralType).value as Literal] };
    if (f & F.Number) return { kind: "number" };
    // A computed enum member (`B = "x".length`): a number known only when the enum's module runs.
    if (f & F.Enum) return { kind: "number" };
    if (f & F.String) return { kind: "string" };
    if (f & F.BigInt) return { kind: "bigint" };
    if (f & F.TemplateLiteral) return this.template(type as ts.TemplateLiteralType, path);
    if (f & (F.ESSymbol | F.UniqueESSymbol)) return this.problem("symbolType", path);
    if (f & F.Union)
      return this.bounded(type, () => this.guarded(type, () => this.union(type as ts.UnionType, path)), path);
    if (f & F.Intersection) return this.intersection(type as ts.IntersectionType, path);
    if (f & F.Object) return this.bounded(type, () => this.objectLike(type as ts.ObjectType, path), path);
    return this.problem("unsupportedType", path, this.text(type));
  }

  /**
   * Builds the node of an object type, reporting `expandingGeneric` once the walk is nested inside
   * EXPANSION_LIMIT instantiations of the same generic declaration. TypeScript accepts such types
   * (it instantiates them lazily); hand-written nesting of one generic (`Page<Page<Page<User>>>`)
   * stays far below the limit.
   */
  private bounded(type: ts.Type, build: () => TypeNode, path: string): TypeNode {
    // Keyed by declaration: an interface, a class, a type alias (of a union, a tuple, an object), or a
    // type literal inside a generic alias (`{ next: U<T[]> }`), instantiated anew at every level.
    // Not only symbols with type arguments: a type literal's instantiations carry none. A declaration
    // that is not generic is one type, which the walk meets again as a ref, so it never counts past 2.
    const symbol = type.aliasSymbol ?? type.getSymbol();
    // Arrays, tuples, Map and Set nest legitimately (number[][][]); lib types cannot expand by themselves.
    const generic = symbol && !this.isLibSymbol(symbol) ? symbol : undefined;
    if (!generic) return build();
    // Reported once per codec: the walk's other branches into the same declaration stop here, so
    // a type that grows along several properties costs a walk per property, not one per path.
    if (this.grown.has(generic)) return { kind: "unknown" };
    const outer = this.instantiations.get(generic) ?? [];
    if (outer.length >= EXPANSION_LIMIT) {
      this.grown.add(generic);
      const [first, second] = outer;
      const name = generic.getName().startsWith("__") ? "this type literal" : generic.getName();
      // Reported where it starts growing: the first level that holds a larger instantiation.
      return this.problem(
        "expandingGeneric",
        second!.path,
        shortTypeText(this.checker, second!.type),
        name,
        shortTypeText(this.checker, first!.type),
      );
    }
    this.instantiations.set(generic, [...outer, { type, path }]);
    try {
      return build();
    } finally {
      if (outer.length === 0) this.instantiations.delete(generic);
      else this.instantiations.set(generic, outer);
    }
  }

  /**
   * Builds a composite node; if the walk meets `type` again inside itself, the type is recursive and
   * becomes a named alias so the emitter can generate a function that calls itself.
   */
  private guarded(type: ts.Type, build: () => TypeNode): TypeNode {
    const named = this.namedByType.get(type);
    if (named) return { kind: "ref", name: named };
    const pending = this.inProgress.get(type);
    if (pending) {
      pending.name ??= this.uniqueName(identifierFrom(this.text(type)) || this.rootName + "Alias");
      return { kind: "ref", name: pending.name };
    }
    const entry: { name?: string } = {};
    this.inProgress.set(type, entry);
    let node: TypeNode;
    try {
      node = build();
    } finally {
      this.inProgress.delete(type);
    }
    if (entry.name === undefined) return node;
    this.model.named[entry.name] = {
      display: this.text(type),
      shape: { kind: "alias", type: node, countsDepth: true },
    };
    this.namedByType.set(type, entry.name);
    return { kind: "ref", name: entry.name };
  }

  private union(type: ts.UnionType, path: string): TypeNode {
    const literals: Literal[] = [];
    const others: TypeNode[] = [];
    const ordered = orderUnionMembers(type.types, this.program);
    const tags = this.tagNames(ordered);
    for (const member of ordered) {
      this.nameSuffix = tags.get(member);
      const node = this.node(member, path);
      this.nameSuffix = undefined;
      if (node.kind === "literals") literals.push(...node.values);
      else others.push(node);
    }
    if (literals.includes(true) && literals.includes(false)) {
      others.unshift({ kind: "boolean" });
      literals.splice(0, literals.length, ...literals.filter((v) => typeof v !== "boolean"));
    }
    // `number` takes the numeric literals beside it (an enum with constant and computed members).
    if (others.some((n) => n.kind === "number"))
      literals.splice(0, literals.length, ...literals.filter((v) => typeof v !== "number"));
    if (literals.length > 0) others.push({ kind: "literals", values: literals });
    if (others.some((n) => n.kind === "unknown")) return { kind: "unknown" };
    // A type parameter's values could be anything on the wire: only nil can be told apart from them.
    const param = others.find((n) => n.kind === "param");
    const beside = others.filter((n) => n !== param && n.kind !== "null" && n.kind !== "undefined");
    if (param?.kind === "param" && beside.length > 0) {
      const shown = ordered.find((t) => t.flags & ts.TypeFlags.TypeParameter)!;
      return this.problem(
        "typeParameterInUnion",
        path,
        this.text(shown),
        nameList(
          ordered
            .filter((t) => t !== shown && !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
            .map((t) => this.text(t)),
        ),
      );
    }
    const numbers = distinctNumbers(others);
    // `Int8 | Int16`, `Float32 | number`: one number with two widths, which no byte could tell apart.
    if (numbers.length > 1 && numbers.some((n) => "width" in n)) {
      return this.problem(
        "mixedWidths",
        path,
        nameList(
          numbers.map((n) => ("width" in n ? n.width! : n.kind === "numberOrBigint" ? "number | bigint" : n.kind)),
        ),
      );
    }
    // `Int64` is `(number & W) | (bigint & W)` to the checker: two members that model alike.
    const members = mergeNumberAndBigint(
      others.filter(
        (n, i) => !("width" in n) || others.findIndex((o) => JSON.stringify(o) === JSON.stringify(n)) === i,
      ),
    );
    if (members.length === 1) return members[0]!;
    const node: UnionNode = { kind: "union", members };
    this.unions.push({ node, path, type });
    return node;
  }

  /**
   * For the anonymous object members of a union that share a literal-typed property (a
   * discriminant), the suffix that names each after its value: `Payment_card`, not `Payment2`.
   */
  private tagNames(members: readonly ts.Type[]): Map<ts.Type, string> {
    const objects = members.filter((m) => m.flags & ts.TypeFlags.Object && isAnonymous(m));
    const names = new Map<ts.Type, string>();
    if (objects.length < 2) return names;
    for (const property of this.checker.getPropertiesOfType(objects[0]!)) {
      const values = objects.map((m) => {
        const symbol = m.getProperty(property.getName());
        const t = symbol && this.checker.getTypeOfSymbolAtLocation(symbol, this.location);
        return t && t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral)
          ? identifierFrom(String((t as ts.LiteralType).value))
          : "";
      });
      if (values.every((v) => v !== "") && new Set(values).size === values.length) {
        objects.forEach((m, i) => names.set(m, values[i]!));
        return names;
      }
    }
    return names;
  }

  /**
   * Branded primitives (`string & { __brand: "Id" }`) are their primitive, except typed-msgpack's
   * number widths (`Int32`, `Float32`...), which are a number of that width; other intersections
   * merge their properties.
   */
  private intersection(type: ts.IntersectionType, path: string): TypeNode {
    const parameter = type.types.find((t) => t.flags & ts.TypeFlags.TypeParameter);
    if (parameter) {
      // `NonNullable<T>` is `T & {}`: values of T, so T's codec. Anything more is beyond it.
      const rest = type.types.filter((t) => t !== parameter);
      const empty = rest.every(
        (t) =>
          t.flags & ts.TypeFlags.Object &&
          this.checker.getPropertiesOfType(t).length === 0 &&
          this.checker.getIndexInfosOfType(t).length === 0,
      );
      return empty ? this.node(parameter, path) : this.problem("typeParameterPosition", path, this.text(type));
    }
    const primitive = type.types.find((t) => !(t.flags & ts.TypeFlags.Object));
    if (primitive) {
      const widths = [
        ...new Set(type.types.map((t) => this.widthBrand(t)).filter((w): w is NumberWidth => w !== undefined)),
      ];
      if (widths.length > 1) return this.problem("mixedWidths", path, nameList(widths));
      const width = widths[0];
      if (width === undefined || !(primitive.flags & (ts.TypeFlags.Number | ts.TypeFlags.BigInt)))
        return this.node(primitive, path);
      if (width === "int64" || width === "uint64") return { kind: "numberOrBigint", width };
      if (primitive.flags & ts.TypeFlags.BigInt) return this.problem("mixedWidths", path, `bigint and ${width}`);
      return { kind: "number", width };
    }
    // `T[] & { total: number }`: an array with members of its own, one problem (see arrayInterface).
    const array = type.types.find(
      (t) => isArrayType(this.checker, t) || isTupleType(this.checker, t) || this.arrayBase(t),
    );
    if (array) {
      return this.ownMembers(type, array).length > 0 ? this.arrayInterface(type, array, path) : this.node(array, path);
    }
    return this.objectShape(type, path);
  }

  /**
   * The width that `type` brands a number with, when it is the brand of typed-msgpack's `Int32`,
   * `Float32`...: recognized by where its `__tmWidth` property is declared (beside codecFor, in
   * the module with the sentinel export), never by a name, so a look-alike brand is a plain brand.
   */
  private widthBrand(type: ts.Type): NumberWidth | undefined {
    if (!(type.flags & ts.TypeFlags.Object)) return undefined;
    const property = type.getProperty("__tmWidth");
    const declaration = property?.getDeclarations()?.[0];
    if (!property || !declaration || !declaresSentinel(declaration.getSourceFile(), this.checker)) return undefined;
    const values = this.checker.getTypeOfSymbolAtLocation(property, this.location);
    const literal = (values.flags & ts.TypeFlags.Union ? (values as ts.UnionType).types : [values]).find(
      (t) => t.flags & ts.TypeFlags.StringLiteral,
    );
    return literal ? ((literal as ts.StringLiteralType).value as NumberWidth) : undefined;
  }

  private objectLike(type: ts.ObjectType, path: string): TypeNode {
    const checker = this.checker;
    if (isArrayType(checker, type)) {
      return this.guarded(type, () => ({
        kind: "array",
        element: this.node(checker.getTypeArguments(type as ts.TypeReference)[0]!, path + "[]"),
      }));
    }
    if (isTupleType(checker, type)) return this.guarded(type, () => this.tuple(type as ts.TypeReference, path));
    const arrayBase = this.arrayBase(type);
    if (arrayBase) return this.arrayInterface(type, arrayBase, path);
    const symbol = type.getSymbol();
    const name = symbol?.getName() ?? "";
    if (symbol && this.isLibSymbol(symbol)) {
      const args = () => checker.getTypeArguments(type as ts.TypeReference);
      switch (name) {
        case "Date":
          return { kind: "date" };
        case "Uint8Array":
          return { kind: "bytes" };
        case "ArrayBuffer":
          return { kind: "arrayBuffer" };
        case "Set":
        case "ReadonlySet":
          return this.guarded(type, () => ({ kind: "set", element: this.node(args()[0]!, path + "[]") }));
        case "Map":
        case "ReadonlyMap":
          return this.guarded(type, () => ({
            kind: "map",
            key: this.node(args()[0]!, path + ".<key>"),
            value: this.node(args()[1]!, path + "[]"),
          }));
      }
      if (UNSUPPORTED_BUILTINS.has(name)) return this.problem("unsupportedBuiltin", path, withArticle(name));
    }
    if (OTHER_BINARY.has(name)) return this.problem("otherBinary", path, withArticle(name));
    // Any other lib interface with methods (HTMLElement, Window, String...) is one problem, not one
    // per member; mapped types over lib types (Partial<T>) are not lib interfaces.
    if (
      symbol &&
      symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) &&
      this.isLibSymbol(symbol) &&
      this.methodNames(type).length > 0
    ) {
      return this.problem("unsupportedBuiltin", path, withArticle(name));
    }
    if (
      checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 ||
      checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length > 0
    ) {
      return this.problem("functionType", path);
    }
    if (isGenericMapped(type, checker)) return this.problem("typeParameterPosition", path, this.text(type));
    const indexInfos = checker.getIndexInfosOfType(type);
    if (checker.getPropertiesOfType(type).length === 0 && indexInfos.length === 1) {
      const info = indexInfos[0]!;
      return this.guarded(type, () => ({
        kind: "record",
        key: this.recordKey(info.keyType, path),
        value: this.node(info.type, path + "[string]"),
      }));
    }
    return this.objectShape(type, path);
  }

  private recordKey(keyType: ts.Type, path: string): TypeNode {
    const F = ts.TypeFlags;
    if (keyType.flags & F.String) return { kind: "string" };
    if (keyType.flags & F.Number) return { kind: "number" };
    if (keyType.flags & F.TemplateLiteral) return this.template(keyType as ts.TemplateLiteralType, path);
    return this.problem("unsupportedKey", path, this.text(keyType));
  }

  /** Object types are always named: one encode/decode function pair each, and the natural place for recursion. */
  private objectShape(type: ts.Type, path: string): TypeNode {
    const known = this.namedByType.get(type);
    if (known) return { kind: "ref", name: known };
    const checker = this.checker;
    // Printing an anonymous type is costly and most are shared (shareAnonymous), which prints it when kept.
    const anonymous = isAnonymous(type);
    const display = anonymous ? "" : this.text(type);
    // A positional codec writes its types in a form the keyed codecs of other modules do not: no links.
    const link = this.layout === "positional" ? undefined : this.links.get(type);
    const suffix = this.nameSuffix !== undefined && anonymous ? "_" + this.nameSuffix : "";
    this.nameSuffix = undefined;
    const base =
      (!anonymous && identifierFrom(display)) ||
      this.rootName + identifierFrom(path.replace(/^\$/, "").replace(/\[\]/g, "Item")) + suffix;
    // `OrderPositional`: a file may have codecs of both layouts, and the functions say which they write.
    const name = this.uniqueName(this.layout === "positional" ? base + "Positional" : base);
    const shape: ObjectShape = link ? { kind: "object", link, properties: [] } : { kind: "object", properties: [] };
    this.namedByType.set(type, name);
    this.model.named[name] = { display, shape };
    if (link) {
      if (anonymous) this.model.named[name]!.display = this.text(type);
      return this.linkedProperties(type, shape, name);
    }
    const isClass = ((type.getSymbol()?.flags ?? 0) & ts.SymbolFlags.Class) !== 0;
    // Methods and symbol keys are each one problem of the type, reported where the type starts.
    const methods = this.methodNames(type);
    if (methods.length > 0) this.problemNaming(isClass ? "classWithMethods" : "methods", path, [display], methods);
    const symbolKeys: string[] = [];
    for (const property of orderProperties(type, checker.getPropertiesOfType(type), this.program)) {
      const key = property.getName();
      const at = path + propertySegment(key);
      if (isMethod(property)) continue;
      if (isSymbolKey(key)) {
        symbolKeys.push(symbolKeyName(key));
        continue;
      }
      const propertyType = checker.getTypeOfSymbolAtLocation(property, this.location);
      if (isErrorType(propertyType)) {
        const declared = property.valueDeclaration as ts.PropertySignature | undefined;
        this.problem("noTypeInformation", at, declared?.type?.getText() ?? key);
        continue;
      }
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(propertyType);
      const hidden =
        property.declarations?.some(
          (d) => (ts.getCombinedModifierFlags(d) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0,
        ) === true;
      shape.properties.push({
        name: key,
        type: this.node(propertyType, at),
        optional,
        ...(hidden ? { hidden: true as const } : {}),
      } satisfies Property);
    }
    if (symbolKeys.length > 0) this.problemNaming("symbolKey", path, [], symbolKeys);
    // Keys beyond the declared properties: a string index signature, else a number one (whose keys are strings in JS too).
    const infos = checker.getIndexInfosOfType(type);
    const index =
      infos.find((info) => info.keyType.flags & ts.TypeFlags.String) ??
      infos.find((info) => info.keyType.flags & ts.TypeFlags.Number);
    if (index) shape.rest = this.node(index.type, path + "[string]");
    else if (infos.length > 0) this.problem("unsupportedKey", path, this.text(infos[0]!.keyType));
    // Keys beyond the declared ones need their names on the wire: such a type stays a map.
    if (this.layout === "positional" && !shape.rest) {
      this.model.named[name]!.shape = { kind: "object", layout: "positional", properties: shape.properties };
      return anonymous ? this.shareAnonymous(type, name) : { kind: "ref", name };
    }
    return anonymous ? this.shareAnonymous(type, name) : { kind: "ref", name };
  }

  /**
   * Type literals written out in several places (`shape: { kind: "circle"; r: number } | ...` in
   * every interface) are distinct types to the checker but one shape on the wire: the file models,
   * and so emits, each such shape once. A shape that refers to itself keeps its own entry.
   */
  private shareAnonymous(type: ts.Type, name: string): TypeNode {
    const entry = this.model.named[name]!;
    const key = JSON.stringify(entry.shape);
    const recursive = key.includes(`"name":${JSON.stringify(name)}`);
    const same = recursive ? undefined : this.anonymousShapes.get(key);
    if (same === undefined) {
      if (!recursive) this.anonymousShapes.set(key, name);
      entry.display = this.text(type);
      return { kind: "ref", name };
    }
    delete this.model.named[name];
    this.usedNames.delete(name);
    this.namedByType.set(type, same);
    return { kind: "ref", name: same };
  }

  /** A linked type's properties, as far as unions need them: literal types kept, all else `unknown`, nothing walked. */
  private linkedProperties(type: ts.Type, shape: ObjectShape, name: string): TypeNode {
    const F = ts.TypeFlags;
    const isLiteral = (t: ts.Type) => (t.flags & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral)) !== 0;
    for (const property of this.checker.getPropertiesOfType(type)) {
      if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.GetAccessor | ts.SymbolFlags.SetAccessor)) continue;
      const t = this.checker.getTypeOfSymbolAtLocation(property, this.location);
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(t);
      const members = t.flags & F.Union ? (t as ts.UnionType).types : [t];
      const node = members.every(isLiteral) ? this.node(t, "$") : { kind: "unknown" as const };
      shape.properties.push({ name: property.getName(), type: node, optional });
    }
    if (this.checker.getIndexInfosOfType(type).length > 0) shape.rest = { kind: "unknown" };
    return { kind: "ref", name };
  }

  /** The names of a type's methods and accessors (symbol-keyed ones too), in declaration order. */
  private methodNames(type: ts.Type): string[] {
    return this.checker
      .getPropertiesOfType(type)
      .filter(isMethod)
      .map((p) => memberName(p.getName()));
  }

  /**
   * The `Array<T>` or `ReadonlyArray<T>` that an interface or class extends, directly or through
   * other interfaces (JSON Schema's `interface JSONSchema7Array extends Array<JSONSchema7Type> {}`).
   */
  private arrayBase(type: ts.Type, depth = 0): ts.Type | undefined {
    if (!(type.flags & ts.TypeFlags.Object) || depth > 20) return undefined;
    const objectFlags = (type as ts.ObjectType).objectFlags;
    const target = objectFlags & ts.ObjectFlags.Reference ? (type as ts.TypeReference).target : type;
    if (!((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface)) return undefined;
    for (const base of this.checker.getBaseTypes(target as ts.InterfaceType)) {
      if (isArrayType(this.checker, base)) return base;
      const deeper = this.arrayBase(base, depth + 1);
      if (deeper) return deeper;
    }
    return undefined;
  }

  /** The members of `type` beyond those of the array type `base`: properties, and a string index signature. */
  private ownMembers(type: ts.Type, base: ts.Type): string[] {
    const inherited = new Set(this.checker.getPropertiesOfType(base).map((p) => p.getName()));
    const own = this.checker
      .getPropertiesOfType(type)
      .map((p) => p.getName())
      .filter((name) => !inherited.has(name));
    const names = own.map(memberName);
    if (this.checker.getIndexInfosOfType(type).some((info) => !(info.keyType.flags & ts.TypeFlags.NumberLike)))
      names.push("[key: string]");
    return names;
  }

  /**
   * A type that extends an array type (`base`) is an array of its elements when it declares nothing
   * of its own; members of its own would be lost on the wire, which is one problem, not one per
   * array method.
   */
  private arrayInterface(type: ts.Type, base: ts.Type, path: string): TypeNode {
    const own = this.ownMembers(type, base);
    if (own.length > 0) return this.problemNaming("arrayWithMembers", path, [this.text(type)], own);
    const element = this.checker.getIndexTypeOfType(type, ts.IndexKind.Number);
    if (!element) return this.problem("unsupportedType", path, this.text(type));
    return this.guarded(type, () => ({ kind: "array", element: this.node(element, path + "[]") }));
  }

  private tuple(type: ts.TypeReference, path: string): TypeNode {
    const flags = (type.target as ts.TupleType).elementFlags;
    const args = this.checker.getTypeArguments(type);
    const elements: TupleElement[] = [];
    for (let i = 0; i < args.length; i++) {
      const flag = flags[i]!;
      const mode = flag & ts.ElementFlags.Required ? "required" : flag & ts.ElementFlags.Optional ? "optional" : "rest";
      if (flag & ts.ElementFlags.Variadic) return this.problem("unsupportedType", path, this.text(type));
      // `[number, ...string[], boolean]`: required elements may follow the rest element (counted
      // from the end); optional ones around it are what TypeScript itself rejects.
      if (
        mode === "rest" &&
        i !== args.length - 1 &&
        flags.some((f, j) => f & ts.ElementFlags.Optional || (j > i && !(f & ts.ElementFlags.Required)))
      ) {
        return this.problem("restNotLast", path);
      }
      const after =
        mode === "required" && flags.slice(0, i).some((f) => f & ts.ElementFlags.Rest) ? args.length - i : 0;
      const element = this.node(
        args[i]!,
        mode === "rest" ? `${path}[${i}...]` : after > 0 ? `${path}[-${after}]` : `${path}[${i}]`,
      );
      elements.push({ type: mode === "optional" ? withUndefined(element) : element, mode });
    }
    return { kind: "tuple", elements };
  }

  /**
   * A template literal type, as the checker normalized it: literals folded into the texts, unions
   * distributed, so each placeholder is `string`, `number` or `bigint` (`${any}`, `${string & {}}`
   * and `${Uppercase<string>}` are left unsupported).
   */
  private template(type: ts.TemplateLiteralType, path: string): TypeNode {
    const F = ts.TypeFlags;
    const holes: TemplateHole[] = [];
    for (const part of type.types) {
      if (part.flags & F.String) holes.push("string");
      else if (part.flags & F.Number) holes.push("number");
      else if (part.flags & F.BigInt) holes.push("bigint");
      else return this.problem("unsupportedType", path, this.text(type));
    }
    return { kind: "template", texts: [...type.texts], holes, text: this.text(type) };
  }

  /**
   * Gives every union reachable from `root` its plan (model/unions.ts), once its members' named
   * types are complete; unions made here beside the walk (a tuple's optional element) get their
   * discriminant too. Then marks the object types that a union may try strictly, and those whose
   * values can nest without bound.
   */
  private plan(root: TypeNode): void {
    walk([root], this.model.named, (node) => {
      if (node.kind !== "union" || node.plan) return;
      if (!node.tag) this.checkUnion(node, "$", false);
      node.plan = planUnion(node, this.model.named);
    });
    markTriedStrictly([root], this.model.named);
    markUnbounded([root], this.model.named);
    for (const name of walk([root], this.model.named, () => {})) {
      const shape = this.model.named[name]!.shape;
      if (shape.kind === "alias") shape.countsDepth = !reachesOnlyObjects(shape.type, this.model.named);
    }
  }

  /**
   * Rejects unions whose members a union tries on one value (`{ x: Map<K, V> } | { x: Record<K, V> }`)
   * and that hold values decode could not tell apart one level down or deeper (model/ambiguity.ts).
   */
  private checkTriedMembers(): void {
    const reported = new Set<ts.Type>();
    for (const { node, path, type } of this.unions) {
      if (reported.has(type) || !node.plan) continue;
      const collision = collisionInTriedMembers(node.members, node.plan, this.model.named);
      if (!collision) continue;
      reported.add(type);
      const [first, second] = collision.between.map((member) => describeNode(member, this.model.named));
      const { at, family } = collision;
      this.problem(
        "ambiguousInside",
        path,
        first!,
        second!,
        at,
        collision.first,
        collision.second,
        family.toLowerCase(),
      );
    }
  }

  /** Rejects unions that decode could not take apart (when `report`), and finds the discriminant of object unions. */
  private checkUnion(node: UnionNode, path: string, report: boolean): void {
    const named = this.model.named;
    const owners = new Map<Family, TypeNode>();
    const reported = new Set<Family>();
    for (const member of node.members) {
      for (const family of familiesOf(member, named)) {
        const other = owners.get(family);
        // Once per family: `Set<T> | T[] | U[]` is one problem (the Set among arrays), not two.
        if (report && other && !reported.has(family) && conflicting(other, member, family, named)) {
          this.problem(
            "ambiguousUnion",
            path,
            describeIn(other, family, named),
            describeIn(member, family, named),
            family.toLowerCase(),
          );
          reported.add(family);
        }
        if (!other) owners.set(family, member);
      }
    }
    const objects = node.members
      .map((member, index) => ({ member, index, shape: member.kind === "ref" ? named[member.name]?.shape : undefined }))
      .filter((m): m is { member: TypeNode; index: number; shape: ObjectShape } => m.shape?.kind === "object");
    if (objects.length < 2) return;
    for (const candidate of objects[0]!.shape.properties) {
      const cases: { value: Literal; member: number }[] = [];
      const ok = objects.every(({ shape, index }) => {
        const property = shape.properties.find((p) => p.name === candidate.name);
        if (!property || property.optional || property.type.kind !== "literals") return false;
        for (const value of property.type.values) {
          if (cases.some((c) => c.value === value)) return false;
          cases.push({ value, member: index });
        }
        return true;
      });
      if (ok) {
        node.tag = { property: candidate.name, cases };
        // Written positionally, the discriminant is found by its index, which must be the same in every member.
        const at = objects.map(({ shape }) => shape.properties.findIndex((p) => p.name === candidate.name));
        if (report && objects.some(({ shape }) => shape.layout === "positional") && new Set(at).size > 1) {
          const members = objects.map(({ member }, i) => `${describeNode(member, named)} at ${at[i]}`);
          this.problem("positionalTagIndex", path, JSON.stringify(candidate.name), nameList(members, 4));
        }
        return;
      }
    }
  }

  /** How the model writes `type`: the checker's text with union members in the model's order (display.ts). */
  private text(type: ts.Type): string {
    return displayType(type, this.program);
  }

  private isLibSymbol(symbol: ts.Symbol): boolean {
    return (symbol.getDeclarations() ?? []).some((d) => this.program.isSourceFileDefaultLibrary(d.getSourceFile()));
  }

  private uniqueName(base: string, namespace = ""): string {
    let name = base;
    for (let i = 2; this.usedNames.has(namespace + name); i++) name = base + i;
    this.usedNames.add(namespace + name);
    return name;
  }
}

/**
 * `number | bigint` becomes one member, numberOrBigint, in the place of the first of them: decode
 * can always choose (a number unless that would round), so it is no ambiguity.
 */
function mergeNumberAndBigint(members: TypeNode[]): TypeNode[] {
  const isNumeric = (m: TypeNode) => m.kind === "number" || m.kind === "bigint";
  if (!members.some((m) => m.kind === "number") || !members.some((m) => m.kind === "bigint")) return members;
  const first = members.findIndex(isNumeric);
  return members.flatMap((m, i): TypeNode[] => (!isNumeric(m) ? [m] : i === first ? [{ kind: "numberOrBigint" }] : []));
}

/** The distinct numeric members of a union (number, bigint, number | bigint, each with its width). */
function distinctNumbers(members: TypeNode[]): TypeNode[] {
  const numeric = members.filter((m) => m.kind === "number" || m.kind === "bigint" || m.kind === "numberOrBigint");
  return numeric.filter((m, i) => numeric.findIndex((o) => JSON.stringify(o) === JSON.stringify(m)) === i);
}

function isMethod(property: ts.Symbol): boolean {
  return (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.GetAccessor | ts.SymbolFlags.SetAccessor)) !== 0;
}

/** Property names the checker gives symbol keys (`__@iterator@12`) and #private names (`__#1@#pin`). */
function isSymbolKey(key: string): boolean {
  return key.startsWith("__@") || key.startsWith("__#") || key.startsWith("#");
}

/** `__@iterator@12` → `iterator`, `__#1@#pin` → `#pin`. */
function symbolKeyName(key: string): string {
  return key
    .replace(/^__[@#]/, "")
    .replace(/@\d+$/, "")
    .replace(/^\d+@/, "");
}

/** How a message names a member: `next`, `[iterator]` for a symbol key, `#pin` for a #private name. */
function memberName(key: string): string {
  if (!isSymbolKey(key)) return key;
  const name = symbolKeyName(key);
  return name.startsWith("#") ? name : `[${name}]`;
}

/** Nested instantiations of one generic declaration the walk follows before reporting `expandingGeneric`. */
const EXPANSION_LIMIT = 16;

/** The type as written, cut short: the checker's full text of a deeply expanded type is long. */
function shortTypeText(checker: ts.TypeChecker, type: ts.Type): string {
  const text = checker.typeToString(type, undefined, ts.TypeFormatFlags.None);
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}

/** The checker's stand-in for a type it could not resolve (an `any` with the intrinsic name "error"). */
export function isErrorType(type: ts.Type): boolean {
  return (type as { intrinsicName?: string }).intrinsicName === "error";
}

/** Type literals and object literal types have no name of their own to give their functions. */
function isAnonymous(type: ts.Type): boolean {
  if (type.aliasSymbol) return false;
  const name = type.getSymbol()?.getName();
  return name === undefined || name === "__type" || name === "__object";
}

/** `node | undefined`; a union made here gets its tag and plan with the others (ModelBuilder.plan). */
function withUndefined(node: TypeNode): TypeNode {
  if (node.kind === "undefined" || node.kind === "unknown") return node;
  if (node.kind === "union")
    return node.members.some((m) => m.kind === "undefined")
      ? node
      : { kind: "union", members: [...node.members, { kind: "undefined" }] };
  return { kind: "union", members: [node, { kind: "undefined" }] };
}

function includesUndefined(type: ts.Type): boolean {
  const F = ts.TypeFlags;
  if (type.flags & (F.Undefined | F.Void | F.Any | F.Unknown)) return true;
  return (
    (type.flags & F.Union) !== 0 && (type as ts.UnionType).types.some((t) => (t.flags & (F.Undefined | F.Void)) !== 0)
  );
}

/** `checker.isArrayType` is public from TypeScript 5.0; 4.9 has it too, just not in its .d.ts. */
function isArrayType(checker: ts.TypeChecker, type: ts.Type): boolean {
  return (checker as { isArrayType(t: ts.Type): boolean }).isArrayType(type);
}

function isTupleType(checker: ts.TypeChecker, type: ts.Type): boolean {
  return (checker as { isTupleType(t: ts.Type): boolean }).isTupleType(type);
}

/** `Box<string>` → `Box_string`; used for readable generated function names. */
function identifierFrom(text: string): string {
  return text
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^(\d)/, "_$1")
    .slice(0, 48);
}

/**
 * A mapped type over a type parameter (`Partial<T>`, `{ [P in K]: V }`): its properties are only
 * known once the parameter is, so it has none to model. Read after the checker resolved its members.
 */
function isGenericMapped(type: ts.ObjectType, checker: ts.TypeChecker): boolean {
  if (!(type.objectFlags & ts.ObjectFlags.Mapped)) return false;
  checker.getPropertiesOfType(type);
  const constraint = (type as { constraintType?: ts.Type }).constraintType;
  const F = ts.TypeFlags;
  return (
    constraint !== undefined &&
    (constraint.flags & (F.TypeParameter | F.Index | F.IndexedAccess | F.Conditional | F.Substitution)) !== 0
  );
}

/** `first`, `second`...: which argument of the call. */
function ordinal(index: number): string {
  return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][index] ?? `${index + 1}th`;
}

/** "an Error", "a Promise". */
function withArticle(name: string): string {
  return (/^[AEIO]/.test(name) ? "an " : "a ") + name;
}
