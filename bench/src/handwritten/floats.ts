// Hand-written codec for NumberList (dataset "floats"; "smallints" has the same type and uses this
// codec through smallints.ts). See prims.ts; the number array loops are Out.numberArray and
// In.numberArray, which write every number in its smallest form and read fixints and float 64s inline.
import type { NumberList } from "../types";
import { In, Out, cat, keys, mapOf, str } from "./prims";

const K_XS = str("xs");
const HEAD = cat(mapOf(1), K_XS);

const w = new Out();

export function encode(v: NumberList): Uint8Array {
  w.raw(HEAD);
  w.numberArray(v.xs);
  return w.finish();
}

const LIST_KEYS = keys("xs");

export function decode(bytes: Uint8Array): NumberList {
  const r = new In(bytes);
  const n = r.mapHeader();
  let xs!: number[];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_XS)) {
    xs = r.numberArray();
    seen |= 1;
    i++;
  }
  for (; i < n; i++) {
    if (r.anyKey(LIST_KEYS) === 0) {
      seen = r.once(seen, 1);
      xs = r.numberArray();
    } else r.skip();
  }
  if (seen !== 1) r.missing(LIST_KEYS, 1, seen);
  r.done();
  return { xs };
}
