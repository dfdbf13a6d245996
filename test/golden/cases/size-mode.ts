// Size mode (`optimize: "size"`): a table of the type run by typed-msgpack/interpret, where
// kinds the interpreter does not run (here `Date`) keep their generated functions; a codec in the
// default mode beside it has its functions as always.
import { codecFor, type Codec } from "typed-msgpack";

export interface Order {
  id: number;
  status: "draft" | "paid";
  note?: string | null;
  lines: { sku: string; qty: number }[];
  at: Date;
  tags: Record<string, string>;
}

export type Event = { kind: "created"; order: Order } | { kind: "deleted"; id: number };

export const EventCodec = codecFor<Event>({ optimize: "size" });
export const OrderCodec = codecFor<Order>();
// The same type in both modes in one file: two codecs, functions and a table, the same bytes.
export const OrderTable = codecFor<Order>({ optimize: "size" });

const order = {
  id: 1,
  status: "paid",
  note: null,
  lines: [{ sku: "a-1", qty: 2 }],
  at: new Date(0),
  tags: { k: "v" },
};

export const roundTrip: [Codec<any>, unknown][] = [
  [OrderCodec, order],
  [OrderTable, order],
  [EventCodec, { kind: "deleted", id: 7 }],
  [EventCodec, { kind: "created", order }],
];
