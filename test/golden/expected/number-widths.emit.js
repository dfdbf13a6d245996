// Number widths from types: a float 32 reading, integer widths range-checked both ways, a Float32[]
// with its own array paths, and a 64-bit id that is a number or a bigint.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeInt = __tm.writeInt;
const __tm_writeFloat32 = __tm.writeFloat32;
const __tm_writeFloat64 = __tm.writeFloat64;
const __tm_writeInt64 = __tm.writeInt64;
const __tm_writeFloat32Array = __tm.writeFloat32Array;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_mismatch = __tm.mismatch;
const __tm_keys = __tm.keys;
const __tm_readInt = __tm.readInt;
const __tm_readFloat32 = __tm.readFloat32;
const __tm_readInt64 = __tm.readInt64;
const __tm_readFloat32Array = __tm.readFloat32Array;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Sample = __tm_constants([[[6], "sensor"], [[7], "sensor"], ["value"], ["exact"], ["offset"], ["id"], ["samples"], ["counts"]]);
const __tm_K_Sample = __tm_keys(["sensor", "value", "exact", "offset", "id", "samples", "counts"]);
function __tm_encUint32Array(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_writeInt(w, v[i], 0, 4294967295, p && p + ("[" + i + "]"));
    }
}
function __tm_encSample(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Sample)", v, p);
    }
    const sensor_ = v.sensor;
    const offset_ = v.offset;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Sample)", v, p);
    }
    let n = 6;
    if (offset_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Sample[n - 6]);
    __tm_writeInt(w, sensor_, 0, 65535, p && p + ".sensor");
    w.raw(__tm_E_Sample[2]);
    __tm_writeFloat32(w, v.value, p && p + ".value");
    w.raw(__tm_E_Sample[3]);
    __tm_writeFloat64(w, v.exact, p && p + ".exact");
    if (offset_ !== undefined) {
        w.raw(__tm_E_Sample[4]);
        __tm_writeInt(w, offset_, -128, 127, p && p + ".offset");
    }
    w.raw(__tm_E_Sample[5]);
    __tm_writeInt64(w, v.id, p && p + ".id");
    w.raw(__tm_E_Sample[6]);
    __tm_writeFloat32Array(w, v.samples, p && p + ".samples");
    w.raw(__tm_E_Sample[7]);
    __tm_encUint32Array(w, v.counts, p && p + ".counts", d + 1);
}
function __tm_decUint32Array(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_readInt(r, 0, 4294967295, p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decSample(r, p, d) {
    const n = r.mapHeader(p);
    let sensor_, value_, exact_, offset_, id_, samples_, counts_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Sample, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                sensor_ = __tm_readInt(r, 0, 65535, p && p + ".sensor");
                break;
            case 1:
                value_ = __tm_readFloat32(r, p && p + ".value");
                break;
            case 2:
                exact_ = r.number(p && p + ".exact");
                break;
            case 3:
                offset_ = r.absentNil() ? undefined : __tm_readInt(r, -128, 127, p && p + ".offset");
                break;
            case 4:
                id_ = __tm_readInt64(r, p && p + ".id");
                break;
            case 5:
                samples_ = __tm_readFloat32Array(r, p && p + ".samples");
                break;
            case 6:
                counts_ = __tm_decUint32Array(r, p && p + ".counts", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 119) !== 119) {
        __tm_missing(r, __tm_K_Sample, [119], [seen0], p);
    }
    return {
        sensor: sensor_,
        value: value_,
        exact: exact_,
        offset: offset_,
        id: id_,
        samples: samples_,
        counts: counts_
    };
}
// codecFor<Sample>()
const __tm_SampleCodec = __tm_codec(10 /* generated-code version */, __tm_encSample, __tm_decSample);
export const SampleCodec = __tm_SampleCodec;
export const roundTrip = [
    [SampleCodec, { sensor: 7, value: 1.5, exact: 2, offset: -3, id: 2n ** 60n, samples: [0.5, Math.fround(0.1)], counts: [0, 4294967295] }],
    [SampleCodec, { sensor: 65535, value: Math.fround(-0.3), exact: 0.1, offset: undefined, id: 12, samples: [], counts: [] }],
];
