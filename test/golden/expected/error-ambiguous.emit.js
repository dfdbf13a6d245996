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
exports.CountCodec = exports.SettingsCodec = void 0;
exports.codecOf = codecOf;
// Unions decode could not take apart, and a type only known to generic code.
const typed_msgpack_1 = require("typed-msgpack");
const __tm = __importStar(require("typed-msgpack"));
const __tm_E_Value = __tm.constants([[[1], "count"]]);
const __tm_K_Value = __tm.keys(["count"]);
function __tm_encValue(w, v, p, d) {
    if (!(__tm.isPlainObject(v)) && !(__tm.isRecordLike(v))) {
        __tm.mismatch("an object ({ count: number; })", v, p);
    }
    if (d > w.maxDepth) {
        __tm.tooDeep(w.maxDepth, p);
    }
    const count_ = v.count;
    w.raw(__tm_E_Value[0]);
    w.number(count_, p && p + ".count");
}
function __tm_decValue(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let count_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = r.key(__tm_K_Value, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                r.duplicateKey(p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                count_ = r.number(p && p + ".count");
                break;
            default: r.unknownKey(p);
        }
    }
    if ((seen0 & 1) !== 1) {
        r.missing(__tm_K_Value, [1], [seen0], p);
    }
    return { count: count_ };
}
// codecFor<{ count: number; }>()
const __tm_ValueCodec = __tm.codec(6 /* generated-code version */, __tm_encValue, __tm_decValue);
exports.SettingsCodec = (0, typed_msgpack_1.codecFor)();
function codecOf() {
    return (0, typed_msgpack_1.codecFor)();
}
// A good codec in the same file still compiles.
exports.CountCodec = __tm_ValueCodec;
