/**
 * Stream decode fails as `decode` does: same code, path, offset (counted from the start of the
 * stream) and message; limits apply per message; hostile headers neither hang nor allocate; and
 * no message is decoded again for every chunk that arrives.
 */
import { load } from "../helpers/compile";
import { decodeAsync, decodeMulti, decodeStream } from "../../runtime/stream";
import { CodecError, type Reader, type Codec } from "../../runtime/index";
import { codec, readDynamic, writeDynamic } from "../../runtime/internal";
import { GENERATED_CODE_VERSION } from "../../runtime/codec";
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
  rng,
  same,
  syncError,
} from "./helpers";

const C = load<Codecs>("stream_errors", FIXTURE);

const orders = Array.from({ length: 6 }, (_, i) => ({
  id: i,
  customer: "c".repeat(i * 10),
  items: [{ sku: "k", qty: i, price: 1.25 }],
  placedAt: new Date(i * 1000),
  tags: new Set(["t"]),
  meta: { i },
  blob: new Uint8Array(i),
  big: BigInt(i),
  flag: i % 2 === 0,
}));
const parts = orders.map((o) => C.OrderC!.encode(o));
const stream = concat(parts);

/** What decodeStream yields and throws, against what decodeMulti yields and throws, for the same bytes. */
async function compareWithMulti(codec: Codec<any>, bytes: Uint8Array, chunks: Uint8Array[]) {
  const want: unknown[] = [];
  const wantError = syncError(() => {
    for (const v of decodeMulti(codec, bytes)) want.push(v);
  });
  const got: unknown[] = [];
  let gotError: ReturnType<typeof syncError>;
  try {
    for await (const v of decodeStream(codec, chunks)) got.push(v);
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    gotError = { code: e.code, path: e.path, offset: e.offset, message: e.message };
  }
  same(got, want);
  // One deliberate difference: a stream fails on 0xc1 as soon as it arrives, even where an array or
  // map before it claims more than has arrived (in memory that is "incomplete" or, with all the
  // bytes there, the decoder's own error at that byte, with a deeper path).
  if (
    gotError?.code === "malformed" &&
    gotError.path === "$" &&
    (wantError?.code !== "malformed" || wantError.path !== "$")
  ) {
    expect(bytes[gotError.offset]).toBe(0xc1);
    if (wantError?.code !== "incomplete") expect(wantError?.offset).toBe(gotError.offset);
    return;
  }
  expect(gotError).toEqual(wantError);
}

describe("cut short", () => {
  test("every proper prefix of a stream of messages: the whole messages, then 'incomplete' at the stream offset", async () => {
    // Where each message ends in the stream, worked out once rather than for every prefix.
    const ends = parts.map((_, i) => concat(parts.slice(0, i + 1)).length);
    const boundaries = new Set(ends);
    for (let k = 1; k < stream.length; k++) {
      if (boundaries.has(k)) continue;
      const prefix = stream.subarray(0, k);
      const complete = ends.filter((end) => end <= k).length;
      const got: unknown[] = [];
      const e = await codecError(async () => {
        for await (const v of decodeStream(C.OrderC!, cut(prefix, [k >> 1]))) got.push(v);
      });
      expect(got).toHaveLength(complete);
      expect(e.code).toBe("incomplete");
      expect(e.offset).toBeGreaterThanOrEqual(complete === 0 ? 0 : ends[complete - 1]!);
      expect(e.offset).toBeLessThanOrEqual(k);
      expect(e.message).toContain(`at byte ${e.offset}`);
      expect(syncError(() => [...decodeMulti(C.OrderC!, prefix)])).toEqual({
        code: e.code,
        path: e.path,
        offset: e.offset,
        message: e.message,
      });
    }
  }, 120_000);

  test("a boundary prefix is a clean end", async () => {
    expect(await collect(decodeStream(C.OrderC!, cut(concat(parts.slice(0, 2)), [3])))).toHaveLength(2);
    expect(await collect(decodeStream(C.OrderC!, []))).toEqual([]);
  });

  test("decodeAsync: every prefix fails as decode does", async () => {
    const one = parts[3]!;
    for (let k = 0; k < one.length; k++) {
      const e = await codecError(() => decodeAsync(C.OrderC!, cut(one.subarray(0, k), [k >> 1])));
      expect({ code: e.code, path: e.path, offset: e.offset, message: e.message }).toEqual(
        syncError(() => C.OrderC!.decode(one.subarray(0, k))),
      );
      expect(e.code).toBe("incomplete");
    }
    expect(await codecError(() => decodeAsync(C.OrderC!, []))).toMatchObject({
      code: "incomplete",
      offset: 0,
      path: "$",
    });
  });
});

describe("the same errors as in memory", () => {
  test("seeded corruptions of a stream: same values, then the same error, as decodeMulti", async () => {
    const next = rng(5);
    // 100 trials in the fast tier (test/helpers/tier.ts), as property tests run fewer there.
    for (let trial = 0; trial < bySize(500, 100); trial++) {
      const bad = stream.slice();
      for (let flips = 1 + (trial % 3); flips > 0; flips--)
        bad[Math.floor(next() * bad.length)] = Math.floor(next() * 256);
      const cutAt = trial % 5 === 0 ? Math.floor(next() * bad.length) : bad.length;
      const bytes = bad.subarray(0, cutAt);
      await compareWithMulti(C.OrderC!, bytes, randomChunks(bytes, next, 1 + (trial % 40)));
    }
  }, 120_000);

  test("unknown values: corruptions and garbage, including 0xc1", async () => {
    const next = rng(6);
    const base = concat([
      C.AnyC!.encode({ a: [1, "x", null], b: { c: new Uint8Array(3) } }),
      C.AnyC!.encode("s".repeat(40)),
      C.AnyC!.encode([1.5, -2]),
    ]);
    for (let trial = 0; trial < 500; trial++) {
      const bad = base.slice();
      bad[Math.floor(next() * bad.length)] = trial % 4 === 0 ? 0xc1 : Math.floor(next() * 256);
      await compareWithMulti(C.AnyC!, bad, randomChunks(bad, next, 1 + (trial % 9)));
    }
  });

  test("an error in a later message names the offset from the start of the stream", async () => {
    const bad = concat([parts[0]!, parts[1]!, fromHex("81 a2 69 64 a1 78")]); // {id: "x"}
    const e = await codecError(() => collect(decodeStream(C.OrderC!, randomChunks(bad, rng(1), 5))));
    expect(e).toMatchObject({ code: "type-mismatch", path: "$.id", offset: parts[0]!.length + parts[1]!.length + 4 });
    expect(e.message).toContain(`at byte ${parts[0]!.length + parts[1]!.length + 4}`);
  });

  test("decodeAsync: a byte after the value is trailing-bytes at its stream offset, and reading stops", async () => {
    let pulled = 0;
    async function* source() {
      yield parts[0]!.subarray(0, 5);
      pulled++;
      yield concat([parts[0]!.subarray(5), fromHex("c0")]);
      pulled++;
      yield fromHex("c0");
      pulled++;
    }
    const e = await codecError(() => decodeAsync(C.OrderC!, source()));
    expect(e).toMatchObject({ code: "trailing-bytes", path: "$", offset: parts[0]!.length });
    expect(pulled).toBe(1);
    expect(syncError(() => C.OrderC!.decode(concat([parts[0]!, fromHex("c0")])))).toMatchObject({
      code: "trailing-bytes",
      offset: parts[0]!.length,
    });
  });
});

describe("limits apply to each message", () => {
  const tree = (depth: number): any => ({ v: depth, kids: depth === 0 ? [] : [tree(depth - 1)] });

  test("maxDepth: messages as deep as the limit pass however many there are; a deeper one fails alone", async () => {
    const ok = concat(Array.from({ length: 50 }, () => C.TreeC!.encode(tree(4))));
    expect(() => C.TreeC!.decode(C.TreeC!.encode(tree(4)), { maxDepth: 4 })).not.toThrow();
    expect(await collect(decodeStream(C.TreeC!, randomChunks(ok, rng(2), 9), { maxDepth: 4 }))).toHaveLength(50);
    expect([...decodeMulti(C.TreeC!, ok, { maxDepth: 4 })]).toHaveLength(50);
    const bad = concat([C.TreeC!.encode(tree(1)), C.TreeC!.encode(tree(9)), C.TreeC!.encode(tree(1))]);
    const got: unknown[] = [];
    const e = await codecError(async () => {
      for await (const v of decodeStream(C.TreeC!, randomChunks(bad, rng(3), 4), { maxDepth: 4 })) got.push(v);
    });
    expect(got).toHaveLength(1);
    expect(e.code).toBe("too-deep");
    expect(e.offset).toBeGreaterThan(C.TreeC!.encode(tree(1)).length);
  });

  test("a declared length over a limit fails when its header arrives, not after buffering", async () => {
    let pulled = 0;
    async function* hostile() {
      yield fromHex("91");
      pulled++; // [ ... : the first decode attempt only learns the message is cut
      yield fromHex("db 7f ff ff ff 61 61");
      pulled++; // a str of 2 GiB claimed
      for (;;) {
        yield new Uint8Array(1024).fill(0x61);
        pulled++;
      }
    }
    const options = { maxStringLength: 1000 } as any;
    const e = await codecError(() => decodeAsync(C.AnysC!, hostile(), options));
    const inMemory = syncError(() => C.AnysC!.decode(fromHex("91 db 7f ff ff ff 61 61"), options));
    expect(inMemory).toMatchObject({ code: "out-of-range", path: "$[0]" });
    expect({ code: e.code, path: e.path, offset: e.offset, message: e.message }).toEqual(inMemory);
    expect(pulled).toBeLessThan(3);
  });
});

describe("hostile headers", () => {
  test("a type mismatch behind a header claiming 4 GiB fails at once (the stream never ends)", async () => {
    let pulled = 0;
    async function* endless() {
      yield fromHex("81");
      pulled++;
      yield fromHex("a2 69 64 db ff ff ff ff");
      pulled++; // {id: <str of 4 GiB>}
      for (;;) {
        await new Promise((r) => setImmediate(r));
        yield new Uint8Array(4096);
        pulled++;
      }
    }
    const e = await codecError(() => collect(decodeStream(C.OrderC!, endless())));
    expect(e).toMatchObject({ code: "type-mismatch", path: "$.id", offset: 4 });
    expect(pulled).toBeLessThan(3);
  });

  test("counts and lengths far beyond what arrived allocate nothing for them", async () => {
    const before = process.memoryUsage().arrayBuffers;
    for (const head of [
      "dd ff ff ff ff",
      "df ff ff ff ff",
      "db ff ff ff ff",
      "c6 ff ff ff ff",
      "c9 ff ff ff ff 01",
      "91 dd ff ff ff ff",
    ]) {
      const chunks = [fromHex(head), ...Array.from({ length: 64 }, () => new Uint8Array(1024).fill(0xc0))];
      expect(await codecError(() => decodeAsync(C.AnyC!, chunks, { maxDepth: 5 }))).toMatchObject({
        code: expect.stringMatching(/incomplete|out-of-range/),
      });
      expect(await codecError(() => collect(decodeStream(C.AnyC!, chunks)))).toMatchObject({
        code: expect.stringMatching(/incomplete|out-of-range/),
      });
    }
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
  });
});

describe("each message is decoded once, whatever the chunking", () => {
  /** A codec for `unknown` whose decoder counts its calls, built the way generated code builds one. */
  function counting() {
    const calls = { n: 0 };
    const c = codec<unknown>(
      GENERATED_CODE_VERSION,
      (w, v, p, d) => writeDynamic(w, v, p, d),
      (r: Reader, p, d) => {
        calls.n++;
        return readDynamic(r, p, d);
      },
    );
    return { c, calls };
  }

  test("1-byte chunks: a few decode calls per message, not one per chunk", async () => {
    const values = [
      { big: "x".repeat(100_000), list: Array.from({ length: 5000 }, (_, i) => i) },
      new Uint8Array(200_000),
      "small",
      [1, [2, [3]]],
    ];
    const { c, calls } = counting();
    const bytes = concat(values.map((v) => c.encode(v)));
    const singles = cut(
      bytes,
      Array.from({ length: bytes.length - 1 }, (_, k) => k + 1),
    );
    const started = Date.now();
    same(await collect(decodeStream(c, singles)), values);
    // one failed attempt, a few checks for the long headers (each check twice as late as the last), one decode
    expect(calls.n).toBeLessThanOrEqual(values.length * 2 + 2 * Math.log2(bytes.length));
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  test("whole messages in one chunk: exactly one decode each", async () => {
    const { c, calls } = counting();
    const bytes = concat(Array.from({ length: 1000 }, (_, i) => c.encode({ i, s: "v".repeat(i % 50) })));
    expect(await collect(decodeStream(c, [bytes]))).toHaveLength(1000);
    expect(calls.n).toBe(1000);
    calls.n = 0;
    expect(await collect(decodeStream(c, randomChunks(bytes, rng(8), 4096)))).toHaveLength(1000);
    expect(calls.n).toBeLessThan(1000 + 40);
  });
});
