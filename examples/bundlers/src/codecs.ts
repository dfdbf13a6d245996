import { codecFor } from "typed-msgpack";
import type { Item } from "./model";

// main.ts's codec of Item[] calls this one for each element (the plugin links codecs across
// modules) rather than carrying a copy.
export const ItemCodec = codecFor<Item>();
