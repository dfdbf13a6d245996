/**
 * The fuzzer's worker thread: compiles the zoo through the real transformer, then runs the
 * properties of test/property/lib/properties.ts round-robin, batch after batch, with fresh seeds.
 * With `types`, it fuzzes types instead: batch after batch of generated types
 * (test/property/lib/type-gen.ts), each batch compiled as one program, checked as types
 * (rejections, the unrelated line; type-load.ts), then every property on each type.
 * Every decode/encode beats a shared heartbeat and copies its input into shared memory, so the
 * supervisor (run.js) can name the input of a case that never finishes.
 */
import { parentPort, workerData } from "node:worker_threads";
import fc from "fast-check";
import { loadZoo } from "../../test/property/lib/zoo-load";
import { PROPERTY_NAMES, propertyFor } from "../../test/property/lib/properties";
import { type PropertyFailure, setHardLimit, setTimeBound, type ZooType } from "../../test/property/lib/checks";
import { regressionFrom, replay, signatureName, signatureOf } from "../../test/property/lib/regressions";
import { FAMILIES, type Family, generateBatch } from "../../test/property/lib/type-gen";
import {
  GENERATED_PROPERTY_NAMES,
  type GeneratedPropertyName,
  generatedPropertyFor,
  loadGeneratedSafely,
  replayGenerated,
  typeProblemRegression,
} from "../../test/property/lib/type-load";
import type { Codec } from "../../runtime/index";

interface Data {
  shared: SharedArrayBuffer;
  seed: number;
  only?: string;
  runs: number;
  bound: number;
  hard: number;
  known: string[];
  deadline: number;
  /** Fuzz generated types (a comma-separated list of families, or "all") instead of the zoo. */
  types?: string;
  /** Generated types per compiled program. */
  batch: number;
}
const data = workerData as Data;
const control = new Int32Array(data.shared, 0, 4);
const inFlight = new Uint8Array(data.shared, 16);
const known = new Set(data.known);
parentPort!.on("message", (m: { kind: string; signature: string }) => {
  if (m.kind === "known") known.add(m.signature);
});

setTimeBound(data.bound);
setHardLimit(data.hard);

function beat(bytes?: Uint8Array): void {
  if (bytes) {
    const n = Math.min(bytes.length, inFlight.length);
    inFlight.set(bytes.subarray(0, n));
    Atomics.store(control, 1, n);
  }
  Atomics.add(control, 0, 1);
}

/** The same codec, reporting each call to the supervisor. */
function watched(codec: Codec<unknown>): Codec<unknown> {
  return new Proxy(codec, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "decode")
        return (bytes: Uint8Array, options?: unknown) => {
          beat(bytes instanceof Uint8Array ? bytes : undefined);
          return (value as Function).call(target, bytes, options);
        };
      if (key === "encode")
        return (v: unknown) => {
          beat();
          return (value as Function).call(target, v);
        };
      return value;
    },
  });
}

// Arbitraries are built once per (type, property); recursion budgets vary between rounds so that
// both small and deep values come up.
const shapes = [
  { recursion: 3, maxLength: 5 },
  { recursion: 5, maxLength: 2 },
  { recursion: 2, maxLength: 10 },
];
let suppressed = 0;
/** Failures that already have a fixture count as passes, so that a frequent known bug does not end every batch of its type. */
const suppressFor = (t: ZooType, name: string) => (f: PropertyFailure) => {
  const known_ = known.has(signatureOf(signatureName(t), name, f.rule, f.seen));
  if (known_) suppressed++;
  return known_;
};

let seed = data.seed;
const nextSeed = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
const stopped = () => Atomics.load(control, 2) !== 0;

/** Runs one batch of cases of one property; reports it, and a failure (shrunk, replayed) if any. */
function runBatch(t: ZooType, name: GeneratedPropertyName, property: fc.IRawProperty<unknown[]>): void {
  nextSeed();
  const generated = t.generated;
  parentPort!.postMessage({
    kind: "batch-start",
    type: t.name,
    property: name,
    ...(generated ? { family: generated.family, source: generated.source, spec: generated.spec } : {}),
  });
  // A batch (shrinking included) ends by the deadline; a failure found by then is still reported.
  const limit = Math.max(1000, Math.min(45_000, data.deadline - Date.now()));
  const result = fc.check(property, {
    numRuns: data.runs,
    seed,
    interruptAfterTimeLimit: limit,
    markInterruptAsFailure: false,
  });
  parentPort!.postMessage({ kind: "batch", type: signatureName(t), property: name, runs: result.numRuns, suppressed });
  suppressed = 0;
  if (!result.failed || !result.counterexample) return;
  const reg = regressionFrom(t, name, result.counterexample as unknown[], result.errorInstance, seed);
  if (known.has(reg.signature)) {
    parentPort!.postMessage({ kind: "failure", regression: reg, confirmed: true });
    return;
  }
  let confirmed = false;
  try {
    if (generated) replayGenerated(reg, "fuzz_replay");
    else replay(reg, t);
  } catch {
    confirmed = true;
  }
  parentPort!.postMessage({ kind: "failure", regression: reg, confirmed });
}

const [onlyType, onlyProperty] = (data.only ?? "").split("/");
if (data.types) fuzzTypes();
else fuzzZoo();
// The message listener would keep this thread alive: close the port so that the worker exits.
parentPort!.close();

function fuzzZoo(): void {
  const t0 = Date.now();
  const zoo: ZooType[] = loadZoo("fuzz_zoo").map((t) => ({ ...t, codec: watched(t.codec) }));
  const types = zoo.filter((t) => !onlyType || t.name === onlyType || t.name === onlyType + "C");
  const properties = PROPERTY_NAMES.filter((p) => !onlyProperty || p === onlyProperty);
  if (types.length === 0 || properties.length === 0)
    throw new Error(`--only ${data.only} matches nothing; types: ${zoo.map((t) => t.name).join(", ")}`);
  parentPort!.postMessage({ kind: "ready", types: types.length, properties: properties.length, ms: Date.now() - t0 });
  const cache = new Map<string, fc.IRawProperty<unknown[]>>();
  for (let round = 0; !stopped(); round++) {
    for (const t of types) {
      for (const name of properties) {
        if (stopped()) return;
        const key = `${t.name}/${name}/${round % shapes.length}`;
        let p = cache.get(key);
        if (!p) {
          p = propertyFor(name, t, { ...shapes[round % shapes.length], suppress: suppressFor(t, name) });
          cache.set(key, p);
        }
        runBatch(t, name, p);
      }
    }
  }
}

function fuzzTypes(): void {
  const families = (data.types === "all" || data.types === "true" ? FAMILIES : data.types!.split(",")) as Family[];
  const unknown = families.filter((f) => !FAMILIES.includes(f));
  if (unknown.length > 0) throw new Error(`--types: no family ${unknown.join(", ")}; families: ${FAMILIES.join(", ")}`);
  const properties = GENERATED_PROPERTY_NAMES.filter((p) => !onlyProperty || p === onlyProperty);
  if (properties.length === 0) throw new Error(`--only ${data.only}: no property ${onlyProperty}`);
  parentPort!.postMessage({ kind: "ready-types", families, properties: properties.length, batch: data.batch });
  for (let round = 0; !stopped(); round++) {
    const batchSeed = nextSeed();
    const batch = generateBatch(batchSeed, data.batch, families);
    const t0 = Date.now();
    const loaded = loadGeneratedSafely(`fuzz_types_${data.seed}`, batch, { unrelatedLine: true });
    parentPort!.postMessage({
      kind: "types",
      seed: batchSeed,
      compiled: loaded.types.length,
      rejected: loaded.rejected,
      problems: loaded.problems.length,
      ms: Date.now() - t0,
    });
    for (const problem of loaded.problems) {
      // A type the generator should not have written is its bug, not the transformer's: logged, not saved.
      if (problem.rule === "invalid-source") {
        parentPort!.postMessage({
          kind: "log",
          text: `generator wrote invalid TypeScript (seed ${batchSeed}): codecFor<${problem.type.type}>: ${problem.message.split("\n")[0]}`,
        });
        continue;
      }
      const reg = typeProblemRegression(problem, batchSeed);
      parentPort!.postMessage({ kind: "failure", regression: reg, confirmed: true });
    }
    for (const loadedType of loaded.types) {
      const t: ZooType = { ...loadedType, codec: watched(loadedType.codec) };
      for (const name of properties) {
        if (stopped()) return;
        const options = { ...shapes[round % shapes.length], suppress: suppressFor(t, name) };
        let property: fc.IRawProperty<unknown[]>;
        try {
          property = generatedPropertyFor(name, t, options);
        } catch (e) {
          // The harness cannot make values of this type (arbitrary.ts's bug): say so, and go on.
          parentPort!.postMessage({
            kind: "log",
            text: `no values for ${t.name} (${t.display}, seed ${batchSeed}): ${String(e).split("\n")[0]}`,
          });
          break;
        }
        runBatch(t, name, property);
      }
    }
  }
}
