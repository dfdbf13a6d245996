import { codecFor } from "typed-msgpack";
import type { Item, Order } from "./model.js";

export const OrderCodec = codecFor<Order>();
export const ItemsCodec = codecFor<Item[]>();
