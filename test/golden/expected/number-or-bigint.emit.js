// `number | bigint`, as GitHub's REST types declare every id: one runtime call each way, wherever it appears.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeNumberOrBigint = __tm.writeNumberOrBigint;
const __tm_writeString = __tm.writeString;
const __tm_mismatch = __tm.mismatch;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_keys = __tm.keys;
const __tm_readNumberOrBigint = __tm.readNumberOrBigint;
const __tm_readString = __tm.readString;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Repository = __tm_constants([[[4], "id"], [[5], "id"], ["name"], ["parentId"], ["labelIds"], ["ref"]]);
const __tm_K_Repository = __tm_keys(["id", "name", "parentId", "labelIds", "ref"]);
function __tm_encNumberOrBigintArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_writeNumberOrBigint(w, v[i], p && p + ("[" + i + "]"));
    }
}
function __tm_encStringOrNumberOrBigint(w, v, p, d) {
    if (typeof v === "string") {
        __tm_writeString(w, v, p);
        return;
    }
    if (typeof v === "number" || typeof v === "bigint") {
        __tm_writeNumberOrBigint(w, v, p);
        return;
    }
    __tm_mismatch("string | number | bigint", v, p);
}
function __tm_encRepository(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Repository)", v, p);
    }
    const id_ = v.id;
    const parentId_ = v.parentId;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Repository)", v, p);
    }
    let n = 4;
    if (parentId_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Repository[n - 4]);
    __tm_writeNumberOrBigint(w, id_, p && p + ".id");
    w.raw(__tm_E_Repository[2]);
    __tm_writeString(w, v.name, p && p + ".name");
    if (parentId_ !== undefined) {
        w.raw(__tm_E_Repository[3]);
        if (parentId_ === null) {
            w.nil();
        }
        else {
            __tm_writeNumberOrBigint(w, parentId_, p && p + ".parentId");
        }
    }
    w.raw(__tm_E_Repository[4]);
    __tm_encNumberOrBigintArray(w, v.labelIds, p && p + ".labelIds", d + 1);
    w.raw(__tm_E_Repository[5]);
    __tm_encStringOrNumberOrBigint(w, v.ref, p && p + ".ref", d + 1);
}
function __tm_decNumberOrBigintArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_readNumberOrBigint(r, p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decStringOrNumberOrBigint(r, p, d) {
    switch (r.family(p)) {
        case 4 /* STR */: return __tm_readString(r, p);
        case 2 /* INT */:
        case 3 /* FLOAT */: return __tm_readNumberOrBigint(r, p);
    }
    return r.mismatch("string | number | bigint", p);
}
function __tm_decRepository(r, p, d) {
    const n = r.mapHeader(p);
    let id_, name_, parentId_, labelIds_, ref_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Repository, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                id_ = __tm_readNumberOrBigint(r, p && p + ".id");
                break;
            case 1:
                name_ = __tm_readString(r, p && p + ".name");
                break;
            case 2:
                parentId_ = r.takeNil() ? null : __tm_readNumberOrBigint(r, p && p + ".parentId");
                break;
            case 3:
                labelIds_ = __tm_decNumberOrBigintArray(r, p && p + ".labelIds", d + 1);
                break;
            case 4:
                ref_ = __tm_decStringOrNumberOrBigint(r, p && p + ".ref", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 27) !== 27) {
        __tm_missing(r, __tm_K_Repository, [27], [seen0], p);
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
const __tm_RepositoryCodec = __tm_codec(10 /* generated-code version */, __tm_encRepository, __tm_decRepository);
export const RepositoryCodec = __tm_RepositoryCodec;
export const roundTrip = [
    [RepositoryCodec, { id: 1296269, name: "Hello-World", parentId: 2n ** 60n, labelIds: [208045946, 2n ** 53n + 1n], ref: 42 }],
    [RepositoryCodec, { id: -(2n ** 63n), name: "", parentId: null, labelIds: [], ref: "main" }],
];
