// Codec lines between imports and re-exports (issue 19): the generated code goes after the first
// run of imports, so every codec exists before the first line that uses it, and the module loads.
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
const __tm_E_Item = __tm_constants([[[2], "sku"], ["qty"]]);
const __tm_K_Item = __tm_keys(["sku", "qty"]);
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
    w.ensure(13);
    w.put(__tm_E_Item[1]);
    w.putNumber(v.qty, p && p + ".qty");
}
function __tm_decItem(r, p, d) {
    const n = r.mapHeader(p);
    let sku_, qty_;
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
                qty_ = r.number(p && p + ".qty");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Item, [3], [seen0], p);
    }
    return { sku: sku_, qty: qty_ };
}
function __tm_encItemArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encItem(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_decItemArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decItem(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
// codecFor<Item>()
const __tm_ItemCodec = __tm_codec(10 /* generated-code version */, __tm_encItem, __tm_decItem);
// codecFor<Item[]>()
const __tm_Item2Codec = __tm_codec(10 /* generated-code version */, __tm_encItemArray, __tm_decItemArray, __tm_decItem);
export const ItemCodec = __tm_ItemCodec;
import { CodecError } from "typed-msgpack";
export * from "typed-msgpack/stream";
export const ItemsCodec = __tm_Item2Codec;
export const isCodecError = (e) => e instanceof CodecError;
export const roundTrip = [
    [ItemCodec, { sku: "A-1", qty: 2 }],
    [ItemsCodec, [{ sku: "A-1", qty: 2 }, { sku: "B-2", qty: 0 }]],
];
