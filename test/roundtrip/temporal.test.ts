/**
 * Temporal (issue 59), compiled through the real transformer: `Temporal.Instant` on the timestamp
 * extension with its nanoseconds, the other types as the ISO 8601 strings their toString() writes,
 * validated on decode. The types come from TypeScript's `lib: esnext.temporal`, from
 * temporal-polyfill and from @js-temporal/polyfill. This process's Node has no Temporal, so
 * @js-temporal/polyfill (the proposal's champions' implementation; temporal-polyfill is ESM only,
 * which jest cannot load here) is installed as the global one;
 * test/interop/temporal-node26.test.ts runs the same codecs on Node 26's built-in Temporal.
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import { Temporal as Polyfill } from "@js-temporal/polyfill";
import { CodecError } from "../../runtime/index";
import { fromHex, hex } from "../helpers/bytes";
import { compile, load } from "../helpers/compile";
import { fixture } from "../helpers/fixtures";

const g = globalThis as { Temporal?: unknown };
g.Temporal = Polyfill;
const T = Polyfill;

const TEMPORAL_SOURCE = `/// <reference lib="esnext.temporal" />
import { codecFor } from "typed-msgpack";
export interface Event {
  at: Temporal.Instant;
  day: Temporal.PlainDate;
  time: Temporal.PlainTime;
  local: Temporal.PlainDateTime;
  month: Temporal.PlainYearMonth;
  birthday: Temporal.PlainMonthDay;
  zoned: Temporal.ZonedDateTime;
  took: Temporal.Duration;
  seen?: Temporal.Instant | null;
  days: Temporal.PlainDate[];
}
export const EventCodec = codecFor<Event>();
export const InstantCodec = codecFor<Temporal.Instant>();
export const DayCodec = codecFor<Temporal.PlainDate>();
export const DayOrNumber = codecFor<Temporal.PlainDate | number>();
export const InstantOrText = codecFor<Temporal.Instant | string>();
export const ZonedOrShape = codecFor<Temporal.ZonedDateTime | { zone: string }>();
`;

const m = load<Record<string, any>>("temporal_global", TEMPORAL_SOURCE);

function event() {
  return {
    at: T.Instant.fromEpochNanoseconds(BigInt("1765000000123456789")),
    day: T.PlainDate.from("2026-12-06"),
    time: T.PlainTime.from("10:15:30.000000001"),
    local: T.PlainDateTime.from("2026-12-06T10:15"),
    month: T.PlainYearMonth.from("2026-12"),
    birthday: T.PlainMonthDay.from("02-29"),
    zoned: T.ZonedDateTime.from("2026-03-29T00:30:00+00:00[Europe/London]"),
    took: T.Duration.from("P1Y2M3DT4H5M6.789S"),
    seen: null,
    days: [T.PlainDate.from("2026-01-01"), T.PlainDate.from("-000001-12-31")],
  };
}

/** Each Temporal value as its type and string, for equality across implementations. */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === "object" && Symbol.toStringTag in v) return `${String(v[Symbol.toStringTag])} ${String(v)}`;
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function codecError(f: () => unknown): CodecError {
  try {
    f();
  } catch (e) {
    if (e instanceof CodecError) return e;
    throw e;
  }
  throw new Error("expected a CodecError, nothing was thrown");
}

describe("every Temporal type round-trips", () => {
  test("an object of all of them: each comes back the same type and value", () => {
    const value = event();
    const back = m.EventCodec.decode(m.EventCodec.encode(value));
    expect(plain(back)).toEqual(plain(value));
    expect(back.at).toBeInstanceOf(T.Instant);
    expect(back.at.epochNanoseconds).toBe(value.at.epochNanoseconds);
    expect(back.zoned.timeZoneId).toBe("Europe/London");
    expect(back.zoned.equals(value.zoned)).toBe(true);
  });

  test("the strings are what toString() writes, as @msgpack/msgpack reads them", () => {
    const value = event();
    const wire = peerDecode(m.EventCodec.encode(value)) as Record<string, unknown>;
    expect(wire.day).toBe("2026-12-06");
    expect(wire.time).toBe("10:15:30.000000001");
    expect(wire.local).toBe("2026-12-06T10:15:00");
    expect(wire.month).toBe("2026-12");
    expect(wire.birthday).toBe("02-29");
    expect(wire.zoned).toBe("2026-03-29T00:30:00+00:00[Europe/London]");
    expect(wire.took).toBe("P1Y2M3DT4H5M6.789S");
    expect(wire.days).toEqual(["2026-01-01", "-000001-12-31"]);
  });

  test("a calendar other than ISO travels in the string", () => {
    const day = T.PlainDate.from("2026-12-06[u-ca=hebrew]");
    const bytes = m.DayCodec.encode(day);
    expect(peerDecode(bytes)).toBe("2026-12-06[u-ca=hebrew]");
    expect(m.DayCodec.decode(bytes).calendarId).toBe("hebrew");
  });
});

describe("Temporal.Instant on the timestamp extension (-1)", () => {
  test.each([
    ["whole seconds: timestamp 32, as @msgpack/msgpack writes the Date", "1765000000000000000", "d6ff"],
    ["nanoseconds: timestamp 64", "1765000000123456789", "d7ff"],
    ["before 1970 with nanoseconds: timestamp 96", "-1000000001", "c70cff"],
    ["past 2514 (2^34 s): timestamp 96", "17179869184000000001", "c70cff"],
  ])("%s, exact both ways", (_, ns, head) => {
    const instant = T.Instant.fromEpochNanoseconds(BigInt(ns));
    const bytes = m.InstantCodec.encode(instant);
    expect(hex(bytes).startsWith(head)).toBe(true);
    expect(m.InstantCodec.decode(bytes).epochNanoseconds).toBe(BigInt(ns));
    // Other languages' Date readers: the same instant, to the millisecond (toward zero, as they truncate).
    const date = peerDecode(bytes) as Date;
    expect(date.getTime()).toBe(Number(BigInt(ns) / BigInt(1_000_000)));
  });

  test("whole seconds are the bytes @msgpack/msgpack writes for the Date", () => {
    const instant = T.Instant.from("2026-12-06T10:15:00Z");
    expect(hex(m.InstantCodec.encode(instant))).toBe(hex(peerEncode(new Date(instant.epochMilliseconds))));
  });

  test("a Date written by @msgpack/msgpack decodes as the Instant", () => {
    const date = new Date(Date.UTC(2026, 11, 6, 10, 15, 0, 123));
    expect(m.InstantCodec.decode(peerEncode(date)).epochMilliseconds).toBe(date.getTime());
    const early = new Date(-1);
    expect(m.InstantCodec.decode(peerEncode(early)).epochNanoseconds).toBe(BigInt(-1_000_000));
  });

  test("the ends of Temporal.Instant's range, and one past each", () => {
    for (const ns of ["8640000000000000000000", "-8640000000000000000000"]) {
      const instant = T.Instant.fromEpochNanoseconds(BigInt(ns));
      expect(m.InstantCodec.decode(m.InstantCodec.encode(instant)).epochNanoseconds).toBe(BigInt(ns));
    }
    // timestamp 96: nsec 1, sec 8.64e12 (just past the end); sec -8.64e12 - 1.
    const past = "c70cff" + "00000001" + "000007dba8218000";
    const before = "c70cff" + "00000000" + "fffff82457de7fff";
    const e = codecError(() => m.InstantCodec.decode(fromHex(past)));
    expect([e.code, e.path, e.offset]).toEqual(["out-of-range", "$", 0]);
    expect(e.message).toBe("$: timestamp 8640000000000s is outside the range of a Temporal.Instant at byte 0");
    expect(codecError(() => m.InstantCodec.decode(fromHex(before))).code).toBe("out-of-range");
  });
});

describe("bad input is a CodecError with path and offset", () => {
  const wire = () => peerDecode(m.EventCodec.encode(event())) as Record<string, unknown>;

  test.each([
    ["day", "2026-13-01", "Temporal.PlainDate"],
    ["day", "2026-12-06T10:00", "Temporal.PlainDate"], // `from` would drop the time
    ["day", "20261206", "Temporal.PlainDate"], // another form of the same date: not the one toString() writes
    ["time", "25:00:00", "Temporal.PlainTime"],
    ["local", "2026-12-06T10:15:00Z", "Temporal.PlainDateTime"],
    ["month", "2026-00", "Temporal.PlainYearMonth"],
    ["birthday", "13-01", "Temporal.PlainMonthDay"], // (@js-temporal/polyfill 0.5 takes "02-30"; Node 26 does not)
    ["zoned", "2026-03-29T00:30:00+00:00[Mars/Olympus]", "Temporal.ZonedDateTime"],
    ["zoned", "2026-03-29T01:30:00+00:00[Europe/London]", "Temporal.ZonedDateTime"], // a time that day skipped
    ["took", "P1Y-2M", "Temporal.Duration"],
    ["took", "", "Temporal.Duration"],
  ])("$.%s = %p", (key, text, type) => {
    const bytes = peerEncode({ ...wire(), [key]: text });
    const e = codecError(() => m.EventCodec.decode(bytes));
    expect([e.code, e.path]).toEqual(["type-mismatch", `$.${key}`]);
    expect(e.offset).toBeGreaterThan(0);
    expect(e.reason).toBe(
      `expected a ${type} in ISO 8601 form, got string ${JSON.stringify(text)} at byte ${e.offset}`,
    );
    expect(bytes[e.offset]! >> 5 === 0b101 || bytes[e.offset] === 0xd9).toBe(true); // at the str's first byte
  });

  test("a str where an Instant goes, an ext of another type, a timestamp too long", () => {
    const e1 = codecError(() => m.EventCodec.decode(peerEncode({ ...wire(), at: "2026-12-06T10:15:00Z" })));
    expect([e1.code, e1.path]).toEqual(["type-mismatch", "$.at"]);
    expect(e1.reason).toMatch(/^expected timestamp ext, got str/);
    const e2 = codecError(() => m.InstantCodec.decode(fromHex("d60500000000")));
    expect(e2.message).toBe("$: expected timestamp ext (type -1), got ext type 5 at byte 0");
    expect(codecError(() => m.InstantCodec.decode(fromHex("d5ff0000"))).code).toBe("malformed");
    expect(codecError(() => m.InstantCodec.decode(fromHex("d7fffffffffc00000000"))).reason).toBe(
      "timestamp nanoseconds 1073741823 exceed 999999999 at byte 0",
    );
    expect(codecError(() => m.InstantCodec.decode(fromHex("d7ff0000"))).code).toBe("incomplete");
  });

  test("a number where a PlainDate goes", () => {
    const e = codecError(() => m.EventCodec.decode(peerEncode({ ...wire(), day: 20261206 })));
    expect([e.code, e.path]).toEqual(["type-mismatch", "$.day"]);
  });

  test("encode: each type takes its own Temporal type alone", () => {
    const value = event();
    const cases: [string, unknown, string][] = [
      ["at", new Date(0), "a Temporal.Instant"],
      ["at", { epochNanoseconds: BigInt(0) }, "a Temporal.Instant"],
      ["day", "2026-12-06", "a Temporal.PlainDate"],
      ["day", value.local, "a Temporal.PlainDate"],
      ["zoned", value.at, "a Temporal.ZonedDateTime"],
      ["took", 5, "a Temporal.Duration"],
    ];
    for (const [key, bad, expected] of cases) {
      const e = codecError(() => m.EventCodec.encode({ ...value, [key]: bad }));
      expect([e.code, e.path, e.offset]).toEqual(["type-mismatch", `$.${key}`, -1]);
      expect(e.reason.startsWith(`expected ${expected}, got`)).toBe(true);
    }
  });
});

describe("in unions", () => {
  test("PlainDate | number, Instant | string: told apart by their wire family", () => {
    const day = T.PlainDate.from("2026-12-06");
    expect(String(m.DayOrNumber.decode(m.DayOrNumber.encode(day)))).toBe("2026-12-06");
    expect(m.DayOrNumber.decode(m.DayOrNumber.encode(7))).toBe(7);
    const at = T.Instant.fromEpochNanoseconds(BigInt(5));
    expect(m.InstantOrText.decode(m.InstantOrText.encode(at)).epochNanoseconds).toBe(BigInt(5));
    expect(m.InstantOrText.decode(m.InstantOrText.encode("x"))).toBe("x");
    expect(codecError(() => m.DayOrNumber.encode("2026-12-06")).reason).toBe(
      'expected number | Temporal.PlainDate, got string "2026-12-06"',
    );
  });

  test("a ZonedDateTime beside an object type: the Temporal value is no plain object", () => {
    const zoned = T.ZonedDateTime.from("2026-12-06T10:15:00+01:00[Europe/Paris]");
    expect(String(m.ZonedOrShape.decode(m.ZonedOrShape.encode(zoned)))).toBe(String(zoned));
    expect(m.ZonedOrShape.decode(m.ZonedOrShape.encode({ zone: "z" }))).toEqual({ zone: "z" });
  });
});

describe("unions decode could not take apart", () => {
  test.each([
    ["string | Temporal.PlainDate", "string and Temporal.PlainDate", "str"],
    ["Temporal.PlainDate | Temporal.PlainYearMonth", "Temporal.PlainDate and Temporal.PlainYearMonth", "str"],
    ["Date | Temporal.Instant", "Date and Temporal.Instant", "ext"],
  ])("%s is a compile error", (type, members, family) => {
    const name = `temporal_ambiguous_${type.replace(/\W+/g, "_")}`;
    const source = `/// <reference lib="esnext.temporal" />
import { codecFor } from "typed-msgpack";
export const C = codecFor<${type}>();
`;
    const [message] = compile(name, source).diagnostics;
    expect(message).toContain(`$ is a union whose members ${members} are both written as MessagePack ${family}`);
  });

  test('"none" | Temporal.PlainDate: the literal is tried first, the date after it', () => {
    const c = load<Record<string, any>>("temporal_literal_or_day", fixture("roundtrip/temporal-literal-or-day")).C;
    expect(c.decode(c.encode("none"))).toBe("none");
    expect(String(c.decode(c.encode(T.PlainDate.from("2026-12-06"))))).toBe("2026-12-06");
    expect(codecError(() => c.decode(peerEncode("nope"))).code).toBe("type-mismatch");
  });
});

describe("polyfill types", () => {
  test.each([
    ["temporal-polyfill", "temporal_polyfill_types"],
    ["@js-temporal/polyfill", "temporal_js_polyfill_types"],
  ])("%s: the same model as the lib's types, and its values round-trip", (pkg, name) => {
    // temporal-polyfill is ESM only: a CommonJS file imports its types with resolution-mode.
    const source = `import { codecFor } from "typed-msgpack";
import type { Temporal } from ${JSON.stringify(pkg)}${pkg === "temporal-polyfill" ? ` with { "resolution-mode": "import" }` : ""};
export interface Event { at: Temporal.Instant; day: Temporal.PlainDate; zoned: Temporal.ZonedDateTime; took?: Temporal.Duration }
export const EventCodec = codecFor<Event>();
`;
    const compiled = compile(name, source);
    expect(compiled.diagnostics).toEqual([]);
    const kinds = JSON.stringify(compiled.model).match(/"kind":"temporal","type":"\w+"/g);
    expect(kinds).toEqual([
      `"kind":"temporal","type":"Instant"`,
      `"kind":"temporal","type":"PlainDate"`,
      `"kind":"temporal","type":"ZonedDateTime"`,
      `"kind":"temporal","type":"Duration"`,
    ]);
    const codec = require(compiled.file.replace(/\.ts$/, ".js")).EventCodec;
    // Values are the global's (the types say nothing of which implementation made them).
    const P = T;
    const value = {
      at: P.Instant.fromEpochNanoseconds(BigInt("1765000000000000001")),
      day: P.PlainDate.from("2026-12-06"),
      zoned: P.ZonedDateTime.from("2026-12-06T10:15:00+01:00[Europe/Paris]"),
      took: P.Duration.from("PT1.5S"),
    };
    const back = codec.decode(codec.encode(value));
    expect(plain(back)).toEqual(plain(value));
  });
});

test("decoding without a global Temporal says what is missing (not a CodecError: the bytes are fine)", () => {
  const bytes = m.DayCodec.encode(T.PlainDate.from("2026-12-06"));
  delete g.Temporal;
  try {
    expect(() => m.DayCodec.decode(bytes)).toThrow(/needs the global Temporal/);
  } finally {
    g.Temporal = Polyfill;
  }
});
