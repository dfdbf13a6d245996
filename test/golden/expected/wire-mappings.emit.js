// Wire mappings (issue 59): a class declared once with wireMapping<T, W> travels as W through the
// mapping's functions, in every codec that reaches it. The mappings here are in the codecs' own
// module, which the generated code imports (test/roundtrip/wire-mappings.test.ts has mappings in
// another module, bson and hostile input).
import Decimal from "decimal.js";
import { codecFor, extensionMapping, wireMapping } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
import * as __tm_golden_wire_mappings from "./golden_wire_mappings";
const __tm_mapEncode = __tm.mapEncode;
const __tm_mismatch = __tm.mismatch;
const __tm_writeString = __tm.writeString;
const __tm_writeExtension = __tm.writeExtension;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_keys = __tm.keys;
const __tm_tupleHeader = __tm.tupleHeader;
const __tm_mapDecode = __tm.mapDecode;
const __tm_readString = __tm.readString;
const __tm_readExtension = __tm.readExtension;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Shape = __tm_constants([[[6], "at"], [[7], "at"], ["path"], ["price"], ["discount"], ["label"], ["link"], ["fill"]]);
const __tm_K_Shape = __tm_keys(["at", "path", "price", "discount", "label", "link", "fill"]);
function __tm_encTuple_Number_Number(w, v, p, d) {
    if (!(Array.isArray(v) && v.length === 2)) {
        __tm_mismatch("a tuple of 2 elements", v, p);
    }
    w.ensure(19);
    w.putArrayHeader(2);
    w.putNumber(v[0], p && p + "[0]");
    w.putNumber(v[1], p && p + "[1]");
}
function __tm_encPoint(w, v, p, d) {
    const x = __tm_mapEncode(__tm_golden_wire_mappings.PointWire, v, "Point", p);
    __tm_encTuple_Number_Number(w, x, p, d);
}
function __tm_encPointArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encPoint(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encDecimal(w, v, p, d) {
    const x = __tm_mapEncode(__tm_golden_wire_mappings.DecimalWire, v, "Decimal", p);
    __tm_writeString(w, x, p);
}
function __tm_encNumberOrPointOrDecimal(w, v, p, d) {
    if (__tm_golden_wire_mappings.PointWire.is(v)) {
        __tm_encPoint(w, v, p, d);
        return;
    }
    if (__tm_golden_wire_mappings.DecimalWire.is(v)) {
        __tm_encDecimal(w, v, p, d);
        return;
    }
    if (typeof v === "number") {
        w.number(v, p);
        return;
    }
    __tm_mismatch("number | Point | Decimal", v, p);
}
function __tm_encURL(w, v, p, d) {
    const x = __tm_mapEncode(__tm_golden_wire_mappings.UrlWire, v, "URL", p);
    __tm_writeString(w, x, p);
}
function __tm_encRgb(w, v, p, d) {
    const x = __tm_mapEncode(__tm_golden_wire_mappings.RgbExt, v, "Rgb", p);
    __tm_writeExtension(w, 5, x, p);
}
function __tm_encShape(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Shape)", v, p);
    }
    const at_ = v.at;
    const discount_ = v.discount;
    const fill_ = v.fill;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Shape)", v, p);
    }
    let n = 6;
    if (discount_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Shape[n - 6]);
    __tm_encPoint(w, at_, p && p + ".at", d + 1);
    w.raw(__tm_E_Shape[2]);
    __tm_encPointArray(w, v.path, p && p + ".path", d + 1);
    w.raw(__tm_E_Shape[3]);
    __tm_encDecimal(w, v.price, p && p + ".price", d + 1);
    if (discount_ !== undefined) {
        w.raw(__tm_E_Shape[4]);
        if (discount_ === null) {
            w.nil();
        }
        else {
            __tm_encDecimal(w, discount_, p && p + ".discount", d + 1);
        }
    }
    w.raw(__tm_E_Shape[5]);
    __tm_encNumberOrPointOrDecimal(w, v.label, p && p + ".label", d + 1);
    w.raw(__tm_E_Shape[6]);
    __tm_encURL(w, v.link, p && p + ".link", d + 1);
    w.raw(__tm_E_Shape[7]);
    if (fill_ === null) {
        w.nil();
    }
    else {
        __tm_encRgb(w, fill_, p && p + ".fill", d + 1);
    }
}
function __tm_decTuple_Number_Number(r, p, d) {
    __tm_tupleHeader(r, 2, 2, p);
    return [r.number(p && p + "[0]"), r.number(p && p + "[1]")];
}
function __tm_decPoint(r, p, d) {
    const at = r.pos;
    const x = __tm_decTuple_Number_Number(r, p, d);
    return __tm_mapDecode(r, __tm_golden_wire_mappings.PointWire, x, "Point", p, at);
}
function __tm_decPointArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decPoint(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decDecimal(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    return __tm_mapDecode(r, __tm_golden_wire_mappings.DecimalWire, x, "Decimal", p, at);
}
function __tm_decNumberOrPointOrDecimal(r, p, d) {
    switch (r.family(p)) {
        case 2 /* INT */:
        case 3 /* FLOAT */: return r.number(p);
        case 6 /* ARRAY */: return __tm_decPoint(r, p, d);
        case 4 /* STR */: return __tm_decDecimal(r, p, d);
    }
    return r.mismatch("number | Point | Decimal", p);
}
function __tm_decURL(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    return __tm_mapDecode(r, __tm_golden_wire_mappings.UrlWire, x, "URL", p, at);
}
function __tm_decRgb(r, p, d) {
    const at = r.pos;
    const x = __tm_readExtension(r, 5, p);
    return __tm_mapDecode(r, __tm_golden_wire_mappings.RgbExt, x, "Rgb", p, at);
}
function __tm_decShape(r, p, d) {
    const n = r.mapHeader(p);
    let at_, path_, price_, discount_, label_, link_, fill_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Shape, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                at_ = __tm_decPoint(r, p && p + ".at", d + 1);
                break;
            case 1:
                path_ = __tm_decPointArray(r, p && p + ".path", d + 1);
                break;
            case 2:
                price_ = __tm_decDecimal(r, p && p + ".price", d + 1);
                break;
            case 3:
                discount_ = r.takeNil() ? null : __tm_decDecimal(r, p && p + ".discount", d + 1);
                break;
            case 4:
                label_ = __tm_decNumberOrPointOrDecimal(r, p && p + ".label", d + 1);
                break;
            case 5:
                link_ = __tm_decURL(r, p && p + ".link", d + 1);
                break;
            case 6:
                fill_ = r.takeNil() ? null : __tm_decRgb(r, p && p + ".fill", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 119) !== 119) {
        __tm_missing(r, __tm_K_Shape, [119], [seen0], p);
    }
    return {
        at: at_,
        path: path_,
        price: price_,
        discount: discount_,
        label: label_,
        link: link_,
        fill: fill_
    };
}
function __tm_encPointOrRgb(w, v, p, d) {
    if (__tm_golden_wire_mappings.PointWire.is(v)) {
        __tm_encPoint(w, v, p, d);
        return;
    }
    if (__tm_golden_wire_mappings.RgbExt.is(v)) {
        __tm_encRgb(w, v, p, d);
        return;
    }
    __tm_mismatch("Point | Rgb", v, p);
}
function __tm_decPointOrRgb(r, p, d) {
    switch (r.family(p)) {
        case 6 /* ARRAY */: return __tm_decPoint(r, p, d);
        case 8 /* EXT */: return __tm_decRgb(r, p, d);
    }
    return r.mismatch("Point | Rgb", p);
}
// codecFor<Shape>()
const __tm_ShapeCodec = __tm_codec(10 /* generated-code version */, __tm_encShape, __tm_decShape);
// codecFor<Point>()
const __tm_PointCodec = __tm_codec(10 /* generated-code version */, __tm_encPoint, __tm_decPoint);
// codecFor<Point | Rgb>()
const __tm_FillCodec = __tm_codec(10 /* generated-code version */, __tm_encPointOrRgb, __tm_decPointOrRgb);
export class Point {
    constructor(x, y) {
        this.x = x;
        this.y = y;
    }
    length() {
        return Math.hypot(this.x, this.y);
    }
}
export const PointWire = wireMapping({
    is: (v) => v instanceof Point,
    encode: (p) => [p.x, p.y],
    decode: ([x, y]) => new Point(x, y),
});
export const DecimalWire = wireMapping({
    is: (v) => v instanceof Decimal,
    encode: (d) => d.toString(),
    decode: (s) => new Decimal(s),
});
export const UrlWire = wireMapping({
    is: (v) => v instanceof URL,
    encode: (u) => u.href,
    decode: (s) => new URL(s),
});
/** As MessagePack extension type 5, its data the bytes encode returns. */
export class Rgb {
    constructor(bytes) {
        this.bytes = bytes;
    }
    hex() {
        return [...this.bytes].map((c) => c.toString(16).padStart(2, "0")).join("");
    }
}
export const RgbExt = extensionMapping(5, {
    is: (v) => v instanceof Rgb,
    encode: (c) => c.bytes,
    decode: (data) => new Rgb(data),
});
export const ShapeCodec = __tm_ShapeCodec;
export const PointCodec = __tm_PointCodec;
export const FillCodec = __tm_FillCodec;
export const roundTrip = [
    [PointCodec, new Point(3, 4)],
    [FillCodec, new Rgb(Uint8Array.of(1, 2, 3))],
];
