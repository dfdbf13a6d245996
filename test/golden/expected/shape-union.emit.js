"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.roundTrip = exports.ShapesCodec = exports.ShapeCodec = void 0;
// A discriminated union: the `kind` literal picks the member on encode and on decode.
const typed_msgpack_1 = require("typed-msgpack");
const __tm = __importStar(require("typed-msgpack"));
const __tm_E_Shape = __tm.constants([[[2], "kind", "circle", "radius"]]);
const __tm_E_Shape2 = __tm.constants([[[2], "kind", "square", "side"]]);
const __tm_E_Shape3 = __tm.constants([[[3], "kind", "rect", "width"], ["height"]]);
const __tm_Tag_kind = __tm.keys(["kind"])[0];
const __tm_K_Shape = __tm.keys(["kind", "radius"]);
const __tm_K_Shape2 = __tm.keys(["kind", "side"]);
const __tm_K_Shape3 = __tm.keys(["kind", "width", "height"]);
function __tm_encShape(w, v, p, d) {
    if (!(__tm.isRecordLike(v))) {
        __tm.mismatch("an object ({ kind: \"circle\"; radius: number; })", v, p);
    }
    if (d > w.maxDepth) {
        __tm.tooDeep(w.maxDepth, p);
    }
    const kind_ = v.kind;
    const radius_ = v.radius;
    if (kind_ !== "circle") {
        __tm.mismatch("\"circle\"", kind_, p && p + ".kind");
    }
    w.raw(__tm_E_Shape[0]);
    w.number(radius_, p && p + ".radius");
}
function __tm_encShape2(w, v, p, d) {
    if (!(__tm.isRecordLike(v))) {
        __tm.mismatch("an object ({ kind: \"square\"; side: number; })", v, p);
    }
    if (d > w.maxDepth) {
        __tm.tooDeep(w.maxDepth, p);
    }
    const kind_ = v.kind;
    const side_ = v.side;
    if (kind_ !== "square") {
        __tm.mismatch("\"square\"", kind_, p && p + ".kind");
    }
    w.raw(__tm_E_Shape2[0]);
    w.number(side_, p && p + ".side");
}
function __tm_encShape3(w, v, p, d) {
    if (!(__tm.isRecordLike(v))) {
        __tm.mismatch("an object ({ kind: \"rect\"; width: number; height: number; })", v, p);
    }
    if (d > w.maxDepth) {
        __tm.tooDeep(w.maxDepth, p);
    }
    const kind_ = v.kind;
    const width_ = v.width;
    const height_ = v.height;
    if (kind_ !== "rect") {
        __tm.mismatch("\"rect\"", kind_, p && p + ".kind");
    }
    w.raw(__tm_E_Shape3[0]);
    w.number(width_, p && p + ".width");
    w.raw(__tm_E_Shape3[1]);
    w.number(height_, p && p + ".height");
}
function __tm_encShapeOrShape2OrShape3(w, v, p, d) {
    if (typeof v === "object" && v !== null) {
        switch (v.kind) {
            case "circle":
                __tm_encShape(w, v, p, d);
                return;
            case "square":
                __tm_encShape2(w, v, p, d);
                return;
            case "rect":
                __tm_encShape3(w, v, p, d);
                return;
        }
    }
    __tm.mismatch("{ kind: \"circle\"; radius: number; } | { kind: \"square\"; side: number; } | { kind: \"rect\"; width: number; height: number; }", v, p);
}
function __tm_decLiteral(r, p, d) {
    const at = r.pos;
    const x = r.string(p);
    if (x === "circle") {
        return x;
    }
    return r.notOneOf("\"circle\"", x, p, at);
}
function __tm_decShape(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let kind_, radius_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        switch (h = r.key(__tm_K_Shape, h + 1, p)) {
            case 0:
                if (seen0 & 1) {
                    r.duplicateKey(p);
                }
                seen0 |= 1;
                kind_ = __tm_decLiteral(r, p && p + ".kind", d + 1);
                break;
            case 1:
                if (seen0 & 2) {
                    r.duplicateKey(p);
                }
                seen0 |= 2;
                radius_ = r.number(p && p + ".radius");
                break;
            default: r.unknownKey(p);
        }
    }
    if ((seen0 & 3) !== 3) {
        r.missing(__tm_K_Shape, [3], [seen0], p);
    }
    return { kind: kind_, radius: radius_ };
}
function __tm_decLiteral2(r, p, d) {
    const at = r.pos;
    const x = r.string(p);
    if (x === "square") {
        return x;
    }
    return r.notOneOf("\"square\"", x, p, at);
}
function __tm_decShape2(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let kind_, side_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        switch (h = r.key(__tm_K_Shape2, h + 1, p)) {
            case 0:
                if (seen0 & 1) {
                    r.duplicateKey(p);
                }
                seen0 |= 1;
                kind_ = __tm_decLiteral2(r, p && p + ".kind", d + 1);
                break;
            case 1:
                if (seen0 & 2) {
                    r.duplicateKey(p);
                }
                seen0 |= 2;
                side_ = r.number(p && p + ".side");
                break;
            default: r.unknownKey(p);
        }
    }
    if ((seen0 & 3) !== 3) {
        r.missing(__tm_K_Shape2, [3], [seen0], p);
    }
    return { kind: kind_, side: side_ };
}
function __tm_decLiteral3(r, p, d) {
    const at = r.pos;
    const x = r.string(p);
    if (x === "rect") {
        return x;
    }
    return r.notOneOf("\"rect\"", x, p, at);
}
function __tm_decShape3(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let kind_, width_, height_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        switch (h = r.key(__tm_K_Shape3, h + 1, p)) {
            case 0:
                if (seen0 & 1) {
                    r.duplicateKey(p);
                }
                seen0 |= 1;
                kind_ = __tm_decLiteral3(r, p && p + ".kind", d + 1);
                break;
            case 1:
                if (seen0 & 2) {
                    r.duplicateKey(p);
                }
                seen0 |= 2;
                width_ = r.number(p && p + ".width");
                break;
            case 2:
                if (seen0 & 4) {
                    r.duplicateKey(p);
                }
                seen0 |= 4;
                height_ = r.number(p && p + ".height");
                break;
            default: r.unknownKey(p);
        }
    }
    if ((seen0 & 7) !== 7) {
        r.missing(__tm_K_Shape3, [7], [seen0], p);
    }
    return { kind: kind_, width: width_, height: height_ };
}
function __tm_decShapeOrShape2OrShape3(r, p, d) {
    switch (r.family(p)) {
        case 7 /* MAP */:
            switch (__tm.peekTag(r, __tm_Tag_kind, p)) {
                case "circle": return __tm_decShape(r, p, d);
                case "square": return __tm_decShape2(r, p, d);
                case "rect": return __tm_decShape3(r, p, d);
            }
            return __tm.badTag(r, "kind", "\"circle\" | \"square\" | \"rect\"", p);
    }
    return r.mismatch("{ kind: \"circle\"; radius: number; } | { kind: \"square\"; side: number; } | { kind: \"rect\"; width: number; height: number; }", p);
}
function __tm_encShapeOrShape2OrShape3Array(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encShapeOrShape2OrShape3(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_decShapeOrShape2OrShape3Array(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(r.presize(n));
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decShapeOrShape2OrShape3(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
// codecFor<Shape>()
const __tm_ShapeCodec = __tm.codec(__tm_encShapeOrShape2OrShape3, __tm_decShapeOrShape2OrShape3);
// codecFor<Shape[]>()
const __tm_Shape2Codec = __tm.codec(__tm_encShapeOrShape2OrShape3Array, __tm_decShapeOrShape2OrShape3Array, __tm_decShapeOrShape2OrShape3);
exports.ShapeCodec = __tm_ShapeCodec;
exports.ShapesCodec = __tm_Shape2Codec;
exports.roundTrip = [
    [exports.ShapeCodec, { kind: "circle", radius: 1.5 }],
    [exports.ShapeCodec, { kind: "rect", width: 2, height: 3 }],
    [exports.ShapesCodec, [{ kind: "square", side: 4 }, { kind: "circle", radius: 0 }]],
];
