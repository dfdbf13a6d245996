// The leaf kinds no other case holds: bigint (int 64), ArrayBuffer (bin) and unknown (any value,
// written as it comes).
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeBigint = __tm.writeBigint;
const __tm_writeArrayBuffer = __tm.writeArrayBuffer;
const __tm_writeDynamic = __tm.writeDynamic;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_mismatch = __tm.mismatch;
const __tm_keys = __tm.keys;
const __tm_readBigint = __tm.readBigint;
const __tm_readArrayBuffer = __tm.readArrayBuffer;
const __tm_readDynamic = __tm.readDynamic;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Blob = __tm_constants([[[2], "size"], [[3], "size"], ["data"], ["meta"]]);
const __tm_K_Blob = __tm_keys(["size", "data", "meta"]);
function __tm_encBlob(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Blob)", v, p);
    }
    const size_ = v.size;
    const meta_ = v.meta;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Blob)", v, p);
    }
    let n = 2;
    if (meta_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Blob[n - 2]);
    __tm_writeBigint(w, size_, p && p + ".size");
    w.raw(__tm_E_Blob[2]);
    __tm_writeArrayBuffer(w, v.data, p && p + ".data");
    if (meta_ !== undefined) {
        w.raw(__tm_E_Blob[3]);
        __tm_writeDynamic(w, meta_, p && p + ".meta", d + 1);
    }
}
function __tm_decBlob(r, p, d) {
    const n = r.mapHeader(p);
    let size_, data_, meta_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Blob, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                size_ = __tm_readBigint(r, p && p + ".size");
                break;
            case 1:
                data_ = __tm_readArrayBuffer(r, p && p + ".data");
                break;
            case 2:
                meta_ = __tm_readDynamic(r, p && p + ".meta", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Blob, [3], [seen0], p);
    }
    return { size: size_, data: data_, meta: meta_ };
}
// codecFor<Blob>()
const __tm_BlobCodec = __tm_codec(10 /* generated-code version */, __tm_encBlob, __tm_decBlob);
export const BlobCodec = __tm_BlobCodec;
export const roundTrip = [
    [BlobCodec, { size: 2n ** 63n - 1n, data: new Uint8Array([1, 2, 3]).buffer, meta: { tags: ["a", 1, null] } }],
    [BlobCodec, { size: -1n, data: new ArrayBuffer(0), meta: null }],
];
