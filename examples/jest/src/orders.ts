import { OrderCodec } from "./codecs";
import type { Order } from "./model";

/** What the app sends over the wire for an order. */
export function orderToBytes(order: Order): Uint8Array {
  return OrderCodec.encode(order);
}

export function orderFromBytes(bytes: Uint8Array): Order {
  return OrderCodec.decode(bytes);
}

export function totalOf(order: Order): number {
  return order.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
}
