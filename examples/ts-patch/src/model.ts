/** The wire types, declared apart from the codecs: a change here changes the codecs on the next build. */
export interface Item {
  sku: string;
  quantity: number;
  unitPrice: number;
}

export interface Order {
  id: number;
  status: "open" | "paid" | "shipped";
  items: Item[];
  placedAt: Date;
  total: bigint;
  tags: Set<string>;
  note?: string;
}
