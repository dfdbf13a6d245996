/**
 * typed-msgpack/internal is the generated code's ABI: what it exports may change only with a new
 * generated-code version, which makes code generated for the old list fail at load with a message
 * that says to regenerate (runtime/codec.ts). internal-exports.json records the list of each version;
 * a change to the exports without a new version fails here, and a new version needs its list added.
 * The package root is the application's API and exports none of them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as root from "../../runtime/index";
import * as internal from "../../runtime/internal";

const RECORD = path.join(__dirname, "internal-exports.json");
const recorded = JSON.parse(fs.readFileSync(RECORD, "utf8")) as Record<string, string[]>;
const exported = Object.keys(internal).sort();
const version = String(internal.GENERATED_CODE_VERSION);

test("the internal exports are the list recorded for this generated-code version", () => {
  expect(recorded[version] ?? `no list for generated-code version ${version} in ${RECORD}: add it`).toEqual(exported);
});

test("each version's list is sorted and versions only grow", () => {
  for (const names of Object.values(recorded)) expect([...names].sort()).toEqual(names);
  expect(Math.max(...Object.keys(recorded).map(Number))).toBe(internal.GENERATED_CODE_VERSION);
});

test("the package root exports the application's API, none of the generated code's", () => {
  expect(Object.keys(root).filter((name) => name in internal && name !== "GENERATED_CODE_VERSION")).toEqual([]);
  expect(Object.keys(root).sort()).toEqual([
    "CodecError",
    "DEFAULT_LIMITS",
    "DEFAULT_MAX_DEPTH",
    "ExtData",
    "Reader",
    "Writer",
    "__typedMsgpackIntrinsic",
    "codecFor",
    "extensionMapping",
    "wireMapping",
  ]);
});
