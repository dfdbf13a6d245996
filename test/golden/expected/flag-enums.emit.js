// Flag enums (issue 59): a numeric enum of distinct powers of two (0 beside them if declared) takes
// any OR-combination of them, 0 included, both ways; other numeric enums stay closed.
import { codecFor } from "typed-msgpack";
import * as __tm from "typed-msgpack/internal";
const __tm_writeString = __tm.writeString;
const __tm_writeFlags = __tm.writeFlags;
const __tm_mismatch = __tm.mismatch;
const __tm_constants = __tm.constants;
const __tm_isRecordLike = __tm.isRecordLike;
const __tm_keys = __tm.keys;
const __tm_readString = __tm.readString;
const __tm_readFlags = __tm.readFlags;
const __tm_readOneOf = __tm.readOneOf;
const __tm_literals = __tm.literals;
const __tm_unknownKey = __tm.unknownKey;
const __tm_readKey = __tm.readKey;
const __tm_duplicateKey = __tm.duplicateKey;
const __tm_missing = __tm.missing;
const __tm_codec = __tm.codec;
const __tm_E_Message = __tm_constants([[[8], "id"], [[9], "id"], ["flags"], ["permission"], ["nullable"], ["wide"], ["direction"], ["level"], ["single", 8, "some"]]);
const __tm_K_Message = __tm_keys(["id", "flags", "permission", "nullable", "wide", "direction", "level", "single", "some"]);
const __tm_L__0_1_2 = __tm_literals([0, 1, 2]);
const __tm_L__1_2_3_4 = __tm_literals([1, 2, 3, 4]);
const __tm_L__8 = __tm_literals([8]);
const __tm_L__1_16 = __tm_literals([1, 16]);
function __tm_encMessage(w, v, p, d) {
    if (!(typeof v === "object" && v !== null)) {
        __tm_mismatch("an object (Message)", v, p);
    }
    const id_ = v.id;
    const flags_ = v.flags;
    const nullable_ = v.nullable;
    const direction_ = v.direction;
    const level_ = v.level;
    const single_ = v.single;
    const some_ = v.some;
    if (Object.getPrototypeOf(v) !== Object.prototype && !(__tm_isRecordLike(v))) {
        __tm_mismatch("an object (Message)", v, p);
    }
    let n = 8;
    if (flags_ !== undefined) {
        n++;
    }
    w.raw(__tm_E_Message[n - 8]);
    __tm_writeString(w, id_, p && p + ".id");
    if (flags_ !== undefined) {
        w.raw(__tm_E_Message[2]);
        __tm_writeFlags(w, flags_, 23, "a combination of 1, 2, 4, 16", p && p + ".flags");
    }
    w.raw(__tm_E_Message[3]);
    __tm_writeFlags(w, v.permission, 7, "a combination of 1, 2, 4", p && p + ".permission");
    w.raw(__tm_E_Message[4]);
    if (nullable_ === null) {
        w.nil();
    }
    else {
        __tm_writeFlags(w, nullable_, 23, "a combination of 1, 2, 4, 16", p && p + ".nullable");
    }
    w.raw(__tm_E_Message[5]);
    __tm_writeFlags(w, v.wide, 1099511627777, "a combination of 1, 1099511627776", p && p + ".wide");
    w.ensure(56);
    w.put(__tm_E_Message[6]);
    if (!(direction_ === 0 || direction_ === 1 || direction_ === 2)) {
        __tm_mismatch("0 | 1 | 2", direction_, p && p + ".direction");
    }
    w.putNumber(direction_);
    w.put(__tm_E_Message[7]);
    if (!(level_ === 1 || level_ === 2 || level_ === 3 || level_ === 4)) {
        __tm_mismatch("1 | 2 | 3 | 4", level_, p && p + ".level");
    }
    w.putNumber(level_);
    if (single_ !== 8) {
        __tm_mismatch("8", single_, p && p + ".single");
    }
    w.put(__tm_E_Message[8]);
    if (!(some_ === 1 || some_ === 16)) {
        __tm_mismatch("1 | 16", some_, p && p + ".some");
    }
    w.putNumber(some_);
}
function __tm_decMessage(r, p, d) {
    const n = r.mapHeader(p);
    let id_, flags_, permission_, nullable_, wide_, direction_, level_, some_;
    let seen0 = 0, h = -1;
    for (let i = 0; i < n; i++) {
        h = __tm_readKey(r, __tm_K_Message, h + 1, p);
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
                flags_ = r.absentNil() ? undefined : __tm_readFlags(r, 23, "a combination of 1, 2, 4, 16", p && p + ".flags");
                break;
            case 2:
                permission_ = __tm_readFlags(r, 7, "a combination of 1, 2, 4", p && p + ".permission");
                break;
            case 3:
                nullable_ = r.takeNil() ? null : __tm_readFlags(r, 23, "a combination of 1, 2, 4, 16", p && p + ".nullable");
                break;
            case 4:
                wide_ = __tm_readFlags(r, 1099511627777, "a combination of 1, 1099511627776", p && p + ".wide");
                break;
            case 5:
                direction_ = __tm_readOneOf(r, __tm_L__0_1_2, p && p + ".direction");
                break;
            case 6:
                level_ = __tm_readOneOf(r, __tm_L__1_2_3_4, p && p + ".level");
                break;
            case 7:
                __tm_readOneOf(r, __tm_L__8, p && p + ".single");
                break;
            case 8:
                some_ = __tm_readOneOf(r, __tm_L__1_16, p && p + ".some");
                break;
            default: __tm_unknownKey(r, p, d + 1);
        }
    }
    if ((seen0 & 509) !== 509) {
        __tm_missing(r, __tm_K_Message, [509], [seen0], p);
    }
    return {
        id: id_,
        flags: flags_,
        permission: permission_,
        nullable: nullable_,
        wide: wide_,
        direction: direction_,
        level: level_,
        single: 8,
        some: some_
    };
}
function __tm_encFlags(w, v, p, d) {
    __tm_writeFlags(w, v, 23, "a combination of 1, 2, 4, 16", p);
}
function __tm_decFlags(r, p, d) {
    return __tm_readFlags(r, 23, "a combination of 1, 2, 4, 16", p);
}
// codecFor<Message>()
const __tm_MessageCodec = __tm_codec(10 /* generated-code version */, __tm_encMessage, __tm_decMessage);
// codecFor<MessageFlags>()
const __tm_MessageFlagsCodec = __tm_codec(10 /* generated-code version */, __tm_encFlags, __tm_decFlags);
export var MessageFlags;
(function (MessageFlags) {
    MessageFlags[MessageFlags["Crossposted"] = 1] = "Crossposted";
    MessageFlags[MessageFlags["IsCrosspost"] = 2] = "IsCrosspost";
    MessageFlags[MessageFlags["SuppressEmbeds"] = 4] = "SuppressEmbeds";
    MessageFlags[MessageFlags["Urgent"] = 16] = "Urgent";
})(MessageFlags || (MessageFlags = {}));
export var Permission;
(function (Permission) {
    Permission[Permission["None"] = 0] = "None";
    Permission[Permission["Read"] = 1] = "Read";
    Permission[Permission["Write"] = 2] = "Write";
    Permission[Permission["Admin"] = 4] = "Admin";
})(Permission || (Permission = {}));
/** Bits beyond the 32 that `|` works on (so the value below adds them). */
export var Wide;
(function (Wide) {
    Wide[Wide["Low"] = 1] = "Low";
    Wide[Wide["High"] = 1099511627776] = "High";
})(Wide || (Wide = {}));
/** 0, 1, 2 as `enum { A, B, C }` numbers them: closed. */
export var Direction;
(function (Direction) {
    Direction[Direction["Up"] = 0] = "Up";
    Direction[Direction["Down"] = 1] = "Down";
    Direction[Direction["Left"] = 2] = "Left";
})(Direction || (Direction = {}));
/** One bit: closed (its member's type is the enum's, and may be a union's tag). */
export var Single;
(function (Single) {
    Single[Single["Big"] = 8] = "Big";
})(Single || (Single = {}));
/** A member that is no power of two: closed. */
export var Level;
(function (Level) {
    Level[Level["Low"] = 1] = "Low";
    Level[Level["Mid"] = 2] = "Mid";
    Level[Level["Both"] = 3] = "Both";
    Level[Level["High"] = 4] = "High";
})(Level || (Level = {}));
export const MessageCodec = __tm_MessageCodec;
export const FlagsCodec = __tm_MessageFlagsCodec;
const base = { id: "1", permission: Permission.None, nullable: null, wide: Wide.Low, direction: Direction.Up, level: Level.Both, single: Single.Big, some: MessageFlags.Urgent };
export const roundTrip = [
    [MessageCodec, { ...base, flags: MessageFlags.Crossposted | MessageFlags.SuppressEmbeds }],
    [MessageCodec, { ...base, flags: 0, permission: Permission.Read | Permission.Admin, nullable: 0b10111, wide: Wide.Low + Wide.High }],
    [FlagsCodec, 0],
    [FlagsCodec, MessageFlags.Urgent | MessageFlags.IsCrosspost],
];
