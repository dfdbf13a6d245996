// Unions decode could not take apart, and a type only known to generic code.
import { codecFor } from "typed-msgpack";
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
const __tm_E_Count = __tm_constants([[[1], "count"]]);
const __tm_K_Count = __tm_keys(["count"]);
function __tm_encCount(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ count: number; })", v, p);
    }
    const count_ = v.count;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ count: number; })", v, p);
    }
    w.ensure(16);
    w.put(__tm_E_Count[0]);
    w.putNumber(count_, p && p + ".count");
}
function __tm_decCount(r, p, d) {
    const n = r.mapHeader(p);
    let count_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Count, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                count_ = r.number(p && p + ".count");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1) !== 1) {
        __tm_missing(r, __tm_K_Count, [1], [seen0], p);
    }
    return { count: count_ };
}
// codecFor<{ count: number; }>()
const __tm_CountCodec = __tm_codec(10 /* generated-code version */, __tm_encCount, __tm_decCount);
export const SettingsCodec = codecFor();
export function codecOf() {
    return codecFor();
}
// A good codec in the same file still compiles.
export const CountCodec = __tm_CountCodec;
