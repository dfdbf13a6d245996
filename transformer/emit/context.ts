import type { FileModel, Link, NamedType, TypeNode } from "../model/ir.js";
import { identifierFrom } from "../model/names.js";
import { walk } from "../model/unions.js";
import type { Build, Expr, Parameter, Stmt, TypeSpec } from "./build-base.js";

/**
 * How any value is written and read (emit/values.ts): what each type family's module calls for the
 * values it contains. Given to the context rather than imported, so that values.ts can dispatch to
 * the families and the families back to it without a circle of imports.
 */
export interface ValueEmitter {
  /** Statements that write `value` (of type `node`) to writer `w`. */
  encode(ctx: EmitContext, node: TypeNode, value: Expr, path: Expr, depth: Expr): Stmt[];
  /** An expression that reads one value of type `node` from reader `r`. */
  decode(ctx: EmitContext, node: TypeNode, path: Expr, depth: Expr): Expr;
  /** The name of the function `(w, v, p, d)` that encodes `node`. */
  encoder(ctx: EmitContext, node: TypeNode): string;
  /** The name of the function `(r, p, d)` that decodes `node`. */
  decoder(ctx: EmitContext, node: TypeNode): string;
}

/** Prefix of every identifier the emitter introduces at module scope; also the runtime import's alias. */
export const RUNTIME_ALIAS = "__tm";

/**
 * The entry of the runtime that generated code imports: `typed-msgpack/internal`, apart from the
 * application's API at the package root.
 */
export function internalEntry(runtimeModule: string): string {
  return runtimeModule + "/internal";
}

/** The module-scope constant that holds the codec with model id `id`; what each `codecFor` call becomes. */
export function codecName(id: string): string {
  return `${RUNTIME_ALIAS}_${id}Codec`;
}

/**
 * What one file's emission accumulates: hoisted constants and one function per distinct type and
 * direction. Functions are registered before their bodies are built, so recursive types resolve
 * to a function that calls itself.
 */
export class EmitContext {
  readonly b: Build;
  readonly named: Record<string, NamedType>;
  /**
   * Object types that are members of a tagged union: their decoders can go on after the union has
   * read the map's header and tag (see decodeObject).
   */
  readonly tagMembers: Set<string>;
  /** `const __tm_readKey = __tm.readKey`: the runtime exports the file calls (see `rt`), declared first. */
  readonly runtimeAliases: Stmt[] = [];
  readonly constants: Stmt[] = [];
  readonly functions: Stmt[] = [];
  /** `import * as alias from "module"` for every module whose codecs this file links to. */
  readonly imports: { alias: string; module: string }[] = [];
  private readonly byKey = new Map<string, string>();
  private readonly used = new Set<string>();
  /** Set while a generic codec's factory is emitted (openFactory). */
  private factory: Factory | undefined;

  private readonly values: ValueEmitter;

  constructor(b: Build, model: FileModel, values: ValueEmitter) {
    this.b = b;
    this.values = values;
    this.named = model.named;
    this.tagMembers = tagMembers(model);
    // Taken before any other name: an import alias (`__tm_CustomerCodec` for a module named
    // CustomerCodec.ts) or a function must never get the name of one of the file's codecs.
    for (const id of Object.keys(model.codecs)) this.used.add(codecName(id));
  }

  encode(node: TypeNode, value: Expr, path: Expr, depth: Expr): Stmt[] {
    return this.values.encode(this, node, value, path, depth);
  }

  decode(node: TypeNode, path: Expr, depth: Expr): Expr {
    return this.values.decode(this, node, path, depth);
  }

  encoderFor(node: TypeNode): string {
    return this.values.encoder(this, node);
  }

  decoderFor(node: TypeNode): string {
    return this.values.decoder(this, node);
  }

  /**
   * A runtime export, through a module-scope `const __tm_name = __tm.name`: V8 inlines a call of a
   * constant binding, but not of a property of the CommonJS exports object, which it keeps in
   * dictionary mode (decoders called `__tm.readKey` 10-14 % slower than the alias: bench events,
   * tree, api).
   */
  rt(name: string): Expr {
    let alias = this.byKey.get("rt:" + name);
    if (!alias) {
      alias = this.unique(`${RUNTIME_ALIAS}_${name}`);
      this.byKey.set("rt:" + name, alias);
      this.runtimeAliases.push(this.b.const(alias, this.b.prop(this.b.id(RUNTIME_ALIAS), name)));
    }
    return this.b.id(alias);
  }

  /**
   * A module-scope `const __tm_<base> = init`, shared by every use with the same key. One whose
   * value calls the functions of `types` goes inside the factory when they take a codec argument.
   */
  constant(key: string, base: string, init: () => Expr, types: TypeNode[] = []): Expr {
    const scope = types.some((t) => this.takesCodecs(t)) ? this.factory : undefined;
    const byKey = scope?.byKey ?? this.byKey;
    let name = byKey.get("const:" + key);
    if (!name) {
      name = this.unique(`${RUNTIME_ALIAS}_${base}`);
      byKey.set("const:" + key, name);
      (scope?.constants ?? this.constants).push(this.b.const(name, init()));
    }
    return this.b.id(name);
  }

  /**
   * The name of the function for `node` in one direction, building it on first request. Inside a
   * factory, the functions of types that mention a type parameter are the factory's own.
   */
  function(prefix: "enc" | "dec", node: TypeNode, body: () => Stmt[], extra: Parameter[] = []): string {
    const key = prefix + ":" + JSON.stringify(node);
    const scope = this.takesCodecs(node) ? this.factory : undefined;
    const byKey = scope?.byKey ?? this.byKey;
    let name = byKey.get(key);
    if (!name) {
      name = this.unique(`${RUNTIME_ALIAS}_${prefix}${baseName(node, this.named)}`);
      byKey.set(key, name);
      const signature = prefix === "enc" ? ENCODER_SIGNATURE : DECODER_SIGNATURE;
      (scope?.functions ?? this.functions).push(
        this.b.fn(name, [...signature.params, ...extra], signature.returns, body()),
      );
    }
    return name;
  }

  /**
   * Starts the factory of a generic codec (`codecFor<Page<T>>(item)`): a function of one codec per
   * type parameter, which declares the functions that call those codecs and returns the codec.
   * Returns the factory's parameter names, in the order of `params`.
   */
  openFactory(params: string[]): string[] {
    const names = params.map((param) => this.unique(`${RUNTIME_ALIAS}_${param}`));
    this.factory = {
      params: new Map(params.map((param, i) => [param, names[i]!])),
      constants: [],
      functions: [],
      byKey: new Map(),
      takesCodecs: new Map(),
    };
    return names;
  }

  /** Ends the factory: what it declares, constants first. */
  closeFactory(): Stmt[] {
    const factory = this.factory!;
    this.factory = undefined;
    return [...factory.constants, ...factory.functions];
  }

  /** The codec passed to the factory for type parameter `name`. */
  paramCodec(name: string): Expr {
    const parameter = this.factory?.params.get(name);
    if (!parameter) throw new Error(`typed-msgpack internal error: no codec argument for the type parameter ${name}`);
    return this.b.id(parameter);
  }

  /** Whether, inside a factory, code for `node` calls a codec argument (some type parameter is reachable from it). */
  private takesCodecs(node: TypeNode): boolean {
    const factory = this.factory;
    if (!factory) return false;
    const key = JSON.stringify(node);
    let found = factory.takesCodecs.get(key);
    if (found === undefined) {
      found = false;
      walk([node], this.named, (n) => {
        if (n.kind === "param") found = true;
      });
      factory.takesCodecs.set(key, found);
    }
    return found;
  }

  /** `__tm_order.OrderCodec`: the codec a linked type's values go through, imported once per module. */
  linked(link: Link): Expr {
    let alias = this.byKey.get("import:" + link.module);
    if (!alias) {
      const stem = link.module
        .replace(/\.[mc]?js$/, "")
        .split("/")
        .pop()!
        .replace(/\W+/g, "_");
      alias = this.unique(`${RUNTIME_ALIAS}_${stem}`);
      this.byKey.set("import:" + link.module, alias);
      this.imports.push({ alias, module: link.module });
    }
    return this.b.prop(this.b.id(alias), link.exportName);
  }

  /** The link of the object type behind `node`, when its codec lives in another module. */
  linkOf(node: TypeNode): Link | undefined {
    if (node.kind !== "ref") return undefined;
    const shape = this.entry(node).shape;
    return shape.kind === "object" ? shape.link : undefined;
  }

  /** The named type behind a `ref`. */
  entry(node: Extract<TypeNode, { kind: "ref" }>): NamedType {
    const entry = this.named[node.name];
    if (!entry) throw new Error(`typed-msgpack internal error: the type model has no entry named ${node.name}`);
    return entry;
  }

  /**
   * The readable stem generated names build on (`UserArray`, `AOrB`): after the type, so that a
   * table says which type's it is, as functions do.
   */
  stem(node: TypeNode): string {
    return baseName(node, this.named);
  }

  /**
   * `base`, or with a counter when the type's name is taken: names come from the type, and two
   * types can still spell one (an interface `UserArray` and `User[]` are both `UserArray`). The
   * golden test keeps the counter out of every golden (test/golden/golden.test.ts).
   */
  private unique(base: string): string {
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = base + i;
    this.used.add(name);
    return name;
  }
}

/** A generic codec's factory while it is emitted: its codec parameters and its own declarations. */
interface Factory {
  /** IR type parameter name → the factory parameter holding its codec. */
  params: Map<string, string>;
  constants: Stmt[];
  functions: Stmt[];
  byKey: Map<string, string>;
  /** takesCodecs, by the node's JSON. */
  takesCodecs: Map<string, boolean>;
}

/** Every named type that some tagged union in `model` has as a member. */
function tagMembers(model: FileModel): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      const node = value as TypeNode;
      if (node.kind === "union" && node.tag)
        for (const c of node.tag.cases) {
          const m = node.members[c.member]!;
          if (m.kind === "ref") found.add(m.name);
        }
      Object.values(value).forEach(visit);
    }
  };
  visit(model);
  return found;
}

/** The type of a generic codec's factory, its parameters and its result: `__tm.Codec<any>`. */
export const CODEC_TYPE: TypeSpec = { runtime: `${RUNTIME_ALIAS}.Codec`, of: "any" };

/** Generated functions take the value as `any`: they exist to check it at run time. */
const ENCODER_SIGNATURE: { params: [string, TypeSpec][]; returns: "void" } = {
  params: [
    ["w", { runtime: `${RUNTIME_ALIAS}.Writer` }],
    ["v", "any"],
    ["p", "path"],
    ["d", "number"],
  ],
  returns: "void",
};
const DECODER_SIGNATURE: { params: [string, TypeSpec][]; returns: TypeSpec } = {
  params: [
    ["r", { runtime: `${RUNTIME_ALIAS}.Reader` }],
    ["p", "path"],
    ["d", "number"],
  ],
  returns: "any",
};

/**
 * A name made of `parts` (`["draft", "active"]` → `draft_active`), or `fallback` when they make no
 * identifier or a long one: names in generated code say what a table holds, not a counter.
 */
export function nameOf(parts: readonly string[], fallback: string): string {
  const name = identifierFrom(parts.join("_"));
  return name !== "" && name.length <= 32 ? name : fallback;
}

/** A readable function-name stem: `User`, `UserArray`, `MapOfString_Order`. */
function baseName(node: TypeNode, named: Record<string, NamedType>): string {
  switch (node.kind) {
    case "ref":
      return node.name;
    case "array":
      return baseName(node.element, named) + "Array";
    case "set":
      return baseName(node.element, named) + "Set";
    case "map":
      return `MapOf${baseName(node.key, named)}_${baseName(node.value, named)}`;
    case "record":
      return `RecordOf${baseName(node.value, named)}`;
    case "union": {
      const parts = node.members.map((m) => baseName(m, named));
      // Members named after their discriminant (`Shape_circle`, `Shape_rect`): the union is `Shape`.
      const stems = new Set(parts.map((part) => part.replace(/_[A-Za-z0-9]*$/, "")));
      if (node.tag && stems.size === 1 && parts.every((part) => part.includes("_"))) return [...stems][0]!;
      const joined = parts.join("Or");
      return parts.length <= 3 && joined.length <= 40 ? joined : "Union";
    }
    case "literals":
      return "Literal_" + nameOf(node.values.map(String), "of");
    case "template":
      return "Template_" + nameOf(node.texts, "of");
    case "flags":
      return "Flags";
    case "temporal":
      return node.type;
    case "mapped":
      return node.name.replace(/\W+/g, "_");
    case "param":
      return node.name;
    case "tuple":
      return (
        "Tuple_" +
        nameOf(
          node.elements.map((e) => baseName(e.type, named)),
          "of",
        )
      );
    default: {
      const kind = (node.kind === "number" || node.kind === "numberOrBigint") && node.width ? node.width : node.kind; // `Uint32Array`
      return kind[0]!.toUpperCase() + kind.slice(1);
    }
  }
}
