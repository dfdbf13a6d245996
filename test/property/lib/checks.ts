/**
 * The properties themselves, shared by the jest suites (bounded runs) and the fuzzer (unbounded).
 * Each check throws a `PropertyFailure` that says what rule was broken, with the bytes involved,
 * so that the fuzzer can save it as a regression fixture and jest can print it.
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import { CodecError, ExtData, type Codec, type CodecErrorCode } from "../../../runtime/index";
import type { TypeNode } from "../../../transformer/model/ir";
import { conforms, type Named } from "./arbitrary";
import { corrupt, normalizeKeySegments } from "./corrupt";
import { hex } from "../../helpers/bytes";
import { NOT_APPLICABLE, difference, peerDifference, peerExpectation, show } from "./equal";

export interface ZooType {
  /** The export name of the codec in the zoo (e.g. "UserC"). */
  name: string;
  display: string;
  codec: Codec<unknown>;
  root: TypeNode;
  named: Named;
  /** A generated type (test/property/lib/type-gen.ts): its family, and its declarations and codec alone. */
  generated?: { family: string; source: string; spec: unknown };
  /** Compiled with `{ layout: "positional" }`: objects are arrays, so @msgpack/msgpack reads them as such. */
  positional?: boolean;
  /** The same codec compiled with an unrelated line first (the "unrelated line" invariant). */
  twin?: Codec<unknown>;
}

export const CODES: readonly CodecErrorCode[] = [
  "incomplete",
  "type-mismatch",
  "malformed",
  "missing-property",
  "duplicate-key",
  "out-of-range",
  "too-deep",
  "trailing-bytes",
];

/** Decode and encode time bound per case; a case over it is measured again once before it fails. */
export let TIME_BOUND_MS = Number(process.env.PROPERTY_TIME_BOUND_MS ?? 50);
export function setTimeBound(ms: number): void {
  TIME_BOUND_MS = ms;
}

export class PropertyFailure extends Error {
  override name = "PropertyFailure";
  /** Which rule: "non-codec-error", "bad-error-shape", "slow", "hang", "invalid-value", "not-idempotent", ... */
  readonly rule: string;
  /** The input bytes that show it, when there are any. */
  readonly bytes?: Uint8Array;
  /** What was thrown, if anything. */
  readonly seen?: unknown;
  constructor(rule: string, message: string, bytes?: Uint8Array, seen?: unknown) {
    super(
      `[${rule}] ${message}${bytes ? `\n  bytes (${bytes.length}): ${hex(bytes).slice(0, 2000)}` : ""}${seen instanceof Error ? `\n  thrown: ${seen.name}: ${seen.message.slice(0, 600)}` : ""}`,
    );
    this.rule = rule;
    this.bytes = bytes;
    this.seen = seen;
  }
}

/** What a check is working on right now: named by a hang failure, and by the fuzzer's watchdog. */
export const inFlight: { bytes?: Uint8Array; what?: string } = {};

/** Limit for one whole property case (a decode, its re-encode, ...): far above TIME_BOUND_MS, only for hangs. */
export let HARD_LIMIT_MS = 3000;
export function setHardLimit(ms: number): void {
  HARD_LIMIT_MS = ms;
}

/** Describes what was thrown, in one line, for regression fixtures. */
export function describeThrown(e: unknown): {
  class: string;
  code?: string;
  path?: string;
  offset?: number;
  message: string;
} {
  if (e instanceof CodecError)
    return { class: "CodecError", code: e.code, path: e.path, offset: e.offset, message: e.message.slice(0, 500) };
  if (e instanceof Error) return { class: e.constructor?.name ?? e.name, message: e.message.slice(0, 500) };
  return { class: typeof e, message: String(e) };
}

const objectProtoNames = Object.getOwnPropertyNames(Object.prototype).length;
const arrayProtoNames = Object.getOwnPropertyNames(Array.prototype).length;

/** Object.prototype and Array.prototype are exactly as they were when this module loaded. */
export function prototypesUntouched(): string | undefined {
  if (Object.getOwnPropertyNames(Object.prototype).length !== objectProtoNames)
    return `Object.prototype gained ${Object.getOwnPropertyNames(Object.prototype).join(",")}`;
  if (Object.getOwnPropertyNames(Array.prototype).length !== arrayProtoNames)
    return "Array.prototype gained properties";
  if (({} as Record<string, unknown>).polluted !== undefined) return "({}).polluted is defined";
  return undefined;
}

const PLAIN_PROTOTYPES = new Set<unknown>([
  Object.prototype,
  null,
  Array.prototype,
  Date.prototype,
  Map.prototype,
  Set.prototype,
  Uint8Array.prototype,
  ArrayBuffer.prototype,
  ExtData.prototype,
]);

/** Every object in a decoded value has the prototype its kind calls for, and no bytes alias the input. Iterative. */
export function decodedShapeProblem(root: unknown, input: Uint8Array): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    const proto = Object.getPrototypeOf(v);
    if (!PLAIN_PROTOTYPES.has(proto)) return `a decoded object has an unexpected prototype (${show(proto, 80)})`;
    if (v instanceof Uint8Array) {
      if (v.buffer === input.buffer) return "a decoded Uint8Array aliases the input";
      continue;
    }
    if (v instanceof ArrayBuffer) {
      if (v === input.buffer) return "a decoded ArrayBuffer is the input's buffer";
      continue;
    }
    if (v instanceof Date) continue;
    if (v instanceof ExtData) {
      if (v.data.buffer === input.buffer) return "ExtData aliases the input";
      continue;
    }
    if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
    else if (v instanceof Set) for (const x of v) stack.push(x);
    else for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  return undefined;
}

/** A decode error as the contract describes it: a CodecError with code, path, offset and a message naming the byte. */
export function decodeErrorProblem(e: unknown, bytes: Uint8Array): string | undefined {
  if (!(e instanceof CodecError))
    return `threw ${e instanceof Error ? e.constructor.name : typeof e} instead of CodecError`;
  if (e.name !== "CodecError") return `name is ${e.name}`;
  if (!CODES.includes(e.code)) return `unknown code ${String(e.code)}`;
  if (typeof e.path !== "string" || !e.path.startsWith("$")) return `path is ${String(e.path)}`;
  if (!Number.isInteger(e.offset) || e.offset < 0 || e.offset > bytes.length)
    return `offset ${e.offset} is outside the input (length ${bytes.length})`;
  if (!e.message.includes(`at byte ${e.offset}`)) return `message does not name byte ${e.offset}: ${e.message}`;
  return undefined;
}

export function encodeErrorProblem(e: unknown): string | undefined {
  if (!(e instanceof CodecError))
    return `threw ${e instanceof Error ? e.constructor.name : typeof e} instead of CodecError`;
  if (!CODES.includes(e.code)) return `unknown code ${String(e.code)}`;
  if (typeof e.path !== "string" || !e.path.startsWith("$")) return `path is ${String(e.path)}`;
  if (e.offset !== -1) return `offset is ${e.offset}, not -1`;
  return undefined;
}

function timed<T>(f: () => T): { ms: number; value?: T; error?: unknown } {
  const t = performance.now();
  try {
    const value = f();
    return { ms: performance.now() - t, value };
  } catch (error) {
    return { ms: performance.now() - t, error };
  }
}

/**
 * Hostile bytes: decode either returns a valid T (by the oracle, re-encodable, stable under a
 * second round trip, with plain prototypes and no aliasing) or throws a well-formed CodecError,
 * within the time bound, and never touches Object.prototype. Returns what happened.
 */
export function checkDecode(
  t: ZooType,
  bytes: Uint8Array,
): { ok: true; value: unknown } | { ok: false; error: CodecError } {
  inFlight.bytes = bytes;
  inFlight.what = `${t.name}.decode`;
  let run = timed(() => t.codec.decode(bytes));
  // A pause of the machine (GC, another process) is not a slow decode: only a case that is over
  // the bound three times in a row fails.
  for (let retry = 0; run.ms > TIME_BOUND_MS && retry < 2; retry++) {
    const again = timed(() => t.codec.decode(bytes));
    if (again.ms > TIME_BOUND_MS && retry === 1)
      throw new PropertyFailure(
        "slow",
        `${t.name}: decode took ${run.ms.toFixed(1)} ms, then ${again.ms.toFixed(1)} ms (bound ${TIME_BOUND_MS} ms)`,
        bytes,
        run.error,
      );
    if (again.ms <= TIME_BOUND_MS) run = again;
  }
  const polluted = prototypesUntouched();
  if (polluted) throw new PropertyFailure("prototype-pollution", `${t.name}: ${polluted}`, bytes);
  if ("error" in run && run.error !== undefined) {
    const problem = decodeErrorProblem(run.error, bytes);
    if (problem)
      throw new PropertyFailure(
        run.error instanceof CodecError ? "bad-error-shape" : "non-codec-error",
        `${t.name}: decode ${problem}`,
        bytes,
        run.error,
      );
    return { ok: false, error: run.error as CodecError };
  }
  const value = run.value;
  if (!conforms(t.root, value, t.named))
    throw new PropertyFailure(
      "invalid-value",
      `${t.name}: decode returned a value that is not a valid ${t.display}: ${show(value)}`,
      bytes,
    );
  const shape = decodedShapeProblem(value, bytes);
  if (shape) throw new PropertyFailure("decoded-shape", `${t.name}: ${shape}`, bytes);
  let again: Uint8Array;
  try {
    again = t.codec.encode(value);
  } catch (e) {
    throw new PropertyFailure(
      "not-reencodable",
      `${t.name}: the decoded value ${show(value)} does not encode`,
      bytes,
      e,
    );
  }
  let back: unknown;
  try {
    back = t.codec.decode(again);
  } catch (e) {
    throw new PropertyFailure("not-idempotent", `${t.name}: re-encoded bytes ${hex(again)} do not decode`, bytes, e);
  }
  const d = difference(back, value);
  if (d)
    throw new PropertyFailure(
      "not-idempotent",
      `${t.name}: decode(encode(decode(bytes))) differs from decode(bytes) at ${d}`,
      bytes,
    );
  return { ok: true, value };
}

/** decode(encode(v)) deep-equals v; encode(decode(bytes)) gives the same bytes again. Returns the bytes. */
export function checkRoundTrip(t: ZooType, v: unknown): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = t.codec.encode(v);
  } catch (e) {
    throw new PropertyFailure(
      "encode-rejects-valid",
      `${t.name}: encode threw for a valid value ${show(v)}`,
      undefined,
      e,
    );
  }
  let back: unknown;
  try {
    back = t.codec.decode(bytes);
  } catch (e) {
    throw new PropertyFailure(
      "roundtrip-decode-failed",
      `${t.name}: decode failed on the bytes of ${show(v)}`,
      bytes,
      e,
    );
  }
  const d = difference(back, v, "$", { nullForAbsent: t.positional });
  if (d)
    throw new PropertyFailure(
      "roundtrip-differs",
      `${t.name}: decode(encode(v)) differs at ${d}; v = ${show(v)}`,
      bytes,
    );
  if (!conforms(t.root, back, t.named))
    throw new PropertyFailure("invalid-value", `${t.name}: round trip gave an invalid value ${show(back)}`, bytes);
  const again = t.codec.encode(back);
  if (hex(again) !== hex(bytes))
    throw new PropertyFailure("unstable-bytes", `${t.name}: encode(decode(b)) = ${hex(again)} differs from b`, bytes);
  return bytes;
}

/** Every proper prefix of a valid message fails with CodecError "incomplete" (never a partial value). */
export function checkPrefixes(t: ZooType, bytes: Uint8Array, maxPrefixes = 150): void {
  const n = bytes.length;
  const step = n <= maxPrefixes ? 1 : Math.ceil(n / maxPrefixes);
  for (let k = 0; k < n; k += step) {
    const prefix = bytes.slice(0, k);
    const result = checkDecode(t, prefix);
    if (result.ok)
      throw new PropertyFailure(
        "prefix-decoded",
        `${t.name}: the first ${k} of ${n} bytes decoded to ${show(result.value)}`,
        prefix,
      );
    if (result.error.code !== "incomplete") {
      throw new PropertyFailure(
        "prefix-code",
        `${t.name}: the first ${k} of ${n} bytes failed with ${result.error.code}, not incomplete: ${result.error.message}`,
        prefix,
        result.error,
      );
    }
  }
}

/** A valid message followed by anything fails with "trailing-bytes" at the first extra byte (or earlier, never later). */
export function checkTrailing(t: ZooType, bytes: Uint8Array, extra: Uint8Array): void {
  if (extra.length === 0) return;
  const input = new Uint8Array(bytes.length + extra.length);
  input.set(bytes);
  input.set(extra, bytes.length);
  const result = checkDecode(t, input);
  if (result.ok)
    throw new PropertyFailure("trailing-accepted", `${t.name}: ${extra.length} trailing byte(s) were accepted`, input);
  if (result.error.code !== "trailing-bytes" || result.error.offset !== bytes.length) {
    throw new PropertyFailure(
      "trailing-code",
      `${t.name}: expected trailing-bytes at ${bytes.length}, got ${result.error.code} at ${result.error.offset}`,
      input,
      result.error,
    );
  }
}

/** @msgpack/msgpack stops at 100 levels of nesting ("Too deep objects in depth 100"): not a property of our bytes. */
function tooDeepForPeer(e: unknown): boolean {
  return e instanceof Error && /^Too deep objects/.test(e.message);
}

/** @msgpack/msgpack decodes our bytes to the equivalent value, where its mapping applies. */
export function checkPeer(t: ZooType, v: unknown): boolean {
  const expected = peerExpectation(v);
  if (expected === NOT_APPLICABLE) return false;
  const bytes = t.codec.encode(v);
  let actual: unknown;
  try {
    actual = peerDecode(bytes, { useBigInt64: true });
  } catch (e) {
    if (tooDeepForPeer(e)) return false;
    throw new PropertyFailure(
      "peer-rejects",
      `${t.name}: @msgpack/msgpack cannot decode our bytes for ${show(v)}`,
      bytes,
      e,
    );
  }
  const d = peerDifference(expected, actual);
  if (d)
    throw new PropertyFailure(
      "peer-differs",
      `${t.name}: @msgpack/msgpack reads ${show(actual)}, expected ${show(expected)} (${d})`,
      bytes,
    );
  return true;
}

/** @msgpack/msgpack reads the bytes of a positional codec (whose objects it reads as the arrays they are). */
export function checkPeerReads(t: ZooType, v: unknown): void {
  // It refuses `__proto__` keys (of Records here; peerExpectation says so of any).
  if (peerExpectation(v) === NOT_APPLICABLE) return;
  const bytes = t.codec.encode(v);
  try {
    peerDecode(bytes, { useBigInt64: true });
  } catch (e) {
    if (tooDeepForPeer(e)) return;
    throw new PropertyFailure(
      "peer-rejects",
      `${t.name}: @msgpack/msgpack cannot decode our bytes for ${show(v)}`,
      bytes,
      e,
    );
  }
}

/** For JSON-like values, our bytes are exactly @msgpack/msgpack's (docs/type-mapping.md: "Property order"), -0 aside. */
export function checkPeerBytes(t: ZooType, v: unknown): void {
  const ours = hex(t.codec.encode(v));
  const theirs = hex(peerEncode(v));
  if (ours !== theirs)
    throw new PropertyFailure(
      "peer-bytes",
      `${t.name}: our bytes ${ours} differ from @msgpack/msgpack's ${theirs} for ${show(v)}`,
      t.codec.encode(v),
    );
  const back = t.codec.decode(peerEncode(v));
  const d = difference(back, v);
  if (d)
    throw new PropertyFailure(
      "peer-bytes",
      `${t.name}: decoding @msgpack/msgpack's bytes differs at ${d}`,
      peerEncode(v),
    );
}

/**
 * Encode honesty: a corrupted value either throws a CodecError whose path leads to the corruption
 * (too-deep aside: a cycle fails deeper down), or encodes to bytes that decode as T; and a value
 * the oracle calls invalid is never encoded.
 */
export function checkEncodeCorrupt(t: ZooType, v: unknown, slotSeed: number, badSeed: number): void {
  const c = corrupt(t.root, t.named, v, slotSeed, badSeed);
  inFlight.bytes = undefined;
  inFlight.what = `${t.name}.encode of ${c.description}`;
  const run = timed(() => t.codec.encode(c.value as never));
  if (run.ms > TIME_BOUND_MS * 4) {
    const again = timed(() => t.codec.encode(c.value as never));
    if (again.ms > TIME_BOUND_MS * 4)
      throw new PropertyFailure("slow-encode", `${t.name}: encode of ${c.description} took ${run.ms.toFixed(1)} ms`);
  }
  if (run.error !== undefined || !("value" in run)) {
    const problem = encodeErrorProblem(run.error);
    if (problem)
      throw new PropertyFailure(
        run.error instanceof CodecError ? "bad-error-shape" : "non-codec-error",
        `${t.name}: encode of ${c.description} ${problem}`,
        undefined,
        run.error,
      );
    const e = run.error as CodecError;
    // An untagged union may report any member's error; it must still be inside the outermost such union.
    // The error is at the corrupted place, above it, or inside the wrong value that was put there.
    const [at, slot, union] = [e.path!, c.slot.path, c.slot.unionPath].map((x) =>
      x === undefined ? undefined : normalizeKeySegments(x),
    ) as [string, string, string | undefined];
    const inside = slot.startsWith(at) || at.startsWith(slot) || (union !== undefined && at.startsWith(union));
    if (e.code !== "too-deep" && !inside) {
      throw new PropertyFailure(
        "encode-error-path",
        `${t.name}: encode of ${c.description} names ${e.path}, which does not lead to ${c.slot.path}`,
        undefined,
        e,
      );
    }
    return;
  }
  const bytes = run.value as Uint8Array;
  let decoded: unknown;
  try {
    decoded = t.codec.decode(bytes);
  } catch (e) {
    throw new PropertyFailure(
      "encode-wrote-undecodable",
      `${t.name}: encode accepted ${c.description} and wrote bytes that do not decode as ${t.display}`,
      bytes,
      e,
    );
  }
  if (!c.stillValid) {
    throw new PropertyFailure(
      "encode-accepted-invalid",
      `${t.name}: encode accepted ${c.description}, which is not a valid ${t.display}; it decodes as ${show(decoded)}`,
      bytes,
    );
  }
}
