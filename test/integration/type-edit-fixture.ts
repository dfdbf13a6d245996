/**
 * The app both load-time routes (test/integration/register.test.ts, bun.test.ts) run: a codec of a
 * type imported type-only, and the type edit (a property added) that must reach it on the next run.
 */
export const MODEL = "export interface Order {\n  id: number;\n  note?: string;\n}\n";
export const WITH_PRIORITY = "export interface Order {\n  id: number;\n  note?: string;\n  priority: number;\n}\n";
export const MAIN = `import { codecFor } from "typed-msgpack";
import type { Order } from "./model";

const OrderCodec = codecFor<Order>();
const sent = { id: 1, note: "n", priority: 2 } as Order;
console.log(JSON.stringify(OrderCodec.decode(OrderCodec.encode(sent))));
`;
