/** The domain types: plain TypeScript, no codec code. */
export type Currency = "EUR" | "USD";

export interface LineItem {
  sku: string;
  quantity: number;
  unitPrice: number;
}

export type Payment =
  | { method: "card"; last4: string }
  | { method: "invoice"; dueDays: number };

export interface Order {
  id: bigint;
  placedAt: Date;
  currency: Currency;
  items: LineItem[];
  payment: Payment;
  tags: Set<string>;
  note?: string;
}
