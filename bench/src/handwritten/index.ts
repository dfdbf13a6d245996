// The hand-written codecs by dataset id (the "hand-written" contender): the yardstick the
// generated codecs are measured against. See prims.ts for what they check.
import type { DatasetId, Roots } from "../types";
import * as api from "./api";
import * as blobs from "./blobs";
import * as categories from "./categories";
import * as company from "./company";
import * as events from "./events";
import * as flat from "./flat";
import * as floats from "./floats";
import * as floats32 from "./floats32";
import * as geo from "./geo";
import * as inventory from "./inventory";
import * as issues from "./issues";
import * as lite from "./lite";
import * as numeric from "./numeric";
import * as rpc from "./rpc";
import * as sbt from "./sbt";
import * as shapes from "./shapes";
import * as smallints from "./smallints";
import * as text from "./text";
import * as tree from "./tree";

export interface HandWritten<T> {
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array): T;
}

export const handwritten: { [K in DatasetId]: HandWritten<Roots[K]> } = {
  lite,
  sbt,
  tree,
  events,
  text,
  numeric,
  blobs,
  shapes,
  floats,
  floats32,
  smallints,
  company,
  flat,
  categories,
  api,
  geo,
  rpc,
  inventory,
  issues,
};
