import { CodecError } from "typed-msgpack";
import type { Order } from "./types.js";
import { OrderCodec, OrdersCodec } from "./wire.codecs.js";

const order: Order = {
  id: 9007199254740993n,
  placedAt: new Date("2024-05-01T12:00:00.000Z"),
  currency: "EUR",
  items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
  payment: { method: "card", last4: "4242" },
  tags: new Set(["gift"]),
};

const bytes = OrderCodec.encode(order);
const back = OrderCodec.decode(bytes);
const page = OrdersCodec.decode(OrdersCodec.encode([order, { ...order, payment: { method: "invoice", dueDays: 30 } }]));

let rejectedAt = "";
try {
  // What a JavaScript caller might hand over: encode checks the shape and names the bad field.
  OrderCodec.encode({ ...order, items: [{ sku: "A-1", quantity: "2", unitPrice: 9.5 }] } as unknown as Order);
} catch (e) {
  if (e instanceof CodecError) rejectedAt = e.path ?? "";
}

console.log(JSON.stringify({
  bytes: bytes.length,
  id: back.id.toString(),
  placedAt: back.placedAt.toISOString(),
  items: back.items,
  payment: back.payment,
  tags: [...back.tags],
  payments: page.map((o) => o.payment.method),
  rejectedAt,
}));
