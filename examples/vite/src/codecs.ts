import { codecFor } from "typed-msgpack";
import type { Item } from "./model";

// Items also travel on their own. main.ts's OrderCodec uses this codec for its items (the plugin
// links to it) instead of generating a copy.
export const ItemCodec = codecFor<Item>();
