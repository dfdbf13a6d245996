// A discriminated union: the `kind` literal picks the member on encode and on decode.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_mismatch = __tm.mismatch;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_keys = __tm.keys;
const __tm_literals = __tm.literals;
const __tm_badTag = __tm.badTag;
const __tm_readOneOf = __tm.readOneOf;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_readTag = __tm.readTag;
const __tm_codec = __tm.codec;
const __tm_E_Shape_circle = __tm_constants([[[2], "kind", "circle", "radius"]]);
const __tm_E_Shape_square = __tm_constants([[[2], "kind", "square", "side"]]);
const __tm_E_Shape_rect = __tm_constants([[[3], "kind", "rect", "width"], ["height"]]);
const __tm_Tag_kind = __tm_keys(["kind"])[0];
const __tm_L_kind = __tm_literals(["circle", "square", "rect"]);
const __tm_K_Shape_circle = __tm_keys(["kind", "radius"]);
const __tm_L_circle = __tm_literals(["circle"]);
const __tm_K_Shape_square = __tm_keys(["kind", "side"]);
const __tm_L_square = __tm_literals(["square"]);
const __tm_K_Shape_rect = __tm_keys(["kind", "width", "height"]);
const __tm_L_rect = __tm_literals(["rect"]);
function __tm_encShape_circle(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ kind: \"circle\"; radius: number; })", v, p);
    }
    const kind_ = v.kind;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ kind: \"circle\"; radius: number; })", v, p);
    }
    if (kind_ !== "circle") {
        __tm_mismatch("\"circle\"", kind_, p && p + ".kind");
    }
    w.ensure(29);
    w.put(__tm_E_Shape_circle[0]);
    w.putNumber(v.radius, p && p + ".radius");
}
function __tm_encShape_square(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ kind: \"square\"; side: number; })", v, p);
    }
    const kind_ = v.kind;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ kind: \"square\"; side: number; })", v, p);
    }
    if (kind_ !== "square") {
        __tm_mismatch("\"square\"", kind_, p && p + ".kind");
    }
    w.ensure(27);
    w.put(__tm_E_Shape_square[0]);
    w.putNumber(v.side, p && p + ".side");
}
function __tm_encShape_rect(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ kind: \"rect\"; width: number; height: number; })", v, p);
    }
    const kind_ = v.kind;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ kind: \"rect\"; width: number; height: number; })", v, p);
    }
    if (kind_ !== "rect") {
        __tm_mismatch("\"rect\"", kind_, p && p + ".kind");
    }
    w.ensure(42);
    w.put(__tm_E_Shape_rect[0]);
    w.putNumber(v.width, p && p + ".width");
    w.put(__tm_E_Shape_rect[1]);
    w.putNumber(v.height, p && p + ".height");
}
function __tm_encShape(w, v, p, d) {
    if (typeof v === "object" && v !== null) {
        switch (v.kind) {
            case "circle":
                __tm_encShape_circle(w, v, p, d);
                return;
            case "square":
                __tm_encShape_square(w, v, p, d);
                return;
            case "rect":
                __tm_encShape_rect(w, v, p, d);
                return;
        }
    }
    __tm_mismatch("{ kind: \"circle\"; radius: number; } | { kind: \"square\"; side: number; } | { kind: \"rect\"; width: number; height: number; }", v, p);
}
function __tm_decShape_circle(r, p, d, n = r.mapHeader(p), i = 0, seen0 = 0) {
    let radius_;
    let h = i - 1;
    for (; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Shape_circle, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                __tm_readOneOf(r, __tm_L_circle, p && p + ".kind");
                break;
            case 1:
                radius_ = r.number(p && p + ".radius");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Shape_circle, [3], [seen0], p);
    }
    return { kind: "circle", radius: radius_ };
}
function __tm_decShape_square(r, p, d, n = r.mapHeader(p), i = 0, seen0 = 0) {
    let side_;
    let h = i - 1;
    for (; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Shape_square, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                __tm_readOneOf(r, __tm_L_square, p && p + ".kind");
                break;
            case 1:
                side_ = r.number(p && p + ".side");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Shape_square, [3], [seen0], p);
    }
    return { kind: "square", side: side_ };
}
function __tm_decShape_rect(r, p, d, n = r.mapHeader(p), i = 0, seen0 = 0) {
    let width_, height_;
    let h = i - 1;
    for (; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Shape_rect, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                __tm_readOneOf(r, __tm_L_rect, p && p + ".kind");
                break;
            case 1:
                width_ = r.number(p && p + ".width");
                break;
            case 2:
                height_ = r.number(p && p + ".height");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 7) !== 7) {
        __tm_missing(r, __tm_K_Shape_rect, [7], [seen0], p);
    }
    return { kind: "rect", width: width_, height: height_ };
}
function __tm_decShape(r, p, d) {
    switch (r.family(p)) {
        case 7 /* MAP */: {
            const start = r.pos;
            const n = r.mapHeader(p);
            const at = r.pos;
            const tag = __tm_readTag(r, n, __tm_Tag_kind, __tm_L_kind, p);
            const i = r.pos === at ? 0 : 1; // 1: the tag came first and is read
            switch (tag) {
                case 0 /* "circle" */: return __tm_decShape_circle(r, p, d, n, i, i);
                case 1 /* "square" */: return __tm_decShape_square(r, p, d, n, i, i);
                case 2 /* "rect" */: return __tm_decShape_rect(r, p, d, n, i, i);
            }
            return __tm_badTag(r, "kind", "\"circle\" | \"square\" | \"rect\"", p, start);
        }
    }
    return r.mismatch("{ kind: \"circle\"; radius: number; } | { kind: \"square\"; side: number; } | { kind: \"rect\"; width: number; height: number; }", p);
}
function __tm_encShapeArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encShape(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_decShapeArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decShape(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
// codecFor<Shape>()
const __tm_ShapeCodec = __tm_codec(10 /* generated-code version */, __tm_encShape, __tm_decShape);
// codecFor<Shape[]>()
const __tm_Shape2Codec = __tm_codec(10 /* generated-code version */, __tm_encShapeArray, __tm_decShapeArray, __tm_decShape);
export const ShapeCodec = __tm_ShapeCodec;
export const ShapesCodec = __tm_Shape2Codec;
export const roundTrip = [
    [ShapeCodec, { kind: "circle", radius: 1.5 }],
    [ShapeCodec, { kind: "rect", width: 2, height: 3 }],
    [ShapesCodec, [{ kind: "square", side: 4 }, { kind: "circle", radius: 0 }]],
];
