// The positional layout: object types as arrays of their values (no keys), optional properties at
// the end left out, a tagged union read by its discriminant's index; a Record stays a map.
import { codecFor, type Codec, type Float32 } from "typed-msgpack";

export interface Point { x: Float32; y: Float32; label?: string }
export type Mark = { kind: "pin"; at: Point; note?: string } | { kind: "path"; points: Point[]; closed: boolean };
export interface Layer { name: string; visible?: boolean; marks: Mark[]; style: Record<string, string> }

export const LayerCodec = codecFor<Layer>({ layout: "positional" });

export const roundTrip: [Codec<any>, unknown][] = [
  [LayerCodec, { name: "roads", visible: true, marks: [{ kind: "pin", at: { x: 1.5, y: 2, label: "home" }, note: undefined }, { kind: "path", points: [{ x: 0, y: 0, label: undefined }], closed: false }], style: { color: "red" } }],
  [LayerCodec, { name: "", visible: undefined, marks: [], style: {} }],
];
