/**
 * Walks a checker's types into the type model of one source file (ir.ts). One builder per file, so
 * that several `codecFor` calls share the named types they have in common. This file holds the walk
 * itself and its bookkeeping; each family of types is modelled in a file of its own:
 * object-types.ts, array-types.ts, union-types.ts, other-types.ts (intersections, templates),
 * generics.ts, which reach the walk through the Walker interface (walker.ts).
 * Types reach it only through the Checker (checker.ts), whichever TypeScript answers.
 */
import { nameList, type Problem, type ProblemKind, type ProblemProperty } from "../diagnostics/catalog.js";
import { TYPE, type Checker, type Sym, type Type } from "./checker.js";
import { displayType } from "./display.js";
import { boundedExpansion, checkParams, typeParameter } from "./generics.js";
import type { FileModel, Layout, TypeNode } from "./ir.js";
import { identifierFrom } from "./names.js";
import { mapped, objectLike, objectShape } from "./object-types.js";
import { intersection, template } from "./other-types.js";
import { checkTriedMembers, checkUnions, planAll, union } from "./union-types.js";
import type { Links, Mappings, UnionNode, Walker } from "./walker.js";

export type { Links };

export type CodecResult = { id: string; problems: [] } | { id?: undefined; problems: Problem[] };

/** Where a codec is asked for: what its call says of it. */
export interface CodecSite {
  codecArguments?: number;
  layout?: Layout;
  declaredAs?: string;
  /** `{ optimize: "size" }`: the codec is emitted as a table, beside any default codec of the type. */
  optimize?: "size";
}

export class ModelBuilder implements Walker {
  readonly model: FileModel = { named: {}, codecs: {} };
  /**
   * Named types and codecs by type, one table per layout: a type has one entry in each layout it is
   * written in. Codecs in size mode have a map of their own (their named types are the layout's).
   */
  private readonly tables = {
    keyed: { named: new Map<Type, string>(), codecs: new Map<Type, string>(), sizeCodecs: new Map<Type, string>() },
    positional: {
      named: new Map<Type, string>(),
      codecs: new Map<Type, string>(),
      sizeCodecs: new Map<Type, string>(),
    },
  };
  /** The named types of the codec's layout, by type. */
  namedByType = this.tables.keyed.named;
  private codecByType = this.tables.keyed.codecs;
  /** The layout of the codec being modelled (`codecFor<T>({ layout })`). */
  layout: Layout = "keyed";
  private readonly inProgress = new Map<Type, { name?: string }>();
  private readonly usedNames = new Set<string>();
  /** Anonymous object shapes modelled so far, by their JSON (object-types.ts `shareAnonymous`). */
  readonly anonymousShapes = new Map<string, string>();
  /** Type parameters met so far and their IR names, both ways (generics.ts). */
  readonly paramNames = new Map<Type, string>();
  readonly paramTypes = new Map<string, Type>();
  /** Where the walk of the codec being modelled first met each type parameter, for messages. */
  paramPaths = new Map<Type, string>();
  /** The unions of the codec being modelled, each with where it was met, for the checks after the walk. */
  unions: { node: UnionNode; path: string; type: Type }[] = [];
  /** What names the codec's functions when its type has no name (`Value`). */
  rootName = "";
  /** Set for the member of a union being walked: what names it if it is an anonymous object type. */
  nameSuffix: string | undefined;
  /** Generic declarations the walk is inside, and those reported as growing (generics.ts). */
  readonly instantiations = new Map<Sym, { type: Type; path: string }[]>();
  readonly grown = new Set<Sym>();
  private problems: Problem[] = [];

  readonly checker: Checker;
  /** Codecs declared in other modules, by type: reached there, a type is linked, not modelled. */
  readonly links: Links;
  /** The classes with a wire mapping, by type: reached, a class goes as its wire type (recognize/mappings.ts). */
  readonly mappings: Mappings;

  constructor(
    checker: Checker,
    links: Links = { get: () => undefined },
    mappings: Mappings = { get: () => undefined },
  ) {
    this.checker = checker;
    this.links = links;
    this.mappings = mappings;
  }

  /**
   * Models `type` as a codec root in `layout`; returns the codec's id, or the problems that prevent it.
   * `codecArguments`: how many codecs the call passes, one per type parameter the type mentions.
   * `declaredAs`: the name the call is declared under (`OrderCodec`), which names a type written
   * in place (`codecFor<{ id: number }>()`) and what its code declares (`encOrder`, `K_Order`).
   */
  addCodec(type: Type, { codecArguments = 0, layout = "keyed", declaredAs, optimize }: CodecSite = {}): CodecResult {
    this.layout = layout;
    this.namedByType = this.tables[layout].named;
    this.codecByType = optimize === "size" ? this.tables[layout].sizeCodecs : this.tables[layout].codecs;
    const known = this.codecByType.get(type);
    if (known && (this.model.codecs[known]!.params?.length ?? 0) === codecArguments) return { id: known, problems: [] };
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
    this.rootName =
      (!this.isAnonymous(type) && identifierFrom(display)) ||
      identifierFrom(declaredAs?.replace(/(?<=.)Codec$/, "") ?? "") ||
      "Value";
    const root = this.node(type, "$");
    // Counted only for a type otherwise fine: a problem's part of the type is not in the model.
    const params = this.problems.length === 0 ? checkParams(this, root, codecArguments) : [];
    checkUnions(this);
    if (this.problems.length === 0) planAll(this, root);
    if (this.problems.length === 0) checkTriedMembers(this);
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
    const suffix = (layout === "positional" ? "Positional" : "") + (optimize === "size" ? "Table" : "");
    const id = this.uniqueName(this.rootName + suffix, "codec:");
    const codec: FileModel["codecs"][string] = { display, root };
    if (params.length > 0) codec.params = params;
    if (layout === "positional") codec.layout = layout;
    if (optimize === "size") codec.optimize = optimize;
    this.model.codecs[id] = codec;
    this.codecByType.set(type, id);
    return { id, problems: [] };
  }

  /** The node of `type`, met at `path` (`$.items[]`), which messages name. */
  node(type: Type, path: string): TypeNode {
    const c = this.checker;
    const f = c.flags(type);
    const F = TYPE;
    if (c.isError(type)) return this.problem("noTypeInformation", path, this.text(type));
    if (f & (F.Any | F.Unknown)) return { kind: "unknown" };
    if (f & F.Never) return this.problem("neverType", path);
    if (f & F.TypeParameter) return typeParameter(this, type, path);
    // Types computed from a type parameter (`keyof T`, `T["id"]`, `T extends X ? A : B`): no codec argument encodes them.
    if (f & (F.Index | F.IndexedAccess | F.Conditional | F.Substitution))
      return this.problem("typeParameterPosition", path, this.text(type));
    if (f & F.Null) return { kind: "null" };
    if (f & (F.Undefined | F.Void)) return { kind: "undefined" };
    if (f & F.Boolean) return { kind: "boolean" };
    if (f & (F.BooleanLiteral | F.StringLiteral | F.NumberLiteral))
      return { kind: "literals", values: [c.literalValue(type)!] };
    if (f & F.Number) return { kind: "number" };
    // A computed enum member (`B = "x".length`): a number known only when the enum's module runs.
    if (f & F.Enum) return { kind: "number" };
    if (f & F.String) return { kind: "string" };
    if (f & F.BigInt) return { kind: "bigint" };
    if (f & F.TemplateLiteral) return template(this, type, path);
    if (f & (F.ESSymbol | F.UniqueESSymbol)) return this.problem("symbolType", path);
    if (f & (F.Object | F.Intersection)) {
      const mapping = this.mappings.get(type);
      if (mapping) return mapped(this, type, mapping, path);
    }
    if (f & F.Union) return boundedExpansion(this, type, path, () => this.guarded(type, () => union(this, type, path)));
    if (f & F.Intersection) return intersection(this, type, path);
    if (f & F.Object) return boundedExpansion(this, type, path, () => objectLike(this, type, path));
    return this.problem("unsupportedType", path, this.text(type));
  }

  /**
   * Builds a composite node; if the walk meets `type` again inside itself, the type is recursive and
   * becomes a named alias so the emitter can generate a function that calls itself.
   */
  guarded(type: Type, build: () => TypeNode): TypeNode {
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

  /** An object type's node, always named (object-types.ts). */
  objectShape(type: Type, path: string): TypeNode {
    return objectShape(this, type, path);
  }

  problem(kind: ProblemKind, path: string, ...args: string[]): TypeNode {
    return this.report({ kind, path, args });
  }

  report(problem: Problem): TypeNode {
    this.problems.push(problem);
    return { kind: "unknown" };
  }

  /** One problem that names several things (methods, keys): `args`, then the list of `names`. */
  problemNaming(kind: ProblemKind, path: string, args: string[], names: string[]): TypeNode {
    return this.report({ kind, path, args: [...args, nameList(names)], count: names.length });
  }

  /** How many problems the codec being modelled has so far. */
  get problemCount(): number {
    return this.problems.length;
  }

  atProperty(from: number, path: string, property: ProblemProperty): void {
    for (const problem of this.problems.slice(from)) if (problem.path === path) problem.property ??= property;
  }

  /** How the model writes `type`: the checker's text with union members in the model's order (display.ts). */
  text(type: Type): string {
    return displayType(this.checker, type);
  }

  /** Declared in TypeScript's own lib (`Date`, `Map`, `Array`). */
  isLibSymbol(symbol: Sym): boolean {
    return this.checker.declarations(symbol).some((d) => d.origin === "lib");
  }

  /** Type literals and object literal types have no name of their own to give their functions. */
  isAnonymous(type: Type): boolean {
    if (this.checker.aliasSymbol(type)) return false;
    const symbol = this.checker.symbol(type);
    const name = symbol && this.checker.symbolName(symbol);
    return name === undefined || name === "__type" || name === "__object";
  }

  uniqueName(base: string, namespace = "", alternatives: readonly string[] = []): string {
    // A counter only when the type gives no other name (two codecs of one root type, say).
    let name = [base, ...alternatives].find((n) => !this.usedNames.has(namespace + n)) ?? base;
    for (let i = 2; this.usedNames.has(namespace + name); i++) name = base + i;
    this.usedNames.add(namespace + name);
    return name;
  }

  /** Gives a name back (a shape shared with another, object-types.ts). */
  releaseName(name: string): void {
    this.usedNames.delete(name);
  }
}
