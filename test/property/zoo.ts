/**
 * The type zoo: realistic types, compiled through the real transformer by the property tests
 * (`test/property/*.test.ts`) and by the fuzzer (`npm run fuzz`). Every exported `codecFor` is
 * exercised; arbitraries are derived from the transformer's own type model, so adding a type here
 * (and its codec below) is all a new type needs.
 */
export const ZOO_SOURCE = `
import { codecFor } from "typed-msgpack";

export type UserId = \`user-\${number}\`;
export type Color = "red" | "green" | "blue";
export enum Level { Low = 1, Mid = 2, High = 3 }
export enum Mode { Read = "r", Write = "w" }
/** A flag enum (issue 59): any OR of its bits, 0 included. */
export enum Perm { None = 0, Read = 1, Write = 2, Admin = 4, Owner = 1 << 20 }
export type Branded = string & { readonly __brand: "Branded" };

export interface Geo { lat: number; lng: number }
export interface Address {
  street: string;
  city: string;
  zip?: string;
  geo?: Geo | null;
}

export interface User {
  id: UserId;
  name: string;
  email?: string | null;
  age?: number;
  tags: string[];
  color: Color;
  level: Level;
  mode?: Mode;
  handle: Branded;
  address?: Address;
  createdAt: Date;
  balance: bigint;
  avatar?: Uint8Array;
  meta?: unknown;
}

export type Event =
  | { type: "click"; x: number; y: number; at: Date }
  | { type: "key"; key: string; mods?: ("shift" | "ctrl" | "alt")[] }
  | { type: "scroll"; delta: number; smooth?: boolean | null };

export interface Session {
  id: string;
  events: Record<string, Event[]>;
  flags: Set<Color>;
  scores: Map<string, number>;
  byLevel: Map<Level, UserId[]>;
  perms: Perm;
}

export interface TreeNode { value: number; label?: string; children: TreeNode[] }

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Expr =
  | { op: "lit"; value: number }
  | { op: "neg"; arg: Expr }
  | { op: "add"; left: Expr; right: Expr };

export type Point = [number, number];
export type Polyline = [name: string, ...points: Point[]];
export type Row = [id: number, name?: string, score?: number | null];

export interface Headers { contentType: string; [header: string]: string }
export interface Labelled { count: number; [extra: string]: number | string | undefined }

export interface Config {
  name: string;
  limits?: { maxDepth?: number | null; ratio?: number };
  nested?: { deeper?: { deepest?: string | null; when?: Date } };
  x?: number | null;
}

export type Untagged = { a: string; b?: number } | { c: boolean } | { a: string; d: string[] };

export interface Chain { name?: string; next?: Chain | Link; value?: number }
export interface Link { to: string; next?: Chain | Link }

export class Point3 { x = 0; y = 0; z = 0; label?: string }

export interface Doc {
  title: string;
  body: Json;
  attachments: Map<number, Uint8Array>;
  by: Record<\`u\${number}\`, boolean>;
  raw: ArrayBuffer;
  stamps: [Date, ...Date[]];
  huge?: bigint | null;
  either: string | number | boolean | null;
  lit: "auto" | 1 | true;
}

/** As GitHub's REST types (@octokit/openapi-types) declare ids; JsonList as JSON Schema's JSONSchema7Array. */
export interface JsonList extends Array<Json> {}
export interface Issue {
  id: number | bigint;
  number: number;
  milestoneId?: number | bigint | null;
  labelIds: (number | bigint)[];
  reactions: Map<string, number | bigint>;
  ref: string | number | bigint;
  extra: JsonList;
}

/** Issue 58's generated families (test/property/lib/type-gen.ts), one representative each. */
export interface Base58 { id: number; name: string; note?: string }
export interface Derived58 extends Base58 { tags: string[]; at?: Date }
export interface Inherited58 {
  constructor?: string;
  toString: number;
  valueOf?: boolean;
  hasOwnProperty?: string[];
  __proto__?: number | null;
}
export type Stamp58 = \`\${number}-\${bigint}:\${string}\`;
export interface Leaf58 { a: number }
export interface LeafB58 { a: number; b: string }
export type Call58 = { args: Call58[]; kind: "call" } | { kind: "num"; value: number };

export const UserC = codecFor<User>();
export const EventsC = codecFor<Event[]>();
export const SessionC = codecFor<Session>();
export const TreeC = codecFor<TreeNode>();
export const JsonC = codecFor<Json>();
export const ExprC = codecFor<Expr>();
export const PolylineC = codecFor<Polyline>();
export const RowsC = codecFor<Row[]>();
export const HeadersC = codecFor<Headers>();
export const LabelledC = codecFor<Labelled>();
export const ConfigC = codecFor<Config>();
export const UntaggedC = codecFor<Untagged[]>();
export const ChainC = codecFor<Chain>();
export const Point3C = codecFor<Point3>();
export const DocC = codecFor<Doc>();
export const UnknownC = codecFor<unknown>();
export const RecordUnknownC = codecFor<Record<string, unknown>>();
export const NumberC = codecFor<number>();
export const NumbersC = codecFor<number[]>();
export const StringC = codecFor<string>();
export const BigintC = codecFor<bigint>();
export const DateC = codecFor<Date>();
export const BytesC = codecFor<Uint8Array>();
export const OptionalC = codecFor<{ x?: number | null; y?: string }>();
export const NestedMapC = codecFor<Map<string, Map<number, Set<string>>>>();
export const IssueC = codecFor<Issue>();
export const IdC = codecFor<number | bigint>();
export const PickOmitC = codecFor<{ picked: Pick<Derived58, "tags" | "id">; omitted?: Omit<Derived58, "name" | "at"> }>();
export const PickPositionalC = codecFor<Pick<Derived58, "at" | "name" | "id">[]>({ layout: "positional" });
export const InheritedC = codecFor<{
  one: Inherited58;
  many: Map<string, Inherited58>;
  either: { toString: string } | { valueOf: number };
}>();
export const StampC = codecFor<{ s: Stamp58; by: Record<\`k\${number}_\${string}\`, Stamp58> }>();
export const DownC = codecFor<{ x: Leaf58[] } | { x: LeafB58[] }>();
export const CallC = codecFor<Call58>();
`;
