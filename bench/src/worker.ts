// One contender × one dataset, in a process of its own (forked by main.ts, or run alone by
// `--profile`). It checks the round trip, warms up, then runs one timed encode batch and one timed
// decode batch per "round" message, so that the parent can interleave rounds across contenders.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import * as msgpack from "@msgpack/msgpack";
import { makeContender, type Contender, type ContenderId } from "./contenders";
import { makeDataset } from "./data";
import { difference } from "./equal";
import type { DatasetId } from "./types";

export interface Settings {
  warmupMs: number;
  batchMs: number;
}

/** ops/s of one batch, by the wall clock and by this process's CPU time (all its threads). */
export interface Rate {
  wall: number;
  cpu: number;
}

/** Worker → parent messages. */
export type Ready =
  | { type: "ready"; ok: true; size: number; gzip: number; sha1: string; note?: string }
  | { type: "ready"; ok: false; error: string };
export interface RoundResult {
  type: "round";
  encode: Rate;
  decode: Rate;
}

/** Results land here so that V8 cannot drop the work as dead code. */
let sink: unknown;
let sinkBytes = 0;

/** Times `fn`: checking the clock only every `chunk` calls keeps its cost out of tiny operations. */
function opsPerSecond(fn: () => void, ms: number, chunk: number): Rate {
  const limit = BigInt(Math.round(ms * 1e6));
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  let ops = 0;
  let elapsed = 0n;
  do {
    for (let i = 0; i < chunk; i++) fn();
    ops += chunk;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < limit);
  const used = process.cpuUsage(cpu);
  return { wall: ops / (Number(elapsed) / 1e9), cpu: ops / ((used.user + used.system) / 1e6) };
}

/** Calls per clock check: about 2 ms worth, measured during the warm-up. */
function warmUp(fn: () => void, ms: number): number {
  const rate = opsPerSecond(fn, ms, 1).wall;
  return Math.max(1, Math.round(rate / 500));
}

/** Copies the encoded bytes, keeping a Buffer a Buffer (avsc and msgpack-lite want Buffers). */
function copy(bytes: Uint8Array): Uint8Array {
  return Buffer.isBuffer(bytes) ? Buffer.from(bytes) : bytes.slice();
}

interface Prepared {
  contender: Contender;
  value: unknown;
  bytes: Uint8Array;
}

function prepare(contenderId: ContenderId, datasetId: DatasetId): Prepared | { error: string } {
  try {
    const value = makeDataset(datasetId);
    const contender = makeContender(contenderId, datasetId);
    const bytes = copy(contender.encode(value));
    const diff = difference(value, contender.decode(bytes), contender.equal);
    if (diff) return { error: `round trip differs at ${diff}` };
    if (contender.sameAsMsgpack) {
      const expected = msgpack.encode(value, contender.sameAsMsgpack);
      if (Buffer.compare(Buffer.from(bytes), Buffer.from(expected)) !== 0)
        return { error: `output differs from @msgpack/msgpack's (${bytes.length} vs ${expected.length} bytes)` };
      const again = difference(value, contender.decode(expected), contender.equal);
      if (again) return { error: `decoding @msgpack/msgpack's bytes differs at ${again}` };
    }
    return { contender, value, bytes };
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

function run(contenderId: ContenderId, datasetId: DatasetId, settings: Settings): void {
  const send = (m: Ready | RoundResult) => process.send!(m);
  const p = prepare(contenderId, datasetId);
  if ("error" in p) {
    send({ type: "ready", ok: false, error: p.error.slice(0, 300) });
    return;
  }
  const { contender, value, bytes } = p;
  const encode = () => {
    const b = contender.encode(value);
    sinkBytes += b.length;
  };
  const decode = () => {
    sink = contender.decode(bytes);
  };
  const encChunk = warmUp(encode, settings.warmupMs);
  const decChunk = warmUp(decode, settings.warmupMs);
  const sha1 = createHash("sha1").update(bytes).digest("hex");
  send({ type: "ready", ok: true, size: bytes.length, gzip: gzipSync(bytes).length, sha1, note: contender.note });
  process.on("disconnect", () => process.exit(0)); // the parent is gone
  process.on("message", (m: { type: string }) => {
    if (m.type !== "round") return process.exit(0);
    // No forced GC between batches: a full gc() shrinks V8's heap sizing, which made
    // @msgpack/msgpack's encode()/decode() (an ArrayBuffer per call) 5× slower in the next batch.
    const enc = opsPerSecond(encode, settings.batchMs, encChunk);
    const dec = opsPerSecond(decode, settings.batchMs, decChunk);
    send({ type: "round", encode: enc, decode: dec });
  });
}

/** `--profile`: no IPC; one direction in a loop for `seconds`, under node --cpu-prof. */
function profile(contenderId: ContenderId, datasetId: DatasetId, direction: string, seconds: number): void {
  const p = prepare(contenderId, datasetId);
  if ("error" in p) throw new Error(p.error);
  const { contender, value, bytes } = p;
  const fn =
    direction === "encode"
      ? () => {
          sinkBytes += contender.encode(value).length;
        }
      : () => {
          sink = contender.decode(bytes);
        };
  const rate = opsPerSecond(fn, seconds * 1000, 1).wall;
  console.error(`${contenderId} ${direction} ${datasetId}: ${rate.toFixed(1)} ops/s under the profiler`);
}

const [mode, contenderId, datasetId, arg] = process.argv.slice(2) as [string, ContenderId, DatasetId, string];
if (mode === "bench") run(contenderId, datasetId, JSON.parse(arg));
else if (mode === "encode" || mode === "decode") profile(contenderId, datasetId, mode, Number(arg));
void sink;
void sinkBytes;
