/** Bounded runs for CI: PROPERTY_RUNS (default 200) cases per property and type; PROPERTY_SEED replays a run. */
import fc from "fast-check";
import { propertyFor, type PropertyName } from "./properties";
import type { ZooType } from "./checks";

export const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

export function runProperty(name: PropertyName, t: ZooType, runs = RUNS): void {
  fc.assert(propertyFor(name, t), {
    numRuns: runs,
    ...(SEED === undefined ? {} : { seed: SEED }),
    // A pathological case must not hold CI for long: stop after 15 s (a failure found by then is still reported).
    interruptAfterTimeLimit: 15_000,
    markInterruptAsFailure: false,
  });
}
