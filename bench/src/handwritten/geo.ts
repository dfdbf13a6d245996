// Hand-written codec for FeatureCollection (dataset "geo"): GeoJSON whose geometry is a tagged
// union of [number, number] tuples nested one to three arrays deep, and whose properties are a
// Record of scalars. See prims.ts.
import type { Feature, FeatureCollection, Geometry, Position } from "../types";
import { EncodeError, In, Out, cat, keys, literals, mapOf, str } from "./prims";

type Properties = Feature["properties"];

const K_TYPE = str("type"),
  K_FEATURES = str("features"),
  K_ID = str("id"),
  K_GEOMETRY = str("geometry"),
  K_PROPERTIES = str("properties"),
  K_COORDINATES = str("coordinates");
const COLLECTION_HEAD = cat(mapOf(2), K_TYPE, str("FeatureCollection"), K_FEATURES);
const FEATURE_HEAD = cat(mapOf(4), K_TYPE, str("Feature"), K_ID);
const GEOMETRY_HEADS = ["LineString", "Polygon", "MultiPolygon"].map((t) =>
  cat(K_GEOMETRY, mapOf(2), K_TYPE, str(t), K_COORDINATES),
);

/** Room for each position reserved once: a fixarray header and two numbers. */
function writePositions(w: Out, v: Position[]): void {
  const n = v.length;
  w.reserve(5 + 19 * n);
  w.putArrayHeader(n);
  for (let i = 0; i < n; i++) {
    const position = v[i]!;
    w.putByte(0x92);
    w.putNumber(position[0]);
    w.putNumber(position[1]);
  }
}

function writeRings(w: Out, v: Position[][]): void {
  const n = v.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writePositions(w, v[i]!);
}

function writeGeometry(w: Out, v: Geometry): void {
  switch (v.type) {
    case "LineString":
      w.raw(GEOMETRY_HEADS[0]!);
      return writePositions(w, v.coordinates);
    case "Polygon":
      w.raw(GEOMETRY_HEADS[1]!);
      return writeRings(w, v.coordinates);
    case "MultiPolygon": {
      w.raw(GEOMETRY_HEADS[2]!);
      const polygons = v.coordinates,
        n = polygons.length;
      w.arrayHeader(n);
      for (let i = 0; i < n; i++) writeRings(w, polygons[i]!);
      return;
    }
  }
  throw new EncodeError(`unknown geometry type ${(v as { type: unknown }).type}`);
}

function writeProperties(w: Out, v: Properties): void {
  const names = Object.keys(v);
  w.mapHeader(names.length);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!,
      x = v[name]!;
    w.string(name);
    if (typeof x === "string") w.string(x);
    else if (typeof x === "number") w.number(x);
    else w.byte(x === null ? 0xc0 : x ? 0xc3 : 0xc2);
  }
}

const w = new Out();

export function encode(v: FeatureCollection): Uint8Array {
  const features = v.features,
    n = features.length;
  w.raw(COLLECTION_HEAD);
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) {
    const feature = features[i]!;
    w.reserve(FEATURE_HEAD.length + 9);
    w.put(FEATURE_HEAD);
    w.putNumber(feature.id);
    writeGeometry(w, feature.geometry);
    w.raw(K_PROPERTIES);
    writeProperties(w, feature.properties);
  }
  return w.finish();
}

const COLLECTION = literals("FeatureCollection"),
  FEATURE = literals("Feature");
const GEOMETRY_TYPES = literals("LineString", "Polygon", "MultiPolygon");
const COLLECTION_KEYS = keys("type", "features"),
  FEATURE_KEYS = keys("type", "id", "geometry", "properties"),
  GEOMETRY_KEYS = keys("type", "coordinates"),
  TAG = keys("type");

/** Each position's header checked inline, its numbers read in place. */
function readPositions(r: In): Position[] {
  const n = r.arrayHeader();
  const out = new Array<Position>(n);
  for (let i = 0; i < n; i++) {
    r.tuple(2);
    out[i] = [r.number(), r.number()];
  }
  return out;
}

function readRings(r: In): Position[][] {
  const n = r.arrayHeader();
  const out = new Array<Position[]>(n);
  for (let i = 0; i < n; i++) out[i] = readPositions(r);
  return out;
}

function readPolygons(r: In): Position[][][] {
  const n = r.arrayHeader();
  const out = new Array<Position[][]>(n);
  for (let i = 0; i < n; i++) out[i] = readRings(r);
  return out;
}

function readGeometry(r: In): Geometry {
  const start = r.pos;
  const n = r.mapHeader();
  let tag: number, i: number;
  if (n > 0 && r.key(K_TYPE)) {
    tag = r.literal(GEOMETRY_TYPES);
    i = 1;
  } else {
    r.pos = start;
    tag = r.peekTag(TAG, GEOMETRY_TYPES);
    r.mapHeader();
    i = 0;
  }
  let coordinates: Position[] | Position[][] | Position[][][] | undefined;
  let seen = i;
  for (; i < n; i++) {
    if (r.key(K_COORDINATES)) {
      seen = r.once(seen, 2);
      coordinates = tag === 0 ? readPositions(r) : tag === 1 ? readRings(r) : readPolygons(r);
      continue;
    }
    switch (r.anyKey(GEOMETRY_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(GEOMETRY_TYPES);
        break;
      case 1:
        seen = r.once(seen, 2);
        coordinates = tag === 0 ? readPositions(r) : tag === 1 ? readRings(r) : readPolygons(r);
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 3) r.missing(GEOMETRY_KEYS, 3, seen);
  return tag === 0
    ? { type: "LineString", coordinates: coordinates as Position[] }
    : tag === 1
      ? { type: "Polygon", coordinates: coordinates as Position[][] }
      : { type: "MultiPolygon", coordinates: coordinates as Position[][][] };
}

/** A property's value: nil, bool and str by their head byte, any other head must be a number. */
function readScalar(r: In): string | number | boolean | null {
  const b = r.head();
  if (b === 0xc0 || b === 0xc2 || b === 0xc3) {
    r.pos++;
    return b === 0xc0 ? null : b === 0xc3;
  }
  if ((b & 0xe0) === 0xa0 || (b >= 0xd9 && b <= 0xdb)) return r.string();
  return r.number();
}

function readProperties(r: In): Properties {
  const n = r.mapHeader();
  const out: Properties = {};
  for (let i = 0; i < n; i++) {
    const name = r.string();
    const value = readScalar(r);
    if (name === "__proto__")
      Object.defineProperty(out, name, { value, writable: true, enumerable: true, configurable: true });
    else out[name] = value;
  }
  return out;
}

function readFeature(r: In): Feature {
  const n = r.mapHeader();
  let id!: number, geometry!: Geometry, properties!: Properties;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_TYPE)) {
    r.literal(FEATURE);
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_GEOMETRY)) {
    geometry = readGeometry(r);
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_PROPERTIES)) {
    properties = readProperties(r);
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(FEATURE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(FEATURE);
        break;
      case 1:
        seen = r.once(seen, 2);
        id = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        geometry = readGeometry(r);
        break;
      case 3:
        seen = r.once(seen, 8);
        properties = readProperties(r);
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(FEATURE_KEYS, 15, seen);
  return { type: "Feature", id, geometry, properties };
}

function readFeatures(r: In): Feature[] {
  const n = r.arrayHeader();
  const out = new Array<Feature>(n);
  for (let i = 0; i < n; i++) out[i] = readFeature(r);
  return out;
}

export function decode(bytes: Uint8Array): FeatureCollection {
  const r = new In(bytes);
  const n = r.mapHeader();
  let features!: Feature[];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_TYPE)) {
    r.literal(COLLECTION);
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_FEATURES)) {
    features = readFeatures(r);
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(COLLECTION_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(COLLECTION);
        break;
      case 1:
        seen = r.once(seen, 2);
        features = readFeatures(r);
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 3) r.missing(COLLECTION_KEYS, 3, seen);
  r.done();
  return { type: "FeatureCollection", features };
}
