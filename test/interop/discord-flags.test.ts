/**
 * discord-api-types' own APIMessage (issue 59): its `flags?: MessageFlags` is a flag enum, so a
 * message with combined flags (Crossposted | SuppressEmbeds = 5) and one with `flags: 0`, which
 * real payloads send though no member is 0, round-trip; a bit the enum lacks is refused.
 */
import { MessageFlags, MessageType, type APIMessage } from "discord-api-types/v10";
import { load } from "../helpers/compile";
import { codecError } from "../roundtrip/helpers";

const m = load<Record<string, any>>(
  "interop_discord_flags",
  `import { codecFor } from "typed-msgpack";
import type { APIMessage } from "discord-api-types/v10";
export const MessageCodec = codecFor<APIMessage>();
`,
);

function message(flags: number): APIMessage {
  return {
    id: "1180000000000000001",
    channel_id: "1180000000000000002",
    author: { id: "1180000000000000003", username: "ada", discriminator: "0", global_name: "Ada", avatar: null },
    content: "hello",
    timestamp: "2026-12-06T10:00:00.000+00:00",
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    pinned: false,
    type: MessageType.Default,
    flags,
  };
}

test("combined flags and flags: 0 round-trip through the codec of discord-api-types' APIMessage", () => {
  for (const flags of [MessageFlags.Crossposted | MessageFlags.SuppressEmbeds, 0, MessageFlags.IsVoiceMessage]) {
    const value = message(flags);
    expect(m.MessageCodec.decode(m.MessageCodec.encode(value))).toEqual(value);
  }
});

test("a bit MessageFlags does not declare is refused, at its path", () => {
  const undeclared = 1 << 30;
  expect(codecError(() => m.MessageCodec.encode(message(undeclared))).path).toBe("$.flags");
});
