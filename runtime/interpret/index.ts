/**
 * `typed-msgpack/interpret`: the runtime of size-optimized codecs (`codecFor<T>({ optimize: "size" })`).
 * Their generated code is a table of T's types (runtime/interpret/table.ts) instead of a function per
 * type and direction; `interpret` turns it, once, into one encoder and one decoder closure per entry,
 * which call the runtime functions generated code calls, so the bytes, the errors (codes, messages,
 * paths, offsets) and the limits are those of the default mode. Its own entry, so that applications
 * that never ask for size leave it out of their bundles. No `new Function`, no module state.
 */
import { codec, type Codec, type DecodeFn, type EncodeFn } from "../codec.js";

export type { Dec, Enc, Interpreted };
import { keySegment } from "../errors.js";
import { fixMapHeader, isRecordLike, setOwn } from "../objects.js";
import type { Reader } from "../reader.js";
import { literals, readKeyString, readOneOf, readString, writeString, notOneOf } from "../strings.js";
import type { Literals } from "../wire.js";
import { mismatch, tooDeep, type Writer } from "../writer.js";
import { objectCodec } from "./objects.js";
import { OP, type Dec, type Enc, type Entry, type Interpreted } from "./table.js";
import { unionCodec } from "./unions.js";

/**
 * The codec of a table: `root` is the entry of the codec's type, `element` that of its elements when
 * it is an array (for streaming an array element by element, as generated codecs do).
 * @throws Error when the table is of another generated-code version than this runtime (as `codec`).
 */
export function interpret<T>(version: number, table: readonly Entry[], root: number, element?: number): Codec<T> {
  const it: Interpreted = { E: new Array(table.length), D: new Array(table.length), table, names: new Map() };
  for (let i = 0; i < table.length; i++) build(it, i);
  const args: [EncodeFn<T>, DecodeFn<T>] = [it.E[root]! as EncodeFn<T>, it.D[root]! as DecodeFn<T>];
  return element === undefined ? codec(version, ...args) : codec(version, ...args, it.D[element]!);
}

function build(it: Interpreted, i: number): void {
  const entry = it.table[i]!;
  const { E, D } = it;
  switch (entry[0]) {
    case OP.STRING:
      E[i] = (w, v, p) => writeString(w, v, p);
      D[i] = (r, p) => readString(r, p);
      return;
    case OP.NUMBER:
      E[i] = (w, v, p) => w.number(v, p);
      D[i] = (r, p) => r.number(p);
      return;
    case OP.BOOLEAN:
      E[i] = (w, v, p) => w.bool(v, p);
      D[i] = (r, p) => r.bool(p);
      return;
    case OP.NULL:
    case OP.UNDEFINED: {
      const expected = entry[0] === OP.NULL ? null : undefined;
      const name = entry[0] === OP.NULL ? "null" : "undefined";
      E[i] = (w, v, p) => {
        if (v !== expected) mismatch(name, v, p);
        w.nil();
      };
      D[i] = expected === null ? (r, p) => r.nil(p) : (r, p) => r.undefinedValue(p);
      return;
    }
    case OP.LITERALS:
      literalsCodec(it, i, entry[1] as (string | number | boolean)[]);
      return;
    case OP.NIL_OR: {
      const [, nil, other] = entry as [number, 0 | 1 | 2, number];
      const absent = nil === 1 ? undefined : null;
      E[i] =
        nil === 2
          ? (w, v, p, d) => (v == null ? w.nil() : E[other]!(w, v, p, d))
          : (w, v, p, d) => (v === absent ? w.nil() : E[other]!(w, v, p, d));
      D[i] = (r, p, d) => (r.takeNil() ? absent : D[other]!(r, p, d));
      return;
    }
    case OP.SPLIT: {
      const [, decoder, encoder] = entry as [number, number, number];
      E[i] = (w, v, p, d) => E[encoder]!(w, v, p, d);
      D[i] = (r, p, d) => D[decoder]!(r, p, d);
      return;
    }
    case OP.NAMES:
      return;
    case OP.ARRAY: {
      const element = entry[1] as number;
      E[i] = (w, v, p, d) => {
        const n = w.array(v, p);
        const enc = E[element]!;
        for (let j = 0; j < n; j++) enc(w, (v as unknown[])[j], p && p + "[" + j + "]", d);
      };
      D[i] = (r, p, d) => {
        const n = r.arrayHeader(p);
        const out = new Array(n);
        const dec = D[element]!;
        for (let j = 0; j < n; j++) out[j] = dec(r, p && p + "[" + j + "]", d);
        return out;
      };
      return;
    }
    case OP.RECORD: {
      const value = entry[1] as number;
      E[i] = (w, v, p, d) => {
        if (!isRecordLike(v)) mismatch("an object", v, p);
        // As generated code does: one read of each value, the header fixed if some were undefined.
        const keys = Object.keys(v);
        const at = w.pos;
        w.mapHeader(keys.length);
        const enc = E[value]!;
        let absent = 0;
        for (const k of keys) {
          const x = v[k];
          if (x === undefined) absent++;
          else {
            writeString(w, k);
            enc(w, x, p && p + keySegment(k), d);
          }
        }
        if (absent !== 0) fixMapHeader(w, at, keys.length - absent);
      };
      D[i] = (r, p, d) => {
        const n = r.mapHeader(p);
        const out: Record<string, unknown> = {};
        const dec = D[value]!;
        for (let j = 0; j < n; j++) {
          const k = readKeyString(r, p);
          setOwn(out, k, dec(r, p && p + keySegment(k), d));
        }
        return out;
      };
      return;
    }
    case OP.OBJECT:
      objectCodec(it, i);
      return;
    case OP.ALIAS: {
      const [, counts, type] = entry as [number, number, number];
      if (counts === 0) {
        E[i] = (w, v, p, d) => E[type]!(w, v, p, d);
        D[i] = (r, p, d) => D[type]!(r, p, d);
        return;
      }
      E[i] = (w, v, p, d) => {
        if (d > w.maxDepth) tooDeep(w.maxDepth, p);
        E[type]!(w, v, p, d + 1);
      };
      D[i] = (r, p, d) => {
        if (d > r.maxDepth) r.tooDeep(p);
        return D[type]!(r, p, d + 1);
      };
      return;
    }
    case OP.UNION:
      unionCodec(it, i);
      return;
    case OP.FALLBACK:
      E[i] = entry[1] as Enc;
      D[i] = entry[2] as Dec;
      return;
    default:
      throw new Error(`typed-msgpack internal error: no table operation ${String(entry[0])}`);
  }
}

/** Literal unions up to this many values are read as pre-encoded bytes (emit/scalars.ts FEW_LITERALS). */
const FEW_LITERALS = 16;

/** A literal union, as emit/scalars.ts writes and reads one. */
function literalsCodec(it: Interpreted, i: number, values: (string | number | boolean)[]): void {
  // Pre-encoded when first used, as key tables are (runtime/interpret/objects.ts).
  let table: Literals | undefined;
  const pre = () => (table ??= literals(values));
  const description = values.map((v) => JSON.stringify(v)).join(" | ");
  const members = new Set<unknown>(values);
  const strings = values.length <= FEW_LITERALS && values.every((x) => typeof x === "string");
  if (strings) {
    // Each value copied pre-encoded.
    const index = new Map<unknown, number>(values.map((x, k) => [x, k]));
    it.E[i] = (w: Writer, v, p) => {
      const k = index.get(v);
      if (k === undefined) mismatch(description, v, p);
      w.raw(pre()[k]!);
    };
  } else {
    it.E[i] = (w: Writer, v, p) => {
      if (!members.has(v)) mismatch(description, v, p);
      if (typeof v === "string") writeString(w, v);
      else if (typeof v === "number") w.number(v);
      else w.bool(v as boolean);
    };
  }
  if (values.length <= FEW_LITERALS) {
    it.D[i] = (r: Reader, p) => readOneOf(r, pre(), p);
    return;
  }
  const kinds = new Set(values.map((x) => typeof x));
  it.D[i] = (r: Reader, p) => {
    const at = r.pos;
    // One kind: the emitter leaves a larger union of several kinds to generated code.
    const x = kinds.has("string") ? readString(r, p) : kinds.has("number") ? r.number(p) : r.bool(p);
    return members.has(x) ? x : notOneOf(r, description, x, p, at);
  };
}
