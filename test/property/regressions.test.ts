/**
 * Replays every input the fuzzer saved in test/fixtures/fuzz-regressions/. A fixture fails here
 * for as long as the bug it records is there; once fixed, it guards against the bug coming back.
 * A fixture of a generated type (`npm run fuzz -- --types`) carries its type, compiled again here.
 */
import { loadZoo } from "./lib/zoo-load";
import { loadRegressions, replay } from "./lib/regressions";
import { replayGenerated } from "./lib/type-load";

const regressions = loadRegressions();
const zoo = loadZoo("prop_zoo_regressions");
const byName = new Map(zoo.map((t) => [t.name, t]));

test("every fixture names a type of the zoo, or carries its generated type", () => {
  expect(
    regressions.filter((r) => r.generated === undefined && !byName.has(r.type)).map((r) => `${r.name}: ${r.type}`),
  ).toEqual([]);
});

const cases = regressions
  .filter((r) => r.generated !== undefined || byName.has(r.type))
  .map((r) => [`${r.name} (${r.rule}: ${r.error.class}${r.error.code ? " " + r.error.code : ""})`, r] as const);
(cases.length > 0 ? test.each(cases) : test.skip.each([["(no fixtures yet)", undefined as never]]))(
  "%s",
  (_name, reg) => {
    if (reg.generated !== undefined) replayGenerated(reg);
    else replay(reg, byName.get(reg.type)!);
  },
);
