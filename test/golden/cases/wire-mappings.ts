// Wire mappings (issue 59): a class declared once with wireMapping<T, W> travels as W through the
// mapping's functions, in every codec that reaches it. The mappings here are in the codecs' own
// module, which the generated code imports (test/roundtrip/wire-mappings.test.ts has mappings in
// another module, bson and hostile input).
import Decimal from "decimal.js";
import { codecFor, extensionMapping, wireMapping, type Codec } from "typed-msgpack";

export class Point {
  readonly x: number;
  readonly y: number;
  constructor(x: number, y: number) {
    this.x = x;
    this.y = y;
  }
  length(): number {
    return Math.hypot(this.x, this.y);
  }
}

export const PointWire = wireMapping<Point, [number, number]>({
  is: (v) => v instanceof Point,
  encode: (p) => [p.x, p.y],
  decode: ([x, y]) => new Point(x, y),
});
export const DecimalWire = wireMapping<Decimal, string>({
  is: (v) => v instanceof Decimal,
  encode: (d) => d.toString(),
  decode: (s) => new Decimal(s),
});
export const UrlWire = wireMapping<URL, string>({
  is: (v) => v instanceof URL,
  encode: (u) => u.href,
  decode: (s) => new URL(s),
});

/** As MessagePack extension type 5, its data the bytes encode returns. */
export class Rgb {
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  hex(): string {
    return [...this.bytes].map((c) => c.toString(16).padStart(2, "0")).join("");
  }
}
export const RgbExt = extensionMapping<Rgb>(5, {
  is: (v) => v instanceof Rgb,
  encode: (c) => c.bytes,
  decode: (data) => new Rgb(data),
});

export interface Shape {
  at: Point;
  path: Point[];
  price: Decimal;
  discount?: Decimal | null;
  /** Told apart by their wire types' MessagePack types: str, array, int/float. */
  label: Decimal | Point | number;
  link: URL;
  fill: Rgb | null;
}

export const ShapeCodec = codecFor<Shape>();
export const PointCodec = codecFor<Point>();
export const FillCodec = codecFor<Rgb | Point>();

export const roundTrip: [Codec<any>, unknown][] = [
  [PointCodec, new Point(3, 4)],
  [FillCodec, new Rgb(Uint8Array.of(1, 2, 3))],
];
