/** Shared by the stream tests: fixture types, seeded chunkings, and small async helpers. */
import { CodecError, type Codec } from "../../runtime/index";
import { concat as concatChunks, fromHex, hex } from "../helpers/bytes";

/** The codecs of FIXTURE as tests see them; the array ones have decodeArrayStream. */
export type Codecs = Record<string, Codec<any>> & Record<"ItemsC" | "NumsC" | "TreesC" | "AnysC", Codec<any[]>>;

export { same } from "../helpers/equal";

/** Types that reach every decoder path; each test file loads this under its own fixture name. */
export const FIXTURE = `
import { codecFor } from "typed-msgpack";
export interface Item { sku: string; qty: number; price: number }
export interface Order {
  id: number; customer: string; items: Item[]; placedAt: Date; note?: string;
  tags: Set<string>; meta: Record<string, unknown>; blob: Uint8Array; big: bigint; flag: boolean | null;
}
export type Shape = { kind: "circle"; r: number } | { kind: "rect"; w: number; h: number };
export interface Tree { v: number; kids: Tree[] }
export const OrderC = codecFor<Order>();
export const ShapeC = codecFor<Shape>();
export const TreeC = codecFor<Tree>();
export const AnyC = codecFor<unknown>();
export const StrC = codecFor<string>();
export const NumC = codecFor<number>();
export const BytesC = codecFor<Uint8Array>();
export const TupleC = codecFor<[string, number, boolean?]>();
export const ItemsC = codecFor<Item[]>();
export const NumsC = codecFor<readonly number[]>();
export const TreesC = codecFor<Tree[]>();
export const AnysC = codecFor<unknown[]>();
`;

/** mulberry32: a small deterministic generator, so that a failing chunking can be replayed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cuts `bytes` at the given offsets (sorted, within range). */
export function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    out.push(bytes.subarray(from, to));
    from = to;
  }
  return out;
}

/** Random chunk sizes in [1, max] (empty chunks sprinkled in, as streams may send them). */
export function randomChunks(bytes: Uint8Array, next: () => number, max: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    if (next() < 0.05) out.push(new Uint8Array(0));
    const n = 1 + Math.floor(next() * max);
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

/** Each chunk copied into one reused buffer, as a producer that recycles its buffer would hand them out. */
export async function* recycled(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  const shared = new Uint8Array(chunks.reduce((n, c) => Math.max(n, c.length), 1));
  for (const c of chunks) {
    shared.fill(0xc1);
    shared.set(c);
    yield shared.subarray(0, c.length);
  }
  shared.fill(0xc1);
}

/** The chunks one by one, with a macrotask between some of them, like a network would. */
export async function* trickle(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  let i = 0;
  for (const c of chunks) {
    if (i++ % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield c;
  }
}

export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const v of it) out.push(v);
  return out;
}

/** `parts` laid end to end (the array form of test/helpers/bytes' `concat`). */
export function concat(parts: Uint8Array[]): Uint8Array {
  return concatChunks(...parts);
}

export { fromHex, hex };

/** The CodecError a promise (or a function) fails with; fails the test if it resolves. */
export async function codecError(run: () => unknown): Promise<CodecError> {
  let result: unknown;
  try {
    result = await run();
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    return e;
  }
  throw new Error(`expected a CodecError, got ${String(result)}`);
}

/** What `decode` throws for `bytes`, as a comparable record. */
export function syncError(
  run: () => unknown,
): { code: string; path?: string; offset: number; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    return { code: e.code, path: e.path, offset: e.offset, message: e.message };
  }
}
