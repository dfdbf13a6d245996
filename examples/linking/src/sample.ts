import type { Invoice } from "./model/invoice.js";

const ada = { id: 1, name: "Ada", tier: "gold" } as const;

export const invoice: Invoice = {
  number: "INV-7",
  billTo: ada,
  orders: [
    { id: 10, customer: ada, lines: [{ sku: "A-1", quantity: 2 }] },
    { id: 11, customer: { id: 2, name: "Bob", tier: "silver" }, lines: [] },
  ],
  paid: false,
};

/** What both builds print: the bytes, the value decoded back, and how a bad value is rejected. */
export function report(codec: { encode(v: Invoice): Uint8Array; decode(b: Uint8Array): Invoice }): string {
  const bytes = codec.encode(invoice);
  let rejected = "";
  try {
    codec.encode({ ...invoice, orders: [{ ...invoice.orders[0]!, customer: { ...ada, tier: "platinum" as never } }] });
  } catch (e) {
    const error = e as { code?: string; path?: string };
    rejected = `${error.code} at ${error.path}`;
  }
  return JSON.stringify({ hex: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""), back: codec.decode(bytes), rejected });
}
