/**
 * decode(encode(v)) deep-equals v for values derived from the type model of every zoo type, and
 * @msgpack/msgpack reads our bytes as the equivalent value (byte for byte, for JSON-like values).
 */
import { loadZoo } from "./lib/zoo-load";
import { runProperty } from "./lib/jest-run";

const zoo = loadZoo("prop_zoo_roundtrip");

describe.each(zoo.map((t) => [t.name, t] as const))("%s", (_name, t) => {
  test("decode(encode(v)) equals v, and encode(decode(b)) gives b again", () => runProperty("roundtrip", t));
  test("@msgpack/msgpack decodes our bytes to the equivalent value", () => runProperty("peer", t));
});
