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
exports.roundTrip = exports.UserCodec = void 0;
// An interface with required, optional and nullable fields, as most API payloads look.
const typed_msgpack_1 = require("typed-msgpack");
const __tm = __importStar(require("typed-msgpack"));
const __tm_K_User = __tm.keys(["id", "name", "email", "age", "tags", "createdAt", "display-name"]);
function __tm_encStringArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        w.string(v[i], p && p + ("[" + i + "]"));
    }
}
function __tm_encUser(w, v, p, d) {
    if (!(__tm.isPlainObject(v)) && !(__tm.isRecordLike(v))) {
        __tm.mismatch("an object (User)", v, p);
    }
    if (d > w.maxDepth) {
        __tm.tooDeep(w.maxDepth, p);
    }
    const id_ = v.id;
    const name_ = v.name;
    const email_ = v.email;
    const age_ = v.age;
    const tags_ = v.tags;
    const createdAt_ = v.createdAt;
    const f6_ = v["display-name"];
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
    w.mapHeader(n);
    w.raw(__tm_K_User[0]);
    w.number(id_, p && p + ".id");
    w.raw(__tm_K_User[1]);
    w.string(name_, p && p + ".name");
    if (email_ !== undefined) {
        w.raw(__tm_K_User[2]);
        w.string(email_, p && p + ".email");
    }
    if (age_ !== undefined) {
        w.raw(__tm_K_User[3]);
        if (age_ === null) {
            w.nil();
        }
        else {
            w.number(age_, p && p + ".age");
        }
    }
    w.raw(__tm_K_User[4]);
    __tm_encStringArray(w, tags_, p && p + ".tags", d + 1);
    w.raw(__tm_K_User[5]);
    __tm.writeDate(w, createdAt_, p && p + ".createdAt");
    if (f6_ !== undefined) {
        w.raw(__tm_K_User[6]);
        w.string(f6_, p && p + "[\"display-name\"]");
    }
}
function __tm_decStringArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = r.string(p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decUser(r, p, d) {
    if (d > r.maxDepth) {
        r.tooDeep(p);
    }
    const n = r.mapHeader(p);
    let id_, name_, email_, age_, tags_, createdAt_, f6_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = r.key(__tm_K_User, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                r.duplicateKey(p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                id_ = r.number(p && p + ".id");
                break;
            case 1:
                name_ = r.string(p && p + ".name");
                break;
            case 2:
                email_ = r.takeNil() ? undefined : r.string(p && p + ".email");
                break;
            case 3:
                age_ = r.takeNil() ? null : r.number(p && p + ".age");
                break;
            case 4:
                tags_ = __tm_decStringArray(r, p && p + ".tags", d + 1);
                break;
            case 5:
                createdAt_ = __tm.readDate(r, p && p + ".createdAt");
                break;
            case 6:
                f6_ = r.takeNil() ? undefined : r.string(p && p + "[\"display-name\"]");
                break;
            default: r.unknownKey(p);
        }
    }
    if ((seen0 & 51) !== 51) {
        r.missing(__tm_K_User, [51], [seen0], p);
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
const __tm_UserCodec = __tm.codec(6 /* generated-code version */, __tm_encUser, __tm_decUser);
exports.UserCodec = __tm_UserCodec;
exports.roundTrip = [
    [exports.UserCodec, { id: 1, name: "Ada", tags: [], createdAt: new Date(0) }],
    [exports.UserCodec, { id: 2, name: "Grace", email: "g@navy.mil", age: null, tags: ["cobol"], createdAt: new Date(1514862245678), "display-name": "Amazing Grace" }],
];
