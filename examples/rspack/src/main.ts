import { codecFor } from "typed-msgpack";
import type { Reading } from "./model";

declare const console: { log(text: string): void }; // the example installs no @types/node

const ReadingCodec = codecFor<Reading>();
const reading = { sensor: "porch", celsius: 21.5, takenAt: new Date("2026-11-25T08:00:00.000Z"), humidity: 40 };
const bytes = ReadingCodec.encode(reading);
// The keys the codec writes: the properties of Reading as it was when the codec was generated.
console.log(JSON.stringify({ keys: Object.keys(ReadingCodec.decode(bytes)), bytes: bytes.length }));
