// The app's codecs. `typed-msgpack generate` (configured in package.json) copies this file to
// wire.codecs.ts with each codecFor<T>() replaced by its generated codec; the app imports that copy.
import { codecFor } from "typed-msgpack";
import type { Order } from "./types.js";

/** One order. */
export const OrderCodec = codecFor<Order>();

/** A page of orders. */
export const OrdersCodec = codecFor<Order[]>();
