import { keySegment } from "../errors.js";
import { isRecordLike, noExtraKeys, ownValue } from "../objects.js";
import type { Reader } from "../reader.js";
import type { PreEncoded } from "../wire.js";
import { duplicateKey, keys, missing, readKey, unknownKey } from "../strings.js";
import { mismatch, tooDeep } from "../writer.js";
import type { Interpreted } from "./table.js";
import { CHECKS_DEPTH, INHERITED_NAMES, OP, RESUMABLE, TRIED_STRICTLY } from "./table.js";

/**
 * A keyed object type, as emit/objects.ts writes and reads one: the value checked to be a plain
 * object, its properties read, a map header counting the present ones, then each key and value in
 * declaration order; decoding matches keys as bytes (readKey), a bit per property catching
 * duplicates and missing required ones, into one object with every declared property.
 */
/** What object types with the same property names share: their key table and paths, made once. */
interface Names {
  names: string[];
  /** The key table, pre-encoded when first used: a table of thousands of types loads without encoding them all. */
  keys: () => PreEncoded[];
  segments: string[];
  inherited: boolean[];
  proto: boolean;
}

function namesOf(it: Interpreted, list: number): Names {
  let known = it.names.get(list) as Names | undefined;
  if (!known) {
    const names = it.table[list]![1] as string[];
    let table: PreEncoded[] | undefined;
    known = {
      names,
      keys: () => (table ??= keys(names)),
      segments: names.map((name) => keySegment(name)),
      inherited: names.map((name) => INHERITED_NAMES.has(name)),
      proto: names.includes("__proto__"),
    };
    it.names.set(list, known);
  }
  return known;
}

export function objectCodec(it: Interpreted, i: number): void {
  const [, display, flags, list, types] = it.table[i] as [number, string, number, number, number[]];
  const { names, keys: keyTable, segments, inherited, proto } = namesOf(it, list);
  const { E, D } = it;
  const count = names.length;
  const expected = `an object (${display})`;
  const checksDepth = (flags & CHECKS_DEPTH) !== 0;
  const strictly = (flags & TRIED_STRICTLY) !== 0;
  const resumes = (flags & RESUMABLE) !== 0;
  const optional = types.map((t) => t < 0);
  const entries = types.map((t) => (t < 0 ? ~t : t));
  // `T | undefined` (nil 1 of NIL_OR): read as absent when nil (Reader.absentNil, emit/objects.ts
  // decodeProperty) and, when optional, written as T (absence is no key at all).
  const absent = entries.map((t) => it.table[t]![0] === OP.NIL_OR && it.table[t]![1] === 1);
  const decoders = entries.map((t, k) => (absent[k] ? (it.table[t]![2] as number) : t));
  const writers = entries.map((t, k) => (absent[k] && optional[k] ? (it.table[t]![2] as number) : t));
  const required = optional.filter((o) => !o).length;
  const words = Math.max(1, Math.ceil(count / 30));
  const masks = Array.from({ length: words }, (_, word) =>
    optional.reduce((mask, o, k) => (!o && Math.floor(k / 30) === word ? mask + 2 ** (k % 30) : mask), 0),
  );
  // A required property of one literal value (a union's tag) is that literal in the result, read or
  // not (a union that resumes this decoder has read it); 0 is read, for -0 (emit/objects.ts fixedValue).
  const fixed = decoders.map((e, k) => {
    const entry = it.table[e]!;
    const values = entry[0] === OP.LITERALS ? (entry[1] as unknown[]) : [];
    return !optional[k] && values.length === 1 && values[0] !== 0 ? { value: values[0] } : undefined;
  });

  // Arrays of property values run their loop here, not in a function of their own: a level of
  // nesting costs as few stack frames as generated code's (deep input must reach maxDepth first).
  const elementOf = (e: number) => (it.table[e]![0] === OP.ARRAY ? (it.table[e]![1] as number) : -1);
  const readArrays = decoders.map(elementOf);
  const writeArrays = writers.map(elementOf);

  it.E[i] = (w, v, p, d) => {
    if (count === 0) {
      if (!isRecordLike(v)) mismatch(expected, v, p);
      if (checksDepth && d > w.maxDepth) tooDeep(w.maxDepth, p);
      if (strictly && w.strict) noExtraKeys(v, 0, p);
      w.mapHeader(0);
      return;
    }
    if (!(typeof v === "object" && v !== null)) mismatch(expected, v, p);
    const o = v as Record<string, unknown>;
    const values = new Array(count);
    for (let k = 0; k < count; k++) values[k] = inherited[k] ? ownValue(o, names[k]!) : o[names[k]!];
    if (Object.getPrototypeOf(o) !== Object.prototype && !isRecordLike(o)) mismatch(expected, v, p);
    if (checksDepth && d > w.maxDepth) tooDeep(w.maxDepth, p);
    let n = required;
    for (let k = 0; k < count; k++) if (optional[k] && values[k] !== undefined) n++;
    if (strictly && w.strict) noExtraKeys(o, n, p);
    w.mapHeader(n);
    const table = keyTable();
    for (let k = 0; k < count; k++) {
      const value = values[k];
      if (optional[k] && value === undefined) continue;
      w.raw(table[k]!);
      const path = p && p + segments[k];
      const element = writeArrays[k]!;
      if (element < 0) {
        E[writers[k]!]!(w, value, path, d + 1);
        continue;
      }
      const size = w.array(value, path);
      const enc = E[element]!;
      for (let j = 0; j < size; j++) enc(w, (value as unknown[])[j], path && path + "[" + j + "]", d + 1);
    }
  };

  // Resumable: `(r, p, d, n, i, seen0)` from a tagged union, the header read first (see RESUMABLE).
  it.D[i] = (r: Reader, p: string | undefined, d: number, n?: number, from = 0, seen0 = 0) => {
    if (!resumes) {
      if (checksDepth && d > r.maxDepth) r.tooDeep(p);
      n = r.mapHeader(p);
    } else {
      if (n === undefined) n = r.mapHeader(p);
      if (checksDepth && d > r.maxDepth) r.tooDeep(p);
    }
    const table = keyTable();
    const values = new Array(count);
    const seen = words === 1 ? undefined : new Array<number>(words).fill(0);
    let h = from - 1;
    for (let k = from; k < n; k++) {
      h = readKey(r, table, h + 1, p);
      if (h < 0) {
        unknownKey(r, p, d + 1);
        continue;
      }
      if (seen === undefined) {
        const bit = 1 << h;
        if (seen0 & bit) duplicateKey(r, p);
        seen0 |= bit;
      } else {
        const word = Math.floor(h / 30),
          bit = 1 << (h - 30 * word);
        if (seen[word]! & bit) duplicateKey(r, p);
        seen[word]! |= bit;
      }
      const path = p && p + segments[h];
      const element = readArrays[h]!;
      if (absent[h] && r.absentNil()) {
        values[h] = undefined;
        continue;
      }
      if (element < 0) {
        values[h] = D[decoders[h]!]!(r, path, d + 1);
        continue;
      }
      const size = r.arrayHeader(path);
      const array = new Array(size);
      const dec = D[element]!;
      for (let j = 0; j < size; j++) array[j] = dec(r, path && path + "[" + j + "]", d + 1);
      values[h] = array;
    }
    // One word (up to 30 properties) is checked without an array: this runs for every object decoded.
    const incomplete =
      seen === undefined
        ? (seen0 & masks[0]!) !== masks[0]!
        : masks.some((mask, word) => (seen[word]! & mask) !== mask);
    if (incomplete) missing(r, table, masks, seen ?? [seen0], p);
    const out: Record<string, unknown> = {};
    for (let k = 0; k < count; k++) {
      const known = fixed[k];
      const value = known ? known.value : values[k];
      if (proto && names[k] === "__proto__")
        Object.defineProperty(out, "__proto__", { value, enumerable: true, writable: true, configurable: true });
      else out[names[k]!] = value;
    }
    return out;
  };
}
