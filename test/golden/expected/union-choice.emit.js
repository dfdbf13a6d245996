// Untagged unions: the model's plan says how each group of members that share a JS-side test or a
// wire family is told apart — by keys alone ("keys"), by keys and then trying ("keysThenTry", when
// one set of keys can fit two members), or by trying ("try", arrays and tuples).
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_writeString = __tm.writeString;
const __tm_constants = __tm.constants;
const __tm_mismatch = __tm.mismatch;
const __tm_pickByKeys = __tm.pickByKeys;
const __tm_keys = __tm.keys;
const __tm_readString = __tm.readString;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_pickMember = __tm.pickMember;
const __tm_codec = __tm.codec;
const __tm_noExtraKeys = __tm.noExtraKeys;
const __tm_writeFirstOf = __tm.writeFirstOf;
const __tm_firstOf = __tm.firstOf;
const __tm_E_ByKeys_a = __tm_constants([[[1], "a"]]);
const __tm_E_ByKeys_b = __tm_constants([[[1], "b"]]);
const __tm_Candidates_ByKeys_aOrByKeys_b = [[["a"], ["a"]], [["b"], ["b"]]];
const __tm_K_ByKeys_a = __tm_keys(["a"]);
const __tm_K_ByKeys_b = __tm_keys(["b"]);
const __tm_DecodeCandidates_ByKeys_aOrByKeys_b = [[__tm_K_ByKeys_a, [1]], [__tm_K_ByKeys_b, [1]]];
const __tm_E_ByKeysThenTry_x_A = __tm_constants([[[1], "x"]]);
const __tm_E_AB = __tm_constants([[[2], "a"], ["b"]]);
const __tm_Encoders_ByKeysThenTry_x_AOrByKeysThenTry_x_AB = [__tm_encByKeysThenTry_x_A, __tm_encByKeysThenTry_x_AB];
const __tm_Candidates_ByKeysThenTry_x_AOrByKeysThenTry_x_AB = [[["x"], ["x"]], [["x"], ["x"]]];
const __tm_K_ByKeysThenTry_x_A = __tm_keys(["x"]);
const __tm_K_AB = __tm_keys(["a", "b"]);
const __tm_DecodeCandidates_ByKeysThenTry_x_AOrByKeysThenTry_x_AB = [[__tm_K_ByKeysThenTry_x_A, [1]], [__tm_K_ByKeysThenTry_x_A, [1]]];
const __tm_Encoders_AArrayOrABArray = [__tm_encAArray, __tm_encABArray];
function __tm_encByKeys_a(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ a: string; })", v, p);
    }
    const a_ = v.a;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ a: string; })", v, p);
    }
    w.raw(__tm_E_ByKeys_a[0]);
    __tm_writeString(w, a_, p && p + ".a");
}
function __tm_encByKeys_b(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ b: number; })", v, p);
    }
    const b_ = v.b;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ b: number; })", v, p);
    }
    w.ensure(12);
    w.put(__tm_E_ByKeys_b[0]);
    w.putNumber(b_, p && p + ".b");
}
function __tm_encByKeys_aOrByKeys_b(w, v, p, d) {
    if (__tm_isRecordLike(v)) {
        switch (__tm_pickByKeys(v, __tm_Candidates_ByKeys_aOrByKeys_b)) {
            case 0:
                __tm_encByKeys_a(w, v, p, d);
                return;
            case 1:
                __tm_encByKeys_b(w, v, p, d);
                return;
        }
    }
    __tm_mismatch("{ a: string; } | { b: number; }", v, p);
}
function __tm_decByKeys_a(r, p, d) {
    const n = r.mapHeader(p);
    let a_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_ByKeys_a, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                a_ = __tm_readString(r, p && p + ".a");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1) !== 1) {
        __tm_missing(r, __tm_K_ByKeys_a, [1], [seen0], p);
    }
    return { a: a_ };
}
function __tm_decByKeys_b(r, p, d) {
    const n = r.mapHeader(p);
    let b_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_ByKeys_b, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                b_ = r.number(p && p + ".b");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1) !== 1) {
        __tm_missing(r, __tm_K_ByKeys_b, [1], [seen0], p);
    }
    return { b: b_ };
}
function __tm_decByKeys_aOrByKeys_b(r, p, d) {
    switch (r.family(p)) {
        case 7 /* MAP */:
            switch (__tm_pickMember(r, __tm_DecodeCandidates_ByKeys_aOrByKeys_b, p)) {
                case 0: return __tm_decByKeys_a(r, p, d);
                case 1: return __tm_decByKeys_b(r, p, d);
            }
            return __tm_decByKeys_a(r, p, d);
    }
    return r.mismatch("{ a: string; } | { b: number; }", p);
}
function __tm_encA(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (A)", v, p);
    }
    const a_ = v.a;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (A)", v, p);
    }
    if (w.strict) {
        __tm_noExtraKeys(v, 1, p);
    }
    w.ensure(12);
    w.put(__tm_E_ByKeys_a[0]);
    w.putNumber(a_, p && p + ".a");
}
function __tm_encAArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encA(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encByKeysThenTry_x_A(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ x: A[]; })", v, p);
    }
    const x_ = v.x;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ x: A[]; })", v, p);
    }
    if (w.strict) {
        __tm_noExtraKeys(v, 1, p);
    }
    w.raw(__tm_E_ByKeysThenTry_x_A[0]);
    __tm_encAArray(w, x_, p && p + ".x", d + 1);
}
function __tm_encAB(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (AB)", v, p);
    }
    const a_ = v.a;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (AB)", v, p);
    }
    if (w.strict) {
        __tm_noExtraKeys(v, 2, p);
    }
    w.ensure(23);
    w.put(__tm_E_AB[0]);
    w.putNumber(a_, p && p + ".a");
    w.put(__tm_E_AB[1]);
    w.putNumber(v.b, p && p + ".b");
}
function __tm_encABArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encAB(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encByKeysThenTry_x_AB(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ x: AB[]; })", v, p);
    }
    const x_ = v.x;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ x: AB[]; })", v, p);
    }
    if (w.strict) {
        __tm_noExtraKeys(v, 1, p);
    }
    w.raw(__tm_E_ByKeysThenTry_x_A[0]);
    __tm_encABArray(w, x_, p && p + ".x", d + 1);
}
function __tm_encByKeysThenTry_x_AOrByKeysThenTry_x_AB(w, v, p, d) {
    if (__tm_isRecordLike(v)) {
        __tm_writeFirstOf(w, __tm_Encoders_ByKeysThenTry_x_AOrByKeysThenTry_x_AB, v, p, d, __tm_Candidates_ByKeysThenTry_x_AOrByKeysThenTry_x_AB);
        return;
    }
    __tm_mismatch("{ x: A[]; } | { x: AB[]; }", v, p);
}
function __tm_decA(r, p, d) {
    const n = r.mapHeader(p);
    let a_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_ByKeys_a, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                a_ = r.number(p && p + ".a");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1) !== 1) {
        __tm_missing(r, __tm_K_ByKeys_a, [1], [seen0], p);
    }
    return { a: a_ };
}
function __tm_decAArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decA(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decByKeysThenTry_x_A(r, p, d) {
    const n = r.mapHeader(p);
    let x_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_ByKeysThenTry_x_A, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                x_ = __tm_decAArray(r, p && p + ".x", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1) !== 1) {
        __tm_missing(r, __tm_K_ByKeysThenTry_x_A, [1], [seen0], p);
    }
    return { x: x_ };
}
function __tm_decAB(r, p, d) {
    const n = r.mapHeader(p);
    let a_, b_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_AB, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                a_ = r.number(p && p + ".a");
                break;
            case 1:
                b_ = r.number(p && p + ".b");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_AB, [3], [seen0], p);
    }
    return { a: a_, b: b_ };
}
function __tm_decABArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decAB(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decByKeysThenTry_x_AB(r, p, d) {
    const n = r.mapHeader(p);
    let x_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_ByKeysThenTry_x_A, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                x_ = __tm_decABArray(r, p && p + ".x", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1) !== 1) {
        __tm_missing(r, __tm_K_ByKeysThenTry_x_A, [1], [seen0], p);
    }
    return { x: x_ };
}
function __tm_decByKeysThenTry_x_AOrByKeysThenTry_x_AB(r, p, d) {
    switch (r.family(p)) {
        case 7 /* MAP */: return __tm_firstOf(r, [() => __tm_decByKeysThenTry_x_A(r, p, d), () => __tm_decByKeysThenTry_x_AB(r, p, d)], p, __tm_DecodeCandidates_ByKeysThenTry_x_AOrByKeysThenTry_x_AB);
    }
    return r.mismatch("{ x: A[]; } | { x: AB[]; }", p);
}
function __tm_encAArrayOrABArray(w, v, p, d) {
    if (Array.isArray(v)) {
        __tm_writeFirstOf(w, __tm_Encoders_AArrayOrABArray, v, p, d);
        return;
    }
    __tm_mismatch("A[] | AB[]", v, p);
}
function __tm_decAArrayOrABArray(r, p, d) {
    switch (r.family(p)) {
        case 6 /* ARRAY */: return __tm_firstOf(r, [() => __tm_decAArray(r, p, d), () => __tm_decABArray(r, p, d)], p);
    }
    return r.mismatch("A[] | AB[]", p);
}
// codecFor<{ a: string; } | { b: number; }>()
const __tm_ByKeysCodec = __tm_codec(10 /* generated-code version */, __tm_encByKeys_aOrByKeys_b, __tm_decByKeys_aOrByKeys_b);
// codecFor<{ x: A[]; } | { x: AB[]; }>()
const __tm_ByKeysThenTryCodec = __tm_codec(10 /* generated-code version */, __tm_encByKeysThenTry_x_AOrByKeysThenTry_x_AB, __tm_decByKeysThenTry_x_AOrByKeysThenTry_x_AB);
// codecFor<A[] | AB[]>()
const __tm_ByTryCodec = __tm_codec(10 /* generated-code version */, __tm_encAArrayOrABArray, __tm_decAArrayOrABArray);
export const ByKeysCodec = __tm_ByKeysCodec;
export const ByKeysThenTryCodec = __tm_ByKeysThenTryCodec;
export const ByTryCodec = __tm_ByTryCodec;
export const roundTrip = [
    [ByKeysCodec, { b: 1 }],
    [ByKeysThenTryCodec, { x: [{ a: 1, b: 2 }] }],
    [ByKeysThenTryCodec, { x: [{ a: 1 }] }],
    [ByTryCodec, [{ a: 1, b: 2 }]],
];
