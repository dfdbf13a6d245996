/**
 * Bounded runs: PROPERTY_RUNS cases per property and type, else the jest project's bound (the fast
 * tier's, see jest.config.js), else 200; PROPERTY_SEED replays a run.
 */
import fc from "fast-check";
import { propertyFor, type PropertyName } from "./properties";
import type { ZooType } from "./checks";

const projectRuns = (globalThis as { __typedMsgpackTest?: { propertyRuns?: number } }).__typedMsgpackTest?.propertyRuns;
export const RUNS = Number(process.env.PROPERTY_RUNS ?? projectRuns ?? 200);
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

/** `runs` of a full run (RUNS 200), scaled to this run's RUNS: for suites that set their own count. */
export function scaledRuns(runs: number): number {
  return Math.max(1, Math.round((runs * RUNS) / 200));
}

export function runProperty(name: PropertyName, t: ZooType, runs = RUNS): void {
  fc.assert(propertyFor(name, t), {
    numRuns: runs,
    ...(SEED === undefined ? {} : { seed: SEED }),
    // A pathological case must not hold CI for long: stop after 15 s (a failure found by then is still reported).
    interruptAfterTimeLimit: 15_000,
    markInterruptAsFailure: false,
  });
}
