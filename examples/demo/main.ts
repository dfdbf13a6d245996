/**
 * typed-msgpack demo: `npm run demo` builds the package, compiles this file with tspc (the
 * transformer turns each codecFor<T>() into a generated codec) and runs it with node.
 */
import { codecFor, CodecError } from "typed-msgpack";
import { Decoder, Encoder } from "@msgpack/msgpack";

interface LineItem {
  sku: string;
  quantity: number;
  unitPrice: number;
}

interface Order {
  id: number;
  status: "open" | "paid" | "shipped";
  customer: { name: string; email: string };
  items: LineItem[];
  createdAt: Date;
  note?: string;
}

const OrderCodec = codecFor<Order>();

const order: Order = {
  id: 10542,
  status: "paid",
  customer: { name: "Ada Lovelace", email: "ada@example.com" },
  items: [
    { sku: "KB-101", quantity: 1, unitPrice: 89.5 },
    { sku: "MS-220", quantity: 2, unitPrice: 24.99 },
    { sku: "USB-C-1M", quantity: 3, unitPrice: 7 },
  ],
  createdAt: new Date("2024-05-01T09:30:00.000Z"),
};

function hex(bytes: Uint8Array): string {
  const pairs = Array.from(bytes, (b) => b.toString(16).padStart(2, "0"));
  const lines: string[] = [];
  for (let i = 0; i < pairs.length; i += 32) lines.push("  " + pairs.slice(i, i + 32).join(" "));
  return lines.join("\n");
}

/** Calls `fn` for about `ms` milliseconds (after a short warm-up) and returns calls per second. */
function opsPerSecond(fn: () => unknown, ms = 300): number {
  for (let i = 0; i < 2000; i++) fn();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  // Check the clock every 100 calls so that timing does not dominate what is timed.
  while (elapsed < ms) {
    for (let i = 0; i < 100; i++) fn();
    calls += 100;
    elapsed = performance.now() - start;
  }
  return (calls * 1000) / elapsed;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(11);

// 1. Round trip.
const bytes = OrderCodec.encode(order);
const decoded = OrderCodec.decode(bytes);
console.log("Order:", order);
console.log(`\nEncoded (${bytes.length} bytes):\n${hex(bytes)}`);
console.log("\nDecoded:", decoded);

// 2. Size: MessagePack against JSON, both as the bytes that would go over the wire.
const jsonBytes = Buffer.byteLength(JSON.stringify(order), "utf8");
console.log(`\nSize: ${bytes.length} B MessagePack vs ${jsonBytes} B JSON (UTF-8), ${Math.round((100 * bytes.length) / jsonBytes)}% of JSON`);

// 3. Speed against @msgpack/msgpack in the same process, reusing its Encoder/Decoder instances
//    (its fastest documented use). A rough figure: run it a few times before quoting it.
const encoder = new Encoder();
const decoder = new Decoder();
const theirBytes = encoder.encode(order);
console.log("\nSpeed (ops/s, ~300 ms each):");
console.log(`  encode  typed-msgpack ${fmt(opsPerSecond(() => OrderCodec.encode(order)))}   @msgpack/msgpack ${fmt(opsPerSecond(() => encoder.encode(order)))}`);
console.log(`  decode  typed-msgpack ${fmt(opsPerSecond(() => OrderCodec.decode(bytes)))}   @msgpack/msgpack ${fmt(opsPerSecond(() => decoder.decode(theirBytes)))}`);
console.log("  (typed-msgpack's decode also checks every field against Order; @msgpack/msgpack's does not.)");

// 4. A CodecError: bytes that are valid MessagePack but not a valid Order.
const wrong = encoder.encode({ ...order, items: [order.items[0], { sku: "MS-220", quantity: "two", unitPrice: 24.99 }] });
try {
  OrderCodec.decode(wrong);
  throw new Error("expected a CodecError");
} catch (error) {
  if (!(error instanceof CodecError)) throw error;
  console.log("\nDecoding an order whose items[1].quantity is a string:");
  console.log(`  error.name    ${error.name}`);
  console.log(`  error.code    ${error.code}`);
  console.log(`  error.path    ${error.path}`);
  console.log(`  error.offset  ${error.offset}`);
  console.log(`  error.message ${error.message}`);
}
