// typed-msgpack's contenders: each codecFor<T>() below is replaced by bench/index.js, which
// compiles bench/src through the real transformer before anything runs.
import { codecFor, type Codec } from "typed-msgpack";
import type { Roots, DatasetId } from "./types";
import type { LiteExample, ModuleID, TreeNode, UiEvent, Article, Series, BlobRecord, Shape, NumberList, Float32List, Company, Account, Category, ApiProfile } from "./types";

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
};
