/**
 * Where streams come from: a real fetch() body over HTTP chunked transfer encoding, Node
 * Readables, WHATWG ReadableStreams, Blob.stream(), plain (async) iterables of any byte view.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Readable } from "node:stream";
import { load } from "../helpers/compile";
import { decodeArrayStream, decodeAsync, decodeMulti, decodeStream } from "../../runtime/stream";
import { FIXTURE, type Codecs, codecError, collect, concat, cut, randomChunks, rng, same } from "./helpers";

const C = load<Codecs>("stream_sources", FIXTURE);

const orders = Array.from({ length: 200 }, (_, i) => ({
  id: i,
  customer: `customer ${i}`,
  items: Array.from({ length: i % 7 }, (_, k) => ({ sku: `S${k}`, qty: k, price: k * 1.5 })),
  placedAt: new Date(1e12 + i),
  tags: new Set([`t${i % 3}`]),
  meta: { i, odd: i % 2 === 1 },
  blob: new Uint8Array(i % 50).fill(i),
  big: BigInt(i) << 40n,
  flag: i % 3 === 0 ? null : i % 3 === 1,
}));
const encoded = orders.map((o) => C.OrderC!.encode(o));
const stream = concat(encoded);
const expected = [...decodeMulti(C.OrderC!, stream)];

describe("fetch() against a local HTTP server (chunked transfer encoding)", () => {
  let server: http.Server;
  let base = "";
  let closedEarly: Promise<void>;
  let noteClosed: () => void;

  beforeAll(async () => {
    closedEarly = new Promise((resolve) => (noteClosed = resolve));
    server = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/msgpack" }); // no content-length: chunked
      const write = async (parts: Uint8Array[]) => {
        for (const part of parts) {
          if (res.destroyed) return;
          res.write(part);
          await new Promise((r) => setTimeout(r, 0)); // separate network chunks
        }
        res.end();
      };
      if (req.url === "/orders") void write(randomChunks(stream, rng(42), 900));
      else if (req.url === "/one") void write(cut(encoded[7]!, [3, 10]));
      else if (req.url === "/rows") void write(randomChunks(C.ItemsC!.encode(orders[6]!.items), rng(3), 5));
      else if (req.url === "/endless") {
        // Bounded: at most 10 000 messages, however long the client keeps reading.
        req.on("close", () => noteClosed());
        void write(Array.from({ length: 10_000 }, (_, i) => encoded[i % encoded.length]!));
      } else if (req.url === "/cut") void write([stream.subarray(0, 1000)]);
      else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test("decodeStream(response.body) yields every message", async () => {
    const response = await fetch(`${base}/orders`);
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    same(await collect(decodeStream(C.OrderC!, response.body!)), expected);
  });

  test("decodeAsync(response.body) decodes one message", async () => {
    const response = await fetch(`${base}/one`);
    same(await decodeAsync(C.OrderC!, response.body!), expected[7]);
  });

  test("decodeArrayStream(response.body)", async () => {
    const response = await fetch(`${base}/rows`);
    same(await collect(decodeArrayStream(C.ItemsC!, response.body!)), orders[6]!.items);
  });

  test("a body cut short is 'incomplete' at its stream offset", async () => {
    const response = await fetch(`${base}/cut`);
    const e = await codecError(() => collect(decodeStream(C.OrderC!, response.body!)));
    expect(e.code).toBe("incomplete");
    expect(e.offset).toBeLessThanOrEqual(1000);
  });

  test("breaking out of the loop cancels the body, and the server sees the connection close", async () => {
    const response = await fetch(`${base}/endless`);
    let n = 0;
    for await (const order of decodeStream(C.OrderC!, response.body!)) {
      same(order, expected[n]);
      if (++n === 3) break;
    }
    await closedEarly;
    expect(response.bodyUsed).toBe(true);
  });
});

describe("Node Readable", () => {
  test("Readable.from(chunks), Buffers in a paused/flowing stream, and fs.createReadStream", async () => {
    same(await collect(decodeStream(C.OrderC!, Readable.from(randomChunks(stream, rng(1), 333)))), expected);
    const pushed = new Readable({ read() {} });
    for (const chunk of randomChunks(stream, rng(2), 2000)) pushed.push(Buffer.from(chunk));
    pushed.push(null);
    same(await collect(decodeStream(C.OrderC!, pushed)), expected);
    const file = path.join(os.tmpdir(), `typed-msgpack-stream-${process.pid}.bin`);
    fs.writeFileSync(file, stream);
    try {
      same(await collect(decodeStream(C.OrderC!, fs.createReadStream(file, { highWaterMark: 97 }))), expected);
      same(
        await decodeAsync(C.OrderC!, fs.createReadStream(file, { start: 0, end: encoded[0]!.length - 1 })),
        expected[0],
      );
    } finally {
      fs.rmSync(file);
    }
  });

  test("a failure destroys the source; a text-mode stream is a clear TypeError", async () => {
    const source = Readable.from([encoded[0]!, encoded[1]!]);
    expect(await codecError(() => decodeAsync(C.OrderC!, source))).toMatchObject({
      code: "trailing-bytes",
      offset: encoded[0]!.length,
    });
    expect(source.destroyed).toBe(true);
    const text = Readable.from([Buffer.from(encoded[0]!)]).setEncoding("latin1");
    await expect(decodeAsync(C.OrderC!, text)).rejects.toThrow(/chunk must be a Uint8Array.*setEncoding/);
  });
});

describe("WHATWG ReadableStream", () => {
  function readable(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
    let i = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < chunks.length) controller.enqueue(chunks[i++]!);
        else controller.close();
      },
      cancel: onCancel,
    });
  }

  test("pull-based stream, Readable.toWeb, Blob.stream()", async () => {
    same(await collect(decodeStream(C.OrderC!, readable(randomChunks(stream, rng(3), 50)))), expected);
    same(await collect(decodeStream(C.OrderC!, Readable.toWeb(Readable.from([Buffer.from(stream)])) as any)), expected);
    same(await collect(decodeStream(C.OrderC!, new Blob([stream.slice().buffer]).stream() as any)), expected);
    same(await decodeAsync(C.OrderC!, readable(cut(encoded[9]!, [1, 2]))), expected[9]);
  });

  test("stopping early cancels the stream and releases its reader", async () => {
    let cancelled = 0;
    const body = readable(randomChunks(stream, rng(4), 100), () => cancelled++);
    for await (const order of decodeStream(C.OrderC!, body)) if (order.id === 2) break;
    expect(cancelled).toBe(1);
    expect(body.locked).toBe(false);
    const trailing = readable(encoded.slice(0, 5), () => cancelled++);
    expect(await codecError(() => decodeAsync(C.OrderC!, trailing))).toMatchObject({ code: "trailing-bytes" });
    expect(cancelled).toBe(2);
  });

  test("an erroring stream rejects with its own error", async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoded[0]!);
        c.error(new Error("network down"));
      },
    });
    await expect(collect(decodeStream(C.OrderC!, failing))).rejects.toThrow("network down");
  });
});

describe("iterables", () => {
  test("chunks as DataView, Uint16Array, ArrayBuffer, Buffer; sync and async iterables", async () => {
    const [a, b, c, d] = cut(stream, [100, 2100, 2101]) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    const copy = (x: Uint8Array) => x.slice().buffer;
    const mixed = [new DataView(copy(a)), new Uint16Array(copy(b)), copy(c), Buffer.from(d)];
    same(await collect(decodeStream(C.OrderC!, mixed)), expected);
    async function* gen() {
      yield* mixed;
    }
    same(await collect(decodeStream(C.OrderC!, gen())), expected);
  });

  test("bytes instead of a stream, or a string chunk, is a TypeError that says what to use", async () => {
    await expect(decodeAsync(C.OrderC!, stream as any)).rejects.toThrow(/use decode or decodeMulti/);
    await expect(collect(decodeStream(C.OrderC!, ["abc"] as any))).rejects.toThrow(TypeError);
    await expect(decodeAsync(C.OrderC!, 42 as any)).rejects.toThrow(
      /expected a ReadableStream, a Node Readable or an \(async\) iterable/,
    );
  });

  test("the codec comes first; anything else there (0.4's argument order) is a TypeError", async () => {
    const notCodec = /expected a codec from codecFor<T>\(\) as the first argument/;
    await expect(decodeAsync([stream] as any, C.OrderC as any)).rejects.toThrow(notCodec);
    expect(() => decodeStream(undefined as any, [stream])).toThrow(notCodec);
    expect(() => [...decodeMulti({} as any, stream)]).toThrow(notCodec);
  });
});

test("codecs carry no streaming methods: those are the functions of typed-msgpack/stream", () => {
  for (const codec of [C.OrderC!, C.ItemsC!]) {
    expect(Object.keys(codec)).toEqual(["encode", "encodeInto", "decode", "writeTo", "readFrom", "readElement"]);
  }
  expect(typeof C.ItemsC!.readElement).toBe("function");
  expect((C.OrderC as { readElement?: unknown }).readElement).toBeUndefined();
});
