import { codecFor } from "typed-msgpack";
import type { Item, Order, Receipt } from "./model";

export const OrderCodec = codecFor<Order>();
export const ItemsCodec = codecFor<Item[]>();
export const ReceiptCodec = codecFor<Receipt>();
