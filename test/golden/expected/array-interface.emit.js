// An interface that extends Array<T> and adds nothing is an array of T: the recursive JSON type of
// JSON Schema's typings (`interface JSONSchema7Array extends Array<JSONSchema7Type> {}`).
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeString = __tm.writeString;
const __tm_tooDeep = __tm.tooDeep;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_mismatch = __tm.mismatch;
const __tm_keySegment = __tm.keySegment;
const __tm_fixMapHeader = __tm.fixMapHeader;
const __tm_keys = __tm.keys;
const __tm_readString = __tm.readString;
const __tm_readKeyString = __tm.readKeyString;
const __tm_setOwn = __tm.setOwn;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_codec = __tm.codec;
const __tm_K_Schema = __tm_keys(["title", "enum", "default"]);
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
    if (Array.isArray(v)) {
        __tm_encJsonArray(w, v, p, d);
        return;
    }
    if (__tm_isRecordLike(v)) {
        __tm_encRecordOfJson(w, v, p, d);
        return;
    }
    __tm_mismatch("boolean | null | string | number | JsonArray | Record", v, p);
}
function __tm_encJsonArray(w, v, p, d) {
    if (d > w.maxDepth) {
        __tm_tooDeep(w.maxDepth, p);
    }
    d++;
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encJson(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encUnion(w, v, p, d) {
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
    if (Array.isArray(v)) {
        __tm_encJsonArray(w, v, p, d);
        return;
    }
    if (__tm_isRecordLike(v)) {
        __tm_encRecordOfJson(w, v, p, d);
        return;
    }
    __tm_mismatch("boolean | null | string | number | JsonArray | Record", v, p);
}
function __tm_encSchema(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Schema)", v, p);
    }
    const title_ = v.title;
    const enum_ = v.enum;
    const default_ = v.default;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Schema)", v, p);
    }
    let n = 0;
    if (title_ !== undefined) {
        n++;
    }
    if (enum_ !== undefined) {
        n++;
    }
    if (default_ !== undefined) {
        n++;
    }
    w.mapHeader(n);
    if (title_ !== undefined) {
        w.raw(__tm_K_Schema[0]);
        __tm_writeString(w, title_, p && p + ".title");
    }
    if (enum_ !== undefined) {
        w.raw(__tm_K_Schema[1]);
        __tm_encJsonArray(w, enum_, p && p + ".enum", d + 1);
    }
    if (default_ !== undefined) {
        w.raw(__tm_K_Schema[2]);
        __tm_encUnion(w, default_, p && p + ".default", d + 1);
    }
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
        case 6 /* ARRAY */: return __tm_decJsonArray(r, p, d);
        case 7 /* MAP */: return __tm_decRecordOfJson(r, p, d);
    }
    return r.mismatch("boolean | null | string | number | JsonArray | Record", p);
}
function __tm_decJsonArray(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    d++;
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decJson(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decUnion(r, p, d) {
    switch (r.family(p)) {
        case 1 /* BOOL */: return r.bool(p);
        case 0 /* NIL */: return r.nil(p);
        case 4 /* STR */: return __tm_readString(r, p);
        case 2 /* INT */:
        case 3 /* FLOAT */: return r.number(p);
        case 6 /* ARRAY */: return __tm_decJsonArray(r, p, d);
        case 7 /* MAP */: return __tm_decRecordOfJson(r, p, d);
    }
    return r.mismatch("boolean | undefined | null | string | number | JsonArray | Record", p);
}
function __tm_decSchema(r, p, d) {
    const n = r.mapHeader(p);
    let title_, enum_, default_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Schema, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                title_ = r.absentNil() ? undefined : __tm_readString(r, p && p + ".title");
                break;
            case 1:
                enum_ = r.absentNil() ? undefined : __tm_decJsonArray(r, p && p + ".enum", d + 1);
                break;
            case 2:
                default_ = __tm_decUnion(r, p && p + ".default", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    return { title: title_, enum: enum_, default: default_ };
}
// codecFor<Schema>()
const __tm_SchemaCodec = __tm_codec(10 /* generated-code version */, __tm_encSchema, __tm_decSchema);
export const SchemaCodec = __tm_SchemaCodec;
export const roundTrip = [
    [SchemaCodec, { title: "Color", enum: ["red", 1, [true, null], { hex: "#f00" }], default: "red" }],
    [SchemaCodec, { enum: [] }],
];
