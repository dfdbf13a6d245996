import { CodecError } from "typed-msgpack";
import { ItemPageCodec, OrderCodec } from "./codecs";
import { Level, type Order } from "./model";

declare const console: { log(text: string): void }; // this project installs no @types/node

const order: Order = {
  id: 7,
  status: "paid",
  level: Level.High,
  items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
  placedAt: new Date("2026-11-01T12:00:00.000Z"),
  total: 9007199254740993n,
  tags: new Set(["gift"]),
  stock: new Map([["A-1", 3]]),
  meta: { channel: "web" },
  location: [52.5, 13.4, "Berlin"],
  payment: { kind: "invoice", dueDays: 30 },
  category: { name: "root", children: [{ name: "leaf", children: [] }] },
  attachment: new Uint8Array([1, 2, 255]),
  extra: { any: ["thing", 1, null] },
  note: null,
};

const bytes = OrderCodec.encode(order);
const back = OrderCodec.decode(bytes);

let rejected = "";
try {
  // A value that does not match Order at run time (a JS caller, an `as any`): encode refuses it.
  OrderCodec.encode({ ...order, items: [{ sku: "C-1", quantity: 2, unitPrice: 9.5 }] } as unknown as Order);
} catch (e) {
  rejected = e instanceof CodecError ? `${e.code} at ${e.path}` : String(e);
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const page = ItemPageCodec.encode({ items: order.items, next: "p2", total: 1 });
let pageRejected = "";
try {
  ItemPageCodec.decode(OrderCodec.encode(order));
} catch (e) {
  pageRejected = e instanceof CodecError ? `${e.code} at ${e.path}` : String(e);
}
console.log(JSON.stringify({
  hex: hex(bytes),
  back: {
    ...back,
    placedAt: back.placedAt.toISOString(),
    total: String(back.total),
    tags: [...back.tags],
    stock: [...back.stock],
    attachment: hex(back.attachment),
  },
  rejected,
  page: { hex: hex(page), back: ItemPageCodec.decode(page), rejected: pageRejected },
}));
