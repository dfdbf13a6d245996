"use client";
import * as __tm from "typed-msgpack/internal";
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_mismatch = __tm.mismatch;
const __tm_keys = __tm.keys;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Point = __tm_constants([[[2], "x"], ["y"]]);
const __tm_K_Point = __tm_keys(["x", "y"]);
function __tm_encPoint(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Point)", v, p);
    }
    const x_ = v.x;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Point)", v, p);
    }
    w.ensure(23);
    w.put(__tm_E_Point[0]);
    w.putNumber(x_, p && p + ".x");
    w.put(__tm_E_Point[1]);
    w.putNumber(v.y, p && p + ".y");
}
function __tm_decPoint(r, p, d) {
    const n = r.mapHeader(p);
    let x_, y_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Point, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                x_ = r.number(p && p + ".x");
                break;
            case 1:
                y_ = r.number(p && p + ".y");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Point, [3], [seen0], p);
    }
    return { x: x_, y: y_ };
}
// codecFor<Point>()
const __tm_PointCodec = __tm_codec(10 /* generated-code version */, __tm_encPoint, __tm_decPoint);
// A directive, then a function that calls codecFor declared above every import and called while
// the module loads (issue 19): the generated code goes right after the directive.
export function pointCodec() {
    return __tm_PointCodec;
}
import { codecFor } from "typed-msgpack";
export const early = pointCodec();
import { CodecError } from "typed-msgpack";
export const isCodecError = (e) => e instanceof CodecError;
export const roundTrip = [
    [early, { x: 1, y: -2.5 }],
    [pointCodec(), { x: 0, y: 0 }],
];
