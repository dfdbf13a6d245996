/** decodeArrayStream: the elements of one top-level array, yielded as they arrive. */
import { load, compile } from "../helpers/compile";
import { decodeArrayStream } from "../../runtime/stream";
import { CodecError } from "../../runtime/index";
import { bySize } from "../helpers/tier";
import {
  FIXTURE,
  type Codecs,
  codecError,
  collect,
  concat,
  cut,
  fromHex,
  randomChunks,
  recycled,
  rng,
  same,
  syncError,
} from "./helpers";

const C = load<Codecs>("stream_array", FIXTURE);

// 2,000 in the fast tier (test/helpers/tier.ts): still an array 16, still thousands of chunks.
const items = Array.from({ length: bySize(20_000, 2_000) }, (_, i) => ({
  sku: `S${i}`.repeat(1 + (i % 5)),
  qty: i,
  price: i / 4,
}));

describe("elements as they arrive", () => {
  test(`${items.length} objects, chunked finely and coarsely`, async () => {
    const bytes = C.ItemsC!.encode(items);
    expect(bytes[0]).toBe(0xdc); // array 16
    for (const [seed, max] of [
      [1, 7],
      [2, 100],
      [3, 65536],
    ] as const) {
      same(await collect(decodeArrayStream(C.ItemsC!, recycled(randomChunks(bytes, rng(seed), max)))), items);
    }
  });

  // Chunks of up to 3 bytes, up to 16 in the fast tier (test/helpers/tier.ts): the 5-byte header split either way.
  const most = bySize(3, 16);
  test(`70 000 numbers: array 32, in chunks of 1 to ${most} bytes`, async () => {
    const nums = Array.from({ length: 70_000 }, (_, i) => (i % 3 === 0 ? -i : i * 1.5));
    const bytes = C.NumsC!.encode(nums);
    expect(bytes[0]).toBe(0xdd); // array 32
    same(await collect(decodeArrayStream(C.NumsC!, randomChunks(bytes, rng(4), most))), nums);
  });

  test.each([0, 1, 15, 16, 100])("an array of %d, cut at every offset (the header too)", async (n) => {
    const trees = Array.from({ length: n }, (_, i) => ({ v: i, kids: i % 4 ? [] : [{ v: -i, kids: [] }] }));
    const bytes = C.TreesC!.encode(trees);
    for (let k = 0; k <= bytes.length; k++) same(await collect(decodeArrayStream(C.TreesC!, cut(bytes, [k]))), trees);
  });

  test("an element is yielded before the bytes after it have arrived", async () => {
    const bytes = C.ItemsC!.encode(items.slice(0, 3));
    const first = C.ItemsC!.encode(items.slice(0, 1)).length; // header + element 0
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sentRest = false;
    async function* source() {
      yield bytes.subarray(0, first + 2); // element 0 and a little of element 1
      await gate;
      sentRest = true;
      yield bytes.subarray(first + 2);
    }
    const it = decodeArrayStream(C.ItemsC!, source());
    same((await it.next()).value, items[0]);
    expect(sentRest).toBe(false);
    release();
    same(await collect({ [Symbol.asyncIterator]: () => it }), items.slice(1, 3));
  });

  test("unknown[] elements, and readonly arrays", async () => {
    const values = [1, "two", [3], { four: 4 }, null, new Uint8Array([5])];
    same(await collect(decodeArrayStream(C.AnysC!, [C.AnysC!.encode(values)])), values);
    same(await collect(decodeArrayStream(C.NumsC!, [C.NumsC!.encode([1, 2])])), [1, 2]);
  });
});

describe("errors", () => {
  const bytes = C.ItemsC!.encode(items.slice(0, 5));

  test("not an array: type-mismatch at $", async () => {
    const e = await codecError(() => collect(decodeArrayStream(C.ItemsC!, [fromHex("81 a1 61 01")])));
    expect(e).toMatchObject({ code: "type-mismatch", path: "$", offset: 0 });
    expect(e.message).toContain("expected array, got map (0x81)");
  });

  test("the same error as decode, element path and stream offset included, for corrupted bytes", async () => {
    const next = rng(11);
    for (let trial = 0; trial < 400; trial++) {
      const bad = bytes.slice();
      const at = 1 + Math.floor(next() * (bad.length - 1));
      bad[at] = [0xc1, 0xc0, 0xa1, 0x01, 0xcd, 0xdd, 0x91][trial % 7]!;
      const expected = syncError(() => C.ItemsC!.decode(bad));
      const got: unknown[] = [];
      let error: unknown;
      try {
        for await (const v of decodeArrayStream(C.ItemsC!, randomChunks(bad, next, 20))) got.push(v);
      } catch (e) {
        error = e;
      }
      if (expected === undefined) {
        expect(error).toBeUndefined();
        same(got, C.ItemsC!.decode(bad));
        continue;
      }
      expect(error).toBeInstanceOf(CodecError);
      const e = error as CodecError;
      if (expected.code === "incomplete" || expected.code === "trailing-bytes") expect(e.code).toBe(expected.code);
      else expect({ code: e.code, path: e.path, offset: e.offset, message: e.message }).toEqual(expected);
    }
  });

  test("cut short inside an element: incomplete, naming the element", async () => {
    for (let k = 0; k < bytes.length; k++) {
      const e = await codecError(() => collect(decodeArrayStream(C.ItemsC!, cut(bytes.subarray(0, k), [k >> 1]))));
      expect(e.code).toBe("incomplete");
      expect(e.offset).toBeLessThanOrEqual(k);
      if (k > 1) expect(e.path).toMatch(/^\$(\[\d\](\.\w+)?)?$/);
    }
    const between = C.ItemsC!.encode(items.slice(0, 2)).length;
    const whole = concat([fromHex("95"), bytes.subarray(1, between)]); // claims 5, carries 2
    const e = await codecError(() => collect(decodeArrayStream(C.ItemsC!, [whole])));
    expect(e).toMatchObject({ code: "incomplete", path: "$", offset: whole.length });
    expect(e.message).toContain("the array has 5 elements but the stream ended after 2");
  });

  test("an empty stream, and a cut header", async () => {
    expect(await codecError(() => collect(decodeArrayStream(C.ItemsC!, [])))).toMatchObject({
      code: "incomplete",
      path: "$",
      offset: 0,
    });
    expect(await codecError(() => collect(decodeArrayStream(C.ItemsC!, [fromHex("dd 00 00")])))).toMatchObject({
      code: "incomplete",
      offset: 0,
    });
  });

  test("bytes after the array: trailing-bytes", async () => {
    const e = await codecError(() => collect(decodeArrayStream(C.ItemsC!, [bytes, fromHex("c0")])));
    expect(e).toMatchObject({ code: "trailing-bytes", path: "$", offset: bytes.length });
    expect(await codecError(() => collect(decodeArrayStream(C.NumsC!, [fromHex("90 01")])))).toMatchObject({
      code: "trailing-bytes",
      offset: 1,
    });
  });

  test("maxDepth applies to each element", async () => {
    const deep = { v: 0, kids: [{ v: 1, kids: [{ v: 2, kids: [{ v: 3, kids: [] }] }] }] };
    const encoded = C.TreesC!.encode([deep, deep]);
    same(await collect(decodeArrayStream(C.TreesC!, [encoded], { maxDepth: 4 })), [deep, deep]);
    expect(await codecError(() => collect(decodeArrayStream(C.TreesC!, [encoded], { maxDepth: 2 })))).toMatchObject({
      code: "too-deep",
    });
  });
});

describe("only codecs of array types are accepted", () => {
  test("another codec, from JavaScript, is a clear TypeError", () => {
    for (const name of ["OrderC", "TupleC", "AnyC", "StrC"]) {
      expect(() => decodeArrayStream(C[name] as any, [])).toThrow(/decodeArrayStream needs a codec for an array type/);
    }
  });

  test("the types accept T[] and readonly T[] only", () => {
    const { diagnostics } = compile(
      "stream_array_types",
      `
import { codecFor } from "typed-msgpack";
import { decodeArrayStream, decodeAsync, decodeMulti, decodeStream } from "typed-msgpack/stream";
interface Row { id: number }
const Rows = codecFor<Row[]>();
const RoRows = codecFor<readonly Row[]>();
const One = codecFor<Row>();
const Pair = codecFor<[Row, Row]>();
const Maybe = codecFor<Row[] | null>();
export async function use(body: ReadableStream<Uint8Array>) {
  for await (const row of decodeArrayStream(Rows, body)) { const id: number = row.id; void id; }
  for await (const row of decodeArrayStream(RoRows, body)) { const id: number = row.id; void id; }
  decodeArrayStream(One, body);
  decodeArrayStream(Pair, body);
  decodeArrayStream(Maybe, body);
  const rows: Row[] = await decodeAsync(Rows, body);
  for await (const one of decodeStream(One, body)) { const id: number = one.id; void id; }
  for (const one of decodeMulti(One, new Uint8Array())) { const id: number = one.id; void id; }
  return rows;
}
export function generic<T>(x: T) { return codecFor<T[]>; }
`,
    );
    expect(diagnostics).toHaveLength(3);
    for (const [i, type] of ["Row", "[Row, Row]", "Row[] | null"].entries()) {
      expect(diagnostics[i]).toContain(
        `Argument of type 'BaseCodec<${type}>' is not assignable to parameter of type 'ArrayCodec<`,
      );
    }
  });
});
