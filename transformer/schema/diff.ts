/**
 * Compares two wire-schema snapshots (snapshot.ts): what changed in each codec, and for each change
 * whether bytes still decode, alike, in each direction. A pure function over the two snapshots.
 *
 * - backward: readers built from the new types read bytes written with the old ones (stored bytes,
 *   queued messages). Avro's and Confluent's BACKWARD; the default of `schema --check`.
 * - forward: readers built from the old types read bytes written with the new ones (services not
 *   yet redeployed).
 *
 * A change breaks a direction when some value its writer can write fails to decode with its reader,
 * or decodes to something else (a renamed optional property that reads back as absent).
 */
import {
  compareText,
  type CodecSchema,
  type SchemaNamed,
  type SchemaProperty,
  type SchemaType,
  type Snapshot,
} from "./snapshot.js";
import { propertySegment } from "../model/ir.js";
import { describe as describeType } from "../model/kinds.js";
import type { Literal, NumberWidth } from "../model/ir.js";
import { isTemplateMember } from "../../runtime/template.js";
import { isFlags } from "../../runtime/flags.js";

export type Direction = "backward" | "forward";

export interface Change {
  /** The codec's name in the snapshots (`src/wire.ts#OrderCodec`). */
  codec: string;
  /** Where in the codec's type: `$.items[*].sku`. */
  path: string;
  /** What changed, for people: `property "total" added as required`. */
  what: string;
  /** Why bytes written with the old types no longer decode alike with the new ones; undefined: they do. */
  backward?: string;
  /** Why bytes written with the new types do not decode alike with the old ones; undefined: they do. */
  forward?: string;
}

/** Every change between two snapshots, codecs in name order, changes in the order of the types. */
export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  const names = [...new Set([...Object.keys(before.codecs), ...Object.keys(after.codecs)])].sort(compareText);
  for (const name of names) {
    const old = before.codecs[name];
    const now = after.codecs[name];
    if (!now) {
      // Nothing new is written with it, so old readers are not affected (forward).
      changes.push({
        codec: name,
        path: "$",
        what: "codec removed",
        backward: "no codec reads its bytes any more (a renamed codec is one removed and one added)",
      });
    } else if (!old) {
      changes.push({ codec: name, path: "$", what: "codec added" });
    } else {
      const differ = new Differ(old, now, new Set());
      differ.compare(old.root, now.root, "$");
      changes.push(...differ.changes.map((c) => ({ codec: name, ...c })));
    }
  }
  return changes;
}

/** Whether `change` breaks `direction` ("both": either). */
export function breaks(change: Change, direction: Direction | "both"): boolean {
  return direction === "both"
    ? change.backward !== undefined || change.forward !== undefined
    : change[direction] !== undefined;
}

type Found = Omit<Change, "codec">;

/** Compares one codec's old type with its new one; a fresh Differ answers side questions ("does this member read that?"). */
class Differ {
  readonly changes: Found[] = [];

  private readonly old: CodecSchema;
  private readonly now: CodecSchema;
  /** Pairs of refs being compared: met again, they are assumed alike, so recursion ends. */
  private readonly seen: Set<string>;
  /** Whether `old` is the snapshot's new side (a side question in the forward direction); keys of `seen` say which. */
  private readonly swapped: boolean;

  constructor(old: CodecSchema, now: CodecSchema, seen: Set<string>, swapped = false) {
    this.old = old;
    this.now = now;
    this.seen = seen;
    this.swapped = swapped;
  }

  compare(o: SchemaType, n: SchemaType, path: string): void {
    const pair = this.unwrapAliases(o, n);
    if (!pair) return;
    [o, n] = pair;
    const olds = members(o);
    const nows = members(n);
    const matched = match(
      olds,
      nows,
      (t) => this.key(t, this.old, o),
      (t) => this.key(t, this.now, n),
    );
    for (const [a, b] of matched.pairs) {
      // Inside a member of a union with a discriminant, the path names the member: `$.shape|kind=circle.r`.
      const tagged = /^object:(.+=.+)$/.exec(this.key(a, this.old, o));
      this.same(a, b, tagged && olds.length > 1 ? `${path}|${tagged[1]}` : path, olds, nows);
    }
    const [removed, added] = [matched.onlyOld, matched.onlyNew];
    const taggedMember = (t: SchemaType, side: CodecSchema, union: SchemaType) =>
      /^object:.+=/.test(this.key(t, side, union));
    // One member for another is a changed type, but two members with different discriminant values are two members.
    if (
      removed.length === 1 &&
      added.length === 1 &&
      !(taggedMember(removed[0]!, this.old, o) && taggedMember(added[0]!, this.now, n))
    ) {
      const [a, b] = [removed[0]!, added[0]!];
      this.add(
        path,
        `type changed from ${describe(a, this.old)} to ${describe(b, this.now)}`,
        this.reads(a, [b], "backward")
          ? undefined
          : `new readers refuse ${describe(a, this.old)}, which bytes written before may hold`,
        this.reads(b, [a], "forward")
          ? undefined
          : `old readers refuse ${describe(b, this.now)}, which bytes written now may hold`,
      );
      return;
    }
    const member = (t: SchemaType, side: CodecSchema, union: SchemaType) => {
      const tagged = /^object:(.+=.+)$/.exec(this.key(t, side, union));
      return tagged ? `${describe(t, side)} (${tagged[1]})` : describe(t, side);
    };
    for (const a of removed) {
      this.add(
        path,
        `union member ${member(a, this.old, o)} removed`,
        this.reads(a, nows, "backward")
          ? undefined
          : `new readers refuse ${describe(a, this.old)}, which bytes written before may hold`,
        undefined,
      );
    }
    for (const b of added) {
      this.add(
        path,
        `union member ${member(b, this.now, n)} added`,
        undefined,
        this.reads(b, olds, "forward")
          ? undefined
          : `old readers refuse ${describe(b, this.now)}, which bytes written now may hold`,
      );
    }
  }

  /** Two members of one kind (same `key`), of the unions `olds` and `nows`. */
  private same(o: SchemaType, n: SchemaType, path: string, olds: SchemaType[], nows: SchemaType[]): void {
    if (o.kind === "flags" && n.kind === "flags") {
      const gone = o.values.filter((v) => !n.values.includes(v));
      const fresh = n.values.filter((v) => !o.values.includes(v));
      if (gone.length > 0)
        this.add(
          path,
          `flags ${gone.join(", ")} removed`,
          `new readers refuse combinations with ${gone.join(", ")}`,
          undefined,
        );
      if (fresh.length > 0)
        this.add(
          path,
          `flags ${fresh.join(", ")} added`,
          undefined,
          `old readers refuse combinations with ${fresh.join(", ")}`,
        );
      return;
    }
    if (o.kind === "literals" && n.kind === "literals") {
      const gone = o.values.filter((v) => !n.values.includes(v));
      const fresh = n.values.filter((v) => !o.values.includes(v));
      if (gone.length > 0) {
        this.add(
          path,
          `${plural(gone.length, "literal")} ${literalList(gone)} removed`,
          this.reads({ kind: "literals", values: gone }, nows, "backward")
            ? undefined
            : `new readers refuse ${literalList(gone)}, which bytes written before may hold`,
          undefined,
        );
      }
      if (fresh.length > 0) {
        this.add(
          path,
          `${plural(fresh.length, "literal")} ${literalList(fresh)} added`,
          undefined,
          this.reads({ kind: "literals", values: fresh }, olds, "forward")
            ? undefined
            : `old readers refuse ${literalList(fresh)}, which bytes written now may hold`,
        );
      }
      return;
    }
    if (o.kind === "number" && n.kind === "number")
      return this.widths(o.width ?? "float64", n.width ?? "float64", path);
    if (o.kind === "template" && n.kind === "template") {
      if (!sameTemplate(o, n))
        this.add(
          path,
          `template changed from ${o.text} to ${n.text}`,
          "the new template may refuse strings the old one took",
          "the old template may refuse strings the new one takes",
        );
      return;
    }
    if ((o.kind === "array" && n.kind === "array") || (o.kind === "set" && n.kind === "set"))
      return this.compare(o.element, n.element, path + "[*]");
    if ((o.kind === "map" && n.kind === "map") || (o.kind === "record" && n.kind === "record")) {
      this.compare(o.key, n.key, path + ".<key>");
      return this.compare(o.value, n.value, path + "[*]");
    }
    if (o.kind === "tuple" && n.kind === "tuple") return this.tuples(o.elements, n.elements, path);
    if (o.kind === "ref" && n.kind === "ref") return this.objects(o.name, n.name, path);
  }

  private objects(oldName: string, newName: string, path: string): void {
    const key = this.seenKey("object", oldName, newName);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const o = this.old.types[oldName] as Extract<SchemaNamed, { kind: "object" }>;
    const n = this.now.types[newName] as Extract<SchemaNamed, { kind: "object" }>;
    if (o.layout !== n.layout) {
      this.add(
        path,
        `layout changed from ${o.layout} to ${n.layout}`,
        "new readers expect the other layout",
        "old readers expect the other layout",
      );
      return;
    }
    if (o.layout === "positional") return this.positional(o.properties, n.properties, path);
    const olds = new Map(o.properties.map((p) => [p.name, p]));
    const nows = new Map(n.properties.map((p) => [p.name, p]));
    let removed = o.properties.filter((p) => !nows.has(p.name));
    let added = n.properties.filter((p) => !olds.has(p.name));
    // One property gone and one of the same type come: a rename, whose value old bytes lose.
    if (
      removed.length === 1 &&
      added.length === 1 &&
      JSON.stringify(removed[0]!.type) === JSON.stringify(added[0]!.type)
    ) {
      const [a, b] = [removed[0]!, added[0]!];
      this.add(
        path,
        `property "${a.name}" renamed to "${b.name}"`,
        `bytes written before carry "${a.name}", which new readers skip, and ${b.optional ? `read "${b.name}" as absent` : `lack "${b.name}", which they require`}`,
        `bytes written now carry "${b.name}", which old readers skip, and ${a.optional ? `read "${a.name}" as absent` : `lack "${a.name}", which they require`}`,
      );
      removed = added = [];
    }
    for (const p of o.properties) {
      const now = nows.get(p.name);
      if (now) this.property(p, now, path + propertySegment(p.name));
    }
    for (const p of removed) {
      this.add(
        path + propertySegment(p.name),
        `${p.optional ? "optional" : "required"} property removed`,
        undefined,
        p.optional ? undefined : `old readers require "${p.name}", which bytes written now lack`,
      );
    }
    for (const p of added) {
      this.add(
        path + propertySegment(p.name),
        `property added as ${p.optional ? "optional" : "required"}`,
        p.optional ? undefined : `new readers require "${p.name}", which bytes written before lack`,
        undefined,
      );
    }
    if (o.rest && n.rest) this.compare(o.rest, n.rest, path + "[*]");
    else if (o.rest)
      this.add(
        path + "[*]",
        "index signature removed",
        "new readers skip the keys beyond the declared properties that bytes written before may hold",
        undefined,
      );
    else if (n.rest)
      this.add(
        path + "[*]",
        "index signature added",
        undefined,
        "old readers skip the keys beyond the declared properties that bytes written now may hold",
      );
  }

  private property(o: SchemaProperty, n: SchemaProperty, path: string): void {
    if (o.optional && !n.optional)
      this.add(
        path,
        "property became required",
        `new readers require "${n.name}", which bytes written before may lack`,
        undefined,
      );
    if (!o.optional && n.optional)
      this.add(
        path,
        "property became optional",
        undefined,
        `old readers require "${n.name}", which bytes written now may lack`,
      );
    this.compare(o.type, n.type, path);
  }

  /**
   * Objects written as arrays of their property values (issue 17 part 2): a property is read by its
   * index, so any move, addition or removal is breaking until that layout defines what readers
   * accept of a shorter or longer array.
   */
  private positional(olds: SchemaProperty[], nows: SchemaProperty[], path: string): void {
    for (let i = 0; i < Math.max(olds.length, nows.length); i++) {
      const [o, n] = [olds[i], nows[i]];
      if (o && n && o.name === n.name) this.property(o, n, `${path}[${i}]`);
      else if (o && n)
        this.add(
          `${path}[${i}]`,
          `positional index ${i} moved from "${o.name}" to "${n.name}"`,
          `new readers take index ${i} of bytes written before as "${n.name}"`,
          `old readers take index ${i} of bytes written now as "${o.name}"`,
        );
      else if (o)
        this.add(
          `${path}[${i}]`,
          `positional property "${o.name}" removed`,
          "new readers expect fewer values than bytes written before hold",
          "old readers expect more values than bytes written now hold",
        );
      else if (n)
        this.add(
          `${path}[${i}]`,
          `positional property "${n.name}" added`,
          "new readers expect more values than bytes written before hold",
          "old readers expect fewer values than bytes written now hold",
        );
    }
  }

  private tuples(
    olds: { mode: string; type: SchemaType }[],
    nows: { mode: string; type: SchemaType }[],
    path: string,
  ): void {
    const shape = (es: { mode: string }[]) => es.map((e) => e.mode).join(",");
    if (shape(olds) !== shape(nows)) {
      const [a, b] = [tupleText(olds), tupleText(nows)];
      this.add(
        path,
        `tuple changed from ${a} to ${b}`,
        `new readers check lengths as ${b}`,
        `old readers check lengths as ${a}`,
      );
    }
    for (let i = 0; i < Math.min(olds.length, nows.length); i++)
      this.compare(olds[i]!.type, nows[i]!.type, `${path}[${i}]`);
  }

  private widths(o: NumberWidth, n: NumberWidth, path: string): void {
    if (o === n) return;
    const [a, b] = [RANGES[o], RANGES[n]];
    this.add(
      path,
      `number width changed from ${o} to ${n}`,
      within(a, b) ? undefined : `new readers refuse ${o} values outside ${n}`,
      within(b, a) ? undefined : `old readers refuse ${n} values outside ${o}`,
    );
  }

  /** Whether every value of `writer` decodes alike with some member of `readers`, in `direction` (writer and readers from its two sides). */
  private reads(writer: SchemaType, readers: SchemaType[], direction: Direction): boolean {
    if (writer.kind === "literals") return writer.values.every((v) => readers.some((r) => readsLiteral(v, r)));
    // Instant shares the timestamp extension with Date (nanoseconds beyond its milliseconds dropped); the others are strings.
    if (writer.kind === "temporal")
      return readers.some(
        (r) =>
          r.kind === "unknown" ||
          (r.kind === "temporal" && r.type === writer.type) ||
          r.kind === (writer.type === "Instant" ? "date" : "string"),
      );
    if (writer.kind === "date" && readers.some((r) => r.kind === "temporal" && r.type === "Instant")) return true;
    // An extension mapping's values (members() unwraps the others): read by the same extension type, or as anything.
    if (writer.kind === "mapped")
      return readers.some((r) => r.kind === "unknown" || (r.kind === "mapped" && r.ext === writer.ext));
    // Any combination of the bits: readers of every one of them, of any non-negative integer, or of anything.
    if (writer.kind === "flags")
      return readers.some(
        (r) =>
          r.kind === "unknown" ||
          (r.kind === "number" && (r.width === undefined || r.width.startsWith("float"))) ||
          r.kind === "numberOrBigint" ||
          (r.kind === "flags" && writer.values.every((v) => r.values.includes(v))),
      );
    return readers.some((r) => {
      if (r.kind === "unknown") return true;
      if (writer.kind === "number" && r.kind === "numberOrBigint")
        return (writer.width ?? "float64").startsWith("float") || !writer.width?.endsWith("64");
      if (writer.kind === "template" && r.kind === "string") return true;
      // A side question, asked of a fresh Differ whose old side is the writer's: does it find a backward break?
      const [writes, reads] = direction === "backward" ? [this.old, this.now] : [this.now, this.old];
      const side = new Differ(writes, reads, new Set(this.seen), (direction === "forward") !== this.swapped);
      if (writer.kind === "tuple" && r.kind === "array") {
        for (const e of writer.elements) side.compare(e.type, r.element, "$");
      } else if (shallowKey(writer, writes) === shallowKey(r, reads)) {
        side.same(writer, r, "$", [writer], [r]);
      } else {
        return false;
      }
      return side.changes.every((c) => c.backward === undefined);
    });
  }

  /**
   * What pairs a member with its counterpart: its kind; for arrays, sets and maps also the kind of
   * what they hold; for object types in a union with a discriminant, the discriminant's value, else
   * the type's name (an unmatched object on each side is then paired anyway, by `match`).
   */
  key(t: SchemaType, side: CodecSchema, union: SchemaType): string {
    switch (t.kind) {
      case "temporal":
        return `temporal:${t.type}`;
      case "mapped":
        return `ext:${t.ext}`;
      case "array":
      case "set":
        return `${t.kind}<${shallowKey(t.element, side)}>`;
      case "ref": {
        const named = side.types[t.name];
        if (named?.kind !== "object") return "alias:" + t.name;
        const tag = union.kind === "union" ? union.discriminant : undefined;
        const tagType = tag === undefined ? undefined : named.properties.find((p) => p.name === tag)?.type;
        return tagType?.kind === "literals"
          ? `object:${tag}=${tagType.values.map((v) => JSON.stringify(v)).join("|")}`
          : "object:" + t.name;
      }
      default:
        return t.kind;
    }
  }

  /** A ref to a recursive alias is compared as its type; a pair of them met again ends the walk. */
  private unwrapAliases(o: SchemaType, n: SchemaType): [SchemaType, SchemaType] | undefined {
    const alias = (t: SchemaType, side: CodecSchema) =>
      t.kind === "ref" && side.types[t.name]?.kind === "alias" ? t.name : undefined;
    const [a, b] = [alias(o, this.old), alias(n, this.now)];
    if (a === undefined && b === undefined) return [o, n];
    const key = this.seenKey("alias", a ?? "", b ?? "");
    if (this.seen.has(key)) return undefined;
    this.seen.add(key);
    const typeOf = (name: string | undefined, t: SchemaType, side: CodecSchema) =>
      name === undefined ? t : (side.types[name] as Extract<SchemaNamed, { kind: "alias" }>).type;
    return [typeOf(a, o, this.old), typeOf(b, n, this.now)];
  }

  /** The same pair of names from the same sides, whichever Differ meets it. */
  private seenKey(kind: string, oldName: string, newName: string): string {
    return this.swapped ? `${kind}\0${newName}\0${oldName}\0swapped` : `${kind}\0${oldName}\0${newName}`;
  }

  private add(path: string, what: string, backward: string | undefined, forward: string | undefined): void {
    const change: Found = { path, what };
    if (backward !== undefined) change.backward = backward;
    if (forward !== undefined) change.forward = forward;
    this.changes.push(change);
  }
}

/** A member's kind, with `object` or `alias` for a ref: what a side question requires to be alike before comparing. */
function shallowKey(t: SchemaType, side: CodecSchema): string {
  if (t.kind !== "ref") return t.kind;
  return side.types[t.name]?.kind === "alias" ? "alias" : "object";
}

function members(t: SchemaType): SchemaType[] {
  // A class with a wire mapping is read and written as its wire type: that is what the bytes hold.
  // One with an extension mapping is its extension type (key: `ext:7`).
  const wire = (m: SchemaType) => (m.kind === "mapped" && m.ext === undefined ? members(m.wire) : [m]);
  return t.kind === "union" ? t.members.flatMap(wire) : wire(t);
}

/** Pairs members by key; one unpaired object type on each side is paired too (a renamed interface), unless a discriminant tells them apart. */
function match(
  olds: SchemaType[],
  nows: SchemaType[],
  oldKey: (t: SchemaType) => string,
  newKey: (t: SchemaType) => string,
) {
  const pairs: [SchemaType, SchemaType][] = [];
  const left = [...nows];
  const onlyOld: SchemaType[] = [];
  for (const o of olds) {
    const i = left.findIndex((n) => newKey(n) === oldKey(o));
    if (i >= 0) pairs.push([o, left.splice(i, 1)[0]!]);
    else onlyOld.push(o);
  }
  // Not members with a discriminant: their discriminant value is what they are.
  const untagged = (key: string) => key.startsWith("object:") && !key.includes("=");
  const objectOld = onlyOld.filter((t) => untagged(oldKey(t)));
  const objectNew = left.filter((t) => untagged(newKey(t)));
  if (objectOld.length === 1 && objectNew.length === 1) {
    pairs.push([objectOld[0]!, objectNew[0]!]);
    return {
      pairs,
      onlyOld: onlyOld.filter((t) => t !== objectOld[0]),
      onlyNew: left.filter((t) => t !== objectNew[0]),
    };
  }
  return { pairs, onlyOld, onlyNew: left };
}

function readsLiteral(v: Literal, r: SchemaType): boolean {
  switch (r.kind) {
    case "unknown":
      return true;
    case "literals":
      return r.values.includes(v);
    case "flags":
      return (
        typeof v === "number" &&
        isFlags(
          v,
          r.values.reduce((mask, bit) => mask + bit, 0),
        )
      );
    case "string":
      return typeof v === "string";
    case "boolean":
      return typeof v === "boolean";
    case "number":
      return typeof v === "number" && inRange(v, RANGES[r.width ?? "float64"]);
    case "numberOrBigint":
      return typeof v === "number";
    case "template":
      if (typeof v !== "string") return false;
      return "texts" in r ? isTemplateMember(v, r.texts, r.holes) : new RegExp(r.pattern).test(v);
    default:
      return false;
  }
}

/** Templates are the same type when their texts and holes are; a 0.9 snapshot has neither, only the text. */
function sameTemplate(
  o: Extract<SchemaType, { kind: "template" }>,
  n: Extract<SchemaType, { kind: "template" }>,
): boolean {
  if ("texts" in o && "texts" in n) return JSON.stringify([o.texts, o.holes]) === JSON.stringify([n.texts, n.holes]);
  return o.text === n.text;
}

/** The values each width holds: [min, max, integers only]. */
const RANGES: Record<NumberWidth, [number, number, boolean]> = {
  float64: [-Infinity, Infinity, false],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38, false],
  int8: [-128, 127, true],
  int16: [-32768, 32767, true],
  int32: [-2147483648, 2147483647, true],
  int64: [-(2 ** 63), 2 ** 63 - 1, true],
  uint8: [0, 255, true],
  uint16: [0, 65535, true],
  uint32: [0, 4294967295, true],
  uint64: [0, 2 ** 64 - 1, true],
};

/** Every value of range `a` is one of range `b` (float 32 holds fewer values than float 64, not more). */
function within(a: [number, number, boolean], b: [number, number, boolean]): boolean {
  const precision = (r: [number, number, boolean]) => (r[2] ? 0 : r[1] === Infinity ? 2 : 1);
  if (!a[2] && b[2]) return false;
  if (!a[2] && !b[2] && precision(a) > precision(b)) return false;
  return a[0] >= b[0] && a[1] <= b[1];
}

function inRange(v: number, [min, max, integer]: [number, number, boolean]): boolean {
  return v >= min && v <= max && (!integer || Number.isInteger(v));
}

/** How a change message names a type (model/kinds.ts): `string`, `"a" | "b"`, `Order`, `number[]`, `Decimal (as string)`. */
export function describe(t: SchemaType, side: CodecSchema): string {
  return describeType(t, (name) => side.types[name]?.display ?? name, "wire");
}

/** A tuple's lengths, for length changes: each element by its kind alone (`[string, number?, ...string[]]`). */
function tupleText(elements: { mode: string; type: SchemaType }[]): string {
  const text = (e: { mode: string; type: SchemaType }) =>
    e.mode === "rest" ? `...${e.type.kind}[]` : e.mode === "optional" ? `${e.type.kind}?` : e.type.kind;
  return `[${elements.map(text).join(", ")}]`;
}

function literalList(values: readonly Literal[]): string {
  return describeType({ kind: "literals", values: [...values] }, String);
}

function plural(n: number, word: string): string {
  return n === 1 ? word : word + "s";
}
