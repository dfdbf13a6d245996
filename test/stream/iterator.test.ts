/** decodeStream / decodeArrayStream return async iterators that behave like async generators. */
import { load } from "../helpers/compile";
import { decodeArrayStream, decodeStream } from "../../runtime/stream";
import { FIXTURE, type Codecs, codecError, concat, cut, fromHex } from "./helpers";

const C = load<Codecs>("stream_iterator", FIXTURE);

const bytes = concat([1, 2, 3, 4, 5].map((n) => C.NumC!.encode(n)));

/** An async generator source that records whether it was closed (its finally ran). */
function tracked(chunks: Uint8Array[]) {
  const state = { closed: false, pulled: 0 };
  async function* source() {
    try {
      for (const c of chunks) {
        await new Promise((r) => setImmediate(r));
        state.pulled++;
        yield c;
      }
    } finally {
      state.closed = true;
    }
  }
  return { source: source(), state };
}

test("calls made without waiting are served in order", async () => {
  const it = decodeStream(C.NumC!, tracked(cut(bytes, [1, 2, 3, 4])).source);
  const results = await Promise.all([it.next(), it.next(), it.next(), it.next(), it.next(), it.next(), it.next()]);
  const end = { value: undefined, done: true };
  expect(results).toEqual([...[1, 2, 3, 4, 5].map((value) => ({ value, done: false })), end, end]);
});

test("return() ends the iteration and closes the source, also while a next() is waiting", async () => {
  const { source, state } = tracked(cut(bytes, [1, 2, 3, 4]));
  const it = decodeStream(C.NumC!, source);
  expect(await it.next()).toEqual({ value: 1, done: false });
  const pending = it.next();
  const returned = it.return(undefined);
  expect(await pending).toEqual({ value: 2, done: false });
  expect(await returned).toEqual({ value: undefined, done: true });
  expect(state.closed).toBe(true);
  expect(await it.next()).toEqual({ value: undefined, done: true });
});

test("throw() rejects with the error and closes the source", async () => {
  const { source, state } = tracked(cut(bytes, [2]));
  const it = decodeStream(C.NumC!, source);
  await it.next();
  await expect(it.throw(new Error("stop"))).rejects.toThrow("stop");
  expect(state.closed).toBe(true);
  expect(await it.next()).toEqual({ value: undefined, done: true });
});

test("a decode error ends the iteration and closes the source", async () => {
  const { source, state } = tracked([bytes.subarray(0, 2), fromHex("a1 78"), bytes.subarray(2)]);
  const it = decodeStream(C.NumC!, source);
  expect((await it.next()).value).toBe(1);
  expect((await it.next()).value).toBe(2);
  expect(await codecError(() => it.next())).toMatchObject({ code: "type-mismatch", offset: 2 });
  expect(state.closed).toBe(true);
  expect(await it.next()).toEqual({ value: undefined, done: true });
});

test("nothing is read before the first next(), and return() first leaves a ReadableStream unlocked", async () => {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  const it = decodeStream(C.NumC!, body);
  expect(body.locked).toBe(false);
  expect(await it.return(undefined)).toEqual({ value: undefined, done: true });
  expect(body.locked).toBe(false);
  const again = decodeArrayStream(C.NumsC!, body);
  expect(body.locked).toBe(false);
  await expect(again.next()).rejects.toMatchObject({ code: "type-mismatch" }); // 01 is not an array
  expect(body.locked).toBe(false);
});

test("for await ... of, with break, on decodeArrayStream", async () => {
  const { source, state } = tracked(cut(C.NumsC!.encode([1, 2, 3, 4]), [1, 2, 3]));
  const seen: number[] = [];
  for await (const n of decodeArrayStream(C.NumsC!, source)) {
    seen.push(n);
    if (n === 2) break;
  }
  expect(seen).toEqual([1, 2]);
  expect(state.closed).toBe(true);
});

test("Symbol.asyncDispose (await using) closes the source, as on an async generator", async () => {
  const { source, state } = tracked(cut(bytes, [1, 2]));
  const it = decodeStream(C.NumC!, source);
  expect((await it.next()).value).toBe(1);
  const dispose = (it as unknown as Record<symbol, () => Promise<void>>)[
    (Symbol as { asyncDispose?: symbol }).asyncDispose!
  ]!;
  await dispose.call(it);
  expect(state.closed).toBe(true);
  expect(await it.next()).toEqual({ value: undefined, done: true });
});
