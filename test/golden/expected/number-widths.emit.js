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
exports.roundTrip = exports.SampleCodec = void 0;
// Number widths from types: a float 32 reading, integer widths range-checked both ways, a Float32[]
// with its own array paths, and a 64-bit id that is a number or a bigint.
const typed_msgpack_1 = require("typed-msgpack");
const __tm = __importStar(require("typed-msgpack"));
const __tm_K_Sample = __tm.keys(["sensor", "value", "exact", "offset", "id", "samples", "counts"]);
function __tm_encUint32Array(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm.writeInt(w, v[i], 0, 4294967295, p && p + ("[" + i + "]"));
    }
}
function __tm_encSample(w, v, p, d) {
    if (!(__tm.isPlainObject(v)) && !(__tm.isRecordLike(v))) {
        __tm.mismatch("an object (Sample)", v, p);
    }
    if (d > w.maxDepth) {
        __tm.tooDeep(w.maxDepth, p);
    }
    const sensor_ = v.sensor;
    const value_ = v.value;
    const exact_ = v.exact;
    const offset_ = v.offset;
    const id_ = v.id;
    const samples_ = v.samples;
    const counts_ = v.counts;
    let n = 6;
    if (offset_ !== undefined) {
        n++;
    }
    w.mapHeader(n);
    w.raw(__tm_K_Sample[0]);
    __tm.writeInt(w, sensor_, 0, 65535, p && p + ".sensor");
    w.raw(__tm_K_Sample[1]);
    __tm.writeFloat32(w, value_, p && p + ".value");
    w.raw(__tm_K_Sample[2]);
    __tm.writeFloat64(w, exact_, p && p + ".exact");
    if (offset_ !== undefined) {
        w.raw(__tm_K_Sample[3]);
        __tm.writeInt(w, offset_, -128, 127, p && p + ".offset");
    }
    w.raw(__tm_K_Sample[4]);
    __tm.writeInt64(w, id_, p && p + ".id");
    w.raw(__tm_K_Sample[5]);
    __tm.writeFloat32Array(w, samples_, p && p + ".samples");
    w.raw(__tm_K_Sample[6]);
    __tm_encUint32Array(w, counts_, p && p + ".counts", d + 1);
}
function __tm_decUint32Array(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm.readInt(r, 0, 4294967295, p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decSample(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let sensor_, value_, exact_, offset_, id_, samples_, counts_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = r.key(__tm_K_Sample, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                r.duplicateKey(p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                sensor_ = __tm.readInt(r, 0, 65535, p && p + ".sensor");
                break;
            case 1:
                value_ = __tm.readFloat32(r, p && p + ".value");
                break;
            case 2:
                exact_ = r.number(p && p + ".exact");
                break;
            case 3:
                offset_ = r.takeNil() ? undefined : __tm.readInt(r, -128, 127, p && p + ".offset");
                break;
            case 4:
                id_ = __tm.readInt64(r, p && p + ".id");
                break;
            case 5:
                samples_ = __tm.readFloat32Array(r, p && p + ".samples");
                break;
            case 6:
                counts_ = __tm_decUint32Array(r, p && p + ".counts", d + 1);
                break;
            default: r.unknownKey(p);
        }
    }
    if ((seen0 & 119) !== 119) {
        r.missing(__tm_K_Sample, [119], [seen0], p);
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
const __tm_SampleCodec = __tm.codec(6 /* generated-code version */, __tm_encSample, __tm_decSample);
exports.SampleCodec = __tm_SampleCodec;
exports.roundTrip = [
    [exports.SampleCodec, { sensor: 7, value: 1.5, exact: 2, offset: -3, id: 2n ** 60n, samples: [0.5, Math.fround(0.1)], counts: [0, 4294967295] }],
    [exports.SampleCodec, { sensor: 65535, value: Math.fround(-0.3), exact: 0.1, offset: undefined, id: 12, samples: [], counts: [] }],
];
