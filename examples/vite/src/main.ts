import { codecFor, CodecError } from "typed-msgpack";
import type { Order } from "./model";

export const OrderCodec = codecFor<Order>();

const order: Order = { id: 7, customer: "Ada", items: [{ sku: "KB-101", quantity: 2 }], placedAt: new Date("2026-11-01T09:30:00.000Z"), note: "gift wrap" };
const bytes = OrderCodec.encode(order);
const back = OrderCodec.decode(bytes);

// A JS caller handing over the wrong shape: encode must refuse it.
let rejected = "";
try {
  OrderCodec.encode({ ...order, items: [{ sku: "KB-101", quantity: "2" }] } as unknown as Order);
} catch (e) {
  rejected = e instanceof CodecError ? `${e.code} at ${e.path}` : String(e);
}

const result = document.getElementById("result")!;
result.textContent = JSON.stringify({
  hex: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""),
  back: { ...back, placedAt: back.placedAt.toISOString() },
  rejected,
});
result.dataset.status = "done";
