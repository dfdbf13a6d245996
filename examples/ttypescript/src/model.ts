/** Types that exercise most of what the generated code does, compiled by TypeScript 4.9. */
export enum Level { Low = 1, High = 2 }
export type Sku = `${"A" | "B"}-${number}`;

export interface Item {
  sku: Sku;
  quantity: number;
  unitPrice: number;
}

export type Payment =
  | { kind: "card"; last4: string }
  | { kind: "invoice"; dueDays: number };

export interface Category {
  name: string;
  children: Category[];
}

export interface Order {
  id: number;
  status: "open" | "paid" | "shipped";
  level: Level;
  items: Item[];
  placedAt: Date;
  total: bigint;
  tags: Set<string>;
  stock: Map<string, number>;
  meta: Record<string, string>;
  location: [lat: number, lon: number, label?: string];
  payment: Payment;
  category: Category;
  attachment: Uint8Array;
  extra: unknown;
  note?: string | null;
}
