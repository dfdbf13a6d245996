// Codecs inside generic code (issue 16): each is a factory of the codecs passed for its type parameters.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
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
const __tm_tooDeep = __tm.tooDeep;
const __tm_literals = __tm.literals;
const __tm_badTag = __tm.badTag;
const __tm_readOneOf = __tm.readOneOf;
const __tm_readTag = __tm.readTag;
const __tm_E_Page_T = __tm_constants([[[2], "items"], [[3], "items"], ["next"], ["total"]]);
const __tm_K_Page_T = __tm_keys(["items", "next", "total"]);
const __tm_E_Tree_T = __tm_constants([[[2], "value"], ["children"]]);
const __tm_K_Tree_T = __tm_keys(["value", "children"]);
const __tm_E_Result_T_E_value = __tm_constants([[[2], "ok", true, "value"]]);
const __tm_E_Result_T_E_error = __tm_constants([[[2], "ok", false, "error"]]);
const __tm_Tag_ok = __tm_keys(["ok"])[0];
const __tm_L_ok = __tm_literals([true, false]);
const __tm_K_Result_T_E_value = __tm_keys(["ok", "value"]);
const __tm_L_true = __tm_literals([true]);
const __tm_K_Result_T_E_error = __tm_keys(["ok", "error"]);
const __tm_L_false = __tm_literals([false]);
const __tm_E_User = __tm_constants([[[2], "id"], ["email"]]);
const __tm_K_User = __tm_keys(["id", "email"]);
function __tm_encUser(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (User)", v, p);
    }
    const id_ = v.id;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (User)", v, p);
    }
    w.ensure(19);
    w.put(__tm_E_User[0]);
    w.putNumber(id_, p && p + ".id");
    w.put(__tm_E_User[1]);
    __tm_writeString(w, v.email, p && p + ".email");
}
function __tm_decUser(r, p, d) {
    const n = r.mapHeader(p);
    let id_, email_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_User, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                id_ = r.number(p && p + ".id");
                break;
            case 1:
                email_ = __tm_readString(r, p && p + ".email");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_User, [3], [seen0], p);
    }
    return { id: id_, email: email_ };
}
function __tm_encString(w, v, p, d) {
    __tm_writeString(w, v, p);
}
function __tm_decString(r, p, d) {
    return __tm_readString(r, p);
}
// codecFor<Page<T>>(T)
function __tm_Page_TCodec(__tm_T) {
    function __tm_encTArray(w, v, p, d) {
        const n = w.array(v, p);
        for (let i = 0; i < n; i++) {
            __tm_T.writeTo(w, v[i], p && p + ("[" + i + "]"), d);
        }
    }
    function __tm_encPage_T(w, v, p, d) {
        if (!(typeof v === "object" && v !== null)) {
            __tm_mismatch("an object (Page<T>)", v, p);
        }
        const items_ = v.items;
        const next_ = v.next;
        if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
            __tm_mismatch("an object (Page<T>)", v, p);
        }
        let n = 2;
        if (next_ !== undefined) {
            n++;
        }
        w.raw(__tm_E_Page_T[n - 2]);
        __tm_encTArray(w, items_, p && p + ".items", d + 1);
        if (next_ !== undefined) {
            w.raw(__tm_E_Page_T[2]);
            __tm_writeString(w, next_, p && p + ".next");
        }
        w.ensure(15);
        w.put(__tm_E_Page_T[3]);
        w.putNumber(v.total, p && p + ".total");
    }
    function __tm_decTArray(r, p, d) {
        const n = r.arrayHeader(p);
        const out = new Array(n);
        for (let i = 0; i < n; i++) {
            out[i] = __tm_T.readFrom(r, p && p + ("[" + i + "]"), d);
        }
        return out;
    }
    function __tm_decPage_T(r, p, d) {
        const n = r.mapHeader(p);
        let items_, next_, total_;
        let seen0 = 0, h = -1;
        for (let i = 0; i < n; i++) {
            h = __tm_readKey(r, __tm_K_Page_T, h + 1, p);
            if (h >= 0) {
                const bit = 1 << h;
                if (seen0 & bit) {
                    __tm_duplicateKey(r, p);
                }
                seen0 |= bit;
            }
            switch (h) {
                case 0:
                    items_ = __tm_decTArray(r, p && p + ".items", d + 1);
                    break;
                case 1:
                    next_ = r.absentNil() ? undefined : __tm_readString(r, p && p + ".next");
                    break;
                case 2:
                    total_ = r.number(p && p + ".total");
                    break;
                default: __tm_unknownKey(r, p, d + 1);
            }
        }
        if ((seen0 & 5) !== 5) {
            __tm_missing(r, __tm_K_Page_T, [5], [seen0], p);
        }
        return { items: items_, next: next_, total: total_ };
    }
    return __tm_codec(10 /* generated-code version */, __tm_encPage_T, __tm_decPage_T);
}
// codecFor<Tree<T>>(Tree_T)
function __tm_Tree_TCodec(__tm_Tree_T) {
    function __tm_encTree_T(w, v, p, d) {
        if (!(typeof v === "object" && v !== null)) {
            __tm_mismatch("an object (Tree<T>)", v, p);
        }
        const value_ = v.value;
        const children_ = v.children;
        if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
            __tm_mismatch("an object (Tree<T>)", v, p);
        }
        if (d > w.maxDepth) {
            __tm_tooDeep(w.maxDepth, p);
        }
        w.raw(__tm_E_Tree_T[0]);
        if (value_ === null) {
            w.nil();
        }
        else {
            __tm_Tree_T.writeTo(w, value_, p && p + ".value", d + 1);
        }
        w.ensure(14);
        w.put(__tm_E_Tree_T[1]);
        const children_size = w.putArray(children_, p && p + ".children");
        for (let j = 0; j < children_size; j++) {
            __tm_encTree_T(w, children_[j], p && p + (".children[" + j + "]"), d + 1);
        }
    }
    function __tm_decTree_T(r, p, d) {
        if (d > r.maxDepth) {
            r.tooDeep(p);
        }
        const n = r.mapHeader(p);
        let value_, children_;
        let seen0 = 0, h = -1;
        for (let i = 0; i < n; i++) {
            h = __tm_readKey(r, __tm_K_Tree_T, h + 1, p);
            if (h >= 0) {
                const bit = 1 << h;
                if (seen0 & bit) {
                    __tm_duplicateKey(r, p);
                }
                seen0 |= bit;
            }
            switch (h) {
                case 0:
                    value_ = r.takeNil() ? null : __tm_Tree_T.readFrom(r, p && p + ".value", d + 1);
                    break;
                case 1:
                    children_ = new Array(r.arrayHeader(p && p + ".children"));
                    for (let j = 0; j < children_.length; j++) {
                        children_[j] = __tm_decTree_T(r, p && p + (".children[" + j + "]"), d + 1);
                    }
                    break;
                default: __tm_unknownKey(r, p, d + 1);
            }
        }
        if ((seen0 & 3) !== 3) {
            __tm_missing(r, __tm_K_Tree_T, [3], [seen0], p);
        }
        return { value: value_, children: children_ };
    }
    return __tm_codec(10 /* generated-code version */, __tm_encTree_T, __tm_decTree_T);
}
// codecFor<Result<T, E>>(Result_T, E)
function __tm_Result_T_ECodec(__tm_Result_T, __tm_E) {
    function __tm_encResult_T_E_value(w, v, p, d) {
        if (!(typeof v === "object" && v !== null)) {
            __tm_mismatch("an object ({ ok: true; value: T; })", v, p);
        }
        const ok_ = v.ok;
        if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
            __tm_mismatch("an object ({ ok: true; value: T; })", v, p);
        }
        if (ok_ !== true) {
            __tm_mismatch("true", ok_, p && p + ".ok");
        }
        w.raw(__tm_E_Result_T_E_value[0]);
        __tm_Result_T.writeTo(w, v.value, p && p + ".value", d + 1);
    }
    function __tm_encResult_T_E_error(w, v, p, d) {
        if (!(typeof v === "object" && v !== null)) {
            __tm_mismatch("an object ({ ok: false; error: E; })", v, p);
        }
        const ok_ = v.ok;
        if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
            __tm_mismatch("an object ({ ok: false; error: E; })", v, p);
        }
        if (ok_ !== false) {
            __tm_mismatch("false", ok_, p && p + ".ok");
        }
        w.raw(__tm_E_Result_T_E_error[0]);
        __tm_E.writeTo(w, v.error, p && p + ".error", d + 1);
    }
    function __tm_encResult_T_E(w, v, p, d) {
        if (typeof v === "object" && v !== null) {
            switch (v.ok) {
                case true:
                    __tm_encResult_T_E_value(w, v, p, d);
                    return;
                case false:
                    __tm_encResult_T_E_error(w, v, p, d);
                    return;
            }
        }
        __tm_mismatch("{ ok: true; value: T; } | { ok: false; error: E; }", v, p);
    }
    function __tm_decResult_T_E_value(r, p, d, n = r.mapHeader(p), i = 0, seen0 = 0) {
        let value_;
        let h = i - 1;
        for (; i < n; i++) {
            h = __tm_readKey(r, __tm_K_Result_T_E_value, h + 1, p);
            if (h >= 0) {
                const bit = 1 << h;
                if (seen0 & bit) {
                    __tm_duplicateKey(r, p);
                }
                seen0 |= bit;
            }
            switch (h) {
                case 0:
                    __tm_readOneOf(r, __tm_L_true, p && p + ".ok");
                    break;
                case 1:
                    value_ = __tm_Result_T.readFrom(r, p && p + ".value", d + 1);
                    break;
                default: __tm_unknownKey(r, p, d + 1);
            }
        }
        if ((seen0 & 3) !== 3) {
            __tm_missing(r, __tm_K_Result_T_E_value, [3], [seen0], p);
        }
        return { ok: true, value: value_ };
    }
    function __tm_decResult_T_E_error(r, p, d, n = r.mapHeader(p), i = 0, seen0 = 0) {
        let error_;
        let h = i - 1;
        for (; i < n; i++) {
            h = __tm_readKey(r, __tm_K_Result_T_E_error, h + 1, p);
            if (h >= 0) {
                const bit = 1 << h;
                if (seen0 & bit) {
                    __tm_duplicateKey(r, p);
                }
                seen0 |= bit;
            }
            switch (h) {
                case 0:
                    __tm_readOneOf(r, __tm_L_false, p && p + ".ok");
                    break;
                case 1:
                    error_ = __tm_E.readFrom(r, p && p + ".error", d + 1);
                    break;
                default: __tm_unknownKey(r, p, d + 1);
            }
        }
        if ((seen0 & 3) !== 3) {
            __tm_missing(r, __tm_K_Result_T_E_error, [3], [seen0], p);
        }
        return { ok: false, error: error_ };
    }
    function __tm_decResult_T_E(r, p, d) {
        switch (r.family(p)) {
            case 7 /* MAP */: {
                const start = r.pos;
                const n = r.mapHeader(p);
                const at = r.pos;
                const tag = __tm_readTag(r, n, __tm_Tag_ok, __tm_L_ok, p);
                const i = r.pos === at ? 0 : 1; // 1: the tag came first and is read
                switch (tag) {
                    case 0 /* true */: return __tm_decResult_T_E_value(r, p, d, n, i, i);
                    case 1 /* false */: return __tm_decResult_T_E_error(r, p, d, n, i, i);
                }
                return __tm_badTag(r, "ok", "true | false", p, start);
            }
        }
        return r.mismatch("{ ok: true; value: T; } | { ok: false; error: E; }", p);
    }
    return __tm_codec(10 /* generated-code version */, __tm_encResult_T_E, __tm_decResult_T_E);
}
// codecFor<User>()
const __tm_UserCodec = __tm_codec(10 /* generated-code version */, __tm_encUser, __tm_decUser);
// codecFor<string>()
const __tm_ValueCodec = __tm_codec(10 /* generated-code version */, __tm_encString, __tm_decString);
export function pageCodec(item) {
    return __tm_Page_TCodec(item);
}
export function treeCodec(value) {
    return __tm_Tree_TCodec(value);
}
export function resultCodec(value, error) {
    return __tm_Result_T_ECodec(value, error);
}
export const UserCodec = __tm_UserCodec;
const UserPage = pageCodec(UserCodec);
const NameTree = treeCodec(__tm_ValueCodec);
const Outcome = resultCodec(pageCodec(UserCodec), __tm_ValueCodec);
export const roundTrip = [
    [UserPage, { items: [{ id: 1, email: "a@example.com" }], next: "cursor", total: 10 }],
    [UserPage, { items: [], total: 0 }],
    [NameTree, { value: "root", children: [{ value: null, children: [] }] }],
    [Outcome, { ok: true, value: { items: [{ id: 2, email: "b@example.com" }], total: 1 } }],
    [Outcome, { ok: false, error: "boom" }],
];
