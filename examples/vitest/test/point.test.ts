import { codecFor, CodecError } from "typed-msgpack";
import { expect, test } from "vitest";
import type { Point } from "../src/point";

const PointCodec = codecFor<Point>();

test("a Point round-trips with exactly the properties of Point", () => {
  const point = { x: 1, y: 2, label: "origin-ish", color: "red" } as Point;
  expect(Object.keys(PointCodec.decode(PointCodec.encode(point)))).toEqual(["x", "y", "label"]);
});

test("decode refuses bytes that are not a Point", () => {
  const bytes = PointCodec.encode({ x: 1, y: 2 });
  bytes[bytes.length - 1] = 0xa0; // y: 2 (positive fixint) becomes "" (fixstr)
  expect(() => PointCodec.decode(bytes)).toThrow(CodecError);
});
