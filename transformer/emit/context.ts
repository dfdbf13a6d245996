import type { FileModel, Link, NamedType, TypeNode } from "../model/ir.js";
import type { Build, Expr, Parameter, Stmt, TypeSpec } from "./build.js";

/** Prefix of every identifier the emitter introduces at module scope; also the runtime import's alias. */
export const RUNTIME_ALIAS = "__tm";

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
  readonly constants: Stmt[] = [];
  readonly functions: Stmt[] = [];
  /** `import * as alias from "module"` for every module whose codecs this file links to. */
  readonly imports: { alias: string; module: string }[] = [];
  private readonly byKey = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(b: Build, model: FileModel) {
    this.b = b;
    this.named = model.named;
    this.tagMembers = tagMembers(model);
    // Taken before any other name: an import alias (`__tm_CustomerCodec` for a module named
    // CustomerCodec.ts) or a function must never get the name of one of the file's codecs.
    for (const id of Object.keys(model.codecs)) this.used.add(codecName(id));
  }

  /** `__tm.name`: a runtime export. */
  rt(name: string): Expr {
    return this.b.prop(this.b.id(RUNTIME_ALIAS), name);
  }

  /** A module-scope `const __tm_<base> = init`, shared by every use with the same key. */
  constant(key: string, base: string, init: () => Expr): Expr {
    let name = this.byKey.get("const:" + key);
    if (!name) {
      name = this.unique(`${RUNTIME_ALIAS}_${base}`);
      this.byKey.set("const:" + key, name);
      this.constants.push(this.b.const(name, init()));
    }
    return this.b.id(name);
  }

  /** The name of the function for `node` in one direction, building it on first request. */
  function(prefix: "enc" | "dec", node: TypeNode, body: () => Stmt[], extra: Parameter[] = []): string {
    const key = prefix + ":" + JSON.stringify(node);
    let name = this.byKey.get(key);
    if (!name) {
      name = this.unique(`${RUNTIME_ALIAS}_${prefix}${baseName(node, this.named)}`);
      this.byKey.set(key, name);
      const signature = prefix === "enc" ? ENCODER_SIGNATURE : DECODER_SIGNATURE;
      this.functions.push(this.b.fn(name, [...signature.params, ...extra], signature.returns, body()));
    }
    return name;
  }

  /** `__tm_order.OrderCodec`: the codec a linked type's values go through, imported once per module. */
  linked(link: Link): Expr {
    let alias = this.byKey.get("import:" + link.module);
    if (!alias) {
      const stem = link.module.replace(/\.[mc]?js$/, "").split("/").pop()!.replace(/\W+/g, "_");
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

  private unique(base: string): string {
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = base + i;
    this.used.add(name);
    return name;
  }
}

/** Every named type that some tagged union in `model` has as a member. */
function tagMembers(model: FileModel): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      const node = value as TypeNode;
      if (node.kind === "union" && node.tag) for (const c of node.tag.cases) { const m = node.members[c.member]!; if (m.kind === "ref") found.add(m.name); }
      Object.values(value).forEach(visit);
    }
  };
  visit(model);
  return found;
}

/** Generated functions take the value as `any`: they exist to check it at run time. */
const ENCODER_SIGNATURE: { params: [string, TypeSpec][]; returns: "void" } = {
  params: [["w", { runtime: `${RUNTIME_ALIAS}.Writer` }], ["v", "any"], ["p", "path"], ["d", "number"]],
  returns: "void",
};
const DECODER_SIGNATURE: { params: [string, TypeSpec][]; returns: TypeSpec } = {
  params: [["r", { runtime: `${RUNTIME_ALIAS}.Reader` }], ["p", "path"], ["d", "number"]],
  returns: "any",
};

/** A readable function-name stem: `User`, `UserArray`, `MapOfString_Order`. */
function baseName(node: TypeNode, named: Record<string, NamedType>): string {
  switch (node.kind) {
    case "ref": return node.name;
    case "array": return baseName(node.element, named) + "Array";
    case "set": return baseName(node.element, named) + "Set";
    case "map": return `MapOf${baseName(node.key, named)}_${baseName(node.value, named)}`;
    case "record": return `RecordOf${baseName(node.value, named)}`;
    case "union": {
      const parts = node.members.map((m) => baseName(m, named));
      // Members named after their discriminant (`Shape_circle`, `Shape_rect`): the union is `Shape`.
      const stems = new Set(parts.map((part) => part.replace(/_[A-Za-z0-9]*$/, "")));
      if (node.tag && stems.size === 1 && parts.every((part) => part.includes("_"))) return [...stems][0]!;
      const joined = parts.join("Or");
      return parts.length <= 3 && joined.length <= 40 ? joined : "Union";
    }
    case "literals": return "Literal";
    case "tuple": return "Tuple";
    default: {
      const kind = (node.kind === "number" || node.kind === "numberOrBigint") && node.width ? node.width : node.kind; // `Uint32Array`
      return kind[0]!.toUpperCase() + kind.slice(1);
    }
  }
}
