// Hand-written codec for Float32List (dataset "floats32"): every element as float 32 (0xca), 5
// bytes, as @msgpack/msgpack writes non-integers with forceFloat32; decode reads float 32s inline
// and any other number through `number()`, rounded to float 32 (what a Float32 holds). Both loops
// take four elements an iteration, as the runtime's do.
import type { Float32List } from "../types";
import { In, Out, cat, keys, mapOf, str } from "./prims";

const K_XS = str("xs");
const HEAD = cat(mapOf(1), K_XS);

const w = new Out();

export function encode(v: Float32List): Uint8Array {
  w.raw(HEAD);
  const xs = v.xs,
    n = xs.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; ) {
    const stop = Math.min(n, i + 1024);
    w.reserve(5 * (stop - i));
    const bytes = w.bytes,
      view = w.view;
    let p = w.pos;
    // Four elements an iteration, as the runtime's writeFloat32Array: the loop's own work once for the four.
    for (; i + 4 <= stop; i += 4) {
      bytes[p] = 0xca;
      view.setFloat32(p + 1, xs[i]!);
      bytes[p + 5] = 0xca;
      view.setFloat32(p + 6, xs[i + 1]!);
      bytes[p + 10] = 0xca;
      view.setFloat32(p + 11, xs[i + 2]!);
      bytes[p + 15] = 0xca;
      view.setFloat32(p + 16, xs[i + 3]!);
      p += 20;
    }
    for (; i < stop; i++) {
      bytes[p] = 0xca;
      view.setFloat32(p + 1, xs[i]!);
      p += 5;
    }
    w.pos = p;
  }
  return w.finish();
}

const LIST_KEYS = keys("xs");

function float32Array(r: In): number[] {
  const n = r.arrayHeader();
  const out = new Array<number>(n);
  const bytes = r.bytes,
    view = r.view,
    end = r.end;
  let p = r.pos,
    i = 0;
  while (i < n) {
    // Four float 32s an iteration while the next four are float 32s: one bounds test for the four.
    while (
      i + 4 <= n &&
      p + 20 <= end &&
      bytes[p] === 0xca &&
      bytes[p + 5] === 0xca &&
      bytes[p + 10] === 0xca &&
      bytes[p + 15] === 0xca
    ) {
      out[i] = view.getFloat32(p + 1);
      out[i + 1] = view.getFloat32(p + 6);
      out[i + 2] = view.getFloat32(p + 11);
      out[i + 3] = view.getFloat32(p + 16);
      i += 4;
      p += 20;
    }
    if (i === n) break;
    if (p + 5 <= end && bytes[p] === 0xca) {
      out[i] = view.getFloat32(p + 1);
      p += 5;
    } else {
      r.pos = p;
      out[i] = Math.fround(r.number());
      p = r.pos;
    }
    i++;
  }
  r.pos = p;
  return out;
}

export function decode(bytes: Uint8Array): Float32List {
  const r = new In(bytes);
  const n = r.mapHeader();
  let xs!: number[];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_XS)) {
    xs = float32Array(r);
    seen |= 1;
    i++;
  }
  for (; i < n; i++) {
    if (r.anyKey(LIST_KEYS) === 0) {
      seen = r.once(seen, 1);
      xs = float32Array(r);
    } else r.skip();
  }
  if (seen !== 1) r.missing(LIST_KEYS, 1, seen);
  r.done();
  return { xs };
}
