/**
 * Streaming decode gives what `decode` gives, however the bytes are cut: at every byte offset,
 * into single bytes, and into seeded random chunks; one message or many concatenated.
 */
import { load } from "../helpers/compile";
import { decodeAsync, decodeMulti, decodeStream } from "../../runtime/stream";
import { ExtData } from "../../runtime/index";
import { bySize, TIER } from "../helpers/tier";
import {
  FIXTURE,
  type Codecs,
  collect,
  same,
  concat,
  cut,
  fromHex,
  randomChunks,
  recycled,
  rng,
  trickle,
} from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const suite = require("msgpack-test-suite") as Record<string, { msgpack: string[] }[]>;

const C = load<Codecs>("stream_split", FIXTURE);

const text = (n: number, from = "a") => from.repeat(n);
function order(next: () => number, i: number) {
  const items = Array.from({ length: Math.floor(next() * 20) }, (_, k) => ({
    sku: `SKU-${i}-${k}`,
    qty: k,
    price: Math.round(next() * 1e4) / 100,
  }));
  return {
    id: i * 7919,
    customer: text(Math.floor(next() * 40), "é"),
    items,
    placedAt: new Date(1_700_000_000_000 + i * 1001),
    ...(i % 3 === 0 ? { note: text(i % 5 === 0 ? 300 : 3) } : {}),
    tags: new Set(["x", String(i)]),
    meta: { n: i, nested: [1, { deep: [null, true, -1.5] }], ext: new ExtData(5, new Uint8Array(i % 17)) },
    blob: new Uint8Array(i % 4 === 0 ? 300 : i % 10).fill(i),
    big: BigInt(i) * 1_000_000_000_000n - 5n,
    flag: i % 2 ? null : i % 4 === 0,
  };
}
const seeded = rng(7);
const orders = Array.from({ length: 40 }, (_, i) => order(seeded, i));

/** [codec name, encoded message] for every codec of the fixture. */
const messages: [string, Uint8Array][] = [
  ...orders.slice(0, 12).map((o) => ["OrderC", C.OrderC.encode(o)] as [string, Uint8Array]),
  ["ShapeC", C.ShapeC.encode({ kind: "rect", w: 2, h: 3.5 })],
  ["ShapeC", C.ShapeC.encode({ kind: "circle", r: 1 })],
  [
    "TreeC",
    C.TreeC.encode({
      v: 1,
      kids: [
        { v: 2, kids: [] },
        { v: 3, kids: [{ v: 4, kids: [] }] },
      ],
    }),
  ],
  ["StrC", C.StrC.encode("")],
  ["StrC", C.StrC.encode(text(31))],
  ["StrC", C.StrC.encode(text(32))],
  ["StrC", C.StrC.encode(text(255))],
  ["StrC", C.StrC.encode(text(256))],
  ["StrC", C.StrC.encode("€😀".repeat(50))],
  ["NumC", fromHex("ca 3f c0 00 00")],
  ["NumC", C.NumC.encode(-1)],
  ["NumC", C.NumC.encode(2 ** 40)],
  ["NumC", C.NumC.encode(0.1)],
  ["BytesC", C.BytesC.encode(new Uint8Array(0))],
  ["BytesC", C.BytesC.encode(new Uint8Array(300).fill(9))],
  ["TupleC", C.TupleC.encode(["a", 1])],
  ["TupleC", C.TupleC.encode(["a", 1, true])],
  ["ItemsC", C.ItemsC.encode(orders[5]!.items)],
  ["NumsC", C.NumsC.encode([1, 2.5, -3, 2 ** 33])],
  [
    "AnyC",
    C.AnyC.encode({
      map16: Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`k${k}`, k])),
      arr16: Array(17).fill("z"),
    }),
  ],
  ["AnyC", fromHex("c7 03 05 01 02 03")],
  ["AnyC", fromHex("c8 00 02 07 aa bb")],
  ["AnyC", fromHex("c9 00 00 00 01 07 aa")],
  ["AnyC", fromHex("d8 01" + "00".repeat(16))],
  ["AnyC", fromHex("c7 0c ff 00 00 00 01 00 00 00 00 00 00 00 02")],
  ["AnyC", fromHex("db 00 00 00 02 68 69")],
  ["AnyC", fromHex("c6 00 00 00 01 ff")],
  ["AnyC", fromHex("dd 00 00 00 01 c0")],
  ["AnyC", fromHex("df 00 00 00 01 a1 61 c3")],
  ["AnyC", fromHex("cf ff ff ff ff ff ff ff ff")],
];
/** Every encoding of msgpack-test-suite, decoded as `unknown`. */
const vectors = Object.values(suite)
  .flatMap((cases) => cases.flatMap((c) => c.msgpack))
  .map(fromHex);

describe("one message, cut anywhere", () => {
  // The fast tier (test/helpers/tier.ts) cuts 3 of the 12 orders (and every other message) at every offset.
  test.each(
    messages
      .map(([name, bytes], i) => [i, name, bytes.length, bytes] as const)
      .filter(([i, name]) => name !== "OrderC" || i < bySize(12, 3)),
  )("#%d %s (%d bytes) cut at every offset", async (_i, name, _n, bytes) => {
    const codec = C[name]!;
    const expected = codec.decode(bytes);
    for (let k = 0; k <= bytes.length; k++) {
      const chunks = cut(bytes, [k]);
      same(await decodeAsync(codec, chunks), expected);
      same(await collect(decodeStream(codec, chunks)), [expected]);
    }
    const singles = cut(
      bytes,
      Array.from({ length: bytes.length - 1 }, (_, k) => k + 1),
    );
    same(await decodeAsync(codec, recycled(singles)), expected);
    same(await collect(decodeStream(codec, recycled(singles))), [expected]);
  });

  test("every pair of cut points of short messages", async () => {
    for (const [name, bytes] of messages.filter(([, b]) => b.length <= 80)) {
      const expected = C[name]!.decode(bytes);
      for (let a = 0; a <= bytes.length; a++) {
        for (let b = a; b <= bytes.length; b++) same(await decodeAsync(C[name]!, cut(bytes, [a, b])), expected);
      }
    }
  });

  test(`all ${vectors.length} msgpack-test-suite encodings, as unknown, cut at every offset`, async () => {
    for (const bytes of vectors) {
      const expected = C.AnyC!.decode(bytes);
      for (let k = 0; k <= bytes.length; k++) same(await decodeAsync(C.AnyC!, cut(bytes, [k])), expected);
    }
  });
});

describe("many messages in one stream", () => {
  const ordersBytes = concat(orders.map((o) => C.OrderC!.encode(o)));
  const expectedOrders = orders.map((o) => C.OrderC!.decode(C.OrderC!.encode(o)));
  const mixed = concat([...vectors, ...messages.map(([, b]) => b)]);
  const expectedMixed = [...vectors, ...messages.map(([, b]) => b)].map((b) => C.AnyC!.decode(b));

  test("decodeMulti over bytes in memory", () => {
    same([...decodeMulti(C.OrderC!, ordersBytes)], expectedOrders);
    same([...decodeMulti(C.AnyC!, mixed)], expectedMixed);
    same([...decodeMulti(C.AnyC!, new Uint8Array(0))], []);
    same([...decodeMulti(C.NumC!, Buffer.from([1, 2, 3]))], [1, 2, 3]);
  });

  test("cut at every offset", async () => {
    const few = concat(orders.slice(0, 3).map((o) => C.OrderC!.encode(o)));
    for (let k = 0; k <= few.length; k++)
      same(await collect(decodeStream(C.OrderC!, cut(few, [k]))), expectedOrders.slice(0, 3));
    // Every msgpack-test-suite encoding in one stream, cut at each of its offsets: the full tier only
    // (test/helpers/tier.ts); the fast tier cuts each of them alone ("one message, cut anywhere").
    if (TIER === "fast") return;
    const all = concat(vectors);
    const expected = vectors.map((b) => C.AnyC!.decode(b));
    for (let k = 0; k <= all.length; k++) same(await collect(decodeStream(C.AnyC!, cut(all, [k]))), expected);
  });

  test("one byte at a time, from a producer that reuses its buffer", async () => {
    const singles = (b: Uint8Array) =>
      cut(
        b,
        Array.from({ length: b.length - 1 }, (_, k) => k + 1),
      );
    same(await collect(decodeStream(C.OrderC!, recycled(singles(ordersBytes)))), expectedOrders);
    same(await collect(decodeStream(C.AnyC!, recycled(singles(mixed)))), expectedMixed);
  });

  // The fast tier tries two seeds of the eight (test/helpers/tier.ts).
  test.each(bySize([1, 2, 3, 4, 5, 6, 7, 8], [1, 2]))("seeded random chunkings, seed %d", async (seed) => {
    const next = rng(seed);
    for (const max of [2, 9, 64, 700, 5000]) {
      same(await collect(decodeStream(C.OrderC!, recycled(randomChunks(ordersBytes, next, max)))), expectedOrders);
      same(await collect(decodeStream(C.AnyC!, trickle(randomChunks(mixed, next, max)))), expectedMixed);
    }
  });

  test("large messages among small ones (str 32, bin 32, array 32, map 32)", async () => {
    const big = [
      "x".repeat(70_000),
      new Uint8Array(70_000).fill(3),
      Array.from({ length: 70_000 }, (_, k) => k % 300),
      Object.fromEntries(Array.from({ length: 70_000 }, (_, k) => [`k${k}`, k])),
      1,
      "small",
      null,
    ];
    const bytes = concat([...big, ...big.slice().reverse()].map((v) => C.AnyC!.encode(v)));
    const expected = [...decodeMulti(C.AnyC!, bytes)];
    expect(expected).toHaveLength(14);
    const next = rng(99);
    for (const max of bySize([40, 1000, 65536, 300_000], [1000, 65536])) {
      same(await collect(decodeStream(C.AnyC!, recycled(randomChunks(bytes, next, max)))), expected);
    }
  });
});
