import { codecFor } from "typed-msgpack";
import type { Item } from "./model";

declare const console: { log(text: string): void }; // the example installs no @types/node

const ItemsCodec = codecFor<Item[]>();
// `currency` is not (yet) a property of Item: the codec writes it only once the type has it.
const items = [{ sku: "A-1", quantity: 2, unitPrice: 9.5, currency: "EUR" }];
const bytes = ItemsCodec.encode(items);
const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
// What the codec wrote, and what it reads back from it.
console.log(JSON.stringify({ hex, decoded: ItemsCodec.decode(bytes) }));
