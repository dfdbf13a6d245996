// typed-msgpack's contenders: each codecFor<T>() below is replaced by bench/index.js, which
// compiles bench/src through the real transformer before anything runs.
import { codecFor, type Codec } from "typed-msgpack";
import type { Roots, DatasetId } from "./types";
import type {
  LiteExample,
  ModuleID,
  TreeNode,
  UiEvent,
  Article,
  Series,
  BlobRecord,
  Shape,
  NumberList,
  Float32List,
  Company,
  Account,
  Category,
  ApiProfile,
  FeatureCollection,
  RpcRequest,
  Inventory,
  Issue,
} from "./types";

export const codecs: { [K in DatasetId]: Codec<Roots[K]> } = {
  lite: codecFor<LiteExample>(),
  sbt: codecFor<ModuleID[]>(),
  tree: codecFor<TreeNode>(),
  events: codecFor<UiEvent[]>(),
  text: codecFor<Article[]>(),
  numeric: codecFor<Series[]>(),
  blobs: codecFor<BlobRecord[]>(),
  shapes: codecFor<Shape[]>(),
  floats: codecFor<NumberList>(),
  floats32: codecFor<Float32List>(),
  smallints: codecFor<NumberList>(),
  company: codecFor<Company>(),
  flat: codecFor<Account[]>(),
  categories: codecFor<Category>(),
  api: codecFor<ApiProfile>(),
  geo: codecFor<FeatureCollection>(),
  rpc: codecFor<RpcRequest>(),
  inventory: codecFor<Inventory[]>(),
  issues: codecFor<Issue[]>(),
};

/**
 * Issue 16: what composing a generic codec costs. `pageCodec(AccountCodec)` against the concrete
 * `codecFor<Page<Account>>()`, with the `flat` dataset's accounts as items; numbers as the worst
 * case (each element is a call into the codec passed, where the concrete codec writes it inline).
 * `node bench/ab.js generic` times them against each other.
 */
export interface Page<T> {
  items: T[];
  next?: string;
  total: number;
}
export function pageCodec<T>(item: Codec<T>): Codec<Page<T>> {
  return codecFor<Page<T>>(item);
}
export const generic = {
  accounts: { composed: pageCodec(codecFor<Account>()), direct: codecFor<Page<Account>>() },
  numbers: { composed: pageCodec(codecFor<number>()), direct: codecFor<Page<number>>() },
};

/** The same types in the positional layout (issue 17): every object type as an array of its values. */
export const positionalCodecs: { [K in DatasetId]: Codec<Roots[K]> } = {
  lite: codecFor<LiteExample>({ layout: "positional" }),
  sbt: codecFor<ModuleID[]>({ layout: "positional" }),
  tree: codecFor<TreeNode>({ layout: "positional" }),
  events: codecFor<UiEvent[]>({ layout: "positional" }),
  text: codecFor<Article[]>({ layout: "positional" }),
  numeric: codecFor<Series[]>({ layout: "positional" }),
  blobs: codecFor<BlobRecord[]>({ layout: "positional" }),
  shapes: codecFor<Shape[]>({ layout: "positional" }),
  floats: codecFor<NumberList>({ layout: "positional" }),
  floats32: codecFor<Float32List>({ layout: "positional" }),
  smallints: codecFor<NumberList>({ layout: "positional" }),
  company: codecFor<Company>({ layout: "positional" }),
  flat: codecFor<Account[]>({ layout: "positional" }),
  categories: codecFor<Category>({ layout: "positional" }),
  api: codecFor<ApiProfile>({ layout: "positional" }),
  geo: codecFor<FeatureCollection>({ layout: "positional" }),
  rpc: codecFor<RpcRequest>({ layout: "positional" }),
  inventory: codecFor<Inventory[]>({ layout: "positional" }),
  issues: codecFor<Issue[]>({ layout: "positional" }),
};

/** The same types in size mode (issue 60): each a table of the type, run by typed-msgpack/interpret. */
export const sizeCodecs: { [K in DatasetId]: Codec<Roots[K]> } = {
  lite: codecFor<LiteExample>({ optimize: "size" }),
  sbt: codecFor<ModuleID[]>({ optimize: "size" }),
  tree: codecFor<TreeNode>({ optimize: "size" }),
  events: codecFor<UiEvent[]>({ optimize: "size" }),
  text: codecFor<Article[]>({ optimize: "size" }),
  numeric: codecFor<Series[]>({ optimize: "size" }),
  blobs: codecFor<BlobRecord[]>({ optimize: "size" }),
  shapes: codecFor<Shape[]>({ optimize: "size" }),
  floats: codecFor<NumberList>({ optimize: "size" }),
  floats32: codecFor<Float32List>({ optimize: "size" }),
  smallints: codecFor<NumberList>({ optimize: "size" }),
  company: codecFor<Company>({ optimize: "size" }),
  flat: codecFor<Account[]>({ optimize: "size" }),
  categories: codecFor<Category>({ optimize: "size" }),
  api: codecFor<ApiProfile>({ optimize: "size" }),
  geo: codecFor<FeatureCollection>({ optimize: "size" }),
  rpc: codecFor<RpcRequest>({ optimize: "size" }),
  inventory: codecFor<Inventory[]>({ optimize: "size" }),
  issues: codecFor<Issue[]>({ optimize: "size" }),
};
