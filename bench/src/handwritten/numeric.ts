// Hand-written codec for Series[] (dataset "numeric"). See prims.ts.
import type { Series } from "../types";
import { In, Out, cat, keys, mapOf, str } from "./prims";

const K_NAME = str("name"),
  K_START = str("start"),
  K_STEP = str("step"),
  K_FLOATS = str("floats"),
  K_INTS = str("ints");
const HEAD = cat(mapOf(5), K_NAME);

function writeSeries(w: Out, v: Series): void {
  w.raw(HEAD);
  w.string(v.name);
  w.reserve(K_START.length + 9 + K_STEP.length + 9 + K_FLOATS.length);
  w.put(K_START);
  w.putNumber(v.start);
  w.put(K_STEP);
  w.putNumber(v.step);
  w.put(K_FLOATS);
  w.numberArray(v.floats);
  w.raw(K_INTS);
  w.numberArray(v.ints);
}

const w = new Out();

export function encode(v: Series[]): Uint8Array {
  const n = v.length;
  w.begin();
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeSeries(w, v[i]!);
  return w.finish();
}

const SERIES_KEYS = keys("name", "start", "step", "floats", "ints");

function readSeries(r: In): Series {
  const n = r.mapHeader();
  let name!: string, start!: number, step!: number, floats!: number[], ints!: number[];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_START)) {
    start = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_STEP)) {
    step = r.number();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_FLOATS)) {
    floats = r.numberArray();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_INTS)) {
    ints = r.numberArray();
    seen |= 16;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(SERIES_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        name = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        start = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        step = r.number();
        break;
      case 3:
        seen = r.once(seen, 8);
        floats = r.numberArray();
        break;
      case 4:
        seen = r.once(seen, 16);
        ints = r.numberArray();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 31) r.missing(SERIES_KEYS, 31, seen);
  return { name, start, step, floats, ints };
}

export function decode(bytes: Uint8Array): Series[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<Series>(n);
  for (let i = 0; i < n; i++) out[i] = readSeries(r);
  r.done();
  return out;
}
