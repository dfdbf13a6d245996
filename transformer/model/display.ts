/**
 * How the model writes a type (named types' `display`, codec comments, messages): as the checker
 * would, but with union members in the model's order (order.ts) rather than the checker's, which
 * depends on its internal type ids. So an unrelated line elsewhere in the program changes no
 * display, no generated name and no schema snapshot.
 */
import { MODIFIER, OBJECT, SYMBOL, TYPE, type Checker, type Type } from "./checker.js";
import { orderUnionMembers } from "./order.js";

const F = TYPE;

export function displayType(checker: Checker, type: Type, depth = 0): string {
  // Deeply nested (or recursive) types are written by the checker, which cuts them short.
  if (depth > 8) return checker.typeToString(type);
  const show = (t: Type) => displayType(checker, t, depth + 1);
  const flags = checker.flags(type);
  const alias = checker.aliasSymbol(type);
  if (flags & F.Union && !(flags & F.EnumLiteral)) {
    if (alias) return aliasText(checker, type, show);
    return unionText(checker, orderUnionMembers(checker, checker.constituents(type)), show);
  }
  if (alias && checker.aliasTypeArguments(type).length > 0) return aliasText(checker, type, show);
  if (flags & F.Intersection && !alias) {
    return checker
      .constituents(type)
      .map((t) => parenthesized(checker, t, show(t)))
      .join(" & ");
  }
  if (!(flags & F.Object) || alias) return checker.typeToString(type);
  const objectFlags = checker.objectFlags(type);
  if (objectFlags & OBJECT.Reference) {
    const args = checker.typeArguments(type);
    if (checker.isArray(type)) {
      const element = args[0]!;
      const symbol = checker.symbol(type);
      const prefix = symbol && checker.symbolName(symbol) === "ReadonlyArray" ? "readonly " : "";
      return prefix + parenthesized(checker, element, show(element), true) + "[]";
    }
    if (args.length > 0 && !checker.isTuple(type)) {
      const text = checker.typeToString(type);
      return `${text.slice(0, text.indexOf("<"))}<${args.map(show).join(", ")}>`;
    }
    return checker.typeToString(type);
  }
  const symbol = checker.symbol(type);
  const name = symbol && checker.symbolName(symbol);
  const anonymous = name === undefined || name === "__type" || name === "__object";
  if (!anonymous || objectFlags & OBJECT.Mapped) return checker.typeToString(type);
  return objectLiteralText(checker, type, show);
}

/** `A | B | null | undefined`: the members in order, null and undefined last (as the checker writes them). */
function unionText(checker: Checker, members: Type[], show: (t: Type) => string): string {
  const booleans = members.filter((t) => checker.flags(t) & F.BooleanLiteral);
  const both = booleans.length === 2;
  const nil = (t: Type) => (checker.flags(t) & F.Null ? 1 : checker.flags(t) & F.Undefined ? 2 : 0);
  const parts: string[] = [];
  for (const member of members.filter((t) => nil(t) === 0)) {
    if (both && checker.flags(member) & F.BooleanLiteral) {
      if (member === booleans[0]) parts.push("boolean");
      continue;
    }
    parts.push(parenthesized(checker, member, show(member)));
  }
  for (const member of members.filter((t) => nil(t) > 0).sort((a, b) => nil(a) - nil(b))) {
    parts.push(checker.typeToString(member));
  }
  return parts.join(" | ");
}

function aliasText(checker: Checker, type: Type, show: (t: Type) => string): string {
  const name = checker.symbolName(checker.aliasSymbol(type)!);
  const args = checker.aliasTypeArguments(type);
  return args.length > 0 ? `${name}<${args.map(show).join(", ")}>` : name;
}

/** `{ a: string; b?: number | undefined; [key: string]: T; }`, as the checker writes a type literal. */
function objectLiteralText(checker: Checker, type: Type, show: (t: Type) => string): string {
  const members: string[] = [];
  for (const info of checker.indexInfos(type)) {
    members.push(`[key: ${checker.typeToString(info.key)}]: ${show(info.value)};`);
  }
  const properties = checker.properties(type);
  const types = checker.typesOf(properties);
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i]!;
    const declaration = checker.declarations(property)[0];
    const flags = checker.symbolFlags(property);
    if (!declaration || flags & SYMBOL.Method || declaration.method) return checker.typeToString(type);
    const name = checker.symbolName(property);
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    const optional = flags & SYMBOL.Optional ? "?" : "";
    const readonly = declaration.modifiers & MODIFIER.Readonly ? "readonly " : "";
    members.push(`${readonly}${key}${optional}: ${show(types[i]!)};`);
  }
  return members.length === 0 ? "{}" : `{ ${members.join(" ")} }`;
}

/** Unions (and intersections, in an array) inside an array or intersection are written in parentheses. */
function parenthesized(checker: Checker, type: Type, text: string, inArray = false): string {
  const flags = checker.flags(type);
  const alias = checker.aliasSymbol(type);
  const compound = flags & F.Union && !alias && !(flags & F.Boolean) && !(flags & F.EnumLiteral);
  const intersection = inArray && flags & F.Intersection && !alias;
  return compound || intersection ? `(${text})` : text;
}
