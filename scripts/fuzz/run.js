#!/usr/bin/env node
/**
 * npm run fuzz -- [--minutes N] [--seed S] [--only TYPE[/PROPERTY]] [--types [FAMILIES]] [--runs N] [--bound MS] [--stall S]
 *
 * Runs the property suite of test/property/ (the same checks jest runs with a bounded numRuns)
 * round-robin over every zoo type and property for N minutes (default 3), in a worker thread.
 * With --types, over generated types instead (test/property/lib/type-gen.ts): batches of random
 * type declarations, compiled through the transformer, checked as types, then fuzzed by value.
 * Each failure is shrunk by fast-check, replayed once to confirm it, deduplicated by signature,
 * and saved as test/fixtures/fuzz-regressions/<name>.json, which test/property/regressions.test.ts
 * replays. A watchdog terminates the worker if a case stops making progress (a hang that the
 * per-case hard limit did not catch), saves the input in flight, and starts a new worker.
 */
"use strict";
const path = require("node:path");
const fs = require("node:fs");
const { Worker } = require("node:worker_threads");

const args = parseArgs(process.argv.slice(2));
if (args.help) {
  process.stdout.write(`npm run fuzz -- [options]
  --minutes N      how long to run (default 3)
  --seed S         base seed (default: from the clock; printed at start)
  --only T[/P]     one zoo type (UserC or User), optionally one property:
                   ${"roundtrip, peer, prefixes, trailing, random-bytes, mutated, encode-corrupt"}
                   (with --types: --only /P, one property, "unrelated-line" too)
  --types [F,...]  fuzz generated types instead of the zoo: random declarations of the families
                   ${"pick-omit, inherited-names, template, container-union, tag-last"} (default: all),
                   --batch N per compiled program (default 20); each batch is checked as types first
                   (must-fail types rejected with their codes, the others compile, and an unrelated
                   line first changes no type model), then every property runs on each type
                   ("unrelated-line": the codec compiled after that line writes the same bytes)
  --runs N         cases per batch (default 50)
  --bound MS       time bound of one decode (default 50)
  --hard MS        hard limit of one case before it counts as a hang (default 3000)
  --stall S        watchdog: restart the worker after S seconds without progress (default 30)
New failures are saved in test/fixtures/fuzz-regressions/ and replayed by test/property/regressions.test.ts.
`);
  process.exit(0);
}
const minutes = Number(args.minutes ?? 3);
const baseSeed = args.seed !== undefined ? Number(args.seed) : Date.now() % 2 ** 31;
const stallSeconds = Number(args.stall ?? 30);
const deadline = Date.now() + minutes * 60_000;
const started = Date.now();
const ROOT = path.resolve(__dirname, "../..");
const REGRESSION_DIR = path.join(ROOT, "test/fixtures/fuzz-regressions");

// Shared with the worker: [beats, input length, stop flag, worker id], then the input in flight.
const INPUT_BYTES = 1 << 20;
const shared = new SharedArrayBuffer(16 + INPUT_BYTES);
const control = new Int32Array(shared, 0, 4);
const inFlightBytes = new Uint8Array(shared, 16);

const known = new Set();
for (const file of fs.existsSync(REGRESSION_DIR) ? fs.readdirSync(REGRESSION_DIR) : []) {
  if (!file.endsWith(".json")) continue;
  try {
    known.add(JSON.parse(fs.readFileSync(path.join(REGRESSION_DIR, file), "utf8")).signature);
  } catch {
    /* ignore */
  }
}

const stats = {
  knownHits: 0,
  cases: 0,
  batches: 0,
  saved: [],
  duplicates: 0,
  unconfirmed: 0,
  stalls: 0,
  workers: 0,
  perProperty: {},
  perType: {},
  // --types: generated types compiled (and fuzzed), rejected as they must be, and type problems found.
  typeBatches: 0,
  typesCompiled: 0,
  typesRejected: 0,
  typeProblems: 0,
};
let current = { type: "?", property: "?" };
let worker;
let lastBeat = 0,
  lastBeatAt = Date.now();

log(
  `seed ${baseSeed}, ${minutes} minute(s)${args.types ? `, generated types (${args.types === "true" ? "all families" : args.types})` : ""}${args.only ? `, only ${args.only}` : ""}; ${known.size} known regression signature(s)`,
);
startWorker();
const ticker = setInterval(tick, 1000);

function startWorker() {
  stats.workers++;
  Atomics.store(control, 2, 0);
  worker = new Worker(path.join(__dirname, "worker-entry.js"), {
    workerData: {
      shared,
      seed: (baseSeed + stats.workers * 7919) % 2 ** 31,
      only: args.only,
      runs: Number(args.runs ?? 50),
      bound: Number(args.bound ?? 50),
      hard: Number(args.hard ?? 3000),
      known: [...known],
      deadline,
      types: args.types,
      batch: Number(args.batch ?? 20),
    },
  });
  worker.on("message", onMessage);
  worker.on("error", (e) => log(`worker error: ${e?.stack || e}`));
  worker.on("exit", (code) => {
    if (Date.now() < deadline && !stopping) {
      log(`worker exited (${code}); starting a new one`);
      startWorker();
    } else finish();
  });
  lastBeat = Atomics.load(control, 0);
  lastBeatAt = Date.now();
}

function onMessage(m) {
  switch (m.kind) {
    case "ready":
      log(`worker ${stats.workers}: zoo of ${m.types} types × ${m.properties} properties compiled in ${m.ms} ms`);
      break;
    case "ready-types":
      log(
        `worker ${stats.workers}: generated types of ${m.families.join(", ")}, ${m.batch} per program × ${m.properties} properties`,
      );
      break;
    case "types":
      stats.typeBatches++;
      stats.typesCompiled += m.compiled;
      stats.typesRejected += m.rejected;
      stats.typeProblems += m.problems;
      break;
    case "batch-start":
      current = { type: m.type, property: m.property, family: m.family, source: m.source, spec: m.spec };
      break;
    case "batch": {
      stats.batches++;
      stats.cases += m.runs;
      stats.knownHits += m.suppressed || 0;
      stats.perProperty[m.property] = (stats.perProperty[m.property] ?? 0) + m.runs;
      stats.perType[m.type] = (stats.perType[m.type] ?? 0) + m.runs;
      break;
    }
    case "failure":
      record(m.regression, m.confirmed);
      break;
    case "log":
      log(m.text);
      break;
  }
}

function record(reg, confirmed) {
  if (known.has(reg.signature)) {
    stats.duplicates++;
    return;
  }
  if (!confirmed) {
    stats.unconfirmed++;
    log(`unconfirmed (did not reproduce on replay): ${reg.signature}`);
    return;
  }
  known.add(reg.signature);
  worker?.postMessage({ kind: "known", signature: reg.signature });
  fs.mkdirSync(REGRESSION_DIR, { recursive: true });
  const file = path.join(REGRESSION_DIR, reg.name + ".json");
  fs.writeFileSync(file, JSON.stringify(reg, null, 2) + "\n");
  stats.saved.push(path.relative(ROOT, file));
  log(
    `NEW ${reg.rule} in ${reg.type}/${reg.property}: ${reg.error.class}${reg.error.code ? " " + reg.error.code : ""} — ${reg.message.split("\n")[0].slice(0, 160)}\n        saved ${path.relative(ROOT, file)}`,
  );
}

let lastReport = Date.now();
let stopping = false;
function tick() {
  const now = Date.now();
  const beat = Atomics.load(control, 0);
  if (beat !== lastBeat) {
    lastBeat = beat;
    lastBeatAt = now;
  }
  if (!stopping && now - lastBeatAt > stallSeconds * 1000) {
    stats.stalls++;
    const n = Math.min(Atomics.load(control, 1), INPUT_BYTES);
    const hex = Buffer.from(inFlightBytes.subarray(0, n)).toString("hex");
    const who = current.family ? `gen-${current.family}` : current.type;
    const reg = {
      name: `${who}-${current.property}-stall-${(hashOf(hex) >>> 0).toString(16)}`,
      signature: `${who}|${current.property}|stall`,
      property:
        current.property === "prefixes" || current.property === "trailing" || current.property === "random-bytes"
          ? "random-bytes"
          : current.property,
      type: current.type,
      typeDisplay: current.type,
      rule: "stall",
      hex,
      error: { class: "stall", message: `no progress for ${stallSeconds} s` },
      message: `the worker made no progress for ${stallSeconds} s while running ${current.type}/${current.property}; the last decode input is saved`,
      found: new Date().toISOString(),
      ...(current.spec ? { source: current.source, generated: current.spec } : {}),
    };
    log(`STALL in ${current.type}/${current.property}; terminating the worker`);
    record(reg, true);
    lastBeatAt = now;
    worker.terminate();
    return;
  }
  if (now - lastReport >= 10_000) {
    lastReport = now;
    const elapsed = (now - started) / 1000;
    log(
      `${fmt(elapsed)} / ${fmt(minutes * 60)}  cases ${stats.cases} (${Math.round(stats.cases / elapsed)}/s)  batches ${stats.batches}${args.types ? `  types ${stats.typesCompiled}+${stats.typesRejected} rejected` : ""}  new ${stats.saved.length}  known-bug hits ${stats.knownHits + stats.duplicates}  stalls ${stats.stalls}  now ${current.type}/${current.property}`,
    );
  }
  if (!stopping && now >= deadline) {
    stopping = true;
    Atomics.store(control, 2, 1); // the worker stops after its current batch
    setTimeout(() => worker.terminate(), 60_000).unref();
  }
}

let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  clearInterval(ticker);
  const elapsed = (Date.now() - started) / 1000;
  log(
    `done after ${fmt(elapsed)}: ${stats.cases} cases in ${stats.batches} batches, ${stats.workers} worker(s), ${stats.stalls} stall(s)`,
  );
  log(
    `per property: ${Object.entries(stats.perProperty)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  log(
    `per type: ${Object.entries(stats.perType)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  if (args.types)
    log(
      `generated types: ${stats.typesCompiled} compiled and fuzzed, ${stats.typesRejected} rejected as expected, in ${stats.typeBatches} program(s); ${stats.typeProblems} type problem(s)`,
    );
  log(`new regressions: ${stats.saved.length}${stats.saved.map((f) => "\n  " + f).join("")}`);
  log(
    `known bugs hit again: ${stats.knownHits + stats.duplicates}; unconfirmed (did not reproduce): ${stats.unconfirmed}`,
  );
  process.exitCode = stats.saved.length > 0 ? 1 : 0;
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unexpected argument ${argv[i]}`);
    out[m[1]] =
      m[2] !== undefined ? m[2] : argv[i + 1] !== undefined && !argv[i + 1].startsWith("--") ? argv[++i] : "true";
  }
  return out;
}
function fmt(s) {
  return `${Math.floor(s / 60)}m${String(Math.floor(s % 60)).padStart(2, "0")}s`;
}
function hashOf(s) {
  let h = 7;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}
function log(text) {
  process.stdout.write(`[fuzz ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
}
