// Map, Set, tuples (optional and rest elements), Records and arrays side by side. Arrays of
// bounded tuples (`path`, `marks`) write each tuple inline, into room reserved once for all of them.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_mismatch = __tm.mismatch;
const __tm_writeString = __tm.writeString;
const __tm_keySegment = __tm.keySegment;
const __tm_writeDate = __tm.writeDate;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_fixMapHeader = __tm.fixMapHeader;
const __tm_writeNumberArray = __tm.writeNumberArray;
const __tm_constants = __tm.constants;
const __tm_keys = __tm.keys;
const __tm_readKeyString = __tm.readKeyString;
const __tm_readString = __tm.readString;
const __tm_tupleHeader = __tm.tupleHeader;
const __tm_readDate = __tm.readDate;
const __tm_setOwn = __tm.setOwn;
const __tm_readNumberArray = __tm.readNumberArray;
const __tm_readOneOf = __tm.readOneOf;
const __tm_literals = __tm.literals;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Tuple = __tm_constants([[[2, "array"], "pt"]]);
const __tm_E_Inventory = __tm_constants([[[9], "stock"], [[10], "stock"], [[11], "stock"], ["tags"], ["location"], ["window"], ["history"], ["byRegion"], ["readings"], ["labels"], ["path"], ["marks"], ["notes"]]);
const __tm_K_Inventory = __tm_keys(["stock", "tags", "location", "window", "history", "byRegion", "readings", "labels", "path", "marks", "notes"]);
const __tm_L_pt = __tm_literals(["pt"]);
function __tm_encMapOfString_Number(w, v, p, d) {
    if (!(v instanceof Map)) {
        __tm_mismatch("a Map", v, p);
    }
    w.mapHeader(v.size);
    let i = 0;
    for (const [k, x] of v) {
        __tm_writeString(w, k, p && p + ".<key>");
        w.number(x, p && p + __tm_keySegment(k, i));
        i++;
    }
}
function __tm_encStringSet(w, v, p, d) {
    if (!(v instanceof Set)) {
        __tm_mismatch("a Set", v, p);
    }
    w.arrayHeader(v.size);
    let i = 0;
    for (const x of v) {
        __tm_writeString(w, x, p && p + ("[" + i + "]"));
        i++;
    }
}
function __tm_encTuple_Number_Number(w, v, p, d) {
    if (!(Array.isArray(v) && v.length === 2)) {
        __tm_mismatch("a tuple of 2 elements", v, p);
    }
    w.ensure(19);
    w.putArrayHeader(2);
    w.putNumber(v[0], p && p + "[0]");
    w.putNumber(v[1], p && p + "[1]");
}
function __tm_encTuple_Date_UndefinedOrDate(w, v, p, d) {
    if (!(Array.isArray(v) && v.length >= 1 && v.length <= 2)) {
        __tm_mismatch("a tuple of 1 to 2 elements", v, p);
    }
    let n = v.length;
    while (n > 1 && n <= 2 && v[n - 1] === undefined) {
        n--;
    }
    w.arrayHeader(n);
    __tm_writeDate(w, v[0], p && p + "[0]");
    if (n > 1) {
        if (v[1] === undefined) {
            w.nil();
        }
        else {
            __tm_writeDate(w, v[1], p && p + "[1]");
        }
    }
}
function __tm_encTuple_String_Number(w, v, p, d) {
    if (!(Array.isArray(v) && v.length >= 1)) {
        __tm_mismatch("a tuple of at least 1 element", v, p);
    }
    w.arrayHeader(v.length);
    __tm_writeString(w, v[0], p && p + "[0]");
    for (let i = 1; i < v.length; i++) {
        w.number(v[i], p && p + ("[" + i + "]"));
    }
}
function __tm_encNumberSet(w, v, p, d) {
    if (!(v instanceof Set)) {
        __tm_mismatch("a Set", v, p);
    }
    w.arrayHeader(v.size);
    let i = 0;
    for (const x of v) {
        w.number(x, p && p + ("[" + i + "]"));
        i++;
    }
}
function __tm_encRecordOfNumberSet(w, v, p, d) {
    if (!(__tm_isRecordLike(v))) {
        __tm_mismatch("an object", v, p);
    }
    const keys = Object.keys(v);
    const at = w.pos;
    w.mapHeader(keys.length);
    let absent = 0;
    for (const k of keys) {
        const x = v[k];
        if (x === undefined) {
            absent++;
        }
        else {
            __tm_writeString(w, k);
            __tm_encNumberSet(w, x, p && p + __tm_keySegment(k), d);
        }
    }
    if (absent !== 0) {
        __tm_fixMapHeader(w, at, keys.length - absent);
    }
}
function __tm_encStringArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_writeString(w, v[i], p && p + ("[" + i + "]"));
    }
}
function __tm_encTuple_Number_NumberArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        if ((i & 1023) === 0) {
            w.ensure(19 * Math.min(n - i, 1024));
        }
        const x = v[i];
        if (!(Array.isArray(x) && x.length === 2)) {
            __tm_mismatch("a tuple of 2 elements", x, p && p + ("[" + i + "]"));
        }
        w.putArrayHeader(2);
        w.putNumber(x[0], p && p + ("[" + i + "][0]"));
        w.putNumber(x[1], p && p + ("[" + i + "][1]"));
    }
}
function __tm_encTuple_Literal_pt_NumberArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        if ((i & 1023) === 0) {
            w.ensure(13 * Math.min(n - i, 1024));
        }
        const x = v[i];
        if (!(Array.isArray(x) && x.length === 2)) {
            __tm_mismatch("a tuple of 2 elements", x, p && p + ("[" + i + "]"));
        }
        if (x[0] !== "pt") {
            __tm_mismatch("\"pt\"", x[0], p && p + ("[" + i + "][0]"));
        }
        w.put(__tm_E_Tuple[0]);
        w.putNumber(x[1], p && p + ("[" + i + "][1]"));
    }
}
function __tm_encRecordOfUndefinedOrString(w, v, p, d) {
    if (!(__tm_isRecordLike(v))) {
        __tm_mismatch("an object", v, p);
    }
    const keys = Object.keys(v);
    const at = w.pos;
    w.mapHeader(keys.length);
    let absent = 0;
    for (const k of keys) {
        const x = v[k];
        if (x === undefined) {
            absent++;
        }
        else {
            __tm_writeString(w, k);
            if (x === undefined) {
                w.nil();
            }
            else {
                __tm_writeString(w, x, p && p + __tm_keySegment(k));
            }
        }
    }
    if (absent !== 0) {
        __tm_fixMapHeader(w, at, keys.length - absent);
    }
}
function __tm_encInventory(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Inventory)", v, p);
    }
    const stock_ = v.stock;
    const window_ = v.window;
    const notes_ = v.notes;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Inventory)", v, p);
    }
    let n = 9;
    if (window_ !== undefined) {
        n++;
    }
    if (notes_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Inventory[n - 9]);
    __tm_encMapOfString_Number(w, stock_, p && p + ".stock", d + 1);
    w.raw(__tm_E_Inventory[3]);
    __tm_encStringSet(w, v.tags, p && p + ".tags", d + 1);
    w.raw(__tm_E_Inventory[4]);
    __tm_encTuple_Number_Number(w, v.location, p && p + ".location", d + 1);
    if (window_ !== undefined) {
        w.raw(__tm_E_Inventory[5]);
        __tm_encTuple_Date_UndefinedOrDate(w, window_, p && p + ".window", d + 1);
    }
    w.raw(__tm_E_Inventory[6]);
    __tm_encTuple_String_Number(w, v.history, p && p + ".history", d + 1);
    w.raw(__tm_E_Inventory[7]);
    __tm_encRecordOfNumberSet(w, v.byRegion, p && p + ".byRegion", d + 1);
    w.raw(__tm_E_Inventory[8]);
    __tm_writeNumberArray(w, v.readings, p && p + ".readings");
    w.raw(__tm_E_Inventory[9]);
    __tm_encStringArray(w, v.labels, p && p + ".labels", d + 1);
    w.raw(__tm_E_Inventory[10]);
    __tm_encTuple_Number_NumberArray(w, v.path, p && p + ".path", d + 1);
    w.raw(__tm_E_Inventory[11]);
    __tm_encTuple_Literal_pt_NumberArray(w, v.marks, p && p + ".marks", d + 1);
    if (notes_ !== undefined) {
        w.raw(__tm_E_Inventory[12]);
        __tm_encRecordOfUndefinedOrString(w, notes_, p && p + ".notes", d + 1);
    }
}
function __tm_decMapOfString_Number(r, p, d) {
    const n = r.mapHeader(p);
    const out = new Map();
    for (let i = 0; i < n; i++) {
        const k = __tm_readKeyString(r, p && p + ".<key>");
        out.set(k, r.number(p && p + __tm_keySegment(k, i)));
    }
    return out;
}
function __tm_decStringSet(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Set();
    for (let i = 0; i < n; i++) {
        out.add(__tm_readString(r, p && p + ("[" + i + "]")));
    }
    return out;
}
function __tm_decTuple_Number_Number(r, p, d) {
    __tm_tupleHeader(r, 2, 2, p);
    return [r.number(p && p + "[0]"), r.number(p && p + "[1]")];
}
function __tm_decTuple_Date_UndefinedOrDate(r, p, d) {
    const n = __tm_tupleHeader(r, 1, 2, p);
    const out = [];
    out.push(__tm_readDate(r, p && p + "[0]"));
    if (n > 1) {
        out.push(r.takeNil() ? undefined : __tm_readDate(r, p && p + "[1]"));
    }
    while (out.length > 1 && out.length <= 2 && out[out.length - 1] === undefined) {
        out.pop();
    }
    return out;
}
function __tm_decTuple_String_Number(r, p, d) {
    const n = __tm_tupleHeader(r, 1, -1, p);
    const out = [];
    out.push(__tm_readString(r, p && p + "[0]"));
    for (let i = 1; i < n; i++) {
        out.push(r.number(p && p + ("[" + i + "]")));
    }
    return out;
}
function __tm_decNumberSet(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Set();
    for (let i = 0; i < n; i++) {
        out.add(r.number(p && p + ("[" + i + "]")));
    }
    return out;
}
function __tm_decRecordOfNumberSet(r, p, d) {
    const n = r.mapHeader(p);
    const out = {};
    for (let i = 0; i < n; i++) {
        const k = __tm_readKeyString(r, p);
        __tm_setOwn(out, k, __tm_decNumberSet(r, p && p + __tm_keySegment(k), d));
    }
    return out;
}
function __tm_decStringArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_readString(r, p && p + ("[" + i + "]"));
    }
    return out;
}
function __tm_decTuple_Number_NumberArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decTuple_Number_Number(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decTuple_Literal_pt_Number(r, p, d) {
    __tm_tupleHeader(r, 2, 2, p);
    return [__tm_readOneOf(r, __tm_L_pt, p && p + "[0]"), r.number(p && p + "[1]")];
}
function __tm_decTuple_Literal_pt_NumberArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decTuple_Literal_pt_Number(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decRecordOfUndefinedOrString(r, p, d) {
    const n = r.mapHeader(p);
    const out = {};
    for (let i = 0; i < n; i++) {
        const k = __tm_readKeyString(r, p);
        __tm_setOwn(out, k, r.takeNil() ? undefined : __tm_readString(r, p && p + __tm_keySegment(k)));
    }
    return out;
}
function __tm_decInventory(r, p, d) {
    const n = r.mapHeader(p);
    let stock_, tags_, location_, window_, history_, byRegion_, readings_, labels_, path_, marks_, notes_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Inventory, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                stock_ = __tm_decMapOfString_Number(r, p && p + ".stock", d + 1);
                break;
            case 1:
                tags_ = __tm_decStringSet(r, p && p + ".tags", d + 1);
                break;
            case 2:
                location_ = __tm_decTuple_Number_Number(r, p && p + ".location", d + 1);
                break;
            case 3:
                window_ = r.absentNil() ? undefined : __tm_decTuple_Date_UndefinedOrDate(r, p && p + ".window", d + 1);
                break;
            case 4:
                history_ = __tm_decTuple_String_Number(r, p && p + ".history", d + 1);
                break;
            case 5:
                byRegion_ = __tm_decRecordOfNumberSet(r, p && p + ".byRegion", d + 1);
                break;
            case 6:
                readings_ = __tm_readNumberArray(r, p && p + ".readings");
                break;
            case 7:
                labels_ = __tm_decStringArray(r, p && p + ".labels", d + 1);
                break;
            case 8:
                path_ = __tm_decTuple_Number_NumberArray(r, p && p + ".path", d + 1);
                break;
            case 9:
                marks_ = __tm_decTuple_Literal_pt_NumberArray(r, p && p + ".marks", d + 1);
                break;
            case 10:
                notes_ = r.absentNil() ? undefined : __tm_decRecordOfUndefinedOrString(r, p && p + ".notes", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1015) !== 1015) {
        __tm_missing(r, __tm_K_Inventory, [1015], [seen0], p);
    }
    return {
        stock: stock_,
        tags: tags_,
        location: location_,
        window: window_,
        history: history_,
        byRegion: byRegion_,
        readings: readings_,
        labels: labels_,
        path: path_,
        marks: marks_,
        notes: notes_
    };
}
// codecFor<Inventory>()
const __tm_InventoryCodec = __tm_codec(10 /* generated-code version */, __tm_encInventory, __tm_decInventory);
export const InventoryCodec = __tm_InventoryCodec;
export const roundTrip = [
    [InventoryCodec, {
            stock: new Map([["apple", 3], ["pear", 0]]),
            tags: new Set(["fresh"]),
            location: [1.5, -2],
            window: [new Date(1000)],
            history: ["created", 1, 2, 3],
            byRegion: { north: new Set([1, 2]), south: new Set() },
            readings: [0, -1, 2.5, 2 ** 40],
            labels: ["a", ""],
            path: [[0, 0], [1.5, -2], [2 ** 33, 7]],
            marks: [["pt", 1], ["pt", -0.5]],
            notes: { kept: "yes", dropped: undefined },
        }],
];
