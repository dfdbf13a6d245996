// Size mode (`optimize: "size"`): a table of the type run by typed-msgpack/interpret, where
// kinds the interpreter does not run (here `Date`) keep their generated functions; a codec in the
// default mode beside it has its functions as always.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
import * as __tm_interpret from "typed-msgpack/interpret";
const __tm_writeDate = __tm.writeDate;
const __tm_readDate = __tm.readDate;
const __tm_mismatch = __tm.mismatch;
const __tm_writeString = __tm.writeString;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_keySegment = __tm.keySegment;
const __tm_fixMapHeader = __tm.fixMapHeader;
const __tm_keys = __tm.keys;
const __tm_readOneOf = __tm.readOneOf;
const __tm_literals = __tm.literals;
const __tm_readString = __tm.readString;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_readKeyString = __tm.readKeyString;
const __tm_setOwn = __tm.setOwn;
const __tm_codec = __tm.codec;
const __tm_E_Event_order_lines_item = __tm_constants([[[2], "sku"], ["qty"]]);
const __tm_E_Order = __tm_constants([[[5], "id"], [[6], "id"], ["status", "draft"], ["status", "paid"], ["note"], ["lines"], ["at"], ["tags"]]);
const __tm_K_Order = __tm_keys(["id", "status", "note", "lines", "at", "tags"]);
const __tm_L_draft_paid = __tm_literals(["draft", "paid"]);
const __tm_K_Event_order_lines_item = __tm_keys(["sku", "qty"]);
function __tm_encDate(w, v, p, d) {
    __tm_writeDate(w, v, p);
}
function __tm_decDate(r, p, d) {
    return __tm_readDate(r, p);
}
function __tm_encEvent_order_lines_item(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ sku: string; qty: number; })", v, p);
    }
    const sku_ = v.sku;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ sku: string; qty: number; })", v, p);
    }
    w.raw(__tm_E_Event_order_lines_item[0]);
    __tm_writeString(w, sku_, p && p + ".sku");
    w.ensure(13);
    w.put(__tm_E_Event_order_lines_item[1]);
    w.putNumber(v.qty, p && p + ".qty");
}
function __tm_encEvent_order_lines_itemArray(w, v, p, d) {
    const n = w.array(v, p);
    for (let i = 0; i < n; i++) {
        __tm_encEvent_order_lines_item(w, v[i], p && p + ("[" + i + "]"), d);
    }
}
function __tm_encRecordOfString(w, v, p, d) {
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
            __tm_writeString(w, x, p && p + __tm_keySegment(k));
        }
    }
    if (absent !== 0) {
        __tm_fixMapHeader(w, at, keys.length - absent);
    }
}
function __tm_encOrder(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Order)", v, p);
    }
    const id_ = v.id;
    const status_ = v.status;
    const note_ = v.note;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Order)", v, p);
    }
    let n = 5;
    if (note_ !== undefined) {
        n++;
    }
    w.ensure(26);
    w.put(__tm_E_Order[n - 5]);
    w.putNumber(id_, p && p + ".id");
    let chunk;
    switch (status_) {
        case "draft":
            chunk = __tm_E_Order[2];
            break;
        case "paid":
            chunk = __tm_E_Order[3];
            break;
        default: __tm_mismatch("\"draft\" | \"paid\"", status_, p && p + ".status");
    }
    w.put(chunk);
    if (note_ !== undefined) {
        w.raw(__tm_E_Order[4]);
        if (note_ === null) {
            w.nil();
        }
        else {
            __tm_writeString(w, note_, p && p + ".note");
        }
    }
    w.raw(__tm_E_Order[5]);
    __tm_encEvent_order_lines_itemArray(w, v.lines, p && p + ".lines", d + 1);
    w.raw(__tm_E_Order[6]);
    __tm_writeDate(w, v.at, p && p + ".at");
    w.raw(__tm_E_Order[7]);
    __tm_encRecordOfString(w, v.tags, p && p + ".tags", d + 1);
}
function __tm_decEvent_order_lines_item(r, p, d) {
    const n = r.mapHeader(p);
    let sku_, qty_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Event_order_lines_item, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                sku_ = __tm_readString(r, p && p + ".sku");
                break;
            case 1:
                qty_ = r.number(p && p + ".qty");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 3) !== 3) {
        __tm_missing(r, __tm_K_Event_order_lines_item, [3], [seen0], p);
    }
    return { sku: sku_, qty: qty_ };
}
function __tm_decEvent_order_lines_itemArray(r, p, d) {
    const n = r.arrayHeader(p);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
        out[i] = __tm_decEvent_order_lines_item(r, p && p + ("[" + i + "]"), d);
    }
    return out;
}
function __tm_decRecordOfString(r, p, d) {
    const n = r.mapHeader(p);
    const out = {};
    for (let i = 0; i < n; i++) {
        const k = __tm_readKeyString(r, p);
        __tm_setOwn(out, k, __tm_readString(r, p && p + __tm_keySegment(k)));
    }
    return out;
}
function __tm_decOrder(r, p, d) {
    const n = r.mapHeader(p);
    let id_, status_, note_, lines_, at_, tags_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Order, h + 1, p);
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
                status_ = __tm_readOneOf(r, __tm_L_draft_paid, p && p + ".status");
                break;
            case 2:
                note_ = r.takeNil() ? null : __tm_readString(r, p && p + ".note");
                break;
            case 3:
                lines_ = __tm_decEvent_order_lines_itemArray(r, p && p + ".lines", d + 1);
                break;
            case 4:
                at_ = __tm_readDate(r, p && p + ".at");
                break;
            case 5:
                tags_ = __tm_decRecordOfString(r, p && p + ".tags", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 59) !== 59) {
        __tm_missing(r, __tm_K_Order, [59], [seen0], p);
    }
    return {
        id: id_,
        status: status_,
        note: note_,
        lines: lines_,
        at: at_,
        tags: tags_
    };
}
// codecFor<Event>({ optimize: "size" })
const __tm_EventTableCodec = __tm_interpret.interpret(10 /* generated-code version */, [[1], [0], [10, "{ kind: \"created\"; order: Order; }", 4, 13, [3, 4]], [6, ["created"]], [10, "Order", 0, 12, [0, 5, -7, 7, 10, 11]], [6, ["draft", "paid"]], [7, 2, 1], [8, 8], [10, "{ sku: string; qty: number; }", 0, 9, [1, 0]], [15, ["sku", "qty"]], [13, __tm_encDate, __tm_decDate], [9, 1], [15, ["id", "status", "note", "lines", "at", "tags"]], [15, ["kind", "order"]], [10, "{ kind: \"deleted\"; id: number; }", 4, 16, [15, 0]], [6, ["deleted"]], [15, ["kind", "id"]], [12, "{ kind: \"created\"; order: Order; } | { kind: \"deleted\"; id: number; }", [[1, 14, [0, 1]]], [[[7], 1, [0, 1], 1]], ["kind", ["created", "deleted"], [2, 14], [0, 0]]]], 17);
// codecFor<Order>()
const __tm_OrderCodec = __tm_codec(10 /* generated-code version */, __tm_encOrder, __tm_decOrder);
// codecFor<Order>({ optimize: "size" })
const __tm_OrderTableCodec = __tm_interpret.interpret(10 /* generated-code version */, [[0], [1], [6, ["draft", "paid"]], [7, 2, 0], [8, 5], [10, "{ sku: string; qty: number; }", 0, 6, [0, 1]], [15, ["sku", "qty"]], [13, __tm_encDate, __tm_decDate], [9, 0], [15, ["id", "status", "note", "lines", "at", "tags"]], [10, "Order", 0, 9, [1, 2, -4, 4, 7, 8]]], 10);
export const EventCodec = __tm_EventTableCodec;
export const OrderCodec = __tm_OrderCodec;
// The same type in both modes in one file: two codecs, functions and a table, the same bytes.
export const OrderTable = __tm_OrderTableCodec;
const order = {
    id: 1,
    status: "paid",
    note: null,
    lines: [{ sku: "a-1", qty: 2 }],
    at: new Date(0),
    tags: { k: "v" },
};
export const roundTrip = [
    [OrderCodec, order],
    [OrderTable, order],
    [EventCodec, { kind: "deleted", id: 7 }],
    [EventCodec, { kind: "created", order }],
];
