/**
 * Decode never hangs on nesting: a union's tag, keys or positional discriminant written after a
 * nested sibling at every level is found by looking ahead, and every lookahead after the first one
 * down a branch jumps over the containers an earlier one walked through (skipAhead's memo). Work is
 * measured, not timed: the number of values the Reader looks at (`Reader.head`), against the input.
 */
import { load } from "../helpers/compile";
import { Reader, type Codec } from "../../runtime/index";
import { arr, cat, expectCodecError, map, str } from "./lib";

const C = load<Record<string, Codec<any>>>(
  "hostile_nesting_bombs",
  `
import { codecFor } from "typed-msgpack";
export type E = { args: E[]; kind: "call" } | { kind: "num"; value: number };
export const EC = codecFor<E>();
export type U = { left: U; x: number } | { right: U; y: string } | { z: boolean };
export const UC = codecFor<U>();
export type P = { args: P[]; kind: "call" } | { value: number; kind: "num" };
export const PC = codecFor<P>({ layout: "positional" });
`,
);

/** Runs `f`, counting the values the Readers it creates look at, and whether any of them looked ahead. */
function measure(f: () => unknown): { heads: number; lookedAhead: boolean } {
  const head = Object.getOwnPropertyDescriptor(Reader.prototype, "head")!;
  const readers = new Set<Reader>();
  let heads = 0;
  Reader.prototype.head = function (this: Reader, p: string | undefined) {
    heads++;
    readers.add(this);
    return (head.value as Reader["head"]).call(this, p);
  };
  try {
    f();
  } catch {
    /* measured either way */
  } finally {
    Object.defineProperty(Reader.prototype, "head", head);
  }
  return { heads, lookedAhead: [...readers].some((r) => r.aheadTo > 0 || r.ends !== undefined) };
}

const LEAF = map(2) + str("kind") + str("num") + str("value") + "01";

/** `levels` calls around a num: `{args: [...], kind: "call"}`, tag last (or first). */
function calls(levels: number, tagFirst = false): Uint8Array {
  const tag = str("kind") + str("call");
  const open = tagFirst ? map(2) + tag + str("args") + arr(1) : map(2) + str("args") + arr(1);
  return cat(open.repeat(levels) + LEAF + (tagFirst ? "" : tag.repeat(levels)));
}

/** The decoded value of calls(levels). */
function value(levels: number): unknown {
  let v: unknown = { kind: "num", value: 1 };
  for (let i = 0; i < levels; i++) v = { args: [v], kind: "call" };
  return v;
}

describe("a tagged union whose tag comes after a nested sibling (E: args before kind)", () => {
  test("900 levels, tag last: decodes to the same value as tag first, each byte looked at about once", () => {
    const last = calls(900);
    const first = calls(900, true);
    expect(C.EC!.decode(last)).toEqual(value(900));
    expect(C.EC!.decode(first)).toEqual(value(900));
    // Encoders write properties in declaration order: this type's own bytes put the tag last.
    expect(C.EC!.encode(value(900))).toEqual(last);
    // Without the memo, each level's lookahead walked all the levels below it: ~1.6 million heads.
    const { heads, lookedAhead } = measure(() => C.EC!.decode(last));
    expect(lookedAhead).toBe(true);
    expect(heads).toBeLessThan(last.length);
  });

  test("tag first: no lookahead at all (the path encoders' output takes)", () => {
    const { heads, lookedAhead } = measure(() => C.EC!.decode(calls(900, true)));
    expect(lookedAhead).toBe(false);
    expect(heads).toBeLessThan(3 * 900);
  });

  test.each([3_000, 30_000])(
    "%i levels, tag last: too-deep at level 1001, after work linear in the input",
    (levels) => {
      const bytes = calls(levels);
      // The decoder's own depth check fails it, with the path and offset of the tag-first input's
      // error path: the lookahead before it changed nothing but the time.
      expectCodecError(() => C.EC!.decode(bytes), {
        code: "too-deep",
        path: "$" + ".args[0]".repeat(1001),
        offset: 7 * 1001 + 1,
      });
      expectCodecError(() => C.EC!.decode(calls(levels, true)), {
        code: "too-deep",
        path: "$" + ".args[0]".repeat(1001),
        offset: 17 * 1001 + 11,
      });
      // Two walks through the input (the first lookahead, then the one that records where each
      // container ends) and 1001 levels of decoding, twice (the retry that locates the path); without
      // the memo, ~1001 walks each time.
      const { heads } = measure(() => C.EC!.decode(bytes));
      expect(heads).toBeLessThan(2 * bytes.length);
    },
  );

  test("a lookahead still checks what it walks through (the reserved byte deep in the sibling)", () => {
    const bytes = cat(calls(50).subarray(0, 7 * 50), "c1");
    expectCodecError(() => C.EC!.decode(bytes), { code: "malformed", path: "$", offset: 7 * 50 });
  });
});

describe("other lookaheads: an untagged union's keys, a positional discriminant", () => {
  test("untagged union chosen by keys, with the deciding key after the nested one (pickMember)", () => {
    const levels = 900;
    const bytes = cat(
      (map(2) + str("left")).repeat(levels) + map(1) + str("z") + "c3" + (str("x") + "01").repeat(levels),
    );
    let v: unknown = { z: true };
    for (let i = 0; i < levels; i++) v = { left: v, x: 1 };
    expect(C.UC!.decode(bytes)).toEqual(v);
    const { heads } = measure(() => C.UC!.decode(bytes));
    expect(heads).toBeLessThan(2 * bytes.length); // without the memo, ~400,000
    const deep = cat(
      (map(2) + str("left")).repeat(30_000) + map(1) + str("z") + "c3" + (str("x") + "01").repeat(30_000),
    );
    expectCodecError(() => C.UC!.decode(deep), {
      code: "too-deep",
      path: "$" + ".left".repeat(1001),
      offset: 6 * 1001,
    });
    expect(measure(() => C.UC!.decode(deep)).heads).toBeLessThan(2 * deep.length);
  });

  test("positional tagged union, discriminant after the nested element (readPositionalTag)", () => {
    const levels = 900;
    const bytes = cat((arr(2) + arr(1)).repeat(levels) + arr(2) + "01" + str("num") + str("call").repeat(levels));
    let v: unknown = { value: 1, kind: "num" };
    for (let i = 0; i < levels; i++) v = { args: [v], kind: "call" };
    expect(C.PC!.decode(bytes)).toEqual(v);
    expect(C.PC!.encode(v)).toEqual(bytes);
    const { heads } = measure(() => C.PC!.decode(bytes));
    expect(heads).toBeLessThan(2 * bytes.length); // without the memo, ~800,000
    const deep = cat((arr(2) + arr(1)).repeat(30_000) + arr(2) + "01" + str("num") + str("call").repeat(30_000));
    expectCodecError(() => C.PC!.decode(deep), {
      code: "too-deep",
      path: "$" + ".args[0]".repeat(1001),
      offset: 2 * 1001,
    });
    // Four walks (two per attempt, the second attempt locating the path), at 4 values per 7 bytes.
    expect(measure(() => C.PC!.decode(deep)).heads).toBeLessThan(3 * deep.length);
  });
});
