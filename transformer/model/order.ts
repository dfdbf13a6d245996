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
import ts from "typescript";

/** `types` in the model's order (see above); a new array. */
export function orderUnionMembers(types: readonly ts.Type[], program: ts.Program): ts.Type[] {
  const keys = new Map(types.map((t) => [t, memberKey(t, program)]));
  return [...types].sort((a, b) => compareKeys(keys.get(a)!, keys.get(b)!));
}

/** The properties of a mapped type (`Pick`, `Omit`, `Partial`, `Record` of literal keys) in declaration order; others as listed. */
export function orderProperties(
  type: ts.Type,
  properties: readonly ts.Symbol[],
  program: ts.Program,
): readonly ts.Symbol[] {
  if (!(type.flags & ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Mapped))
    return properties;
  const keys = new Map(properties.map((p) => [p, propertyKey(p, program)]));
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

/** Where a symbol is first declared: the kind of file (the project's, a library's, TypeScript's lib), its name, the offset. */
function declaredAt(symbol: ts.Symbol | undefined, program: ts.Program): Key | undefined {
  const declaration = symbol?.getDeclarations()?.[0];
  if (!declaration) return undefined;
  const file = declaration.getSourceFile();
  const rank = program.isSourceFileDefaultLibrary(file) ? 2 : program.isSourceFileFromExternalLibrary(file) ? 1 : 0;
  return [rank, file.fileName, declaration.pos];
}

function propertyKey(property: ts.Symbol, program: ts.Program): Key {
  const at = declaredAt(property, program);
  return at ? [0, ...at] : [1, property.getName()];
}

const F = ts.TypeFlags;

/**
 * Intrinsic types and the booleans come first, in the order the checker creates them (so that the
 * order is the one most programs always had).
 */
const INTRINSIC_RANK: [ts.TypeFlags, number][] = [
  [F.Undefined | F.Void, 0],
  [F.Null, 1],
  [F.String, 2],
  [F.Number, 3],
  [F.BigInt, 4],
  [F.Boolean, 5],
];

function memberKey(type: ts.Type, program: ts.Program, depth = 0): Key {
  const rank = INTRINSIC_RANK.find(([flags]) => type.flags & flags)?.[1];
  if (rank !== undefined) return [0, rank];
  const text = program.getTypeChecker().typeToString(type);
  // A literal of an enum is declared (its member); a plain literal is ordered by its value.
  const literal = type.flags & F.Literal && !(type.flags & F.EnumLiteral);
  if (literal && type.flags & F.BooleanLiteral) return [0, 6, text === "true" ? 1 : 0];
  if (literal && type.flags & F.NumberLiteral) return [1, 0, (type as ts.NumberLiteralType).value];
  if (literal && type.flags & F.StringLiteral) return [1, 1, (type as ts.StringLiteralType).value];
  const declared = literal ? undefined : declaredAt(type.aliasSymbol ?? type.getSymbol(), program);
  // Instances of one generic declaration (`A[] | AB[]`, `Page<A> | Page<B>`) by their type arguments.
  const args = type.aliasSymbol ? (type.aliasTypeArguments ?? []) : typeArguments(type, program.getTypeChecker());
  const byArguments = depth < 4 ? args.flatMap((arg) => memberKey(arg, program, depth + 1)) : [];
  return declared ? [2, ...declared, ...byArguments, text] : [3, text];
}

function typeArguments(type: ts.Type, checker: ts.TypeChecker): readonly ts.Type[] {
  const isReference = type.flags & F.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference;
  return isReference ? checker.getTypeArguments(type as ts.TypeReference) : [];
}
