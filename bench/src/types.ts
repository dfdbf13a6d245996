// The TypeScript types of the benchmark datasets. typed-msgpack's codecs are generated from these
// (codecs.ts), and the generators in data.ts are type-checked against them, so the data the other
// libraries see is exactly the data these types describe.
import type { Float32 } from "typed-msgpack";

/**
 * msgpack-lite's benchmark object (node_modules/msgpack-lite/test/example.json, loaded as is).
 * @msgpack/msgpack's benchmark-from-msgpack-lite.ts times the same object.
 */
export interface LiteExample {
  int0: number;
  int1: number;
  "int1-": number;
  int8: number;
  "int8-": number;
  int16: number;
  "int16-": number;
  int32: number;
  "int32-": number;
  nil: null;
  true: boolean;
  false: boolean;
  float: number;
  "float-": number;
  string0: string;
  string1: string;
  string4: string;
  string8: string;
  string16: string;
  array0: string[];
  array1: string[];
  array8: number[];
  map0: Record<string, string>;
  map1: Record<string, string>;
}

// sbt's ModuleID as sjson-new's benchmark (LibraryManagementProtocol.scala) writes it.
export interface Artifact {
  name: string;
  type: string;
  extension: string;
  classifier?: string;
  configurations: string[];
  url?: string;
  extraAttributes: Record<string, string>;
}

export interface InclExclRule {
  organization: string;
  name: string;
  artifact: string;
  configurations: string[];
}

export type CrossVersion =
  | { kind: "disabled" }
  | { kind: "binary"; prefix: string; suffix: string }
  | { kind: "full"; prefix: string; suffix: string }
  | { kind: "constant"; value: string };

export interface ModuleID {
  organization: string;
  name: string;
  revision: string;
  configurations?: string;
  isChanging: boolean;
  isTransitive: boolean;
  isForce: boolean;
  explicitArtifacts: Artifact[];
  inclusions: InclExclRule[];
  exclusions: InclExclRule[];
  extraAttributes: Record<string, string>;
  crossVersion: CrossVersion;
  branchName?: string;
}

/** Deep nesting: a recursive document outline. */
export interface TreeNode {
  id: number;
  tag: "section" | "para" | "list" | "item" | "quote";
  text?: string;
  children: TreeNode[];
}

/** Discriminated unions: a browser telemetry batch. */
export type UiEvent =
  | { kind: "click"; t: number; x: number; y: number; button: 0 | 1 | 2; target: string }
  | { kind: "key"; t: number; key: string; code: string; shift: boolean; ctrl: boolean; alt: boolean }
  | { kind: "scroll"; t: number; dx: number; dy: number }
  | { kind: "nav"; t: number; url: string; referrer: string | null }
  | { kind: "error"; t: number; message: string; stack?: string };

/** Long strings with non-ASCII text (Latin accents, Cyrillic, CJK, Arabic, emoji). */
export interface Article {
  id: number;
  lang: "fr" | "ru" | "ja" | "ar" | "mixed";
  title: string;
  body: string;
  tags: string[];
  author: { name: string; bio: string };
}

/** Large numeric arrays: float64 samples and integers of every width up to 2^40. */
export interface Series {
  name: string;
  start: number;
  step: number;
  floats: number[];
  ints: number[];
}

/** Date, bigint and binary heavy records. */
export interface BlobRecord {
  id: bigint;
  seq: bigint;
  createdAt: Date;
  updatedAt?: Date;
  sha256: Uint8Array;
  payload: Uint8Array;
  size: number;
  owner: string;
}

/** Discriminated union with an array of tuples: 2-D shapes. */
export type Shape =
  | { kind: "circle"; r: number }
  | { kind: "rect"; w: number; h: number }
  | { kind: "poly"; points: [number, number][] };

/** One large number array (the floats and smallints datasets). */
export interface NumberList {
  xs: number[];
}

/** One large array of numbers declared as float 32 (the floats32 dataset): 5 bytes an element. */
export interface Float32List {
  xs: Float32[];
}

/** Nested timestamps, as many records carry them. */
export interface Timestamps {
  created: Date;
  updated?: Date;
}

export interface Address {
  street: string;
  city: string;
  postalCode: string | null;
  country: string;
}

export interface Employee {
  id: number;
  name: string;
  email: string | null;
  phone?: string;
  title: string;
  managerId: number | null;
  salary: number;
  remote: boolean;
  skills: string[];
  times: Timestamps;
}

export interface Department {
  id: number;
  name: string;
  costCenter: string | null;
  location?: string;
  budget: number;
  employees: Employee[];
  times: Timestamps;
}

/** company → departments → employees: nullable strings, optional fields, nested timestamp objects. */
export interface Company {
  id: number;
  name: string;
  legalName: string | null;
  website?: string;
  founded: Date;
  headquarters: Address;
  departments: Department[];
  times: Timestamps;
}

/** Flat records dominated by string-literal unions, with optional fields. */
export interface Account {
  id: number;
  status: "active" | "suspended" | "deleted";
  role: "admin" | "user" | "guest";
  plan: "free" | "pro" | "team" | "enterprise";
  region: "us-east" | "us-west" | "eu-central" | "ap-south";
  locale: "en-US" | "fr-FR" | "de-DE" | "ja-JP" | "pt-BR";
  verified: boolean;
  twoFactor?: "totp" | "sms" | "webauthn";
  tier?: 1 | 2 | 3;
  score: number;
  lastSeen?: number;
  note?: string;
}

/** A recursive category tree. */
export interface Category {
  id: number;
  name: string;
  slug: string;
  children: Category[];
  parentId: number | null;
}

/** A typical API payload: a user profile with a nested address, settings and a few arrays. */
export interface ApiProfile {
  id: number;
  username: string;
  displayName: string;
  email: string;
  emailVerified: boolean;
  avatarUrl: string | null;
  bio?: string;
  createdAt: string;
  address: {
    street: string;
    city: string;
    region?: string;
    postalCode: string;
    country: string;
    geo: { lat: number; lng: number };
  };
  settings: {
    theme: "light" | "dark" | "system";
    language: string;
    timezone: string;
    notifications: { email: boolean; push: boolean; sms: boolean; digest: "daily" | "weekly" | "never" };
  };
  roles: ("admin" | "editor" | "viewer")[];
  stats: { followers: number; following: number; posts: number; karma: number };
  recentLogins: number[];
  tags: string[];
  links: { rel: string; href: string }[];
}

/** A GeoJSON position: longitude, latitude. */
export type Position = [number, number];

/** The geometries of the geo dataset: a tagged union whose coordinates nest tuples one to three arrays deep. */
export type Geometry =
  | { type: "LineString"; coordinates: Position[] }
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] };

export interface Feature {
  type: "Feature";
  id: number;
  geometry: Geometry;
  properties: Record<string, string | number | boolean | null>;
}

/** A GeoJSON FeatureCollection: nested tuples, a tagged union and a Record per feature. */
export interface FeatureCollection {
  type: "FeatureCollection";
  features: Feature[];
}

/** One small RPC message, decoded and encoded one at a time: what per-call costs weigh on. */
export interface RpcRequest {
  id: number;
  method: "get" | "put" | "del";
  key: string;
  value?: string;
  ttl?: number;
}

export interface StockLevel {
  qty: number;
  reserved: number;
  bin: string | null;
}

/** A warehouse's stock and prices, each a Record keyed by SKU. */
export interface Inventory {
  warehouse: string;
  stock: Record<string, StockLevel>;
  prices: Record<string, number>;
}

export interface GitUser {
  login: string;
  id: number;
  avatar_url: string;
  type: "User" | "Bot" | "Organization";
  site_admin: boolean;
}

export interface IssueLabel {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface Milestone {
  id: number;
  number: number;
  title: string;
  state: "open" | "closed";
  due_on: string | null;
}

/** A GitHub-like issue as a REST list returns it: many nullable and optional properties. */
export interface Issue {
  id: number;
  number: number;
  title: string;
  user: GitUser;
  labels: IssueLabel[];
  state: "open" | "closed";
  locked: boolean;
  assignee: GitUser | null;
  milestone: Milestone | null;
  comments: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  author_association: "OWNER" | "MEMBER" | "CONTRIBUTOR" | "NONE";
  body: string | null;
  state_reason?: "completed" | "not_planned" | "reopened" | null;
  draft?: boolean;
  pull_request?: { url: string; merged_at: string | null };
}

/** Each dataset's root type, by dataset id. */
export interface Roots {
  lite: LiteExample;
  sbt: ModuleID[];
  tree: TreeNode;
  events: UiEvent[];
  text: Article[];
  numeric: Series[];
  blobs: BlobRecord[];
  shapes: Shape[];
  floats: NumberList;
  floats32: Float32List;
  smallints: NumberList;
  company: Company;
  flat: Account[];
  categories: Category;
  api: ApiProfile;
  geo: FeatureCollection;
  rpc: RpcRequest;
  inventory: Inventory[];
  issues: Issue[];
}
export type DatasetId = keyof Roots;
