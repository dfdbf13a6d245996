// Untagged unions: the model's plan says how each group of members that share a JS-side test or a
// wire family is told apart — by keys alone ("keys"), by keys and then trying ("keysThenTry", when
// one set of keys can fit two members), or by trying ("try", arrays and tuples).
import { codecFor, type Codec } from "typed-msgpack";

export interface A { a: number }
export interface AB { a: number; b: number }

export const ByKeysCodec = codecFor<{ a: string } | { b: number }>();
export const ByKeysThenTryCodec = codecFor<{ x: A[] } | { x: AB[] }>();
export const ByTryCodec = codecFor<A[] | AB[]>();

export const roundTrip: [Codec<any>, unknown][] = [
  [ByKeysCodec, { b: 1 }],
  [ByKeysThenTryCodec, { x: [{ a: 1, b: 2 }] }],
  [ByKeysThenTryCodec, { x: [{ a: 1 }] }],
  [ByTryCodec, [{ a: 1, b: 2 }]],
];
