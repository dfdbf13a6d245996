// Codec lines between imports and re-exports (issue 19): the generated code goes after the first
// run of imports, so every codec exists before the first line that uses it, and the module loads.
import { codecFor, type Codec } from "typed-msgpack";

export interface Item { sku: string; qty: number }

export const ItemCodec = codecFor<Item>();
import { CodecError } from "typed-msgpack";
export * from "typed-msgpack/stream";

export const ItemsCodec = codecFor<Item[]>();
export const isCodecError = (e: unknown): boolean => e instanceof CodecError;

export const roundTrip: [Codec<any>, unknown][] = [
  [ItemCodec, { sku: "A-1", qty: 2 }],
  [ItemsCodec, [{ sku: "A-1", qty: 2 }, { sku: "B-2", qty: 0 }]],
];
