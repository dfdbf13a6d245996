/** Types the hand-made hostile tests aim at, compiled through the real transformer. */
export const HOSTILE_SOURCE = `
import { codecFor } from "typed-msgpack";

export interface Item { sku: string; price: number }
export interface Order { id: number; items: Item[]; placedAt: Date; note?: string }
export interface TreeNode { value: number; children: TreeNode[] }
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Expr = { op: "lit"; value: number } | { op: "neg"; arg: Expr };
export interface Chain { name?: string; next?: Chain | Link }
export interface Link { to: string; next?: Chain | Link }
export interface Plain { a: number; b?: string }
export interface WithIndex { a: number; [extra: string]: unknown }
export interface Inherited { constructor?: string; toString?: string; valueOf?: number; hasOwnProperty?: boolean; name: string }
export interface ProtoNamed { "__proto__"?: { polluted: boolean }; prototype?: string; id: number }
export type Event = { type: "click"; x: number } | { type: "key"; key: string };
export type Untagged = { a: string; b?: number } | { c: boolean };
export type Row = [id: number, score?: number | null];
export type Mark = ["pt", number, number];
export type Flagged = [flag: "on" | "off", done: boolean, weight: number];

export const StringC = codecFor<string>();
export const NumberC = codecFor<number>();
export const BigintC = codecFor<bigint>();
export const BytesC = codecFor<Uint8Array>();
export const DateC = codecFor<Date>();
export const UnknownC = codecFor<unknown>();
export const StringsC = codecFor<string[]>();
export const RecordC = codecFor<Record<string, unknown>>();
export const RecordNumC = codecFor<Record<string, number>>();
export const MapC = codecFor<Map<string, unknown>>();
export const OrderC = codecFor<Order>();
export const TreeC = codecFor<TreeNode>();
export const JsonC = codecFor<Json>();
export const ExprC = codecFor<Expr>();
export const ChainC = codecFor<Chain>();
export const PlainC = codecFor<Plain>();
export const WithIndexC = codecFor<WithIndex>();
export const InheritedC = codecFor<Inherited>();
export const ProtoNamedC = codecFor<ProtoNamed>();
export const EventC = codecFor<Event>();
export const UntaggedC = codecFor<Untagged[]>();
export const RowC = codecFor<Row>();
export const MarksC = codecFor<Mark[]>();
export const FlaggedC = codecFor<Flagged>();
`;
