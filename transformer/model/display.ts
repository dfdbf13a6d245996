/**
 * How the model writes a type (named types' `display`, codec comments, messages): as the checker
 * would, but with union members in the model's order (order.ts) rather than the checker's, which
 * depends on its internal type ids. So an unrelated line elsewhere in the program changes no
 * display, no generated name and no schema snapshot.
 */
import ts from "typescript";
import { orderUnionMembers } from "./order.js";

const F = ts.TypeFlags;

export function displayType(type: ts.Type, program: ts.Program, depth = 0): string {
  const checker = program.getTypeChecker();
  // Deeply nested (or recursive) types are written by the checker, which cuts them short.
  if (depth > 8) return checker.typeToString(type);
  const show = (t: ts.Type) => displayType(t, program, depth + 1);
  if (type.flags & F.Union && !(type.flags & F.EnumLiteral)) {
    if (type.aliasSymbol) return aliasText(type, show);
    return unionText(orderUnionMembers((type as ts.UnionType).types, program), show, checker);
  }
  if (type.aliasSymbol && type.aliasTypeArguments?.length) return aliasText(type, show);
  if (type.flags & F.Intersection && !type.aliasSymbol) {
    return (type as ts.IntersectionType).types.map((t) => parenthesized(t, show(t))).join(" & ");
  }
  if (!(type.flags & F.Object) || type.aliasSymbol) return checker.typeToString(type);
  const objectFlags = (type as ts.ObjectType).objectFlags;
  if (objectFlags & ts.ObjectFlags.Reference) {
    const args = checker.getTypeArguments(type as ts.TypeReference);
    if (isArray(checker, type)) {
      const element = args[0]!;
      const prefix = type.getSymbol()?.getName() === "ReadonlyArray" ? "readonly " : "";
      return prefix + parenthesized(element, show(element), true) + "[]";
    }
    if (args.length > 0 && !isTuple(checker, type)) {
      const text = checker.typeToString(type);
      const name = text.slice(0, text.indexOf("<"));
      return `${name}<${args.map(show).join(", ")}>`;
    }
    return checker.typeToString(type);
  }
  const symbol = type.getSymbol();
  const anonymous = symbol === undefined || symbol.getName() === "__type" || symbol.getName() === "__object";
  if (!anonymous || objectFlags & ts.ObjectFlags.Mapped) return checker.typeToString(type);
  return objectLiteralText(type, checker, show);
}

/** `A | B | null | undefined`: the members in order, null and undefined last (as the checker writes them). */
function unionText(members: ts.Type[], show: (t: ts.Type) => string, checker: ts.TypeChecker): string {
  const booleans = members.filter((t) => t.flags & F.BooleanLiteral);
  const both = booleans.length === 2;
  const nil = (t: ts.Type) => (t.flags & F.Null ? 1 : t.flags & F.Undefined ? 2 : 0);
  const parts: string[] = [];
  for (const member of members.filter((t) => nil(t) === 0)) {
    if (both && member.flags & F.BooleanLiteral) {
      if (member === booleans[0]) parts.push("boolean");
      continue;
    }
    parts.push(parenthesized(member, show(member)));
  }
  for (const member of members.filter((t) => nil(t) > 0).sort((a, b) => nil(a) - nil(b))) {
    parts.push(checker.typeToString(member));
  }
  return parts.join(" | ");
}

function aliasText(type: ts.Type, show: (t: ts.Type) => string): string {
  const name = type.aliasSymbol!.getName();
  const args = type.aliasTypeArguments ?? [];
  return args.length > 0 ? `${name}<${args.map(show).join(", ")}>` : name;
}

/** `{ a: string; b?: number | undefined; [key: string]: T; }`, as the checker writes a type literal. */
function objectLiteralText(type: ts.Type, checker: ts.TypeChecker, show: (t: ts.Type) => string): string {
  const members: string[] = [];
  for (const info of checker.getIndexInfosOfType(type)) {
    members.push(`[key: ${checker.typeToString(info.keyType)}]: ${show(info.type)};`);
  }
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.valueDeclaration ?? property.getDeclarations()?.[0];
    if (!declaration) return checker.typeToString(type);
    const name = property.getName();
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
    if (property.flags & ts.SymbolFlags.Method || ts.isMethodSignature(declaration)) return checker.typeToString(type);
    const readonly = ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly ? "readonly " : "";
    members.push(`${readonly}${key}${optional}: ${show(checker.getTypeOfSymbol(property))};`);
  }
  return members.length === 0 ? "{}" : `{ ${members.join(" ")} }`;
}

/** Unions (and intersections, function types) inside an array or intersection are written in parentheses. */
function parenthesized(type: ts.Type, text: string, inArray = false): string {
  const compound =
    type.flags & F.Union && !type.aliasSymbol && !(type.flags & F.Boolean) && !(type.flags & F.EnumLiteral);
  const intersection = inArray && type.flags & F.Intersection && !type.aliasSymbol;
  return compound || intersection ? `(${text})` : text;
}

function isArray(checker: ts.TypeChecker, type: ts.Type): boolean {
  return (checker as { isArrayType(t: ts.Type): boolean }).isArrayType(type);
}

function isTuple(checker: ts.TypeChecker, type: ts.Type): boolean {
  return (checker as { isTupleType(t: ts.Type): boolean }).isTupleType(type);
}
