import { codecFor, type Codec } from "typed-msgpack";
import type { Item, Order, Receipt } from "./model";

export const OrderCodec = codecFor<Order>();
export const ItemsCodec = codecFor<Item[]>();
export const ReceiptCodec = codecFor<Receipt>();

// A codec for a generic type, inside generic code: one codec argument per type parameter.
export interface Page<T> { items: T[]; next?: string; total: number }
export function pageCodec<T>(item: Codec<T>): Codec<Page<T>> {
  return codecFor<Page<T>>(item);
}
export const ItemPageCodec = pageCodec(codecFor<Item>());
