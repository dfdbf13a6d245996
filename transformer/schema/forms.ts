/**
 * Pieces of the snapshot and JSON Schema forms that the kinds table (model/kinds.ts) builds per
 * kind: kept apart from snapshot.ts and json-schema.ts, which read the table, so that no module
 * imports one that imports it back.
 */
import type { Literal, TemplateHole } from "../model/ir.js";
import type { SchemaType } from "./schema-type.js";

export type JsonSchema = boolean | { [keyword: string]: unknown };

/** Code-unit order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Booleans, then numbers by value, then strings. */
export function sortLiterals(values: readonly Literal[]): Literal[] {
  const rank = (v: Literal) => (typeof v === "boolean" ? 0 : typeof v === "number" ? 1 : 2);
  return [...new Set(values)].sort(
    (a, b) =>
      rank(a) - rank(b) || (typeof a === "number" && typeof b === "number" ? a - b : compareText(String(a), String(b))),
  );
}

/** Flattens nested unions, gathers the literals into one member, and sorts the members. */
export function unionSchema(members: SchemaType[], discriminant: string | undefined): SchemaType {
  const flat = members.flatMap((m) => (m.kind === "union" ? m.members : [m]));
  const literals = flat.flatMap((m) => (m.kind === "literals" ? m.values : []));
  const others = flat.filter((m) => m.kind !== "literals");
  const all = literals.length > 0 ? [...others, { kind: "literals" as const, values: sortLiterals(literals) }] : others;
  if (all.length === 1) return all[0]!;
  const sorted = all
    .map((m) => [JSON.stringify(m), m] as const)
    .sort((a, b) => compareText(a[0], b[0]))
    .map(([, m]) => m);
  return discriminant === undefined
    ? { kind: "union", members: sorted }
    : { kind: "union", members: sorted, discriminant };
}

/** A width's range (issue 17 part 3); a plain `number` is any JSON number. */
export function numberSchema(width: string | undefined): JsonSchema {
  const int = /^(u?)int(8|16|32|64)$/.exec(width ?? "");
  if (!int) return { type: "number" };
  const bits = Number(int[2]);
  return int[1]
    ? { type: "integer", minimum: 0, maximum: 2 ** bits - 1 }
    : { type: "integer", minimum: -(2 ** (bits - 1)), maximum: 2 ** (bits - 1) - 1 };
}

/**
 * A regular expression for a template literal type, for JSON Schema's `pattern`. Approximate where
 * a regular expression cannot follow the checker's rule (runtime/template.ts, what the codec does):
 * texts, `string` placeholders and a placeholder followed by an empty text are exact, but `number`
 * and `bigint` placeholders are matched by their syntax, so a number of any size passes (the codec
 * wants `+s` finite), and one followed by a text its own syntax could hold (`${number}e`) may be
 * split where the checker would not split it.
 */
export function templatePattern(texts: readonly string[], holes: readonly TemplateHole[]): string {
  let pattern = "^" + escapeRegExp(texts[0]!);
  holes.forEach((hole, i) => {
    const next = texts[i + 1]!;
    const last = i === holes.length - 1;
    if (!last && next === "") pattern += ONE_CHAR[hole];
    else if (hole === "string") pattern += last ? "[\\s\\S]*" : `(?:(?!${escapeRegExp(next)})[\\s\\S])*`;
    else pattern += hole === "number" ? NUMBER : BIGINT;
    pattern += escapeRegExp(next);
  });
  return pattern + "$";
}

/** A placeholder followed by an empty text holds one character. */
const ONE_CHAR: Record<TemplateHole, string> = { string: "[\\s\\S]", number: "[\\d\\s]", bigint: "\\d" };
/** What `+s` reads as a number, by syntax alone (`\s` is its whitespace too); "" is not one. */
const NUMBER =
  "(?:\\s*(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|0[xX][\\da-fA-F]+|0[oO][0-7]+|0[bB][01]+)\\s*|\\s+)";
/** A bigint literal as the TypeScript scanner reads it, with the characters it skips silently around the `-`. */
const BIGINT =
  "[\\u0085\\u2028\\u2029]*(?:-[\\u0085\\u2028\\u2029]*)?(?:0|[1-9]\\d*|0[xX][\\da-fA-F]+|0[oO][0-7]+|0[bB][01]+)";

/** Escapes the characters a regular expression reads as syntax (valid with and without the `u` flag). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A template's `texts` around `holes`: one more text than holes, and at least one hole. */
export function isTemplateParts(t: Record<string, unknown>): boolean {
  const { texts, holes } = t;
  return (
    Array.isArray(texts) &&
    Array.isArray(holes) &&
    holes.length > 0 &&
    texts.length === holes.length + 1 &&
    texts.every((x) => typeof x === "string") &&
    holes.every((h) => h === "string" || h === "number" || h === "bigint")
  );
}
