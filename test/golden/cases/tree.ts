// Recursive types: an interface that contains itself, and a recursive union alias.
import { codecFor, type Codec } from "typed-msgpack";

export interface TreeNode {
  value: number;
  label?: string;
  children: TreeNode[];
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export const TreeCodec = codecFor<TreeNode>();
export const JsonCodec = codecFor<Json>();

export const roundTrip: [Codec<any>, unknown][] = [
  [TreeCodec, { value: 1, children: [{ value: 2, label: "leaf", children: [] }, { value: 3, children: [{ value: 4, children: [] }] }] }],
  [JsonCodec, { a: [1, "two", null, { b: true }], c: {} }],
];
