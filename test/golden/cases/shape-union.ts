// A discriminated union: the `kind` literal picks the member on encode and on decode.
import { codecFor, type Codec } from "typed-msgpack";

export type Shape =
  | { kind: "circle"; radius: number }
  | { kind: "square"; side: number }
  | { kind: "rect"; width: number; height: number };

export const ShapeCodec = codecFor<Shape>();
export const ShapesCodec = codecFor<Shape[]>();

export const roundTrip: [Codec<any>, unknown][] = [
  [ShapeCodec, { kind: "circle", radius: 1.5 }],
  [ShapeCodec, { kind: "rect", width: 2, height: 3 }],
  [ShapesCodec, [{ kind: "square", side: 4 }, { kind: "circle", radius: 0 }]],
];
