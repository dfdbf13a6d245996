import { CodecError } from "typed-msgpack";
import { decodeStream } from "typed-msgpack/stream";
import { ItemPageCodec, OrderCodec, ReceiptCodec } from "./codecs";
import type { Order, Receipt } from "./model";

/** What the page shows (as JSON in #result) once it is done. */
export interface Report {
  orders: unknown[];
  receipt: unknown;
  postStatus: number;
  rejected: { code: string; path: string | undefined } | string;
  /** The generic helper's codec: the first order's items as a Page, encoded and decoded in the page. */
  page: { hex: string; back: unknown };
}

/**
 * Reads a stream of Orders from the server as they arrive, answers with a Receipt, and checks
 * that a malformed order is refused.
 */
export async function run(): Promise<Report> {
  const response = await fetch("/api/orders");
  if (!response.ok || !response.body) throw new Error(`GET /api/orders: ${response.status}`);
  const orders: Order[] = [];
  for await (const order of decodeStream(OrderCodec, response.body)) orders.push(order);

  const receipt: Receipt = {
    orderIds: orders.map((o) => o.id),
    itemCount: orders.reduce((n, o) => n + o.items.length, 0),
    totalCents: orders.reduce((sum, o) => sum + o.items.reduce((s, i) => s + BigInt(Math.round(i.quantity * i.unitPrice * 100)), 0n), 0n),
    receivedAt: new Date(),
    userAgent: navigator.userAgent,
  };
  const posted = await fetch("/api/receipts", {
    method: "POST",
    headers: { "content-type": "application/msgpack" },
    // encode's Uint8Array always owns a plain ArrayBuffer; TypeScript >= 5.7's DOM types want that
    // said (BodyInit takes Uint8Array<ArrayBuffer>, not Uint8Array<ArrayBufferLike>).
    body: ReceiptCodec.encode(receipt) as Uint8Array<ArrayBuffer>,
  });

  let rejected: Report["rejected"] = "accepted";
  try {
    OrderCodec.decode(new Uint8Array(await (await fetch("/api/orders/broken")).arrayBuffer()));
  } catch (e) {
    rejected = e instanceof CodecError ? { code: e.code, path: e.path } : String(e);
  }

  const pageBytes = ItemPageCodec.encode({ items: orders[0]?.items ?? [], next: "p2", total: orders.length });
  const page = { hex: Array.from(pageBytes, (b) => b.toString(16).padStart(2, "0")).join(""), back: ItemPageCodec.decode(pageBytes) };

  return {
    page,
    orders: orders.map((o) => ({ ...o, placedAt: o.placedAt.toISOString() })),
    receipt: { ...receipt, totalCents: receipt.totalCents.toString(), receivedAt: receipt.receivedAt.toISOString() },
    postStatus: posted.status,
    rejected,
  };
}
