/**
 * One fast-check property per (zoo type, rule). The jest suites run each with a bounded numRuns;
 * `npm run fuzz` runs them round-robin for as long as it is asked to.
 */
import fc from "fast-check";
import { arbitraryFor, type ArbitraryOptions } from "./arbitrary";
import {
  HARD_LIMIT_MS,
  PropertyFailure,
  checkDecode,
  checkEncodeCorrupt,
  checkPeer,
  checkPeerBytes,
  checkPeerReads,
  checkPrefixes,
  checkRoundTrip,
  checkTrailing,
  inFlight,
  type ZooType,
} from "./checks";
import { HardTimeout, withHardTimeout } from "./hard-timeout";
import { applyAll, mutationsArb, HOSTILE_TOKENS, fromHex } from "./wire";

export const PROPERTY_NAMES = [
  "roundtrip",
  "peer",
  "prefixes",
  "trailing",
  "random-bytes",
  "mutated",
  "encode-corrupt",
] as const;
export type PropertyName = (typeof PROPERTY_NAMES)[number];

/** Values JSON could carry and @msgpack/msgpack encodes exactly as we do. */
export function isJsonLike(v: unknown, depth = 0): boolean {
  if (depth > 90) return false; // @msgpack/msgpack encodes up to 100 levels
  if (v === null || typeof v === "boolean" || typeof v === "string") return true;
  if (typeof v === "number") return !Object.is(v, -0);
  if (Array.isArray(v)) return v.every((x) => isJsonLike(x, depth + 1));
  if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    // Integer-like keys: JS lists them first, so own key order differs from declaration order and
    // docs/type-mapping.md promises identical bytes only "for values whose own key order matches".
    return Object.keys(v).every(
      (k) => k !== "__proto__" && !/^(0|[1-9]\d*)$/.test(k) && isJsonLike((v as Record<string, unknown>)[k], depth + 1),
    );
  }
  return false;
}

/** Random bytes, biased towards MessagePack head bytes and short, so that some of them parse. */
const headBiasedBytes = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 255 }) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          0x80,
          0x81,
          0x82,
          0x90,
          0x91,
          0x92,
          0xa1,
          0xa3,
          0xc0,
          0xc1,
          0xc2,
          0xc3,
          0xc4,
          0xc7,
          0xca,
          0xcb,
          0xcc,
          0xcf,
          0xd3,
          0xd4,
          0xd6,
          0xd7,
          0xd9,
          0xdb,
          0xdc,
          0xdd,
          0xde,
          0xdf,
          0xff,
          0x00,
          0x61,
        ),
      },
    ),
    { maxLength: 48 },
  )
  .map((xs) => Uint8Array.from(xs));

const tokenSoup = fc
  .array(fc.constantFrom(...Object.values(HOSTILE_TOKENS).filter((h) => h.length < 200)), {
    minLength: 1,
    maxLength: 4,
  })
  .map((hs) => fromHex(hs.join("")));

/** Runs one case under the hard limit; a case that never ends becomes a "hang" failure naming its input. */
export function guarded<A extends unknown[]>(
  t: ZooType,
  body: (...args: A) => void,
  suppress?: (failure: PropertyFailure) => boolean,
): (...args: A) => void {
  return (...args: A) => {
    inFlight.bytes = undefined;
    inFlight.what = undefined;
    try {
      try {
        withHardTimeout(() => body(...args), HARD_LIMIT_MS);
      } catch (e) {
        if (e instanceof HardTimeout)
          throw new PropertyFailure("hang", `${t.name}: ${inFlight.what ?? "a case"} ${e.message}`, inFlight.bytes);
        throw e;
      }
    } catch (e) {
      if (suppress && e instanceof PropertyFailure && suppress(e)) return;
      throw e;
    }
  };
}

export interface PropertyOptions extends ArbitraryOptions {
  /** The fuzzer passes failures it already has a fixture for, so that they do not mask new ones. */
  suppress?: (failure: PropertyFailure) => boolean;
  /** Values to use instead of those arbitrary.ts derives (generated types add deeply nested ones). */
  value?: fc.Arbitrary<unknown>;
}

export function propertyFor(name: PropertyName, t: ZooType, options: PropertyOptions = {}): fc.IRawProperty<unknown[]> {
  const value = options.value ?? arbitraryFor(t.root, t.named, options);
  const guarded_ = <A extends unknown[]>(tt: ZooType, body: (...args: A) => void) =>
    guarded(tt, body, options.suppress);
  const property = fc.property as unknown as (...args: unknown[]) => fc.IRawProperty<unknown[]>;
  switch (name) {
    case "roundtrip":
      return property(
        value,
        guarded_(t, (v: any) => {
          checkRoundTrip(t, v);
        }),
      );
    case "peer":
      return property(
        value,
        guarded_(t, (v: any) => {
          if (t.positional) return checkPeerReads(t, v);
          checkPeer(t, v);
          if (isJsonLike(v)) checkPeerBytes(t, v);
        }),
      );
    case "prefixes":
      return property(
        value,
        guarded_(t, (v: any) => {
          checkPrefixes(t, t.codec.encode(v));
        }),
      );
    case "trailing":
      return property(
        value,
        fc.uint8Array({ minLength: 1, maxLength: 8 }),
        guarded_(t, (v: any, extra: any) => {
          checkTrailing(t, t.codec.encode(v), extra);
        }),
      );
    case "random-bytes":
      return property(
        fc.oneof(fc.uint8Array({ maxLength: 64 }), headBiasedBytes, tokenSoup),
        guarded_(t, (bytes: any) => {
          checkDecode(t, bytes);
        }),
      );
    case "mutated":
      return property(
        value,
        mutationsArb,
        guarded_(t, (v: any, ms: any) => {
          checkDecode(t, applyAll(t.codec.encode(v), ms));
        }),
      );
    case "encode-corrupt":
      return property(
        value,
        fc.nat(),
        fc.nat(),
        guarded_(t, (v: any, slot: any, bad: any) => {
          checkEncodeCorrupt(t, v, slot, bad);
        }),
      );
  }
}
