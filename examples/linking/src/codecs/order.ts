import { codecFor } from "typed-msgpack";
import type { Order } from "../model/order.js";

// Customer's codec is exported by ./customer.ts: this one calls it rather than copying it.
// OrderLine has no exported codec anywhere, so it is emitted here.
export const OrderCodec = codecFor<Order>();
