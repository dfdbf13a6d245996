/// <reference lib="esnext.temporal" />
// Temporal (issue 59): Instant on the timestamp extension (-1) with its nanoseconds, the other
// types as the ISO 8601 strings their toString() writes. Values of each type round-trip in
// test/roundtrip/temporal.test.ts (this process has no global Temporal); here, what needs none.
import { codecFor, type Codec } from "typed-msgpack";

export interface Booking {
  id: string;
  createdAt: Temporal.Instant;
  day: Temporal.PlainDate;
  opens: Temporal.PlainTime;
  local: Temporal.PlainDateTime;
  billing: Temporal.PlainYearMonth;
  anniversary: Temporal.PlainMonthDay;
  zoned: Temporal.ZonedDateTime;
  length: Temporal.Duration;
  cancelledAt?: Temporal.Instant | null;
  /** Told apart from the object type by its toStringTag, tested first. */
  until: Temporal.PlainDate | { open: true } | null;
}

export const BookingCodec = codecFor<Booking>();
export const MaybeInstant = codecFor<Temporal.Instant | null>();
export const DayOrCount = codecFor<Temporal.PlainDate | number>();

export const roundTrip: [Codec<any>, unknown][] = [
  [MaybeInstant, null],
  [DayOrCount, 3],
];
