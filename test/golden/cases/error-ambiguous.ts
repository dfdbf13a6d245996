// Unions decode could not take apart, and a type only known to generic code.
import { codecFor } from "typed-msgpack";

export interface Settings {
  limit: bigint | -1;
  ids: Set<number> | number[];
  data: Uint8Array | ArrayBuffer;
}

export const SettingsCodec = codecFor<Settings>();

export function codecOf<T>() {
  return codecFor<{ value: T }>();
}

// A good codec in the same file still compiles.
export const CountCodec = codecFor<{ count: number }>();
