// An interface with required, optional and nullable fields, as most API payloads look.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeString = __tm.writeString;
const __tm_writeDate = __tm.writeDate;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_mismatch = __tm.mismatch;
const __tm_keys = __tm.keys;
const __tm_readString = __tm.readString;
const __tm_readDate = __tm.readDate;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_User = __tm_constants([[[4], "id"], [[5], "id"], [[6], "id"], [[7], "id"], ["name"], ["email"], ["age"], ["tags"], ["createdAt"], ["display-name"]]);
const __tm_K_User = __tm_keys(["id", "name", "email", "age", "tags", "createdAt", "display-name"]);
function __tm_encStringArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_writeString(w, v[i], p && p + ("[" + i + "]"));
    }
}
function __tm_encUser(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (User)", v, p);
    }
    const id_ = v.id;
    const email_ = v.email;
    const age_ = v.age;
    const f6_ = v["display-name"];
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (User)", v, p);
    }
    let n = 4;
    if (email_ !== undefined) {
        n++;
    }
    if (age_ !== undefined) {
        n++;
    }
    if (f6_ !== undefined) {
        n++;
    }
    w.ensure(18);
    w.put(__tm_E_User[n - 4]);
    w.putNumber(id_, p && p + ".id");
    w.put(__tm_E_User[4]);
    __tm_writeString(w, v.name, p && p + ".name");
    if (email_ !== undefined) {
        w.raw(__tm_E_User[5]);
        __tm_writeString(w, email_, p && p + ".email");
    }
    if (age_ !== undefined) {
        w.raw(__tm_E_User[6]);
        if (age_ === null) {
            w.nil();
        }
        else {
            w.number(age_, p && p + ".age");
        }
    }
    w.raw(__tm_E_User[7]);
    __tm_encStringArray(w, v.tags, p && p + ".tags", d + 1);
    w.raw(__tm_E_User[8]);
    __tm_writeDate(w, v.createdAt, p && p + ".createdAt");
    if (f6_ !== undefined) {
        w.raw(__tm_E_User[9]);
        __tm_writeString(w, f6_, p && p + "[\"display-name\"]");
    }
}
function __tm_decStringArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_readString(r, p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decUser(r, p, d) {
    const n = r.mapHeader(p);
    let id_, name_, email_, age_, tags_, createdAt_, f6_;
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
                name_ = __tm_readString(r, p && p + ".name");
                break;
            case 2:
                email_ = r.absentNil() ? undefined : __tm_readString(r, p && p + ".email");
                break;
            case 3:
                age_ = r.takeNil() ? null : r.number(p && p + ".age");
                break;
            case 4:
                tags_ = __tm_decStringArray(r, p && p + ".tags", d + 1);
                break;
            case 5:
                createdAt_ = __tm_readDate(r, p && p + ".createdAt");
                break;
            case 6:
                f6_ = r.absentNil() ? undefined : __tm_readString(r, p && p + "[\"display-name\"]");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 51) !== 51) {
        __tm_missing(r, __tm_K_User, [51], [seen0], p);
    }
    return {
        id: id_,
        name: name_,
        email: email_,
        age: age_,
        tags: tags_,
        createdAt: createdAt_,
        "display-name": f6_
    };
}
// codecFor<User>()
const __tm_UserCodec = __tm_codec(10 /* generated-code version */, __tm_encUser, __tm_decUser);
export const UserCodec = __tm_UserCodec;
export const roundTrip = [
    [UserCodec, { id: 1, name: "Ada", tags: [], createdAt: new Date(0) }],
    [UserCodec, { id: 2, name: "Grace", email: "g@navy.mil", age: null, tags: ["cobol"], createdAt: new Date(1514862245678), "display-name": "Amazing Grace" }],
];
