/** Intersections (brands, number widths, merged objects) and template literal types. */
import { nameList } from "../diagnostics/catalog.js";
import { arrayBaseOf, arrayInterface, ownMembers } from "./array-types.js";
import { TYPE, type Type } from "./checker.js";
import type { NumberWidth, TemplateHole, TypeNode } from "./ir.js";
import type { Walker } from "./walker.js";

/**
 * Branded primitives (`string & { __brand: "Id" }`) are their primitive, except typed-msgpack's
 * number widths (`Int32`, `Float32`...), which are a number of that width; other intersections
 * merge their properties.
 */
export function intersection(b: Walker, type: Type, path: string): TypeNode {
  const c = b.checker;
  const parts = c.constituents(type);
  const parameter = parts.find((t) => c.flags(t) & TYPE.TypeParameter);
  if (parameter) {
    // `NonNullable<T>` is `T & {}`: values of T, so T's codec. Anything more is beyond it.
    const empty = parts
      .filter((t) => t !== parameter)
      .every((t) => c.flags(t) & TYPE.Object && c.properties(t).length === 0 && c.indexInfos(t).length === 0);
    return empty ? b.node(parameter, path) : b.problem("typeParameterPosition", path, b.text(type));
  }
  const primitive = parts.find((t) => !(c.flags(t) & TYPE.Object));
  if (primitive) {
    const widths = [...new Set(parts.map((t) => widthBrand(b, t)).filter((w): w is NumberWidth => w !== undefined))];
    if (widths.length > 1) return b.problem("mixedWidths", path, nameList(widths));
    const width = widths[0];
    const flags = c.flags(primitive);
    if (width === undefined || !(flags & (TYPE.Number | TYPE.BigInt))) return b.node(primitive, path);
    if (width === "int64" || width === "uint64") return { kind: "numberOrBigint", width };
    if (flags & TYPE.BigInt) return b.problem("mixedWidths", path, `bigint and ${width}`);
    return { kind: "number", width };
  }
  // `T[] & { total: number }`: an array with members of its own, one problem (see arrayInterface).
  const array = parts.find((t) => c.isArray(t) || c.isTuple(t) || arrayBaseOf(b, t));
  if (array) {
    return ownMembers(b, type, array).length > 0 ? arrayInterface(b, type, array, path) : b.node(array, path);
  }
  return b.objectShape(type, path);
}

/**
 * The width that `type` brands a number with, when it is the brand of typed-msgpack's `Int32`,
 * `Float32`...: recognized by where its `__tmWidth` property is declared (beside codecFor, in
 * the module with the sentinel export), never by a name, so a look-alike brand is a plain brand.
 */
function widthBrand(b: Walker, type: Type): NumberWidth | undefined {
  const c = b.checker;
  if (!(c.flags(type) & TYPE.Object)) return undefined;
  const property = c.property(type, "__tmWidth");
  const declaration = property && c.declarations(property)[0];
  if (!property || !declaration || !c.declaresSentinel(declaration.fileName)) return undefined;
  const values = c.typesOf([property])[0]!;
  const literal = (c.flags(values) & TYPE.Union ? c.constituents(values) : [values]).find(
    (t) => c.flags(t) & TYPE.StringLiteral,
  );
  return literal ? (c.literalValue(literal) as NumberWidth) : undefined;
}

/**
 * A template literal type, as the checker normalized it: literals folded into the texts, unions
 * distributed, so each placeholder is `string`, `number` or `bigint` (`${any}`, `${string & {}}`
 * and `${Uppercase<string>}` are left unsupported).
 */
export function template(b: Walker, type: Type, path: string): TypeNode {
  const c = b.checker;
  const holes: TemplateHole[] = [];
  for (const part of c.constituents(type)) {
    const flags = c.flags(part);
    if (flags & TYPE.String) holes.push("string");
    else if (flags & TYPE.Number) holes.push("number");
    else if (flags & TYPE.BigInt) holes.push("bigint");
    else return b.problem("unsupportedType", path, b.text(type));
  }
  return { kind: "template", texts: [...c.templateTexts(type)], holes, text: b.text(type) };
}
