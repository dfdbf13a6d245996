/**
 * Encode is honest: a valid value with one place corrupted (wrong JS type, missing required
 * property, invalid Date, symbol, function, bigint beyond 64 bits, a cycle back to the root, ...)
 * either throws a CodecError whose path leads to that place (offset -1), or — when the result is
 * still a valid T — encodes to bytes that decode as T. Never bytes that fail to decode.
 */
import { loadZoo } from "./lib/zoo-load";
import { runProperty } from "./lib/jest-run";

const zoo = loadZoo("prop_zoo_encode");

describe.each(zoo.map((t) => [t.name, t] as const))("%s", (_name, t) => {
  test("a corrupted value throws a CodecError naming its path, or encodes to bytes that decode", () =>
    runProperty("encode-corrupt", t));
});
