// Adjacent writes of bounded size share one `w.ensure`: pre-encoded runs of up to 24 bytes,
// numbers, booleans and their literal unions. A longer run, a string or an optional property
// ends the group; a literal check stays in order between the writes.
import { codecFor, type Codec } from "typed-msgpack";

export interface Reading {
  kind: "reading";
  at: number;
  ok: boolean;
  level: 0 | 1 | 2;
  unit: "C" | "F";
  a_property_name_longer_than_a_run_can_be: number;
  x: number;
  y: number;
  note?: string;
  after: boolean;
}

export const ReadingCodec = codecFor<Reading>();
export const ReadingPositional = codecFor<Reading>({ layout: "positional" });

const reading: Reading = { kind: "reading", at: 1.5, ok: true, level: 2, unit: "F", a_property_name_longer_than_a_run_can_be: -7, x: 2 ** 40, y: 0, after: false };

export const roundTrip: [Codec<any>, unknown][] = [
  [ReadingCodec, reading],
  [ReadingCodec, { ...reading, note: "n" }],
  [ReadingPositional, { ...reading, note: "n" }],
];
