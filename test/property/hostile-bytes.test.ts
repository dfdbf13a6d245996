/**
 * "Decode never lies, never hangs, never pollutes", as properties over every zoo type:
 * arbitrary bytes and mutated valid messages (bit flips, truncations, splices, inflated length
 * fields, duplicated entries, hostile tokens) either decode to a valid T — re-encodable, stable,
 * plain prototypes, no aliasing — or throw a CodecError with path, offset and a message naming
 * the byte; each case within the time bound; Object.prototype never changes. Every proper prefix
 * of a valid message is "incomplete"; bytes after a valid message are "trailing-bytes".
 */
import { loadZoo } from "./lib/zoo-load";
import { runProperty, scaledRuns } from "./lib/jest-run";

const zoo = loadZoo("prop_zoo_hostile_bytes");

describe.each(zoo.map((t) => [t.name, t] as const))("%s", (_name, t) => {
  test("arbitrary bytes: a valid T or a well-formed CodecError, in time", () => runProperty("random-bytes", t));
  test("mutated valid messages: a valid T or a well-formed CodecError, in time", () => runProperty("mutated", t));
  test("every proper prefix of a valid message is incomplete", () => runProperty("prefixes", t, scaledRuns(50)));
  test("bytes after a valid message are trailing-bytes at the first extra byte", () =>
    runProperty("trailing", t, scaledRuns(100)));
});
