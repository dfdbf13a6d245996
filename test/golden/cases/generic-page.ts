// Generic types instantiated with concrete arguments: one named type per instantiation.
import { codecFor, type Codec } from "typed-msgpack";

export interface Item { sku: string; price: number }
export interface Page<T> { items: T[]; next?: string; total: number }
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ItemPageCodec = codecFor<Page<Item>>();
export const NamePageCodec = codecFor<Page<string>>();
export const ResultCodec = codecFor<Result<Page<Item>>>();

export const roundTrip: [Codec<any>, unknown][] = [
  [ItemPageCodec, { items: [{ sku: "a", price: 1 }], next: "cursor", total: 10 }],
  [NamePageCodec, { items: ["x", "y"], total: 2 }],
  [ResultCodec, { ok: true, value: { items: [], total: 0 } }],
  [ResultCodec, { ok: false, error: "boom" }],
];
