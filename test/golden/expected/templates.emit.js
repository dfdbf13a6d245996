// Template literal types: the texts and placeholders the checker normalized them to (a union
// placeholder becomes a union of templates), tested by the runtime's isTemplateMember both ways.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_isTemplateMember = __tm.isTemplateMember;
const __tm_mismatch = __tm.mismatch;
const __tm_writeString = __tm.writeString;
const __tm_literals = __tm.literals;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_keySegment = __tm.keySegment;
const __tm_fixMapHeader = __tm.fixMapHeader;
const __tm_constants = __tm.constants;
const __tm_keys = __tm.keys;
const __tm_readString = __tm.readString;
const __tm_notOneOf = __tm.notOneOf;
const __tm_firstOf = __tm.firstOf;
const __tm_readOneOf = __tm.readOneOf;
const __tm_setOwn = __tm.setOwn;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_Texts_users___posts = ["/users/", "/posts/", ""];
const __tm_Holes_bigint_number = ["bigint", "number"];
const __tm_Texts_get = ["get_", ""];
const __tm_Holes_string = ["string"];
const __tm_Texts_post = ["post_", ""];
const __tm_Texts_W = ["W/", ""];
const __tm_L_none = __tm_literals(["none"]);
const __tm_Texts_x = ["x-", ""];
const __tm_E_Route = __tm_constants([[[4], "path"], ["method"], ["etag"], ["headers"]]);
const __tm_K_Route = __tm_keys(["path", "method", "etag", "headers"]);
const __tm_Texts_of = ["", ".", ".", ""];
const __tm_Holes_number_number_number = ["number", "number", "number"];
function __tm_encTemplate_users___posts(w, v, p, d) {
    if (!(typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_users___posts, __tm_Holes_bigint_number))) {
        __tm_mismatch("a string matching `/users/${bigint}/posts/${number}`", v, p);
    }
    __tm_writeString(w, v);
}
function __tm_encTemplate_get(w, v, p, d) {
    if (!(typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_get, __tm_Holes_string))) {
        __tm_mismatch("a string matching `get_${string}`", v, p);
    }
    __tm_writeString(w, v);
}
function __tm_encTemplate_post(w, v, p, d) {
    if (!(typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_post, __tm_Holes_string))) {
        __tm_mismatch("a string matching `post_${string}`", v, p);
    }
    __tm_writeString(w, v);
}
function __tm_encTemplate_getOrTemplate_post(w, v, p, d) {
    if (typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_get, __tm_Holes_string)) {
        __tm_encTemplate_get(w, v, p, d);
        return;
    }
    if (typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_post, __tm_Holes_string)) {
        __tm_encTemplate_post(w, v, p, d);
        return;
    }
    __tm_mismatch("`get_${string}` | `post_${string}`", v, p);
}
function __tm_encTemplate_W(w, v, p, d) {
    if (!(typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_W, __tm_Holes_string))) {
        __tm_mismatch("a string matching `W/${string}`", v, p);
    }
    __tm_writeString(w, v);
}
function __tm_encTemplate_WOrLiteral_none(w, v, p, d) {
    if (typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_W, __tm_Holes_string)) {
        __tm_encTemplate_W(w, v, p, d);
        return;
    }
    if (v === "none") {
        switch (v) {
            case "none":
                w.raw(__tm_L_none[0]);
                break;
            default: __tm_mismatch("\"none\"", v, p);
        }
        return;
    }
    __tm_mismatch("`W/${string}` | \"none\"", v, p);
}
function __tm_encTemplate_x(w, v, p, d) {
    if (!(typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_x, __tm_Holes_string))) {
        __tm_mismatch("a string matching `x-${string}`", v, p);
    }
    __tm_writeString(w, v);
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
            __tm_encTemplate_x(w, k, p && p + ".<key>", 0);
            __tm_writeString(w, x, p && p + __tm_keySegment(k));
        }
    }
    if (absent !== 0) {
        __tm_fixMapHeader(w, at, keys.length - absent);
    }
}
function __tm_encRoute(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Route)", v, p);
    }
    const path_ = v.path;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Route)", v, p);
    }
    w.raw(__tm_E_Route[0]);
    __tm_encTemplate_users___posts(w, path_, p && p + ".path", d + 1);
    w.raw(__tm_E_Route[1]);
    __tm_encTemplate_getOrTemplate_post(w, v.method, p && p + ".method", d + 1);
    w.raw(__tm_E_Route[2]);
    __tm_encTemplate_WOrLiteral_none(w, v.etag, p && p + ".etag", d + 1);
    w.raw(__tm_E_Route[3]);
    __tm_encRecordOfString(w, v.headers, p && p + ".headers", d + 1);
}
function __tm_decTemplate_users___posts(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    if (__tm_isTemplateMember(x, __tm_Texts_users___posts, __tm_Holes_bigint_number)) {
        return x;
    }
    return __tm_notOneOf(r, "`/users/${bigint}/posts/${number}`", x, p, at);
}
function __tm_decTemplate_get(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    if (__tm_isTemplateMember(x, __tm_Texts_get, __tm_Holes_string)) {
        return x;
    }
    return __tm_notOneOf(r, "`get_${string}`", x, p, at);
}
function __tm_decTemplate_post(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    if (__tm_isTemplateMember(x, __tm_Texts_post, __tm_Holes_string)) {
        return x;
    }
    return __tm_notOneOf(r, "`post_${string}`", x, p, at);
}
function __tm_decTemplate_getOrTemplate_post(r, p, d) {
    switch (r.family(p)) {
        case 4 /* STR */: return __tm_firstOf(r, [() => __tm_decTemplate_get(r, p, d), () => __tm_decTemplate_post(r, p, d)], p);
    }
    return r.mismatch("`get_${string}` | `post_${string}`", p);
}
function __tm_decTemplate_W(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    if (__tm_isTemplateMember(x, __tm_Texts_W, __tm_Holes_string)) {
        return x;
    }
    return __tm_notOneOf(r, "`W/${string}`", x, p, at);
}
function __tm_decTemplate_WOrLiteral_none(r, p, d) {
    switch (r.family(p)) {
        case 4 /* STR */: return __tm_firstOf(r, [() => __tm_decTemplate_W(r, p, d), () => __tm_readOneOf(r, __tm_L_none, p)], p);
    }
    return r.mismatch("`W/${string}` | \"none\"", p);
}
function __tm_decTemplate_x(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    if (__tm_isTemplateMember(x, __tm_Texts_x, __tm_Holes_string)) {
        return x;
    }
    return __tm_notOneOf(r, "`x-${string}`", x, p, at);
}
function __tm_decRecordOfString(r, p, d) {
    const n = r.mapHeader(p);
    const out = {};
    for (let i = 0; i < n; i++) {
        const k = __tm_decTemplate_x(r, p && p + ".<key>", 0);
        __tm_setOwn(out, k, __tm_readString(r, p && p + __tm_keySegment(k)));
    }
    return out;
}
function __tm_decRoute(r, p, d) {
    const n = r.mapHeader(p);
    let path_, method_, etag_, headers_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Route, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                path_ = __tm_decTemplate_users___posts(r, p && p + ".path", d + 1);
                break;
            case 1:
                method_ = __tm_decTemplate_getOrTemplate_post(r, p && p + ".method", d + 1);
                break;
            case 2:
                etag_ = __tm_decTemplate_WOrLiteral_none(r, p && p + ".etag", d + 1);
                break;
            case 3:
                headers_ = __tm_decRecordOfString(r, p && p + ".headers", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 15) !== 15) {
        __tm_missing(r, __tm_K_Route, [15], [seen0], p);
    }
    return {
        path: path_,
        method: method_,
        etag: etag_,
        headers: headers_
    };
}
function __tm_encTemplate_of(w, v, p, d) {
    if (!(typeof v === "string" && __tm_isTemplateMember(v, __tm_Texts_of, __tm_Holes_number_number_number))) {
        __tm_mismatch("a string matching `${number}.${number}.${number}`", v, p);
    }
    __tm_writeString(w, v);
}
function __tm_decTemplate_of(r, p, d) {
    const at = r.pos;
    const x = __tm_readString(r, p);
    if (__tm_isTemplateMember(x, __tm_Texts_of, __tm_Holes_number_number_number)) {
        return x;
    }
    return __tm_notOneOf(r, "`${number}.${number}.${number}`", x, p, at);
}
// codecFor<Route>()
const __tm_RouteCodec = __tm_codec(10 /* generated-code version */, __tm_encRoute, __tm_decRoute);
// codecFor<`${number}.${number}.${number}`>()
const __tm_VersionCodec = __tm_codec(10 /* generated-code version */, __tm_encTemplate_of, __tm_decTemplate_of);
export const RouteCodec = __tm_RouteCodec;
export const VersionCodec = __tm_VersionCodec;
export const roundTrip = [
    [RouteCodec, { path: "/users/0x1f/posts/1e3", method: "get_all", etag: "W/abc", headers: { "x-id": "1" } }],
    [VersionCodec, "1.2.3"],
    [VersionCodec, " 1.0x2.+3"],
];
