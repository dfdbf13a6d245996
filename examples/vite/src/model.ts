// The types live here, apart from the codecs: main.ts imports them type-only, so Vite never sees
// this file in its module graph. The plugin tells it that main.ts's codecs depend on it.
export interface Item {
  sku: string;
  quantity: number;
}

export interface Order {
  id: number;
  customer: string;
  items: Item[];
  placedAt: Date;
  note?: string;
}
