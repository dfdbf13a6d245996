// The leaf kinds no other case holds: bigint (int 64), ArrayBuffer (bin) and unknown (any value,
// written as it comes).
import { codecFor, type Codec } from "typed-msgpack";

export interface Blob {
  size: bigint;
  data: ArrayBuffer;
  meta: unknown;
}

export const BlobCodec = codecFor<Blob>();

export const roundTrip: [Codec<any>, unknown][] = [
  [BlobCodec, { size: 2n ** 63n - 1n, data: new Uint8Array([1, 2, 3]).buffer, meta: { tags: ["a", 1, null] } }],
  [BlobCodec, { size: -1n, data: new ArrayBuffer(0), meta: null }],
];
