/**
 * Codecs for generic types (issue 16): `codecFor<Page<T>>(item)` inside generic code, compiled
 * through the real transformer. A generic codec applied to concrete codecs must behave exactly as
 * the codec of the concrete type: same bytes, same validation, same paths, limits and streaming.
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import { CodecError, type Codec, type DecodeOptions } from "../../runtime/index";
import { decodeArrayStream } from "../../runtime/stream";
import { about, codecError, expectDecodeError, expectEncodeError, fromHex, hex, roundTrip } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, any>>("roundtrip_generics", fixture("roundtrip/generics"));

const user = (i: number) => ({ id: i, email: `u${i}@example.com` });
const page = { items: [user(1), user(2), user(3)], next: "c2", total: 30 };

/** Round-trips `value` through the generic codec and checks its bytes against the concrete codec's and @msgpack/msgpack's reading. */
function sameAsDirect(generic: Codec<any>, direct: Codec<any>, value: unknown, peer = true): void {
  const bytes = roundTrip(generic, value);
  about(bytes, () => {
    expect(hex(bytes)).toBe(hex(direct.encode(value)));
    expect(direct.decode(bytes)).toEqual(value);
    if (peer) expect(peerDecode(bytes)).toEqual(value);
  });
}

describe("a generic codec applied to concrete codecs gives the concrete codec's bytes", () => {
  test("Page<T> of User", () => {
    sameAsDirect(C.UserPage, C.UserPageDirect, page);
    sameAsDirect(C.UserPage, C.UserPageDirect, { items: [], total: 0 });
  });
  test("Envelope<K, P>: two codec arguments, in order of declaration", () => {
    sameAsDirect(
      C.OrderEvent,
      C.OrderEventDirect,
      { kind: "order", sentAt: new Date(1_700_000_000_000), payload: user(7) },
      false,
    );
  });
  test("a recursive generic type", () => {
    const tree = {
      value: 1,
      children: [
        { value: 2, children: [] },
        { value: 3, children: [{ value: 4, children: [] }] },
      ],
    };
    sameAsDirect(C.NumberTree, C.NumberTreeDirect, tree);
  });
  test("a discriminated union of the type parameters, with a generic codec as an argument", () => {
    sameAsDirect(C.Outcome, C.OutcomeDirect, { ok: true, value: page });
    sameAsDirect(C.Outcome, C.OutcomeDirect, { ok: false, error: "not found" });
  });
  test("T[] and T | null as roots", () => {
    sameAsDirect(C.Users, C.UsersDirect, [user(1), user(2)]);
    roundTrip(C.MaybeUser, null);
    expect(hex(C.MaybeUser.encode(user(1)))).toBe(hex(C.UserCodec.encode(user(1))));
    expect(C.MaybeUser.decode(fromHex("c0"))).toBeNull();
  });
  test("Map, Record, Set, tuple, optional and nullable properties of T", () => {
    const value = {
      byId: new Map([["a", new Date(1)]]),
      byName: { b: new Date(2) },
      seen: new Set([new Date(3)]),
      pair: [new Date(4), 5],
      maybe: new Date(6),
      nothing: null,
    };
    sameAsDirect(C.BothDates, C.BothDatesDirect, value, false);
    const { maybe: _, ...without } = value;
    sameAsDirect(C.BothDates, C.BothDatesDirect, { ...without, nothing: new Date(7) }, false);
  });
  test('nested generics: Page<Envelope<"x", T>>, and a page of pages', () => {
    sameAsDirect(
      C.PagedEvents,
      C.PagedEventsDirect,
      { items: [{ kind: "x", sentAt: new Date(0), payload: 2n ** 63n }], total: 1 },
      false,
    );
    sameAsDirect(C.PageOfPages, C.PageOfPagesDirect, { items: [{ items: [true, false], total: 2 }], total: 1 });
  });
  test("class and method type parameters, and an arrow function's", () => {
    roundTrip(
      C.Keyed,
      new Map([
        ["a", 1],
        ["b", 2],
      ]),
    );
    expectEncodeError(C.Keyed, new Map([["c", 1]]), { path: "$.<key>" });
    roundTrip(C.Pair, ["s", user(1)]);
  });
  test("NonNullable<T> goes through T's codec", () => {
    roundTrip(C.NonNullString, "text");
  });
  test("the values @msgpack/msgpack writes decode", () => {
    expect(C.UserPage.decode(peerEncode(page))).toEqual(page);
    expect(C.Outcome.decode(peerEncode({ ok: false, error: "x" }))).toEqual({ ok: false, error: "x" });
  });
});

/** Decoding `bytes` fails in the generic codec exactly as in the concrete one: code, path, offset and message. */
function sameDecodeError(
  generic: Codec<any>,
  direct: Codec<any>,
  bytes: Uint8Array,
  options?: DecodeOptions,
): CodecError {
  const mine = codecError(() => generic.decode(bytes, options));
  const theirs = codecError(() => direct.decode(bytes, options));
  expect({ code: mine.code, path: mine.path, offset: mine.offset, message: mine.message }).toEqual({
    code: theirs.code,
    path: theirs.path,
    offset: theirs.offset,
    message: theirs.message,
  });
  return mine;
}

describe("validation goes through the codec passed, with the paths of the whole value", () => {
  test("a bad element names its path on encode and decode", () => {
    const bad = { items: [user(1), user(2), user(3), { id: 4, email: 5 }], total: 4 };
    expectEncodeError(C.UserPage, bad, { path: "$.items[3].email" });
    expect(codecError(() => C.UserPage.encode(bad)).message).toBe(
      codecError(() => C.UserPageDirect.encode(bad)).message,
    );
    const error = sameDecodeError(C.UserPage, C.UserPageDirect, peerEncode(bad));
    expect(error).toMatchObject({ path: "$.items[3].email", code: "type-mismatch" });
  });
  test("a type parameter bounded by string is checked by the codec passed, not by its bound", () => {
    const refund = { kind: "refund", sentAt: new Date(0), payload: user(1) };
    expectEncodeError(C.OrderEvent, refund, { path: "$.kind" });
    expectDecodeError(C.OrderEvent, peerEncode(refund), { path: "$.kind", code: "type-mismatch" });
    sameDecodeError(C.OrderEvent, C.OrderEventDirect, peerEncode(refund));
  });
  test("unknown keys are skipped, missing properties and cut input fail, as in the concrete codec", () => {
    const extra = peerEncode({ items: [{ ...user(1), extra: [1, { deep: true }] }], total: 1 });
    expect(C.UserPage.decode(extra)).toEqual(C.UserPageDirect.decode(extra));
    sameDecodeError(C.UserPage, C.UserPageDirect, peerEncode({ items: [{ id: 1 }], total: 1 }));
    const bytes = C.UserPage.encode(page);
    for (let k = 0; k < bytes.length; k += 7) sameDecodeError(C.UserPage, C.UserPageDirect, bytes.subarray(0, k));
  });
  test("depth limits count through the codec passed", () => {
    let tree: any = { value: 0, children: [] };
    for (let i = 0; i < 40; i++) tree = { value: i, children: [tree] };
    const bytes = C.NumberTree.encode(tree);
    expect(C.NumberTree.decode(bytes)).toEqual(tree);
    expect(sameDecodeError(C.NumberTree, C.NumberTreeDirect, bytes, { maxDepth: 20 }).code).toBe("too-deep");
    const pages = C.PageOfPages.encode({ items: [{ items: [true], total: 1 }], total: 1 });
    // Nesting that the type fixes is counted but not checked (docs/type-mapping.md, "Depth"), composed or not.
    expect(C.PageOfPages.decode(pages, { maxDepth: 0 })).toEqual(C.PageOfPagesDirect.decode(pages, { maxDepth: 0 }));
  });
  test("length limits apply inside the codec passed", () => {
    const error = sameDecodeError(C.UserPage, C.UserPageDirect, C.UserPage.encode(page), { maxStringLength: 10 });
    expect(error.path).toBe("$.items[0].email");
  });
});

test("a file whose last (or only) codec is a generic factory: the factory's declaration ends the generated code", () => {
  const M = load<{ pageCodec<T>(item: Codec<T>): Codec<{ items: T[]; total: number }> }>(
    "roundtrip_generics_factory_last",
    fixture("roundtrip/generics-factory-last"),
  );
  const strings = load<{ S: Codec<string> }>(
    "roundtrip_generics_factory_last_item",
    fixture("roundtrip/generics-factory-last-item"),
  );
  const page = { items: ["a", "b"], total: 2 };
  const codec = M.pageCodec(strings.S);
  expect(peerDecode(codec.encode(page))).toEqual(page);
  expect(codec.decode(peerEncode(page))).toEqual(page);
});

describe("streaming", () => {
  test("decodeArrayStream of a generic T[] codec", async () => {
    const users = Array.from({ length: 500 }, (_, i) => user(i));
    const bytes = C.Users.encode(users);
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 37) yield bytes.subarray(i, i + 37);
    }
    const out: unknown[] = [];
    for await (const u of decodeArrayStream(C.Users, chunks())) out.push(u);
    expect(out).toEqual(users);
  });
});

describe("hostile bytes", () => {
  test("mutated encodings of generic codecs fail with a CodecError or decode, never anything else", () => {
    let seed = 16;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const cases: [Codec<any>, unknown][] = [
      [C.UserPage, page],
      [C.Outcome, { ok: true, value: page }],
      [C.NumberTree, { value: 1, children: [{ value: 2, children: [] }] }],
      [
        C.BothDates,
        {
          byId: new Map([["a", new Date(1)]]),
          byName: { b: new Date(2) },
          seen: new Set([new Date(3)]),
          pair: [new Date(4), 5],
          nothing: null,
        },
      ],
    ];
    for (const [codec, value] of cases) {
      const bytes = codec.encode(value);
      for (let round = 0; round < 300; round++) {
        const mutated = bytes.slice();
        for (let k = 0; k < 1 + (round % 3); k++)
          mutated[Math.floor(random() * mutated.length)] = Math.floor(random() * 256);
        try {
          codec.decode(mutated);
        } catch (e) {
          if (!(e instanceof CodecError)) throw new Error(`bytes ${hex(mutated)}: ${String(e)}`);
        }
      }
    }
  });
});
