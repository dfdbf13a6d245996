/**
 * The fuzzer's worker thread: compiles the zoo through the real transformer, then runs the
 * properties of test/property/lib/properties.ts round-robin, batch after batch, with fresh seeds.
 * Every decode/encode beats a shared heartbeat and copies its input into shared memory, so the
 * supervisor (run.js) can name the input of a case that never finishes.
 */
import { parentPort, workerData } from "node:worker_threads";
import fc from "fast-check";
import { loadZoo } from "../../test/property/lib/zoo-load";
import { PROPERTY_NAMES, propertyFor, type PropertyName } from "../../test/property/lib/properties";
import { type PropertyFailure, setHardLimit, setTimeBound, type ZooType } from "../../test/property/lib/checks";
import { regressionFrom, replay, signatureOf } from "../../test/property/lib/regressions";
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

const t0 = Date.now();
const zoo: ZooType[] = loadZoo("fuzz_zoo").map((t) => ({ ...t, codec: watched(t.codec) }));
const [onlyType, onlyProperty] = (data.only ?? "").split("/");
const types = zoo.filter((t) => !onlyType || t.name === onlyType || t.name === onlyType + "C");
const properties = PROPERTY_NAMES.filter((p) => !onlyProperty || p === onlyProperty);
if (types.length === 0 || properties.length === 0)
  throw new Error(`--only ${data.only} matches nothing; types: ${zoo.map((t) => t.name).join(", ")}`);
parentPort!.postMessage({ kind: "ready", types: types.length, properties: properties.length, ms: Date.now() - t0 });

// Arbitraries are built once per (type, property); recursion budgets vary between rounds so that
// both small and deep values come up.
const shapes = [
  { recursion: 3, maxLength: 5 },
  { recursion: 5, maxLength: 2 },
  { recursion: 2, maxLength: 10 },
];
const cache = new Map<string, fc.IRawProperty<unknown[]>>();
let suppressed = 0;
function property(name: PropertyName, t: ZooType, shape: number): fc.IRawProperty<unknown[]> {
  const key = `${t.name}/${name}/${shape}`;
  let p = cache.get(key);
  if (!p) {
    // Failures that already have a fixture count as passes here, so that a frequent known bug does
    // not end every batch of its type before anything new can turn up.
    const suppress = (f: PropertyFailure) => {
      const known_ = known.has(signatureOf(t.name, name, f.rule, f.seen));
      if (known_) suppressed++;
      return known_;
    };
    p = propertyFor(name, t, { ...shapes[shape], suppress });
    cache.set(key, p);
  }
  return p;
}

let seed = data.seed;
const stopped = () => Atomics.load(control, 2) !== 0;
for (let round = 0; !stopped(); round++) {
  for (const t of types) {
    for (const name of properties) {
      if (stopped()) break;
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      parentPort!.postMessage({ kind: "batch-start", type: t.name, property: name });
      // A batch (shrinking included) ends by the deadline; a failure found by then is still reported.
      const limit = Math.max(1000, Math.min(45_000, data.deadline - Date.now()));
      const result = fc.check(property(name, t, round % shapes.length), {
        numRuns: data.runs,
        seed,
        interruptAfterTimeLimit: limit,
        markInterruptAsFailure: false,
      });
      parentPort!.postMessage({ kind: "batch", type: t.name, property: name, runs: result.numRuns, suppressed });
      suppressed = 0;
      if (result.failed && result.counterexample) {
        const error = result.errorInstance;
        const reg = regressionFrom(t, name, result.counterexample as unknown[], error, seed);
        if (known.has(reg.signature)) {
          parentPort!.postMessage({ kind: "failure", regression: reg, confirmed: true });
          continue;
        }
        let confirmed = false;
        try {
          replay(reg, t);
        } catch {
          confirmed = true;
        }
        parentPort!.postMessage({ kind: "failure", regression: reg, confirmed });
      }
    }
  }
}
// The message listener would keep this thread alive: close the port so that the worker exits.
parentPort!.close();
