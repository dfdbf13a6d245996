// Hand-written codec for TreeNode (dataset "tree"), a recursive type. See prims.ts.
import type { TreeNode } from "../types";
import { EncodeError, In, MAX_DEPTH, Out, cat, keys, literals, str } from "./prims";

const K_ID = str("id"),
  K_TAG = str("tag"),
  K_TEXT = str("text"),
  K_CHILDREN = str("children");
const TAGS = literals("section", "para", "list", "item", "quote");
/** The tag property as one chunk: key and value. */
const [SECTION, PARA, LIST, ITEM, QUOTE] = TAGS.encoded.map((e) => cat(K_TAG, e)) as [
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
];
/** The map header and first key, without and with `text`. */
const HEAD3 = cat([0x83], K_ID),
  HEAD4 = cat([0x84], K_ID);

function tagBytes(tag: TreeNode["tag"]): Uint8Array {
  switch (tag) {
    case "section":
      return SECTION;
    case "para":
      return PARA;
    case "list":
      return LIST;
    case "item":
      return ITEM;
    case "quote":
      return QUOTE;
  }
  throw new EncodeError(`tag ${JSON.stringify(tag)} is not one of ${TAGS.values.join(", ")}`);
}

function writeNode(w: Out, v: TreeNode, depth: number): void {
  if (depth > MAX_DEPTH) throw new EncodeError("value nests too deep (cyclic?)");
  const text = v.text,
    children = v.children,
    n = children.length;
  w.reserve(HEAD3.length + 9 + K_TAG.length + 8);
  w.put(text === undefined ? HEAD3 : HEAD4);
  w.putNumber(v.id);
  w.put(tagBytes(v.tag));
  if (text !== undefined) {
    w.raw(K_TEXT);
    w.string(text);
  }
  w.reserve(K_CHILDREN.length + 5);
  w.put(K_CHILDREN);
  w.putArrayHeader(n);
  for (let i = 0; i < n; i++) writeNode(w, children[i]!, depth + 1);
}

const w = new Out();

export function encode(v: TreeNode): Uint8Array {
  writeNode(w, v, 0);
  return w.finish();
}

const NODE_KEYS = keys("id", "tag", "text", "children");

function readNode(r: In, depth: number): TreeNode {
  if (depth > MAX_DEPTH) r.fail("input nests too deep");
  const n = r.mapHeader();
  let id!: number, tag!: TreeNode["tag"], text: string | undefined, children!: TreeNode[];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_TAG)) {
    tag = TAGS.values[r.literal(TAGS)]!;
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_TEXT)) {
    text = r.stringOrUndefined();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_CHILDREN)) {
    children = readChildren(r, depth);
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(NODE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        tag = TAGS.values[r.literal(TAGS)]!;
        break;
      case 2:
        seen = r.once(seen, 4);
        text = r.stringOrUndefined();
        break;
      case 3:
        seen = r.once(seen, 8);
        children = readChildren(r, depth);
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 11) !== 11) r.missing(NODE_KEYS, 11, seen);
  return { id, tag, text, children };
}

function readChildren(r: In, depth: number): TreeNode[] {
  const n = r.arrayHeader();
  const out = new Array<TreeNode>(n);
  for (let i = 0; i < n; i++) out[i] = readNode(r, depth + 1);
  return out;
}

export function decode(bytes: Uint8Array): TreeNode {
  const r = new In(bytes);
  const v = readNode(r, 0);
  r.done();
  return v;
}
