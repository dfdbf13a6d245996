import { CodecError } from "typed-msgpack";
import { OrderCodec } from "./codecs";
import type { Order } from "./model";

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

console.log(JSON.stringify({
  hex: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""),
  back: { ...back, placedAt: back.placedAt.toISOString(), total: String(back.total), tags: [...back.tags] },
  rejected,
}));
