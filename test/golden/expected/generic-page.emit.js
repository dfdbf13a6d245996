// Generic types instantiated with concrete arguments: one named type per instantiation.
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
const __tm_literals = __tm.literals;
const __tm_badTag = __tm.badTag;
const __tm_readOneOf = __tm.readOneOf;
const __tm_readTag = __tm.readTag;
const __tm_E_Item = __tm_constants([[[2], "sku"], ["price"]]);
const __tm_E_Page_Item = __tm_constants([[[2], "items"], [[3], "items"], ["next"], ["total"]]);
const __tm_K_Page_Item = __tm_keys(["items", "next", "total"]);
const __tm_K_Item = __tm_keys(["sku", "price"]);
const __tm_E_Result_Page_Item_string_value = __tm_constants([[[2], "ok", true, "value"]]);
const __tm_E_Result_Page_Item_string_error = __tm_constants([[[2], "ok", false, "error"]]);
const __tm_Tag_ok = __tm_keys(["ok"])[0];
const __tm_L_ok = __tm_literals([true, false]);
const __tm_K_Result_Page_Item_string_value = __tm_keys(["ok", "value"]);
const __tm_L_true = __tm_literals([true]);
const __tm_K_Result_Page_Item_string_error = __tm_keys(["ok", "error"]);
const __tm_L_false = __tm_literals([false]);
function __tm_encItem(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Item)", v, p);
    }
    const sku_ = v.sku;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Item)", v, p);
    }
    w.raw(__tm_E_Item[0]);
    __tm_writeString(w, sku_, p && p + ".sku");
    w.ensure(15);
    w.put(__tm_E_Item[1]);
    w.putNumber(v.price, p && p + ".price");
}
function __tm_encItemArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encItem(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encPage_Item(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Page<Item>)", v, p);
    }
    const items_ = v.items;
    const next_ = v.next;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Page<Item>)", v, p);
    }
    let n = 2;
    if (next_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Page_Item[n - 2]);
    __tm_encItemArray(w, items_, p && p + ".items", d + 1);
    if (next_ !== undefined) {
        w.raw(__tm_E_Page_Item[2]);
        __tm_writeString(w, next_, p && p + ".next");
    }
    w.ensure(15);
    w.put(__tm_E_Page_Item[3]);
    w.putNumber(v.total, p && p + ".total");
}
function __tm_decItem(r, p, d) {
    const n = r.mapHeader(p);
    let sku_, price_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Item, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                sku_ = __tm_readString(r, p && p + ".sku");
                break;
            case 1:
                price_ = r.number(p && p + ".price");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Item, [3], [seen0], p);
    }
    return { sku: sku_, price: price_ };
}
function __tm_decItemArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decItem(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decPage_Item(r, p, d) {
    const n = r.mapHeader(p);
    let items_, next_, total_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Page_Item, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                items_ = __tm_decItemArray(r, p && p + ".items", d + 1);
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
        __tm_missing(r, __tm_K_Page_Item, [5], [seen0], p);
    }
    return { items: items_, next: next_, total: total_ };
}
function __tm_encStringArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_writeString(w, v[i], p && p + ("[" + i + "]"));
    }
}
function __tm_encPage_string(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Page<string>)", v, p);
    }
    const items_ = v.items;
    const next_ = v.next;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Page<string>)", v, p);
    }
    let n = 2;
    if (next_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Page_Item[n - 2]);
    __tm_encStringArray(w, items_, p && p + ".items", d + 1);
    if (next_ !== undefined) {
        w.raw(__tm_E_Page_Item[2]);
        __tm_writeString(w, next_, p && p + ".next");
    }
    w.ensure(15);
    w.put(__tm_E_Page_Item[3]);
    w.putNumber(v.total, p && p + ".total");
}
function __tm_decStringArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_readString(r, p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decPage_string(r, p, d) {
    const n = r.mapHeader(p);
    let items_, next_, total_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Page_Item, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                items_ = __tm_decStringArray(r, p && p + ".items", d + 1);
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
        __tm_missing(r, __tm_K_Page_Item, [5], [seen0], p);
    }
    return { items: items_, next: next_, total: total_ };
}
function __tm_encResult_Page_Item_string_value(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ ok: true; value: Page<Item>; })", v, p);
    }
    const ok_ = v.ok;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ ok: true; value: Page<Item>; })", v, p);
    }
    if (ok_ !== true) {
        __tm_mismatch("true", ok_, p && p + ".ok");
    }
    w.raw(__tm_E_Result_Page_Item_string_value[0]);
    __tm_encPage_Item(w, v.value, p && p + ".value", d + 1);
}
function __tm_encResult_Page_Item_string_error(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ ok: false; error: string; })", v, p);
    }
    const ok_ = v.ok;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ ok: false; error: string; })", v, p);
    }
    if (ok_ !== false) {
        __tm_mismatch("false", ok_, p && p + ".ok");
    }
    w.raw(__tm_E_Result_Page_Item_string_error[0]);
    __tm_writeString(w, v.error, p && p + ".error");
}
function __tm_encResult_Page_Item_string(w, v, p, d) {
    if (typeof v === "object" && v !== null) {
        switch (v.ok) {
            case true:
                __tm_encResult_Page_Item_string_value(w, v, p, d);
                return;
            case false:
                __tm_encResult_Page_Item_string_error(w, v, p, d);
                return;
        }
    }
    __tm_mismatch("{ ok: true; value: Page<Item>; } | { ok: false; error: string; }", v, p);
}
function __tm_decResult_Page_Item_string_value(r, p, d, n = r.mapHeader(p), i = 0, seen0 = 0) {
    let value_;
    let h = i - 1;
    for (; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Result_Page_Item_string_value, h + 1, p);
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
                value_ = __tm_decPage_Item(r, p && p + ".value", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Result_Page_Item_string_value, [3], [seen0], p);
    }
    return { ok: true, value: value_ };
}
function __tm_decResult_Page_Item_string_error(r, p, d, n = r.mapHeader(p), i = 0, seen0 = 0) {
    let error_;
    let h = i - 1;
    for (; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Result_Page_Item_string_error, h + 1, p);
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
                error_ = __tm_readString(r, p && p + ".error");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Result_Page_Item_string_error, [3], [seen0], p);
    }
    return { ok: false, error: error_ };
}
function __tm_decResult_Page_Item_string(r, p, d) {
    switch (r.family(p)) {
        case 7 /* MAP */: {
            const start = r.pos;
            const n = r.mapHeader(p);
            const at = r.pos;
            const tag = __tm_readTag(r, n, __tm_Tag_ok, __tm_L_ok, p);
            const i = r.pos === at ? 0 : 1; // 1: the tag came first and is read
            switch (tag) {
                case 0 /* true */: return __tm_decResult_Page_Item_string_value(r, p, d, n, i, i);
                case 1 /* false */: return __tm_decResult_Page_Item_string_error(r, p, d, n, i, i);
            }
            return __tm_badTag(r, "ok", "true | false", p, start);
        }
    }
    return r.mismatch("{ ok: true; value: Page<Item>; } | { ok: false; error: string; }", p);
}
// codecFor<Page<Item>>()
const __tm_Page_ItemCodec = __tm_codec(10 /* generated-code version */, __tm_encPage_Item, __tm_decPage_Item);
// codecFor<Page<string>>()
const __tm_Page_stringCodec = __tm_codec(10 /* generated-code version */, __tm_encPage_string, __tm_decPage_string);
// codecFor<Result<Page<Item>, string>>()
const __tm_Result_Page_Item_stringCodec = __tm_codec(10 /* generated-code version */, __tm_encResult_Page_Item_string, __tm_decResult_Page_Item_string);
export const ItemPageCodec = __tm_Page_ItemCodec;
export const NamePageCodec = __tm_Page_stringCodec;
export const ResultCodec = __tm_Result_Page_Item_stringCodec;
export const roundTrip = [
    [ItemPageCodec, { items: [{ sku: "a", price: 1 }], next: "cursor", total: 10 }],
    [NamePageCodec, { items: ["x", "y"], total: 2 }],
    [ResultCodec, { ok: true, value: { items: [], total: 0 } }],
    [ResultCodec, { ok: false, error: "boom" }],
];
