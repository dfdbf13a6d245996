/**
 * Generated types (issue 58): a batch of random type declarations of every family of
 * test/property/lib/type-gen.ts — Pick/Omit of interfaces with bases, the names every object
 * inherits as properties, template literal types, unions of containers that differ one level down,
 * recursive tagged unions with the tag last — compiled through the real transformer in one program.
 * The types that must be rejected are (TS91030, TS91017, TS91028), the others compile, an unrelated
 * line first changes no type model, and every property runs on each type at a few cases.
 * `npm run fuzz -- --types` runs the same for as long as it is asked to; PROPERTY_SEED picks another batch.
 */
import fc from "fast-check";
import { FAMILIES, generateBatch } from "./lib/type-gen";
import { GENERATED_PROPERTY_NAMES, generatedPropertyFor, loadGenerated } from "./lib/type-load";
import { scaledRuns } from "./lib/jest-run";

const SEED = process.env.PROPERTY_SEED === undefined ? 58 : Number(process.env.PROPERTY_SEED);
// Two types of each family, more at full runs.
const batch = generateBatch(SEED, FAMILIES.length * Math.max(2, Math.min(4, scaledRuns(4))));
const loaded = loadGenerated("prop_generated_types", batch, { unrelatedLine: true });

test("the types compile, or are rejected with the codes they must be, and an unrelated line changes no model", () => {
  expect(loaded.problems.map((p) => `${p.rule}: ${p.message}\n  in ${p.type.decls.join(" ")}`)).toEqual([]);
  expect(loaded.types.length + loaded.rejected).toBe(batch.length);
});

describe.each(loaded.types.map((t) => [`${t.generated!.family} ${t.display}`, t] as const))("%s", (_name, t) => {
  test.each(GENERATED_PROPERTY_NAMES.map((p) => [p]))("%s", (property) => {
    fc.assert(generatedPropertyFor(property, t), {
      numRuns: scaledRuns(40),
      seed: SEED,
      interruptAfterTimeLimit: 15_000,
      markInterruptAsFailure: false,
    });
  });
});
