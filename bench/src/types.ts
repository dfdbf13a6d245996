// The TypeScript types of the benchmark datasets. typed-msgpack's codecs are generated from these
// (codecs.ts), and the generators in data.ts are type-checked against them, so the data the other
// libraries see is exactly the data these types describe.

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

/** Each dataset's root type, by dataset id. */
export interface Roots {
  lite: LiteExample;
  sbt: ModuleID[];
  tree: TreeNode;
  events: UiEvent[];
  text: Article[];
  numeric: Series[];
  blobs: BlobRecord[];
}
export type DatasetId = keyof Roots;
