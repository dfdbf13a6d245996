#!/usr/bin/env node
/**
 * Streaming decode benchmark (a script, not a test).
 *
 *   npm run build && node bench/stream.js [--mb 32] [--gb 1] [--runs 3]
 *
 * 1. Throughput on the same bytes (--mb of Row messages, default 32): in-memory `decode` per message
 *    and `decodeMulti`, against `decodeStream` fed in chunks of 64 KiB, 1 KiB and 16 bytes, and
 *    @msgpack/msgpack's `decodeMulti` / `decodeMultiStream`; the same for one Row[] array with
 *    `decode`, `decodeArrayStream` and @msgpack/msgpack's `decodeArrayStream`.
 * 2. Peak RSS while `decodeStream` and `decodeArrayStream` consume --gb GiB (default 1) of messages
 *    generated on the fly in 64 KiB chunks (written with encodeInto into one reused buffer), in a
 *    child process that loads only the compiled codecs. With `node --expose-gc bench/stream.js`
 *    the heap is also collected and reported at each quarter, which shows what stays live.
 *
 * The codecs are compiled through the real transformer (dist/transformer) in a temporary project
 * whose node_modules/typed-msgpack links to this repository, as an installed package would be.
 */
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const msgpack = require("@msgpack/msgpack");

const ROOT = path.resolve(__dirname, "..");
const { decodeArrayStream, decodeMulti, decodeStream } = require(path.join(ROOT, "dist/runtime/stream.js"));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MB = arg("mb", 32),
  GB = arg("gb", 1),
  RUNS = arg("runs", 3);
/** The memory part runs in a child process that loads only the compiled codecs, not TypeScript. */
const CHILD = process.argv.includes("--rss-child") ? process.argv[process.argv.indexOf("--rss-child") + 1] : undefined;

const SOURCE = `
import { codecFor } from "typed-msgpack";
export interface Row {
  id: number; name: string; email: string; score: number; active: boolean;
  tags: string[]; created: Date; ratio: number; parent: number | null;
}
export const RowC = codecFor<Row>();
export const RowsC = codecFor<Row[]>();
`;

/** Compiles SOURCE with the transformer from dist/ and returns its exports. */
function compileCodecs() {
  const ts = require("typescript");
  const transformer = require(path.join(ROOT, "dist/transformer/index.js")).default;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typed-msgpack-bench-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(ROOT, path.join(dir, "node_modules/typed-msgpack"), "dir");
  const file = path.join(dir, "codecs.ts");
  fs.writeFileSync(file, SOURCE);
  const options = {
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    strict: true,
    skipLibCheck: true,
    types: [],
    outDir: dir,
    rootDir: dir,
  };
  const program = ts.createProgram([file], options);
  const problems = [];
  const factory = transformer(program, {}, { addDiagnostic: (d) => void problems.push(d) });
  const result = program.emit(undefined, undefined, undefined, false, { before: [factory] });
  problems.push(...ts.getPreEmitDiagnostics(program), ...result.diagnostics);
  if (problems.length)
    throw new Error(problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  return { C: require(path.join(dir, "codecs.js")), dir };
}

function row(i) {
  return {
    id: i,
    name: `user number ${i}`,
    email: `user${i}@example.com`,
    score: (i * 7919) % 100000,
    active: i % 3 !== 0,
    tags: i % 4 === 0 ? [] : ["alpha", "beta", "gamma"].slice(0, i % 4),
    created: new Date(1_600_000_000_000 + i * 1000),
    ratio: i / 7,
    parent: i % 5 === 0 ? null : i - 1,
  };
}

/** `bytes` as a stream of `size`-byte chunks (an async generator, as both libraries accept). */
async function* chunked(bytes, size) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Best of RUNS, in MB/s of `bytes`. */
async function measure(label, bytes, run) {
  let best = Infinity,
    count = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    count = await run();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  const mbps = bytes / 1e6 / best;
  console.log(
    `  ${label.padEnd(58)} ${mbps.toFixed(1).padStart(7)} MB/s  ${(best * 1000).toFixed(0).padStart(6)} ms  (${count} values)`,
  );
  return mbps;
}

async function countAsync(iterable) {
  let n = 0;
  for await (const v of iterable) if (v !== undefined) n++;
  return n;
}

async function throughput(C) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < MB * 1e6; i++) {
    const p = C.RowC.encode(row(i));
    parts.push(p);
    size += p.length;
  }
  const all = Buffer.concat(parts);
  const views = [];
  for (let at = 0, i = 0; i < parts.length; at += parts[i++].length) views.push(all.subarray(at, at + parts[i].length));
  console.log(
    `\n${parts.length} Row messages, ${(all.length / 1e6).toFixed(1)} MB (mean ${(all.length / parts.length).toFixed(0)} bytes):`,
  );
  const rows = [];
  await measure("typed-msgpack decode, message by message (in memory)", all.length, () => {
    for (const v of views) C.RowC.decode(v);
    return views.length;
  });
  await measure("typed-msgpack decodeMulti (in memory)", all.length, () => {
    let n = 0;
    for (const v of decodeMulti(C.RowC, all)) n += v ? 1 : 0;
    return n;
  });
  for (const size of [65536, 1024, 16]) {
    await measure(`typed-msgpack decodeStream, ${size}-byte chunks`, all.length, () =>
      countAsync(decodeStream(C.RowC, chunked(all, size))),
    );
  }
  await measure("@msgpack/msgpack decodeMulti (in memory)", all.length, () => {
    let n = 0;
    for (const v of msgpack.decodeMulti(all)) n += v ? 1 : 0;
    return n;
  });
  for (const size of [65536, 1024]) {
    await measure(`@msgpack/msgpack decodeMultiStream, ${size}-byte chunks`, all.length, () =>
      countAsync(msgpack.decodeMultiStream(chunked(all, size))),
    );
  }
  for (let i = 0; i < parts.length; i++) rows.push(row(i));
  const array = C.RowsC.encode(rows);
  console.log(`\none Row[] of ${rows.length} elements, ${(array.length / 1e6).toFixed(1)} MB:`);
  await measure("typed-msgpack decode (in memory)", array.length, () => C.RowsC.decode(array).length);
  for (const size of [65536, 1024]) {
    await measure(`typed-msgpack decodeArrayStream, ${size}-byte chunks`, array.length, () =>
      countAsync(decodeArrayStream(C.RowsC, chunked(array, size))),
    );
  }
  await measure("@msgpack/msgpack decode (in memory)", array.length, () => msgpack.decode(array).length);
  await measure("@msgpack/msgpack decodeArrayStream, 65536-byte chunks", array.length, () =>
    countAsync(msgpack.decodeArrayStream(chunked(array, 65536))),
  );
}

/** `total` bytes of Row messages in 64 KiB chunks, written with encodeInto into one reused buffer. */
async function* generated(C, total, arrayHeader) {
  const buffer = new Uint8Array(65536);
  let at = 0,
    sent = 0;
  if (arrayHeader) {
    buffer.set(arrayHeader);
    at = arrayHeader.length;
  }
  for (let i = 0; sent < total; i++) {
    try {
      at = C.RowC.encodeInto(row(i), buffer, at);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      sent += at;
      yield buffer.subarray(0, at); // only valid until the next chunk is asked for, which the decoder allows
      at = C.RowC.encodeInto(row(i), buffer, 0);
    }
  }
  if (at > 0) yield buffer.subarray(0, at);
}

async function peakRss(C) {
  const total = GB * 1024 ** 3;
  const mean = C.RowC.encode(row(123456)).length;
  const count = Math.ceil(total / mean) + 100_000;
  for (const mode of ["decodeStream", "decodeArrayStream"]) {
    let bytes = 0,
      values = 0,
      sampled = 0,
      quarter = 1;
    const marks = [];
    const started = process.hrtime.bigint();
    const header = new Uint8Array([0xdd, count >>> 24, (count >>> 16) & 0xff, (count >>> 8) & 0xff, count & 0xff]);
    const source = (async function* () {
      for await (const chunk of generated(C, total, mode === "decodeArrayStream" ? header : undefined)) {
        bytes += chunk.length;
        yield chunk;
      }
    })();
    try {
      const it = mode === "decodeStream" ? decodeStream(C.RowC, source) : decodeArrayStream(C.RowsC, source);
      for await (const v of it) {
        if (v.id !== values) throw new Error(`row ${values} came back as ${v.id}`);
        if (++values % 100_000 === 0) {
          if (bytes >= (quarter * total) / 4) global.gc?.(); // with --expose-gc: what is live, not what GC has yet to reclaim
          const rss = process.memoryUsage.rss();
          sampled = Math.max(sampled, rss);
          if (bytes >= (quarter * total) / 4) {
            marks.push(
              `${quarter * 25}%: ${(rss / 1024 ** 2).toFixed(0)} (heap ${(process.memoryUsage().heapUsed / 1024 ** 2).toFixed(0)})`,
            );
            quarter++;
          }
        }
      }
    } catch (e) {
      // The array claims more rows than were generated, so that generation decides where it ends.
      if (!(mode === "decodeArrayStream" && e.code === "incomplete")) throw e;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `  ${mode}: ${(bytes / 1024 ** 3).toFixed(2)} GiB, ${values} rows in ${seconds.toFixed(1)} s ` +
        `(${(bytes / 1e6 / seconds).toFixed(1)} MB/s, generation included)\n    RSS (MiB) at ${marks.join(", ")}; peak sampled ${(sampled / 1024 ** 2).toFixed(0)} MiB`,
    );
  }
  console.log(`  process peak RSS (maxRSS, whole run): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
}

(async () => {
  if (CHILD) {
    const C = require(path.join(CHILD, "codecs.js"));
    console.log(
      `\npeak memory while decoding ${GB} GiB generated on the fly (64 KiB chunks); ` +
        `RSS before: ${(process.memoryUsage.rss() / 1024 ** 2).toFixed(0)} MiB:`,
    );
    return peakRss(C);
  }
  const { C, dir } = compileCodecs();
  console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}; best of ${RUNS} runs`);
  if (GB > 0) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, __filename, "--rss-child", dir, "--gb", String(GB)],
      { stdio: "inherit" },
    );
    if (child.status !== 0) throw new Error(`the memory benchmark failed (${child.status ?? child.signal})`);
  }
  if (MB > 0) await throughput(C);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
