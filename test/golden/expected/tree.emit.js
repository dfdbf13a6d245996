// Recursive types: an interface that contains itself, and a recursive union alias.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_tooDeep = __tm.tooDeep;
const __tm_writeString = __tm.writeString;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_mismatch = __tm.mismatch;
const __tm_keys = __tm.keys;
const __tm_readString = __tm.readString;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_keySegment = __tm.keySegment;
const __tm_fixMapHeader = __tm.fixMapHeader;
const __tm_readKeyString = __tm.readKeyString;
const __tm_setOwn = __tm.setOwn;
const __tm_E_TreeNode = __tm_constants([[[2], "value"], [[3], "value"], ["label"], ["children"]]);
const __tm_K_TreeNode = __tm_keys(["value", "label", "children"]);
function __tm_encTreeNode(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (TreeNode)", v, p);
    }
    const value_ = v.value;
    const label_ = v.label;
    const children_ = v.children;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (TreeNode)", v, p);
    }
    if (d > w.maxDepth) {
        __tm_tooDeep(w.maxDepth, p);
    }
    let n = 2;
    if (label_ !== undefined) {
        n++;
    }
    w.ensure(16);
    w.put(__tm_E_TreeNode[n - 2]);
    w.putNumber(value_, p && p + ".value");
    if (label_ !== undefined) {
        w.raw(__tm_E_TreeNode[2]);
        __tm_writeString(w, label_, p && p + ".label");
    }
    w.ensure(14);
    w.put(__tm_E_TreeNode[3]);
    const children_size = w.putArray(children_, p && p + ".children");
    for (let j = 0; j < children_size; j++) {
        __tm_encTreeNode(w, children_[j], p && p + (".children[" + j + "]"), d + 1);
    }
}
function __tm_decTreeNode(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let value_, label_, children_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_TreeNode, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                value_ = r.number(p && p + ".value");
                break;
            case 1:
                label_ = r.absentNil() ? undefined : __tm_readString(r, p && p + ".label");
                break;
            case 2:
                children_ = new Array(r.arrayHeader(p && p + ".children"));
                for (let j = 0; j < children_.length; j++) {
                    children_[j] = __tm_decTreeNode(r, p && p + (".children[" + j + "]"), d + 1);
                }
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 5) !== 5) {
        __tm_missing(r, __tm_K_TreeNode, [5], [seen0], p);
    }
    return { value: value_, label: label_, children: children_ };
}
function __tm_encRecordOfJson(w, v, p, d) {
    if (!(__tm_isRecordLike(v))) {
        __tm_mismatch("an object", v, p);
    }
    const keys = Object.keys(v);
    const at = w.pos;
    w.mapHeader(keys.length);
    let absent = 0;
    for (const k of keys) {
        const x = v[k];
        if (x === undefined) {
            absent++;
        }
        else {
            __tm_writeString(w, k);
            __tm_encJson(w, x, p && p + __tm_keySegment(k), d);
        }
    }
    if (absent !== 0) {
        __tm_fixMapHeader(w, at, keys.length - absent);
    }
}
function __tm_encJsonArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encJson(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encJson(w, v, p, d) {
    if (d > w.maxDepth) {
        __tm_tooDeep(w.maxDepth, p);
    }
    d++;
    if (typeof v === "boolean") {
        w.bool(v, p);
        return;
    }
    if (v === null) {
        w.nil();
        return;
    }
    if (typeof v === "string") {
        __tm_writeString(w, v, p);
        return;
    }
    if (typeof v === "number") {
        w.number(v, p);
        return;
    }
    if (__tm_isRecordLike(v)) {
        __tm_encRecordOfJson(w, v, p, d);
        return;
    }
    if (Array.isArray(v)) {
        __tm_encJsonArray(w, v, p, d);
        return;
    }
    __tm_mismatch("boolean | null | string | number | Record | Json[]", v, p);
}
function __tm_decRecordOfJson(r, p, d) {
    const n = r.mapHeader(p);
    const out = {};
    for (let i = 0; i < n; i++) {
        const k = __tm_readKeyString(r, p);
        __tm_setOwn(out, k, __tm_decJson(r, p && p + __tm_keySegment(k), d));
    }
    return out;
}
function __tm_decJsonArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decJson(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decJson(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    d++;
    switch (r.family(p)) {
        case 1 /* BOOL */: return r.bool(p);
        case 0 /* NIL */: return r.nil(p);
        case 4 /* STR */: return __tm_readString(r, p);
        case 2 /* INT */:
        case 3 /* FLOAT */: return r.number(p);
        case 7 /* MAP */: return __tm_decRecordOfJson(r, p, d);
        case 6 /* ARRAY */: return __tm_decJsonArray(r, p, d);
    }
    return r.mismatch("boolean | null | string | number | Record | Json[]", p);
}
// codecFor<TreeNode>()
const __tm_TreeNodeCodec = __tm_codec(10 /* generated-code version */, __tm_encTreeNode, __tm_decTreeNode);
// codecFor<Json>()
const __tm_JsonCodec = __tm_codec(10 /* generated-code version */, __tm_encJson, __tm_decJson);
export const TreeCodec = __tm_TreeNodeCodec;
export const JsonCodec = __tm_JsonCodec;
export const roundTrip = [
    [TreeCodec, { value: 1, children: [{ value: 2, label: "leaf", children: [] }, { value: 3, children: [{ value: 4, children: [] }] }] }],
    [JsonCodec, { a: [1, "two", null, { b: true }], c: {} }],
];
