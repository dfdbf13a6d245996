import { isRecordLike, ownValue } from "../objects.js";
import type { Reader } from "../reader.js";
import { keys, literals } from "../strings.js";
import { badTag, firstOf, pickByKeys, pickMember, readTag, writeFirstOf } from "../unions.js";
import type { Writer } from "../writer.js";
import { mismatch } from "../writer.js";
import type { Dec, Enc, Interpreted } from "./table.js";
import { BY, INHERITED_NAMES, TEST } from "./table.js";

/** A member of an object union told apart by keys: its NAMES entry, the indices of the required ones, 1 with an index signature; 0 for a Record. */
type CandidateSpec = [names: number, required: number[], rest: number] | 0;
type Test = number | [number, ...unknown[]];
/** Encode: `[by, test, members (entries; for "tag", indices of tag cases), candidates?]`. */
type EncodeGroup = [by: number, test: Test, members: number[], candidates?: CandidateSpec[]];
/** Decode: `[families, by, members (as EncodeGroup), candidates?]`; for "tag", 1 instead of candidates when its members resume. */
type DecodeGroup = [families: number[], by: number, members: number[], extra?: CandidateSpec[] | number];
/** The discriminant: its property, its values, and the entry of each value's member. */
type TagSpec = [property: string, values: (string | number | boolean)[], entries: number[], bits: number[]];
/** A member's decoder that resumes after its union read the header and `i` entries (runtime/interpret/objects.ts). */
type Resume = (r: Reader, p: string | undefined, d: number, n: number, i: number, seen0: number) => unknown;

/**
 * A union, as emit/unions.ts writes and reads one by the model's plan: encode runs the JS-side test
 * of each group of members in order, decode dispatches on the head byte's family; in a group of
 * several, the discriminant, the keys, or trying (the runtime's firstOf and writeFirstOf) choose.
 */
export function unionCodec(it: Interpreted, i: number): void {
  const [, description, encode, decode, tag] = it.table[i] as [
    number,
    string,
    EncodeGroup[],
    DecodeGroup[],
    TagSpec | 0,
  ];
  const { E, D } = it;
  // The common groups (a tag, one member) run here rather than in a function of their own: a level
  // of nesting costs as few stack frames as generated code's, so deep input reaches maxDepth first.
  const encoders = encode.map((group) => ({
    by: group[0],
    passes: testOf(group[1]),
    only: group[0] === BY.only ? group[2][0]! : -1,
    byValue: group[0] === BY.tag ? tagMembers(group[2], tag as TagSpec) : undefined,
    other: group[0] === BY.tag || group[0] === BY.only ? undefined : encodeGroup(it, group),
  }));
  const property = tag === 0 ? "" : tag[0];
  const inherited = INHERITED_NAMES.has(property);
  it.E[i] = (w, v, p, d) => {
    for (let g = 0; g < encoders.length; g++) {
      const group = encoders[g]!;
      if (group.byValue !== undefined) {
        // Each member's encoder checks the object itself (emit/unions.ts encodeUnion).
        if (!(typeof v === "object" && v !== null)) continue;
        const o = v as Record<string, unknown>;
        const entry = group.byValue.get(inherited ? ownValue(o, property) : o[property]);
        if (entry === undefined) continue;
        E[entry]!(w, v, p, d);
        return;
      }
      if (!group.passes(v)) continue;
      if (group.only >= 0) {
        E[group.only]!(w, v, p, d);
        return;
      }
      if (group.other!(w, v, p, d)) return;
    }
    mismatch(description, v, p);
  };
  const byFamily: (DecodePlan | undefined)[] = new Array(9);
  for (const [families, by, members, extra] of decode) {
    const plan: DecodePlan =
      by === BY.tag
        ? { only: -1, tag: decodeTag(members, tag as TagSpec, extra === 1) }
        : by === BY.only
          ? { only: members[0]! }
          : { only: -1, other: decodeGroup(it, by, members, extra as CandidateSpec[] | undefined) };
    for (const family of families) byFamily[family] = plan;
  }
  it.D[i] = (r, p, d) => {
    const plan = byFamily[r.family(p)];
    if (plan === undefined) return r.mismatch(description, p);
    if (plan.only >= 0) return D[plan.only]!(r, p, d);
    const t = plan.tag;
    if (t === undefined) return plan.other!(r, p, d);
    const start = r.pos;
    const n = r.mapHeader(p);
    const at = r.pos;
    const { key, tags } = t.pre();
    const found = readTag(r, n, key, tags, p);
    if (!t.resume) {
      r.pos = start;
      if (!t.cases.has(found)) return badTag(r, t.property, tags.description, p, start);
      return D[t.entries[found]!]!(r, p, d);
    }
    if (!t.cases.has(found)) return badTag(r, t.property, tags.description, p, start);
    // The members go on where readTag left the map: after the tag when it came first.
    const read = r.pos === at ? 0 : 1;
    const bit = t.bits[found]!;
    return (D[t.entries[found]!] as unknown as Resume)(r, p, d, n, read, bit === 0 ? read : read << bit);
  };
}

/** How a union decodes the values of one family: one member, by the discriminant, or another choice. */
interface DecodePlan {
  only: number;
  tag?: TagPlan;
  other?: Dec;
}

interface TagPlan {
  property: string;
  /** The tag's key and values, pre-encoded when first used. */
  pre: () => { key: Uint8Array & { words: Int32Array }; tags: ReturnType<typeof literals> };
  cases: Set<number>;
  entries: number[];
  bits: number[];
  resume: boolean;
}

/** The tag's values that name the group's members, each with its member's entry. */
function tagMembers(cases: number[], [, values, entries]: TagSpec): Map<unknown, number> {
  return new Map<unknown, number>(cases.map((c) => [values[c], entries[c]!]));
}

/**
 * The discriminant names the member (emit/unions.ts decodeChoice, maps), read by readTag; members
 * that resume go on where it left the map, others start over from the map's header.
 */
function decodeTag(cases: number[], [property, values, entries, bits]: TagSpec, resume: boolean): TagPlan {
  let pre: ReturnType<TagPlan["pre"]> | undefined;
  return {
    property,
    pre: () => (pre ??= { key: keys([property])[0]!, tags: literals(values) }),
    cases: new Set(cases),
    entries,
    bits,
    resume,
  };
}

/** A group's encoder: true when the value passed its test and was written. */
function encodeGroup(
  it: Interpreted,
  [by, test, members, candidates]: EncodeGroup,
): (w: Writer, v: unknown, p: string | undefined, d: number) => boolean {
  const { E } = it;
  const passes = testOf(test);
  const keyed = candidates?.map((c) => encodeCandidate(it, c));
  if (by === BY.keys) {
    return (w, v, p, d) => {
      if (!passes(v)) return false;
      const k = pickByKeys(v as Record<string, unknown>, keyed!);
      if (!(k >= 0 && k < members.length)) return false;
      E[members[k]!]!(w, v, p, d);
      return true;
    };
  }
  const encoders = members.map(
    (m): Enc =>
      (w, v, p, d) =>
        E[m]!(w, v, p, d),
  );
  return (w, v, p, d) => {
    if (!passes(v)) return false;
    if (by === BY.keysThenTry) writeFirstOf(w, encoders, v, p, d, keyed);
    else writeFirstOf(w, encoders, v, p, d);
    return true;
  };
}

function decodeGroup(it: Interpreted, by: number, members: number[], candidates: CandidateSpec[] | undefined): Dec {
  const { D } = it;
  // Key tables pre-encoded when first used (see runtime/interpret/objects.ts).
  let known: ReturnType<typeof decodeCandidate>[] | undefined;
  const mapped = () => (known ??= candidates!.map((c) => decodeCandidate(it, c)));
  if (by === BY.keys) {
    return (r, p, d) => {
      const k = pickMember(r, mapped(), p);
      return D[members[k >= 0 && k < members.length ? k : 0]!]!(r, p, d);
    };
  }
  return (r: Reader, p, d) =>
    firstOf(
      r,
      members.map((m) => () => D[m]!(r, p, d)),
      p,
      by === BY.keysThenTry ? mapped() : undefined,
    );
}

function encodeCandidate(it: Interpreted, spec: CandidateSpec): readonly [string[] | null, string[]] | null {
  if (spec === 0) return null;
  const [list, required, rest] = spec;
  const names = it.table[list]![1] as string[];
  return [rest ? null : names, required.map((k) => names[k]!)];
}

function decodeCandidate(it: Interpreted, spec: CandidateSpec): readonly [Uint8Array[] | null, number[]] | null {
  if (spec === 0) return null;
  const [list, required, rest] = spec;
  const names = it.table[list]![1] as string[];
  const words = Math.max(1, Math.ceil(names.length / 30));
  const masks = new Array<number>(words).fill(0);
  for (const k of required) masks[Math.floor(k / 30)]! += 2 ** (k % 30);
  return [rest ? null : keys(names), masks];
}

/** The JS-side test of a union's group (table.ts TEST), as emit/unions.ts memberTest writes it. */
function testOf(test: Test): (v: unknown) => boolean {
  if (typeof test !== "number") {
    if (test[0] === TEST.LITERALS) {
      const values = new Set(test[1] as unknown[]);
      return (v) => values.has(v);
    }
    const all = (test.slice(1) as Test[]).map(testOf);
    return (v) => all.some((t) => t(v));
  }
  switch (test) {
    case TEST.NULL:
      return (v) => v === null;
    case TEST.UNDEFINED:
      return (v) => v === undefined;
    case TEST.BOOLEAN:
      return (v) => typeof v === "boolean";
    case TEST.NUMBER:
      return (v) => typeof v === "number";
    case TEST.BIGINT:
      return (v) => typeof v === "bigint";
    case TEST.NUMBER_OR_BIGINT:
      return (v) => typeof v === "number" || typeof v === "bigint";
    case TEST.STRING:
      return (v) => typeof v === "string";
    case TEST.ARRAY:
      return (v) => Array.isArray(v);
    case TEST.SET:
      return (v) => v instanceof Set;
    case TEST.MAP:
      return (v) => v instanceof Map;
    case TEST.RECORD:
      return (v) => isRecordLike(v);
    case TEST.DATE:
      return (v) => v instanceof Date;
    case TEST.BYTES:
      return (v) => v instanceof Uint8Array;
    case TEST.ARRAY_BUFFER:
      return (v) => v instanceof ArrayBuffer;
    default:
      return () => true;
  }
}
