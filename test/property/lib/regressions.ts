/**
 * Regression fixtures: what the fuzzer saves (test/fixtures/fuzz-regressions/<name>.json) and how a
 * test replays it. A fixture names the zoo type, the property, the input (hex bytes, and for
 * value-based properties the value in a tagged JSON form), and the error that was seen.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ExtData } from "../../../runtime/index";
import {
  HARD_LIMIT_MS,
  PropertyFailure,
  checkDecode,
  checkEncodeCorrupt,
  checkPeer,
  checkPeerBytes,
  checkPeerReads,
  checkRoundTrip,
  checkTrailing,
  describeThrown,
  inFlight,
  type ZooType,
} from "./checks";
import { HardTimeout, withHardTimeout } from "./hard-timeout";
import { hex } from "../../helpers/bytes";
import { isJsonLike, type PropertyName } from "./properties";

export const REGRESSION_DIR = path.resolve(__dirname, "../../fixtures/fuzz-regressions");

export interface Regression {
  /** File name without .json. */
  name: string;
  /** Dedupe key: type, property, rule and the shape of the error. */
  signature: string;
  /** A property of properties.ts, or for a generated type "unrelated-line" (type-load.ts) or "compile" (the type itself). */
  property: PropertyName | "unrelated-line" | "compile";
  /** Export name of the codec in test/property/zoo.ts, or in `source` for a generated type. */
  type: string;
  /** A generated type (test/property/lib/type-gen.ts): its module, and the spec that replay compiles again. */
  source?: string;
  generated?: unknown;
  typeDisplay: string;
  /** The broken rule (PropertyFailure.rule). */
  rule: string;
  /** The input bytes (decode properties: the decoded input; others: the encoded value, when any). */
  hex?: string;
  /** For value-based properties: the (uncorrupted) value, tagged so that Dates, bigints, Maps... survive JSON. */
  value?: unknown;
  /** encode-corrupt: which slot and which bad value (see test/property/lib/corrupt.ts). */
  slot?: number;
  bad?: number;
  /** trailing: where the valid message ends. */
  validLength?: number;
  error: ReturnType<typeof describeThrown>;
  message: string;
  seed?: number;
  found: string;
}

export function toTagged(v: unknown, depth = 0): unknown {
  if (depth > 2000) return { $tooDeep: true };
  switch (typeof v) {
    case "undefined":
      return { $undefined: true };
    case "number":
      return Number.isFinite(v) && !Object.is(v, -0) ? v : { $number: Object.is(v, -0) ? "-0" : String(v) };
    case "bigint":
      return { $bigint: v.toString() };
    case "symbol":
      return { $symbol: v.description ?? "" };
    case "function":
      return { $function: true };
    case "string":
    case "boolean":
      return v;
  }
  if (v === null) return null;
  if (v instanceof Date) return { $date: Number.isNaN(v.getTime()) ? "invalid" : v.getTime() };
  if (v instanceof Uint8Array) return { $bytes: hex(v) };
  if (v instanceof ArrayBuffer) return { $arrayBuffer: hex(new Uint8Array(v)) };
  if (v instanceof ExtData) return { $ext: [v.type, hex(v.data)] };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [toTagged(k, depth + 1), toTagged(x, depth + 1)]) };
  if (v instanceof Set) return { $set: [...v].map((x) => toTagged(x, depth + 1)) };
  if (Array.isArray(v)) return { $array: Array.from(v, (x) => toTagged(x, depth + 1)) };
  return { $object: Object.keys(v as object).map((k) => [k, toTagged((v as Record<string, unknown>)[k], depth + 1)]) };
}

export function fromTagged(t: unknown): unknown {
  if (t === null || typeof t !== "object") return t;
  const o = t as Record<string, any>;
  if ("$undefined" in o) return undefined;
  if ("$number" in o) return o.$number === "-0" ? -0 : Number(o.$number);
  if ("$bigint" in o) return BigInt(o.$bigint);
  if ("$symbol" in o) return Symbol(o.$symbol);
  if ("$function" in o) return () => undefined;
  if ("$date" in o) return new Date(o.$date === "invalid" ? NaN : o.$date);
  if ("$bytes" in o) return new Uint8Array(Buffer.from(o.$bytes, "hex"));
  if ("$arrayBuffer" in o) return new Uint8Array(Buffer.from(o.$arrayBuffer, "hex")).buffer;
  if ("$ext" in o) return new ExtData(o.$ext[0], new Uint8Array(Buffer.from(o.$ext[1], "hex")));
  if ("$map" in o) return new Map(o.$map.map(([k, x]: [unknown, unknown]) => [fromTagged(k), fromTagged(x)]));
  if ("$set" in o) return new Set(o.$set.map(fromTagged));
  if ("$array" in o) return o.$array.map(fromTagged);
  if ("$object" in o) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of o.$object as [string, unknown][])
      Object.defineProperty(out, k, { value: fromTagged(x), enumerable: true, writable: true, configurable: true });
    return out;
  }
  throw new Error(`not a tagged value: ${JSON.stringify(t).slice(0, 100)}`);
}

/**
 * A stable key for "the same bug": type, property, rule and the shape of what was thrown, with
 * numbers, quoted strings, paths and the wire type a message names ("got map", "got bool") blanked.
 */
export function signatureOf(type: string, property: string, rule: string, seen: unknown): string {
  return signatureOfThrown(type, property, rule, seen === undefined ? undefined : describeThrown(seen));
}

export function signatureOfThrown(
  type: string,
  property: string,
  rule: string,
  thrown: { class: string; code?: string; message: string } | undefined,
): string {
  if (rule === "slow" || rule === "hang" || rule === "stall") return `${type}|${property}|${rule}`;
  const shape =
    thrown === undefined
      ? ""
      : thrown.message
          .replace(/"(?:[^"\\]|\\.)*"/g, "S")
          .replace(/\$[^\s:]*/g, "P")
          .replace(/0x[0-9a-f]+/gi, "H")
          .replace(/\bgot (an? )?[\w ]+?( \(|$| at )/g, "got W$2")
          .replace(/\d+(\.\d+)?/g, "N")
          .slice(0, 120);
  return `${type}|${property}|${rule}|${thrown?.class ?? ""}|${thrown?.code ?? ""}|${shape}`;
}

/** Who a signature names: the zoo type, or for a generated type its family (each batch names its types anew). */
export function signatureName(t: ZooType): string {
  return t.generated ? `gen-${t.generated.family}` : t.name;
}

/**
 * Builds a fixture from a failed property case: `args` are the fast-check counterexample, `error`
 * what the property threw.
 */
export function regressionFrom(
  t: ZooType,
  property: PropertyName | "unrelated-line",
  args: unknown[],
  error: unknown,
  seed?: number,
): Regression {
  const failure = error instanceof PropertyFailure ? error : undefined;
  const rule = failure?.rule ?? "harness-error";
  const seen = failure ? failure.seen : error;
  const who = signatureName(t);
  const signature = signatureOf(who, property, rule, seen ?? (failure ? undefined : error));
  const hash = Buffer.from(signature)
    .reduce((h, b) => (h * 31 + b) >>> 0, 7)
    .toString(16)
    .padStart(8, "0");
  const reg: Regression = {
    name: `${who}-${property}-${rule}-${hash}`,
    signature,
    property,
    type: t.name,
    typeDisplay: t.display,
    rule,
    error: describeThrown(seen ?? error),
    message: (failure?.message ?? String(error)).slice(0, 3000),
    found: new Date().toISOString(),
  };
  if (t.generated) {
    reg.source = t.generated.source;
    reg.generated = t.generated.spec;
  }
  if (seed !== undefined) reg.seed = seed;
  if (failure?.bytes) reg.hex = hex(failure.bytes);
  if (
    property === "roundtrip" ||
    property === "peer" ||
    property === "unrelated-line" ||
    property === "encode-corrupt" ||
    property === "prefixes" ||
    property === "trailing"
  ) {
    reg.value = toTagged(args[0]);
  }
  if (property === "encode-corrupt") {
    reg.slot = args[1] as number;
    reg.bad = args[2] as number;
  }
  if (property === "trailing") {
    try {
      reg.validLength = t.codec.encode(args[0]).length;
    } catch {
      /* the value did not encode: replay will say so */
    }
  }
  return reg;
}

/** Runs the fixture's check again; throws (a PropertyFailure, usually) while the bug is there. */
export function replay(reg: Regression, t: ZooType): void {
  const bytes = reg.hex === undefined ? undefined : new Uint8Array(Buffer.from(reg.hex, "hex"));
  const run = (): void => {
    switch (reg.property) {
      case "random-bytes":
      case "mutated":
        checkDecode(t, bytes!);
        return;
      case "prefixes": {
        const result = checkDecode(t, bytes!);
        if (result.ok) throw new PropertyFailure("prefix-decoded", `${t.name}: a prefix decoded`, bytes);
        if (result.error.code !== "incomplete")
          throw new PropertyFailure(
            "prefix-code",
            `${t.name}: a prefix failed with ${result.error.code}`,
            bytes,
            result.error,
          );
        return;
      }
      case "trailing":
        checkTrailing(t, bytes!.subarray(0, reg.validLength), bytes!.subarray(reg.validLength));
        return;
      case "roundtrip":
        checkRoundTrip(t, fromTagged(reg.value));
        return;
      case "peer": {
        const v = fromTagged(reg.value);
        if (t.positional) checkPeerReads(t, v);
        else {
          checkPeer(t, v);
          if (isJsonLike(v)) checkPeerBytes(t, v);
        }
        return;
      }
      case "encode-corrupt":
        checkEncodeCorrupt(t, fromTagged(reg.value), reg.slot!, reg.bad!);
        return;
      case "unrelated-line":
      case "compile":
        // Generated types only: type-load.ts's replayGenerated handles these.
        throw new Error(`${reg.name}: replay ${reg.property} with replayGenerated`);
    }
  };
  try {
    withHardTimeout(run, HARD_LIMIT_MS);
  } catch (e) {
    if (e instanceof HardTimeout)
      throw new PropertyFailure("hang", `${t.name}: ${inFlight.what ?? "the case"} ${e.message}`, inFlight.bytes);
    throw e;
  }
}

export function loadRegressions(dir = REGRESSION_DIR): Regression[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Regression);
}

export function saveRegression(reg: Regression, dir = REGRESSION_DIR): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, reg.name + ".json");
  fs.writeFileSync(file, JSON.stringify(reg, null, 2) + "\n");
  return file;
}
