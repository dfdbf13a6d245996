// The positional layout: object types as arrays of their values (no keys), optional properties at
// the end left out, a tagged union read by its discriminant's index; a Record stays a map.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeString = __tm.writeString;
const __tm_mismatch = __tm.mismatch;
const __tm_writeFloat32 = __tm.writeFloat32;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_constants = __tm.constants;
const __tm_keySegment = __tm.keySegment;
const __tm_fixMapHeader = __tm.fixMapHeader;
const __tm_tupleHeader = __tm.tupleHeader;
const __tm_readString = __tm.readString;
const __tm_literals = __tm.literals;
const __tm_badTag = __tm.badTag;
const __tm_readOneOf = __tm.readOneOf;
const __tm_readFloat32 = __tm.readFloat32;
const __tm_readPositionalTag = __tm.readPositionalTag;
const __tm_nextOneOf = __tm.nextOneOf;
const __tm_readKeyString = __tm.readKeyString;
const __tm_setOwn = __tm.setOwn;
const __tm_codec = __tm.codec;
const __tm_E_Layer_marks_item_pinPositional = __tm_constants([["pin"]]);
const __tm_E_Layer_marks_item_pathPositional = __tm_constants([[[3, "array"], "path"]]);
const __tm_L_kind = __tm_literals(["pin", "path"]);
const __tm_L_pin = __tm_literals(["pin"]);
const __tm_L_path = __tm_literals(["path"]);
function __tm_encPointPositional(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Point)", v, p);
    }
    const x_ = v.x;
    const y_ = v.y;
    const label_ = v.label;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Point)", v, p);
    }
    let n = 2;
    if (label_ !== undefined) {
        n = 3;
    }
    w.arrayHeader(n);
    __tm_writeFloat32(w, x_, p && p + ".x");
    __tm_writeFloat32(w, y_, p && p + ".y");
    if (n > 2) {
        if (label_ === undefined) {
            w.nil();
        }
        else {
            __tm_writeString(w, label_, p && p + ".label");
        }
    }
}
function __tm_encLayer_marks_item_pinPositional(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ kind: \"pin\"; at: Point; note?: string | undefined; })", v, p);
    }
    const kind_ = v.kind;
    const at_ = v.at;
    const note_ = v.note;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ kind: \"pin\"; at: Point; note?: string | undefined; })", v, p);
    }
    let n = 2;
    if (note_ !== undefined) {
        n = 3;
    }
    w.ensure(9);
    w.putArrayHeader(n);
    if (kind_ !== "pin") {
        __tm_mismatch("\"pin\"", kind_, p && p + ".kind");
    }
    w.put(__tm_E_Layer_marks_item_pinPositional[0]);
    __tm_encPointPositional(w, at_, p && p + ".at", d + 1);
    if (n > 2) {
        if (note_ === undefined) {
            w.nil();
        }
        else {
            __tm_writeString(w, note_, p && p + ".note");
        }
    }
}
function __tm_encPointPositionalArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encPointPositional(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encLayer_marks_item_pathPositional(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ kind: \"path\"; points: Point[]; closed: boolean; })", v, p);
    }
    const kind_ = v.kind;
    const points_ = v.points;
    const closed_ = v.closed;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ kind: \"path\"; points: Point[]; closed: boolean; })", v, p);
    }
    if (kind_ !== "path") {
        __tm_mismatch("\"path\"", kind_, p && p + ".kind");
    }
    w.raw(__tm_E_Layer_marks_item_pathPositional[0]);
    __tm_encPointPositionalArray(w, points_, p && p + ".points", d + 1);
    w.bool(closed_, p && p + ".closed");
}
function __tm_encLayer_marks_item(w, v, p, d) {
    if (typeof v === "object" && v !== null) {
        switch (v.kind) {
            case "pin":
                __tm_encLayer_marks_item_pinPositional(w, v, p, d);
                return;
            case "path":
                __tm_encLayer_marks_item_pathPositional(w, v, p, d);
                return;
        }
    }
    __tm_mismatch("{ kind: \"pin\"; at: Point; note?: string | undefined; } | { kind: \"path\"; points: Point[]; closed: boolean; }", v, p);
}
function __tm_encLayer_marks_itemArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encLayer_marks_item(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encRecordOfString(w, v, p, d) {
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
            __tm_writeString(w, x, p && p + __tm_keySegment(k));
        }
    }
    if (absent !== 0) {
        __tm_fixMapHeader(w, at, keys.length - absent);
    }
}
function __tm_encLayerPositional(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Layer)", v, p);
    }
    const name_ = v.name;
    const visible_ = v.visible;
    const marks_ = v.marks;
    const style_ = v.style;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Layer)", v, p);
    }
    w.arrayHeader(4);
    __tm_writeString(w, name_, p && p + ".name");
    if (visible_ === undefined) {
        w.nil();
    }
    else {
        w.bool(visible_, p && p + ".visible");
    }
    __tm_encLayer_marks_itemArray(w, marks_, p && p + ".marks", d + 1);
    __tm_encRecordOfString(w, style_, p && p + ".style", d + 1);
}
function __tm_decPointPositional(r, p, d) {
    const n = __tm_tupleHeader(r, 2, 3, p);
    const x_ = __tm_readFloat32(r, p && p + ".x");
    const y_ = __tm_readFloat32(r, p && p + ".y");
    const label_ = n > 2 ? r.takeNil() ? undefined : __tm_readString(r, p && p + ".label") : undefined;
    return { x: x_, y: y_, label: label_ };
}
function __tm_decLayer_marks_item_pinPositional(r, p, d, n = __tm_tupleHeader(r, 2, 3, p), i = 0) {
    const kind_ = i > 0 ? "pin" : __tm_readOneOf(r, __tm_L_pin, p && p + ".kind");
    const at_ = __tm_decPointPositional(r, p && p + ".at", d + 1);
    const note_ = n > 2 ? r.takeNil() ? undefined : __tm_readString(r, p && p + ".note") : undefined;
    return { kind: kind_, at: at_, note: note_ };
}
function __tm_decPointPositionalArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decPointPositional(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decLayer_marks_item_pathPositional(r, p, d, n = __tm_tupleHeader(r, 3, 3, p), i = 0) {
    const kind_ = i > 0 ? "path" : __tm_readOneOf(r, __tm_L_path, p && p + ".kind");
    const points_ = __tm_decPointPositionalArray(r, p && p + ".points", d + 1);
    const closed_ = r.bool(p && p + ".closed");
    return { kind: kind_, points: points_, closed: closed_ };
}
function __tm_decLayer_marks_item(r, p, d) {
    switch (r.family(p)) {
        case 6 /* ARRAY */: {
            const start = r.pos;
            const n = r.arrayHeader(p);
            const first = n > 0 ? __tm_nextOneOf(r, __tm_L_kind) : -1;
            switch (first) {
                case 0 /* "pin" */:
                    if (n >= 2 && n <= 3) {
                        return __tm_decLayer_marks_item_pinPositional(r, p, d, n, 1);
                    }
                    break;
                case 1 /* "path" */:
                    if (n === 3) {
                        return __tm_decLayer_marks_item_pathPositional(r, p, d, n, 1);
                    }
                    break;
            }
            r.pos = start;
            const tag = __tm_readPositionalTag(r, 0, __tm_L_kind, p);
            r.pos = start;
            switch (tag) {
                case 0 /* "pin" */: return __tm_decLayer_marks_item_pinPositional(r, p, d);
                case 1 /* "path" */: return __tm_decLayer_marks_item_pathPositional(r, p, d);
            }
            return __tm_badTag(r, "kind", "\"pin\" | \"path\"", p, start);
        }
    }
    return r.mismatch("{ kind: \"pin\"; at: Point; note?: string | undefined; } | { kind: \"path\"; points: Point[]; closed: boolean; }", p);
}
function __tm_decLayer_marks_itemArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decLayer_marks_item(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decRecordOfString(r, p, d) {
    const n = r.mapHeader(p);
    const out = {};
    for (let i = 0; i < n; i++) {
        const k = __tm_readKeyString(r, p);
        __tm_setOwn(out, k, __tm_readString(r, p && p + __tm_keySegment(k)));
    }
    return out;
}
function __tm_decLayerPositional(r, p, d) {
    __tm_tupleHeader(r, 4, 4, p);
    const name_ = __tm_readString(r, p && p + ".name");
    const visible_ = r.takeNil() ? undefined : r.bool(p && p + ".visible");
    const marks_ = __tm_decLayer_marks_itemArray(r, p && p + ".marks", d + 1);
    const style_ = __tm_decRecordOfString(r, p && p + ".style", d + 1);
    return {
        name: name_,
        visible: visible_,
        marks: marks_,
        style: style_
    };
}
// codecFor<Layer>({ layout: "positional" })
const __tm_LayerPositionalCodec = __tm_codec(10 /* generated-code version */, __tm_encLayerPositional, __tm_decLayerPositional);
export const LayerCodec = __tm_LayerPositionalCodec;
export const roundTrip = [
    [LayerCodec, { name: "roads", visible: true, marks: [{ kind: "pin", at: { x: 1.5, y: 2, label: "home" }, note: undefined }, { kind: "path", points: [{ x: 0, y: 0, label: undefined }], closed: false }], style: { color: "red" } }],
    [LayerCodec, { name: "", visible: undefined, marks: [], style: {} }],
];
