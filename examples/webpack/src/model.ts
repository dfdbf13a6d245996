/** The wire types, declared apart from the codecs: a change here changes the codecs on the next build. */
export interface Item {
  sku: string;
  quantity: number;
  unitPrice: number;
}

export interface Order {
  id: number;
  status: "open" | "paid" | "shipped";
  customer: string;
  items: Item[];
  placedAt: Date;
  note?: string;
}

/** What the page sends back after reading the orders. */
export interface Receipt {
  orderIds: number[];
  itemCount: number;
  totalCents: bigint;
  receivedAt: Date;
  userAgent: string;
}
