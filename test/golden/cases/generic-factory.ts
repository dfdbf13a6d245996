// Codecs inside generic code (issue 16): each is a factory of the codecs passed for its type parameters.
import { codecFor, type Codec } from "typed-msgpack";

export interface User { id: number; email: string }
export interface Page<T> { items: T[]; next?: string; total: number }
export type Tree<T> = { value: T | null; children: Tree<T>[] };
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export function pageCodec<T>(item: Codec<T>): Codec<Page<T>> {
  return codecFor<Page<T>>(item);
}
export function treeCodec<T>(value: Codec<T>): Codec<Tree<T>> {
  return codecFor<Tree<T>>(value);
}
export function resultCodec<T, E>(value: Codec<T>, error: Codec<E>): Codec<Result<T, E>> {
  return codecFor<Result<T, E>>(value, error);
}

export const UserCodec = codecFor<User>();
const UserPage = pageCodec(UserCodec);
const NameTree = treeCodec(codecFor<string>());
const Outcome = resultCodec(pageCodec(UserCodec), codecFor<string>());

export const roundTrip: [Codec<any>, unknown][] = [
  [UserPage, { items: [{ id: 1, email: "a@example.com" }], next: "cursor", total: 10 }],
  [UserPage, { items: [], total: 0 }],
  [NameTree, { value: "root", children: [{ value: null, children: [] }] }],
  [Outcome, { ok: true, value: { items: [{ id: 2, email: "b@example.com" }], total: 1 } }],
  [Outcome, { ok: false, error: "boom" }],
];
