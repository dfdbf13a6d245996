// Hand-written codec for Category (dataset "categories"), a recursive tree. See prims.ts.
import type { Category } from "../types";
import { EncodeError, In, MAX_DEPTH, Out, cat, keys, mapOf, str } from "./prims";

const K_ID = str("id"),
  K_NAME = str("name"),
  K_SLUG = str("slug"),
  K_CHILDREN = str("children"),
  K_PARENT = str("parentId");
const HEAD = cat(mapOf(5), K_ID);

function writeCategory(w: Out, v: Category, depth: number): void {
  if (depth > MAX_DEPTH) throw new EncodeError("value nests too deep (cyclic?)");
  w.reserve(HEAD.length + 9 + K_NAME.length);
  w.put(HEAD);
  w.putNumber(v.id);
  w.put(K_NAME);
  w.string(v.name);
  w.raw(K_SLUG);
  w.string(v.slug);
  const children = v.children,
    n = children.length;
  w.reserve(K_CHILDREN.length + 5);
  w.put(K_CHILDREN);
  w.putArrayHeader(n);
  for (let i = 0; i < n; i++) writeCategory(w, children[i]!, depth + 1);
  const parentId = v.parentId;
  w.reserve(K_PARENT.length + 9);
  w.put(K_PARENT);
  if (parentId === null) w.putByte(0xc0);
  else w.putNumber(parentId);
}

const w = new Out();

export function encode(v: Category): Uint8Array {
  writeCategory(w, v, 0);
  return w.finish();
}

const CATEGORY_KEYS = keys("id", "name", "slug", "children", "parentId");

function readCategory(r: In, depth: number): Category {
  if (depth > MAX_DEPTH) r.fail("input nests too deep");
  const n = r.mapHeader();
  let id!: number, name!: string, slug!: string, children!: Category[], parentId!: number | null;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_SLUG)) {
    slug = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_CHILDREN)) {
    children = readChildren(r, depth);
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_PARENT)) {
    parentId = r.isNil() ? null : r.number();
    seen |= 16;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(CATEGORY_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        name = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        slug = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        children = readChildren(r, depth);
        break;
      case 4:
        seen = r.once(seen, 16);
        parentId = r.isNil() ? null : r.number();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 31) r.missing(CATEGORY_KEYS, 31, seen);
  return { id, name, slug, children, parentId };
}

function readChildren(r: In, depth: number): Category[] {
  const n = r.arrayHeader();
  const out = new Array<Category>(n);
  for (let i = 0; i < n; i++) out[i] = readCategory(r, depth + 1);
  return out;
}

export function decode(bytes: Uint8Array): Category {
  const r = new In(bytes);
  const v = readCategory(r, 0);
  r.done();
  return v;
}
