// Flag enums (issue 59): a numeric enum of distinct powers of two (0 beside them if declared) takes
// any OR-combination of them, 0 included, both ways; other numeric enums stay closed.
import { codecFor, type Codec } from "typed-msgpack";

export enum MessageFlags {
  Crossposted = 1 << 0,
  IsCrosspost = 1 << 1,
  SuppressEmbeds = 1 << 2,
  Urgent = 1 << 4,
}
export enum Permission {
  None = 0,
  Read = 1,
  Write = 2,
  Admin = 4,
}
/** Bits beyond the 32 that `|` works on (so the value below adds them). */
export enum Wide {
  Low = 1,
  High = 1099511627776,
}
/** 0, 1, 2 as `enum { A, B, C }` numbers them: closed. */
export enum Direction {
  Up,
  Down,
  Left,
}
/** One bit: closed (its member's type is the enum's, and may be a union's tag). */
export enum Single {
  Big = 8,
}
/** A member that is no power of two: closed. */
export enum Level {
  Low = 1,
  Mid = 2,
  Both = 3,
  High = 4,
}

export interface Message {
  id: string;
  flags?: MessageFlags;
  permission: Permission;
  nullable: MessageFlags | null;
  wide: Wide;
  direction: Direction;
  level: Level;
  single: Single;
  /** Some members only: closed. */
  some: MessageFlags.Crossposted | MessageFlags.Urgent;
}

export const MessageCodec = codecFor<Message>();
export const FlagsCodec = codecFor<MessageFlags>();

const base = { id: "1", permission: Permission.None, nullable: null, wide: Wide.Low, direction: Direction.Up, level: Level.Both, single: Single.Big, some: MessageFlags.Urgent };
export const roundTrip: [Codec<any>, unknown][] = [
  [MessageCodec, { ...base, flags: MessageFlags.Crossposted | MessageFlags.SuppressEmbeds }],
  [MessageCodec, { ...base, flags: 0, permission: Permission.Read | Permission.Admin, nullable: 0b10111, wide: Wide.Low + Wide.High }],
  [FlagsCodec, 0],
  [FlagsCodec, MessageFlags.Urgent | MessageFlags.IsCrosspost],
];
