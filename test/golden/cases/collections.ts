// Map, Set, tuples (optional and rest elements), Records and arrays side by side. Arrays of
// bounded tuples (`path`, `marks`) write each tuple inline, into room reserved once for all of them.
import { codecFor, type Codec } from "typed-msgpack";

export interface Inventory {
  stock: Map<string, number>;
  tags: Set<string>;
  location: [x: number, y: number];
  window?: [start: Date, end?: Date];
  history: [string, ...number[]];
  byRegion: Record<string, Set<number>>;
  readings: number[];
  labels: string[];
  path: [x: number, y: number][];
  marks: ["pt", number][];
  notes?: Record<string, string | undefined>;
}

export const InventoryCodec = codecFor<Inventory>();

export const roundTrip: [Codec<any>, unknown][] = [
  [InventoryCodec, {
    stock: new Map([["apple", 3], ["pear", 0]]),
    tags: new Set(["fresh"]),
    location: [1.5, -2],
    window: [new Date(1000)],
    history: ["created", 1, 2, 3],
    byRegion: { north: new Set([1, 2]), south: new Set() },
    readings: [0, -1, 2.5, 2 ** 40],
    labels: ["a", ""],
    path: [[0, 0], [1.5, -2], [2 ** 33, 7]],
    marks: [["pt", 1], ["pt", -0.5]],
    notes: { kept: "yes", dropped: undefined },
  }],
];
