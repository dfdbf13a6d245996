// Adjacent writes of bounded size share one `w.ensure`: pre-encoded runs of up to 24 bytes,
// numbers, booleans and their literal unions. A longer run, a string or an optional property
// ends the group; a literal check stays in order between the writes.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_mismatch = __tm.mismatch;
const __tm_writeString = __tm.writeString;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_keys = __tm.keys;
const __tm_readOneOf = __tm.readOneOf;
const __tm_literals = __tm.literals;
const __tm_readString = __tm.readString;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_tupleHeader = __tm.tupleHeader;
const __tm_E_Reading = __tm_constants([[[9], "kind", "reading", "at"], [[10], "kind", "reading", "at"], ["ok"], ["level"], ["unit", "C"], ["unit", "F"], ["a_property_name_longer_than_a_run_can_be"], ["x"], ["y"], ["note"], ["after"]]);
const __tm_K_Reading = __tm_keys(["kind", "at", "ok", "level", "unit", "a_property_name_longer_than_a_run_can_be", "x", "y", "note", "after"]);
const __tm_L_reading = __tm_literals(["reading"]);
const __tm_L__0_1_2 = __tm_literals([0, 1, 2]);
const __tm_L_C_F = __tm_literals(["C", "F"]);
const __tm_E_ReadingPositional = __tm_constants([[[10, "array"], "reading"], ["C"], ["F"]]);
function __tm_encReading(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Reading)", v, p);
    }
    const kind_ = v.kind;
    const level_ = v.level;
    const unit_ = v.unit;
    const note_ = v.note;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Reading)", v, p);
    }
    let n = 9;
    if (note_ !== undefined) {
        n++;
    }
    if (kind_ !== "reading") {
        __tm_mismatch("\"reading\"", kind_, p && p + ".kind");
    }
    w.ensure(52);
    w.put(__tm_E_Reading[n - 9]);
    w.putNumber(v.at, p && p + ".at");
    w.put(__tm_E_Reading[2]);
    w.putBool(v.ok, p && p + ".ok");
    w.put(__tm_E_Reading[3]);
    if (!(level_ === 0 || level_ === 1 || level_ === 2)) {
        __tm_mismatch("0 | 1 | 2", level_, p && p + ".level");
    }
    w.putNumber(level_);
    let chunk;
    switch (unit_) {
        case "C":
            chunk = __tm_E_Reading[4];
            break;
        case "F":
            chunk = __tm_E_Reading[5];
            break;
        default: __tm_mismatch("\"C\" | \"F\"", unit_, p && p + ".unit");
    }
    w.put(chunk);
    w.raw(__tm_E_Reading[6]);
    w.ensure(31);
    w.putNumber(v.a_property_name_longer_than_a_run_can_be, p && p + ".a_property_name_longer_than_a_run_can_be");
    w.put(__tm_E_Reading[7]);
    w.putNumber(v.x, p && p + ".x");
    w.put(__tm_E_Reading[8]);
    w.putNumber(v.y, p && p + ".y");
    if (note_ !== undefined) {
        w.raw(__tm_E_Reading[9]);
        __tm_writeString(w, note_, p && p + ".note");
    }
    w.ensure(7);
    w.put(__tm_E_Reading[10]);
    w.putBool(v.after, p && p + ".after");
}
function __tm_decReading(r, p, d) {
    const n = r.mapHeader(p);
    let at_, ok_, level_, unit_, a_property_name_longer_than_a_run_can_be_, x_, y_, note_, after_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Reading, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                __tm_readOneOf(r, __tm_L_reading, p && p + ".kind");
                break;
            case 1:
                at_ = r.number(p && p + ".at");
                break;
            case 2:
                ok_ = r.bool(p && p + ".ok");
                break;
            case 3:
                level_ = __tm_readOneOf(r, __tm_L__0_1_2, p && p + ".level");
                break;
            case 4:
                unit_ = __tm_readOneOf(r, __tm_L_C_F, p && p + ".unit");
                break;
            case 5:
                a_property_name_longer_than_a_run_can_be_ = r.number(p && p + ".a_property_name_longer_than_a_run_can_be");
                break;
            case 6:
                x_ = r.number(p && p + ".x");
                break;
            case 7:
                y_ = r.number(p && p + ".y");
                break;
            case 8:
                note_ = r.absentNil() ? undefined : __tm_readString(r, p && p + ".note");
                break;
            case 9:
                after_ = r.bool(p && p + ".after");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 767) !== 767) {
        __tm_missing(r, __tm_K_Reading, [767], [seen0], p);
    }
    return {
        kind: "reading",
        at: at_,
        ok: ok_,
        level: level_,
        unit: unit_,
        a_property_name_longer_than_a_run_can_be: a_property_name_longer_than_a_run_can_be_,
        x: x_,
        y: y_,
        note: note_,
        after: after_
    };
}
function __tm_encReadingPositional(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Reading)", v, p);
    }
    const kind_ = v.kind;
    const at_ = v.at;
    const ok_ = v.ok;
    const level_ = v.level;
    const unit_ = v.unit;
    const a_property_name_longer_than_a_run_can_be_ = v.a_property_name_longer_than_a_run_can_be;
    const x_ = v.x;
    const y_ = v.y;
    const note_ = v.note;
    const after_ = v.after;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Reading)", v, p);
    }
    if (kind_ !== "reading") {
        __tm_mismatch("\"reading\"", kind_, p && p + ".kind");
    }
    w.ensure(57);
    w.put(__tm_E_ReadingPositional[0]);
    w.putNumber(at_, p && p + ".at");
    w.putBool(ok_, p && p + ".ok");
    if (!(level_ === 0 || level_ === 1 || level_ === 2)) {
        __tm_mismatch("0 | 1 | 2", level_, p && p + ".level");
    }
    w.putNumber(level_);
    let chunk;
    switch (unit_) {
        case "C":
            chunk = __tm_E_ReadingPositional[1];
            break;
        case "F":
            chunk = __tm_E_ReadingPositional[2];
            break;
        default: __tm_mismatch("\"C\" | \"F\"", unit_, p && p + ".unit");
    }
    w.put(chunk);
    w.putNumber(a_property_name_longer_than_a_run_can_be_, p && p + ".a_property_name_longer_than_a_run_can_be");
    w.putNumber(x_, p && p + ".x");
    w.putNumber(y_, p && p + ".y");
    if (note_ === undefined) {
        w.nil();
    }
    else {
        __tm_writeString(w, note_, p && p + ".note");
    }
    w.bool(after_, p && p + ".after");
}
function __tm_decReadingPositional(r, p, d) {
    __tm_tupleHeader(r, 10, 10, p);
    const kind_ = __tm_readOneOf(r, __tm_L_reading, p && p + ".kind");
    const at_ = r.number(p && p + ".at");
    const ok_ = r.bool(p && p + ".ok");
    const level_ = __tm_readOneOf(r, __tm_L__0_1_2, p && p + ".level");
    const unit_ = __tm_readOneOf(r, __tm_L_C_F, p && p + ".unit");
    const a_property_name_longer_than_a_run_can_be_ = r.number(p && p + ".a_property_name_longer_than_a_run_can_be");
    const x_ = r.number(p && p + ".x");
    const y_ = r.number(p && p + ".y");
    const note_ = r.takeNil() ? undefined : __tm_readString(r, p && p + ".note");
    const after_ = r.bool(p && p + ".after");
    return {
        kind: kind_,
        at: at_,
        ok: ok_,
        level: level_,
        unit: unit_,
        a_property_name_longer_than_a_run_can_be: a_property_name_longer_than_a_run_can_be_,
        x: x_,
        y: y_,
        note: note_,
        after: after_
    };
}
// codecFor<Reading>()
const __tm_ReadingCodec = __tm_codec(10 /* generated-code version */, __tm_encReading, __tm_decReading);
// codecFor<Reading>({ layout: "positional" })
const __tm_ReadingPositionalCodec = __tm_codec(10 /* generated-code version */, __tm_encReadingPositional, __tm_decReadingPositional);
export const ReadingCodec = __tm_ReadingCodec;
export const ReadingPositional = __tm_ReadingPositionalCodec;
const reading = { kind: "reading", at: 1.5, ok: true, level: 2, unit: "F", a_property_name_longer_than_a_run_can_be: -7, x: 2 ** 40, y: 0, after: false };
export const roundTrip = [
    [ReadingCodec, reading],
    [ReadingCodec, { ...reading, note: "n" }],
    [ReadingPositional, { ...reading, note: "n" }],
];
