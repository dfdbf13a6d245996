import { codecFor } from "typed-msgpack";
import type { Item, Order } from "./model";

export const OrderCodec = codecFor<Order>();
export const ItemsCodec = codecFor<Item[]>();
