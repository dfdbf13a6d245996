/**
 * Generic code around a codec: type parameters, whose values go through the codecs the call passes
 * (`codecFor<Page<T>>(item)`), and generic declarations the walk must not follow without end.
 */
import { nameList } from "../diagnostics/catalog.js";
import type { Walker } from "./walker.js";
import type { Type } from "./checker.js";
import type { TypeNode } from "./ir.js";
import { identifierFrom, ordinal, shortText } from "./names.js";
import { walk } from "./unions.js";

/** Nested instantiations of one generic declaration the walk follows before reporting `expandingGeneric`. */
const EXPANSION_LIMIT = 16;

/** A type parameter of the code around the call: encoded by the codec passed for it, whatever its bound. */
export function typeParameter(b: Walker, type: Type, path: string): TypeNode {
  let name = b.paramNames.get(type);
  if (name === undefined) {
    const base = identifierFrom(b.text(type)) || "T";
    // Another codec of the file has a parameter of this name (each generic function its own `T`):
    // this one is named after the type of the codec it is met in, `Tree_T` for Tree<T>.
    const owner = b.rootName.split("_")[0];
    name = b.uniqueName(base, "param:", owner ? [`${owner}_${base}`] : []);
    b.paramNames.set(type, name);
    b.paramTypes.set(name, type);
  }
  if (!b.paramPaths.has(type)) b.paramPaths.set(type, path);
  return { kind: "param", name };
}

/**
 * The IR names of the type parameters the codec mentions, in order of declaration (an outer
 * function's before an inner one's, a class's before its method's); a problem when the call
 * passes another number of codecs than that.
 */
export function checkParams(b: Walker, root: TypeNode, codecArguments: number): string[] {
  const mentioned = new Set<string>();
  // From the model, not the walk: a named type modelled for an earlier codec is not walked again.
  walk([root], b.model.named, (node) => {
    if (node.kind === "param") mentioned.add(node.name);
  });
  const position = (t: Type) => {
    const symbol = b.checker.symbol(t);
    const declaration = symbol && b.checker.declarations(symbol)[0];
    return declaration ? ([declaration.fileName, declaration.pos] as const) : (["", 0] as const);
  };
  const ordered = [...mentioned]
    .map((name) => b.paramTypes.get(name)!)
    .sort((x, y) => {
      const [fx, px] = position(x);
      const [fy, py] = position(y);
      return fx < fy ? -1 : fx > fy ? 1 : px - py;
    });
  const names = ordered.map((t) => b.paramNames.get(t)!);
  const list = nameList(ordered.map((t) => b.text(t)));
  if (codecArguments < ordered.length) {
    const missing = ordered[codecArguments]!;
    b.problem("typeParameter", b.paramPaths.get(missing) ?? "$", b.text(missing), ordinal(codecArguments), list);
  } else if (codecArguments > ordered.length) {
    b.report({
      kind: "extraCodecArguments",
      path: "$",
      args: [String(ordered.length), list || "none", String(codecArguments)],
      count: ordered.length,
    });
  }
  return names;
}

/**
 * Builds the node of `type` with `build`, reporting `expandingGeneric` once the walk is nested
 * inside EXPANSION_LIMIT instantiations of the same generic declaration. TypeScript accepts such
 * types (it instantiates them lazily): plain recursion (`Tree<T>` in `Tree<T>`) meets the same type
 * again and becomes a ref, but recursion that changes the type argument (`Nested<T>` holding
 * `Nested<T[]>`) meets a new type at every level, without end. Hand-written nesting of one generic
 * (`Page<Page<Page<User>>>`) stays far below the limit.
 */
export function boundedExpansion(b: Walker, type: Type, path: string, build: () => TypeNode): TypeNode {
  const c = b.checker;
  // Keyed by declaration: an interface, a class, a type alias (of a union, a tuple, an object), or a
  // type literal inside a generic alias (`{ next: U<T[]> }`), instantiated anew at every level.
  // Not only symbols with type arguments: a type literal's instantiations carry none. A declaration
  // that is not generic is one type, which the walk meets again as a ref, so it never counts past 2.
  const symbol = c.aliasSymbol(type) ?? c.symbol(type);
  // Arrays, tuples, Map and Set nest legitimately (number[][][]); lib types cannot expand by themselves.
  const generic = symbol && !b.isLibSymbol(symbol) ? symbol : undefined;
  if (!generic) return build();
  // Reported once per codec: the walk's other branches into the same declaration stop here, so
  // a type that grows along several properties costs a walk per property, not one per path.
  if (b.grown.has(generic)) return { kind: "unknown" };
  const outer = b.instantiations.get(generic) ?? [];
  if (outer.length >= EXPANSION_LIMIT) {
    b.grown.add(generic);
    const [first, second] = outer;
    const declared = c.symbolName(generic);
    const name = declared.startsWith("__") ? "this type literal" : declared;
    // Reported where it starts growing: the first level that holds a larger instantiation.
    return b.problem(
      "expandingGeneric",
      second!.path,
      shortText(c.typeToString(second!.type)),
      name,
      shortText(c.typeToString(first!.type)),
    );
  }
  b.instantiations.set(generic, [...outer, { type, path }]);
  try {
    return build();
  } finally {
    if (outer.length === 0) b.instantiations.delete(generic);
    else b.instantiations.set(generic, outer);
  }
}
