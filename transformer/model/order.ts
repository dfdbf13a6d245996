/**
 * The order of union members and of a mapped type's properties. The checker lists both by its
 * internal type ids (a union's members; the keys `Pick<T, K>` and `Omit<T, K>` map over), and an
 * id depends on what the checker met first: an unrelated `const early: "a" = "a"` elsewhere in the
 * program gives `"a"` a lower id. The wire layout and the choice among union members must not move
 * with it, so the model orders both itself, from the source alone:
 * - union members: intrinsic types (undefined, null, string, number, bigint, false, true), then
 *   literal values (numbers, then strings, each ascending), then declared types (interfaces,
 *   classes, aliases, type literals, enum members) by where they are declared (the project's
 *   files, then libraries' declaration files, then TypeScript's lib; by file name, then position),
 *   then the rest by the checker's text of the type, which also breaks ties;
 * - a mapped type's properties: by where they are declared, then undeclared ones
 *   (`Record<"b" | "a", T>`) by name.
 */
import { OBJECT, TYPE, type Checker, type Sym, type Type } from "./checker.js";

/** `types` in the model's order (see above); a new array. */
export function orderUnionMembers(checker: Checker, types: readonly Type[]): Type[] {
  const keys = new Map(types.map((t) => [t, memberKey(checker, t)]));
  return [...types].sort((a, b) => compareKeys(keys.get(a)!, keys.get(b)!));
}

/** The properties of a mapped type (`Pick`, `Omit`, `Partial`, `Record` of literal keys) in declaration order; others as listed. */
export function orderProperties(checker: Checker, type: Type, properties: readonly Sym[]): readonly Sym[] {
  if (!(checker.objectFlags(type) & OBJECT.Mapped)) return properties;
  const keys = new Map(properties.map((p) => [p, propertyKey(checker, p)]));
  return [...properties].sort((a, b) => compareKeys(keys.get(a)!, keys.get(b)!));
}

type Key = (string | number)[];

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

const ORIGIN_RANK = { project: 0, library: 1, lib: 2 } as const;

/**
 * Where a symbol is first declared: the kind of file (the project's, a library's, TypeScript's
 * lib), its name (a lib file's by its base name, which every TypeScript shares), the offset.
 */
function declaredAt(checker: Checker, symbol: Sym | undefined): Key | undefined {
  const declaration = symbol && checker.declarations(symbol)[0];
  if (!declaration) return undefined;
  const { origin, fileName, pos } = declaration;
  return [ORIGIN_RANK[origin], origin === "lib" ? fileName.slice(fileName.lastIndexOf("/") + 1) : fileName, pos];
}

function propertyKey(checker: Checker, property: Sym): Key {
  const at = declaredAt(checker, property);
  return at ? [0, ...at] : [1, checker.symbolName(property)];
}

const F = TYPE;

/**
 * Intrinsic types and the booleans come first, in the order the checker creates them (so that the
 * order is the one most programs always had).
 */
const INTRINSIC_RANK: [number, number][] = [
  [F.Undefined | F.Void, 0],
  [F.Null, 1],
  [F.String, 2],
  [F.Number, 3],
  [F.BigInt, 4],
  [F.Boolean, 5],
];

const LITERAL = F.StringLiteral | F.NumberLiteral | F.BigIntLiteral | F.BooleanLiteral;

function memberKey(checker: Checker, type: Type, depth = 0): Key {
  const flags = checker.flags(type);
  const rank = INTRINSIC_RANK.find(([intrinsic]) => flags & intrinsic)?.[1];
  if (rank !== undefined) return [0, rank];
  // A literal of an enum is declared (its member); a plain literal is ordered by its value.
  const literal = flags & LITERAL && !(flags & F.EnumLiteral);
  const value = checker.literalValue(type);
  if (literal && flags & F.BooleanLiteral) return [0, 6, value === true ? 1 : 0];
  if (literal && flags & F.NumberLiteral) return [1, 0, value as number];
  if (literal && flags & F.StringLiteral) return [1, 1, value as string];
  const alias = checker.aliasSymbol(type);
  const declared = literal ? undefined : declaredAt(checker, alias ?? checker.symbol(type));
  if (!declared) return [3, checker.typeToString(type)];
  // Instances of one generic declaration (`A[] | AB[]`, `Page<A> | Page<B>`) by their type arguments.
  const args = alias ? checker.aliasTypeArguments(type) : checker.typeArguments(type);
  const byArguments = depth < 4 ? args.flatMap((arg) => memberKey(checker, arg, depth + 1)) : [];
  return [2, ...declared, ...byArguments];
}
