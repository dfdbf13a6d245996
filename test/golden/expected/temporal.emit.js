/// <reference lib="esnext.temporal" />
// Temporal (issue 59): Instant on the timestamp extension (-1) with its nanoseconds, the other
// types as the ISO 8601 strings their toString() writes. Values of each type round-trip in
// test/roundtrip/temporal.test.ts (this process has no global Temporal); here, what needs none.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeString = __tm.writeString;
const __tm_writeInstant = __tm.writeInstant;
const __tm_writeTemporal = __tm.writeTemporal;
const __tm_isTemporal = __tm.isTemporal;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_mismatch = __tm.mismatch;
const __tm_constants = __tm.constants;
const __tm_keys = __tm.keys;
const __tm_readString = __tm.readString;
const __tm_readInstant = __tm.readInstant;
const __tm_readTemporal = __tm.readTemporal;
const __tm_readOneOf = __tm.readOneOf;
const __tm_literals = __tm.literals;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Booking_until = __tm_constants([[[1], "open", true]]);
const __tm_E_Booking = __tm_constants([[[10], "id"], [[11], "id"], ["createdAt"], ["day"], ["opens"], ["local"], ["billing"], ["anniversary"], ["zoned"], ["length"], ["cancelledAt"], ["until"]]);
const __tm_K_Booking = __tm_keys(["id", "createdAt", "day", "opens", "local", "billing", "anniversary", "zoned", "length", "cancelledAt", "until"]);
const __tm_K_Booking_until = __tm_keys(["open"]);
const __tm_L_true = __tm_literals([true]);
function __tm_encBooking_until(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object ({ open: true; })", v, p);
    }
    const open_ = v.open;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object ({ open: true; })", v, p);
    }
    if (open_ !== true) {
        __tm_mismatch("true", open_, p && p + ".open");
    }
    w.raw(__tm_E_Booking_until[0]);
}
function __tm_encNullOrBooking_untilOrPlainDate(w, v, p, d) {
    if (__tm_isTemporal(v, "PlainDate")) {
        __tm_writeTemporal(w, v, "PlainDate", p);
        return;
    }
    if (v === null) {
        w.nil();
        return;
    }
    if (__tm_isRecordLike(v)) {
        __tm_encBooking_until(w, v, p, d);
        return;
    }
    __tm_mismatch("null | { open: true; } | Temporal.PlainDate", v, p);
}
function __tm_encBooking(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Booking)", v, p);
    }
    const id_ = v.id;
    const cancelledAt_ = v.cancelledAt;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Booking)", v, p);
    }
    let n = 10;
    if (cancelledAt_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Booking[n - 10]);
    __tm_writeString(w, id_, p && p + ".id");
    w.raw(__tm_E_Booking[2]);
    __tm_writeInstant(w, v.createdAt, p && p + ".createdAt");
    w.raw(__tm_E_Booking[3]);
    __tm_writeTemporal(w, v.day, "PlainDate", p && p + ".day");
    w.raw(__tm_E_Booking[4]);
    __tm_writeTemporal(w, v.opens, "PlainTime", p && p + ".opens");
    w.raw(__tm_E_Booking[5]);
    __tm_writeTemporal(w, v.local, "PlainDateTime", p && p + ".local");
    w.raw(__tm_E_Booking[6]);
    __tm_writeTemporal(w, v.billing, "PlainYearMonth", p && p + ".billing");
    w.raw(__tm_E_Booking[7]);
    __tm_writeTemporal(w, v.anniversary, "PlainMonthDay", p && p + ".anniversary");
    w.raw(__tm_E_Booking[8]);
    __tm_writeTemporal(w, v.zoned, "ZonedDateTime", p && p + ".zoned");
    w.raw(__tm_E_Booking[9]);
    __tm_writeTemporal(w, v.length, "Duration", p && p + ".length");
    if (cancelledAt_ !== undefined) {
        w.raw(__tm_E_Booking[10]);
        if (cancelledAt_ === null) {
            w.nil();
        }
        else {
            __tm_writeInstant(w, cancelledAt_, p && p + ".cancelledAt");
        }
    }
    w.raw(__tm_E_Booking[11]);
    __tm_encNullOrBooking_untilOrPlainDate(w, v.until, p && p + ".until", d + 1);
}
function __tm_decBooking_until(r, p, d) {
    const n = r.mapHeader(p);
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Booking_until, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                __tm_readOneOf(r, __tm_L_true, p && p + ".open");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1) !== 1) {
        __tm_missing(r, __tm_K_Booking_until, [1], [seen0], p);
    }
    return { open: true };
}
function __tm_decNullOrBooking_untilOrPlainDate(r, p, d) {
    switch (r.family(p)) {
        case 0 /* NIL */: return r.nil(p);
        case 7 /* MAP */: return __tm_decBooking_until(r, p, d);
        case 4 /* STR */: return __tm_readTemporal(r, "PlainDate", p);
    }
    return r.mismatch("null | { open: true; } | Temporal.PlainDate", p);
}
function __tm_decBooking(r, p, d) {
    const n = r.mapHeader(p);
    let id_, createdAt_, day_, opens_, local_, billing_, anniversary_, zoned_, length_, cancelledAt_, until_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Booking, h + 1, p);
        if (h >= 0) {
            const bit = 1 << h;
            if (seen0 & bit) {
                __tm_duplicateKey(r, p);
            }
            seen0 |= bit;
        }
        switch (h) {
            case 0:
                id_ = __tm_readString(r, p && p + ".id");
                break;
            case 1:
                createdAt_ = __tm_readInstant(r, p && p + ".createdAt");
                break;
            case 2:
                day_ = __tm_readTemporal(r, "PlainDate", p && p + ".day");
                break;
            case 3:
                opens_ = __tm_readTemporal(r, "PlainTime", p && p + ".opens");
                break;
            case 4:
                local_ = __tm_readTemporal(r, "PlainDateTime", p && p + ".local");
                break;
            case 5:
                billing_ = __tm_readTemporal(r, "PlainYearMonth", p && p + ".billing");
                break;
            case 6:
                anniversary_ = __tm_readTemporal(r, "PlainMonthDay", p && p + ".anniversary");
                break;
            case 7:
                zoned_ = __tm_readTemporal(r, "ZonedDateTime", p && p + ".zoned");
                break;
            case 8:
                length_ = __tm_readTemporal(r, "Duration", p && p + ".length");
                break;
            case 9:
                cancelledAt_ = r.takeNil() ? null : __tm_readInstant(r, p && p + ".cancelledAt");
                break;
            case 10:
                until_ = __tm_decNullOrBooking_untilOrPlainDate(r, p && p + ".until", d + 1);
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 1535) !== 1535) {
        __tm_missing(r, __tm_K_Booking, [1535], [seen0], p);
    }
    return {
        id: id_,
        createdAt: createdAt_,
        day: day_,
        opens: opens_,
        local: local_,
        billing: billing_,
        anniversary: anniversary_,
        zoned: zoned_,
        length: length_,
        cancelledAt: cancelledAt_,
        until: until_
    };
}
function __tm_encNullOrInstant(w, v, p, d) {
    if (__tm_isTemporal(v, "Instant")) {
        __tm_writeInstant(w, v, p);
        return;
    }
    if (v === null) {
        w.nil();
        return;
    }
    __tm_mismatch("null | Temporal.Instant", v, p);
}
function __tm_decNullOrInstant(r, p, d) {
    switch (r.family(p)) {
        case 0 /* NIL */: return r.nil(p);
        case 8 /* EXT */: return __tm_readInstant(r, p);
    }
    return r.mismatch("null | Temporal.Instant", p);
}
function __tm_encNumberOrPlainDate(w, v, p, d) {
    if (__tm_isTemporal(v, "PlainDate")) {
        __tm_writeTemporal(w, v, "PlainDate", p);
        return;
    }
    if (typeof v === "number") {
        w.number(v, p);
        return;
    }
    __tm_mismatch("number | Temporal.PlainDate", v, p);
}
function __tm_decNumberOrPlainDate(r, p, d) {
    switch (r.family(p)) {
        case 2 /* INT */:
        case 3 /* FLOAT */: return r.number(p);
        case 4 /* STR */: return __tm_readTemporal(r, "PlainDate", p);
    }
    return r.mismatch("number | Temporal.PlainDate", p);
}
// codecFor<Booking>()
const __tm_BookingCodec = __tm_codec(10 /* generated-code version */, __tm_encBooking, __tm_decBooking);
// codecFor<Instant | null>()
const __tm_MaybeInstantCodec = __tm_codec(10 /* generated-code version */, __tm_encNullOrInstant, __tm_decNullOrInstant);
// codecFor<number | PlainDate>()
const __tm_DayOrCountCodec = __tm_codec(10 /* generated-code version */, __tm_encNumberOrPlainDate, __tm_decNumberOrPlainDate);
export const BookingCodec = __tm_BookingCodec;
export const MaybeInstant = __tm_MaybeInstantCodec;
export const DayOrCount = __tm_DayOrCountCodec;
export const roundTrip = [
    [MaybeInstant, null],
    [DayOrCount, 3],
];
