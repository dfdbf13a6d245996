/**
 * Which jest project runs the suite (jest.config.js): "fast", the loop to run after every change
 * (`npm test`), or "full", what CI runs (`npm run test:full`). A suite whose check is the same at any
 * size runs a smaller workload in fast, so the kind of coverage stays in the loop, cheaper; full
 * runs it at full size. Without a project (a suite run on its own config) it is "full".
 */
export const TIER: "fast" | "full" =
  (globalThis as { __typedMsgpackTest?: { tier?: "fast" | "full" } }).__typedMsgpackTest?.tier ?? "full";

/** `full` in the full tier, `fast` in the fast one: a workload's size. */
export function bySize<T>(full: T, fast: T): T {
  return TIER === "fast" ? fast : full;
}

/**
 * `test` in the full tier; in the fast tier no test at all (never a skipped one): for a variant
 * whose kind of check another test of the suite keeps in fast.
 */
export function fullTest(name: string, fn: jest.ProvidesCallback, timeout?: number): void {
  if (TIER === "full") test(name, fn, timeout);
}
