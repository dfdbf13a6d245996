import { isDeepStrictEqual } from "node:util";

/**
 * `expect(actual).toEqual(expected)`, cheap when it holds: jest's toEqual walks a big value slowly
 * (65,536 entries: seconds), so it runs, for its diff, only when Node's deep strict equality fails.
 * Strict equality implies toEqual's, so this passes and fails exactly when toEqual does.
 */
export function same(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
