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
exports.roundTrip = exports.RepositoryCodec = void 0;
// `number | bigint`, as GitHub's REST types declare every id: one runtime call each way, wherever it appears.
const typed_msgpack_1 = require("typed-msgpack");
const __tm = __importStar(require("typed-msgpack"));
const __tm_K_Repository = __tm.keys(["id", "name", "parentId", "labelIds", "ref"]);
function __tm_encNumberOrBigintArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm.writeNumberOrBigint(w, v[i], p && p + ("[" + i + "]"));
    }
}
function __tm_encStringOrNumberOrBigint(w, v, p, d) {
    if (typeof v === "string") {
        w.string(v, p);
        return;
    }
    if (typeof v === "number" || typeof v === "bigint") {
        __tm.writeNumberOrBigint(w, v, p);
        return;
    }
    __tm.mismatch("string | number | bigint", v, p);
}
function __tm_encRepository(w, v, p, d) {
    if (!(__tm.isPlainObject(v)) && !(__tm.isRecordLike(v))) {
        __tm.mismatch("an object (Repository)", v, p);
    }
    if (d > w.maxDepth) {
        __tm.tooDeep(w.maxDepth, p);
    }
    const id_ = v.id;
    const name_ = v.name;
    const parentId_ = v.parentId;
    const labelIds_ = v.labelIds;
    const ref_ = v.ref;
    let n = 4;
    if (parentId_ !== undefined) {
        n++;
    }
    w.mapHeader(n);
    w.raw(__tm_K_Repository[0]);
    __tm.writeNumberOrBigint(w, id_, p && p + ".id");
    w.raw(__tm_K_Repository[1]);
    w.string(name_, p && p + ".name");
    if (parentId_ !== undefined) {
        w.raw(__tm_K_Repository[2]);
        if (parentId_ === null) {
            w.nil();
        }
        else {
            __tm.writeNumberOrBigint(w, parentId_, p && p + ".parentId");
        }
    }
    w.raw(__tm_K_Repository[3]);
    __tm_encNumberOrBigintArray(w, labelIds_, p && p + ".labelIds", d + 1);
    w.raw(__tm_K_Repository[4]);
    __tm_encStringOrNumberOrBigint(w, ref_, p && p + ".ref", d + 1);
}
function __tm_decNumberOrBigintArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm.readNumberOrBigint(r, p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decStringOrNumberOrBigint(r, p, d) {
    switch (r.family(p)) {
        case 4 /* STR */: return r.string(p);
        case 2 /* INT */:
        case 3 /* FLOAT */: return __tm.readNumberOrBigint(r, p);
    }
    return r.mismatch("string | number | bigint", p);
}
function __tm_decRepository(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let id_, name_, parentId_, labelIds_, ref_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = r.key(__tm_K_Repository, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                r.duplicateKey(p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                id_ = __tm.readNumberOrBigint(r, p && p + ".id");
                break;
            case 1:
                name_ = r.string(p && p + ".name");
                break;
            case 2:
                parentId_ = r.takeNil() ? null : __tm.readNumberOrBigint(r, p && p + ".parentId");
                break;
            case 3:
                labelIds_ = __tm_decNumberOrBigintArray(r, p && p + ".labelIds", d + 1);
                break;
            case 4:
                ref_ = __tm_decStringOrNumberOrBigint(r, p && p + ".ref", d + 1);
                break;
            default: r.unknownKey(p);
        }
    }
    if ((seen0 & 27) !== 27) {
        r.missing(__tm_K_Repository, [27], [seen0], p);
    }
    return {
        id: id_,
        name: name_,
        parentId: parentId_,
        labelIds: labelIds_,
        ref: ref_
    };
}
// codecFor<Repository>()
const __tm_RepositoryCodec = __tm.codec(6 /* generated-code version */, __tm_encRepository, __tm_decRepository);
exports.RepositoryCodec = __tm_RepositoryCodec;
exports.roundTrip = [
    [exports.RepositoryCodec, { id: 1296269, name: "Hello-World", parentId: 2n ** 60n, labelIds: [208045946, 2n ** 53n + 1n], ref: 42 }],
    [exports.RepositoryCodec, { id: -(2n ** 63n), name: "", parentId: null, labelIds: [], ref: "main" }],
];
