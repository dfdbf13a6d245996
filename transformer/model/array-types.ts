/** Arrays, tuples, and interfaces or classes that extend an array type. */
import { ELEMENT, OBJECT, TYPE, type Type } from "./checker.js";
import type { TupleElement, TypeNode } from "./ir.js";
import { memberName } from "./names.js";
import { withUndefined } from "./unions.js";
import type { Walker } from "./walker.js";

/**
 * The `Array<T>` or `ReadonlyArray<T>` that an interface or class extends, directly or through
 * other interfaces (JSON Schema's `interface JSONSchema7Array extends Array<JSONSchema7Type> {}`).
 */
export function arrayBaseOf(b: Walker, type: Type, depth = 0): Type | undefined {
  const c = b.checker;
  if (!(c.objectFlags(type) & (OBJECT.Class | OBJECT.Interface | OBJECT.Reference)) || depth > 20) return undefined;
  for (const base of c.baseTypes(type)) {
    if (c.isArray(base)) return base;
    const deeper = arrayBaseOf(b, base, depth + 1);
    if (deeper) return deeper;
  }
  return undefined;
}

/** The members of `type` beyond those of the array type `base`: properties, and a string index signature. */
export function ownMembers(b: Walker, type: Type, base: Type): string[] {
  const c = b.checker;
  const inherited = new Set(c.properties(base).map((p) => c.symbolName(p)));
  const own = c
    .properties(type)
    .map((p) => c.symbolName(p))
    .filter((name) => !inherited.has(name));
  const names = own.map(memberName);
  const numberLike = TYPE.Number | TYPE.NumberLiteral | TYPE.Enum | TYPE.EnumLiteral;
  if (c.indexInfos(type).some((info) => !(c.flags(info.key) & numberLike))) names.push("[key: string]");
  return names;
}

/**
 * A type that extends an array type (`base`) is an array of its elements when it declares nothing
 * of its own; members of its own would be lost on the wire, which is one problem, not one per
 * array method.
 */
export function arrayInterface(b: Walker, type: Type, base: Type, path: string): TypeNode {
  const own = ownMembers(b, type, base);
  if (own.length > 0) return b.problemNaming("arrayWithMembers", path, [b.text(type)], own);
  const c = b.checker;
  const element = c.indexInfos(type).find((info) => c.flags(info.key) & TYPE.Number)?.value;
  if (!element) return b.problem("unsupportedType", path, b.text(type));
  return b.guarded(type, () => ({ kind: "array", element: b.node(element, path + "[]") }));
}

export function tuple(b: Walker, type: Type, path: string): TypeNode {
  const c = b.checker;
  const flags = c.tupleElementFlags(type);
  const args = c.typeArguments(type);
  const elements: TupleElement[] = [];
  for (let i = 0; i < args.length; i++) {
    const flag = flags[i]!;
    const mode = flag & ELEMENT.Required ? "required" : flag & ELEMENT.Optional ? "optional" : "rest";
    if (flag & ELEMENT.Variadic) return b.problem("unsupportedType", path, b.text(type));
    // `[number, ...string[], boolean]`: required elements may follow the rest element (counted
    // from the end); optional ones around it are what TypeScript itself rejects.
    if (
      mode === "rest" &&
      i !== args.length - 1 &&
      flags.some((f, j) => f & ELEMENT.Optional || (j > i && !(f & ELEMENT.Required)))
    ) {
      return b.problem("restNotLast", path);
    }
    const after = mode === "required" && flags.slice(0, i).some((f) => f & ELEMENT.Rest) ? args.length - i : 0;
    const element = b.node(
      args[i]!,
      mode === "rest" ? `${path}[${i}...]` : after > 0 ? `${path}[-${after}]` : `${path}[${i}]`,
    );
    elements.push({ type: mode === "optional" ? withUndefined(element) : element, mode });
  }
  return { kind: "tuple", elements };
}
