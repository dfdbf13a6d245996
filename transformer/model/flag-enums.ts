/**
 * Flag enums (issue 59): a numeric enum whose members are distinct powers of two, with 0 beside
 * them if declared (`None = 0`), is a set of bits. TypeScript takes any OR-combination of its
 * members as the enum (`MessageFlags.Crossposted | MessageFlags.SuppressEmbeds` is 5), and so do
 * the codecs, both ways; 0, the empty combination, always (what `flags & ~Bit` gives, and what
 * Discord sends for a message without flags). An enum of 0, 1 and 2 alone stays closed: that is
 * how `enum { A, B, C }` numbers its members, and nothing says it is a set of bits. So does an
 * enum of one bit (`{ Big = 8 }`, perhaps a union's tag): its member's literal type is the enum.
 * Other enums stay closed too.
 */
import { TYPE, type Type } from "./checker.js";
import type { TypeNode } from "./ir.js";
import type { Walker } from "./walker.js";

type FlagsNode = Extract<TypeNode, { kind: "flags" }>;

/**
 * The flag enums whose every member is among `members` (a union's constituents, or one enum
 * type): their nodes, and the members they take. A union that names only some of an enum's
 * members (`E.A | E.B`) is a set of literals, closed.
 */
export function flagEnums(b: Walker, members: readonly Type[]): { nodes: FlagsNode[]; taken: Set<Type> } {
  const c = b.checker;
  const present = new Set(members);
  const enums = new Set<Type>();
  for (const member of members) {
    const whole = c.enumOf(member);
    if (whole) enums.add(whole);
  }
  const nodes: FlagsNode[] = [];
  const taken = new Set<Type>();
  for (const whole of enums) {
    const all = c.flags(whole) & TYPE.Union ? c.constituents(whole) : [whole];
    if (!all.every((t) => present.has(t))) continue;
    const values = all.map((t) => c.literalValue(t));
    if (!isFlagSet(values)) continue;
    nodes.push({ kind: "flags", values: [...(values as number[])].sort((x, y) => x - y) });
    for (const t of all) taken.add(t);
  }
  return { nodes, taken };
}

/**
 * Distinct powers of two up to 2^52 (so every combination is a safe integer), 0 allowed, at least
 * two of them, the largest at least 4.
 */
export function isFlagSet(values: readonly unknown[]): boolean {
  if (new Set(values).size !== values.length) return false;
  let largest = 0;
  let bits = 0;
  for (const v of values) {
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0 || v > 2 ** 52) return false;
    if (v !== 0 && 2 ** Math.round(Math.log2(v)) !== v) return false;
    if (v !== 0) bits++;
    largest = Math.max(largest, v);
  }
  return bits >= 2 && largest >= 4;
}
