// Hand-written codec for Shape[] (dataset "shapes"): a tagged union with [number, number][]. See prims.ts.
import type { Shape } from "../types";
import { EncodeError, In, Out, cat, keys, literals, mapOf, str } from "./prims";

type Circle = Extract<Shape, { kind: "circle" }>;
type Rect = Extract<Shape, { kind: "rect" }>;
type Poly = Extract<Shape, { kind: "poly" }>;

const K_KIND = str("kind"),
  K_R = str("r"),
  K_W = str("w"),
  K_H = str("h"),
  K_POINTS = str("points");
const CIRCLE_HEAD = cat(mapOf(2), K_KIND, str("circle"), K_R);
const RECT_HEAD = cat(mapOf(3), K_KIND, str("rect"), K_W);
const POLY_HEAD = cat(mapOf(2), K_KIND, str("poly"), K_POINTS);

function writeShape(w: Out, v: Shape): void {
  switch (v.kind) {
    case "circle":
      w.reserve(CIRCLE_HEAD.length + 9);
      w.put(CIRCLE_HEAD);
      w.putNumber(v.r);
      return;
    case "rect":
      w.reserve(RECT_HEAD.length + 9 + K_H.length + 9);
      w.put(RECT_HEAD);
      w.putNumber(v.w);
      w.put(K_H);
      w.putNumber(v.h);
      return;
    case "poly": {
      const points = v.points,
        n = points.length;
      // Each point: a fixarray header and two numbers.
      w.reserve(POLY_HEAD.length + 5 + 19 * n);
      w.put(POLY_HEAD);
      w.putArrayHeader(n);
      for (let i = 0; i < n; i++) {
        const point = points[i]!;
        w.putByte(0x92);
        w.putNumber(point[0]);
        w.putNumber(point[1]);
      }
      return;
    }
  }
  throw new EncodeError(`unknown shape kind ${(v as { kind: unknown }).kind}`);
}

const w = new Out();

export function encode(v: Shape[]): Uint8Array {
  const n = v.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeShape(w, v[i]!);
  return w.finish();
}

const KINDS = literals("circle", "rect", "poly");
const TAG = keys("kind");
const CIRCLE = literals("circle"),
  RECT = literals("rect"),
  POLY = literals("poly");
const CIRCLE_KEYS = keys("kind", "r"),
  RECT_KEYS = keys("kind", "w", "h"),
  POLY_KEYS = keys("kind", "points");

function readShape(r: In): Shape {
  const start = r.pos;
  const n = r.mapHeader();
  if (n > 0 && r.key(K_KIND)) return member(r, r.literal(KINDS), n, 1, 1);
  r.pos = start;
  const tag = r.peekTag(TAG, KINDS);
  return member(r, tag, r.mapHeader(), 0, 0);
}

function member(r: In, tag: number, n: number, i: number, seen: number): Shape {
  return tag === 0 ? readCircle(r, n, i, seen) : tag === 1 ? readRect(r, n, i, seen) : readPoly(r, n, i, seen);
}

function readCircle(r: In, n: number, i: number, seen: number): Circle {
  let radius!: number;
  if (i < n && r.key(K_R)) {
    radius = r.number();
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(CIRCLE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(CIRCLE);
        break;
      case 1:
        seen = r.once(seen, 2);
        radius = r.number();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 3) r.missing(CIRCLE_KEYS, 3, seen);
  return { kind: "circle", r: radius };
}

function readRect(r: In, n: number, i: number, seen: number): Rect {
  let width!: number, height!: number;
  if (i < n && r.key(K_W)) {
    width = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_H)) {
    height = r.number();
    seen |= 4;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(RECT_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(RECT);
        break;
      case 1:
        seen = r.once(seen, 2);
        width = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        height = r.number();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 7) r.missing(RECT_KEYS, 7, seen);
  return { kind: "rect", w: width, h: height };
}

function readPoints(r: In): [number, number][] {
  const n = r.arrayHeader();
  const out = new Array<[number, number]>(n);
  for (let i = 0; i < n; i++) {
    r.tuple(2);
    out[i] = [r.number(), r.number()];
  }
  return out;
}

function readPoly(r: In, n: number, i: number, seen: number): Poly {
  let points!: [number, number][];
  if (i < n && r.key(K_POINTS)) {
    points = readPoints(r);
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(POLY_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(POLY);
        break;
      case 1:
        seen = r.once(seen, 2);
        points = readPoints(r);
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 3) r.missing(POLY_KEYS, 3, seen);
  return { kind: "poly", points };
}

export function decode(bytes: Uint8Array): Shape[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<Shape>(n);
  for (let i = 0; i < n; i++) out[i] = readShape(r);
  r.done();
  return out;
}
