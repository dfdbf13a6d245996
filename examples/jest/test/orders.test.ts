import { CodecError, codecFor } from "typed-msgpack";
import type { Item, Order } from "../src/model";
import { pageCodec, type Page } from "../src/codecs";
import { orderFromBytes, orderToBytes, totalOf } from "../src/orders";

const order: Order = {
  id: 7,
  status: "paid",
  items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
  placedAt: new Date("2026-11-01T12:00:00.000Z"),
  total: 1900n,
  tags: new Set(["gift"]),
  note: "leave at the door",
};

test("an order survives the wire", () => {
  const back = orderFromBytes(orderToBytes(order));
  expect(back).toEqual(order);
  expect(totalOf(back)).toBe(19);
});

test("decode refuses bytes that are not an Order, and says where", () => {
  const bytes = orderToBytes({ ...order, status: "open" });
  const at = Buffer.from(bytes).indexOf("open");
  bytes.set(Buffer.from("lost"), at); // "open" -> "lost", which is not a status
  expect(() => orderFromBytes(bytes)).toThrow(CodecError);
  expect(() => orderFromBytes(bytes)).toThrow("$.status");
});

test("a codec made in the test file itself", () => {
  const ItemsCodec = codecFor<Item[]>();
  expect(ItemsCodec.decode(ItemsCodec.encode(order.items))).toEqual(order.items);
  expect(() => ItemsCodec.encode([{ sku: 1 }] as unknown as Item[])).toThrow("$[0].sku");
});

test("a generic helper: pageCodec(codecFor<Item>()) writes what codecFor<Page<Item>>() writes", () => {
  const ItemPage = pageCodec(codecFor<Item>());
  const page: Page<Item> = { items: order.items, next: "p2", total: 1 };
  const bytes = ItemPage.encode(page);
  expect(bytes).toEqual(codecFor<Page<Item>>().encode(page));
  expect(ItemPage.decode(bytes)).toEqual(page);
  expect(() => ItemPage.encode({ items: [{ sku: 1 }], total: 1 } as unknown as Page<Item>)).toThrow("$.items[0].sku");
});
