import { CodecError } from "typed-msgpack";
import { ItemPageCodec, OrderCodec, type Page } from "./codecs.js";
import type { Item, Order } from "./model.js";

declare const console: { log(text: string): void }; // this project installs no @types/node

const order: Order = {
  id: 7,
  status: "paid",
  items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
  placedAt: new Date("2026-11-01T12:00:00.000Z"),
  total: 1900n,
  tags: new Set(["gift"]),
  note: "leave at the door",
};

const bytes = OrderCodec.encode(order);
const back = OrderCodec.decode(bytes);

let rejected = "";
try {
  // A value that does not match Order at run time (a JS caller, an `as any`): encode refuses it.
  OrderCodec.encode({ ...order, items: [{ sku: "A-1", quantity: "2", unitPrice: 9.5 }] } as unknown as Order);
} catch (e) {
  rejected = e instanceof CodecError ? `${e.code} at ${e.path}` : String(e);
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
// The generic helper: pageCodec(codecFor<Item>()) writes what codecFor<Page<Item>>() would.
const page = ItemPageCodec.encode({ items: order.items, next: "p2", total: 1 });
let pageRejected = "";
try {
  // A bad element is reported at its path through the codec passed for T.
  ItemPageCodec.encode({ items: [{ sku: "A-1", quantity: "2", unitPrice: 9.5 }], total: 1 } as unknown as Page<Item>);
} catch (e) {
  pageRejected = e instanceof CodecError ? `${e.code} at ${e.path}` : String(e);
}

console.log(JSON.stringify({
  hex: hex(bytes),
  back: { ...back, placedAt: back.placedAt.toISOString(), total: String(back.total), tags: [...back.tags] },
  rejected,
  page: { hex: hex(page), back: ItemPageCodec.decode(page), rejected: pageRejected },
}));
