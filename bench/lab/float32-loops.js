#!/usr/bin/env node
// How fast is a `Float32[]` loop on its own? The benchmark's floats32 encoder allocates a 500 KB
// output a call, whose cost hides the loop's and spreads from process to process; here the encode
// loops write into one reused buffer (the decode rows still allocate their result array). Prints
// ns per element (median of 15 rounds of 100 ms, one process) on dataset floats32's values:
// - encode: the runtime's writeFloat32Array, the one-element-an-iteration loop it had until
//   2026-11-29, that loop without its range test, and the hand-written codec's loops
//   (bench/src/handwritten/floats32.ts, which tests nothing: four elements an iteration since
//   2026-11-29, one before);
// - decode: the runtime's readFloat32Array against its loop until 2026-11-29 (the hand-written
//   decoder's loop is now the runtime's).
// All but the runtime's rows are copies that restate a loop, with a bare `throw` where the runtime
// reports an error; the dataset's elements are 100,000 float 32s (no leftover elements, no other
// forms). Whole codecs, before against after: `node bench/ab.js solo <copy> . floats32 enc|dec`.
// Run: npm run build && node bench/index.js --help >/dev/null && node bench/lab/float32-loops.js
"use strict";
const { Writer } = require("../../dist/runtime/writer.js");
const { Reader } = require("../../dist/runtime/reader.js");
const { writeFloat32Array, readFloat32Array } = require("../../dist/runtime/widths.js");
const { makeDataset } = require("../.generated/data.js");

const xs = makeDataset("floats32").xs;
const n = xs.length;
const RUN = 4096;
// Every encode loop takes (writer, values) and reads the writer's buffer per run, as the runtime's
// does: a copy that closes over module constants instead measured up to 1.7x faster for that alone.
// Each variant is a function of its own, not one with a flag, so that V8 optimizes each alone.
const writer = new Writer();
writer.ensure(5 * n + 5);

/** The loop of writeFloat32Array until 2026-11-29: one element an iteration, the range test a sum of `f - f`. */
function oneAtATime(w, values) {
  const count = values.length;
  for (let start = 0; start < count; start += RUN) {
    const stop = Math.min(count, start + RUN);
    const bytes = w.bytes,
      view = w.view;
    let pos = w.pos;
    let infinite = 0;
    for (let i = start; i < stop; i++) {
      const x = values[i];
      if (typeof x !== "number") throw new TypeError("not a number");
      const f = Math.fround(x);
      infinite += f - f;
      bytes[pos] = 0xca;
      view.setFloat32(pos + 1, f);
      pos += 5;
    }
    if (infinite !== 0) throw new RangeError("out of range");
    w.pos = pos;
  }
}

/** The same without the range test. */
function oneAtATimeUnchecked(w, values) {
  const count = values.length;
  for (let start = 0; start < count; start += RUN) {
    const stop = Math.min(count, start + RUN);
    const bytes = w.bytes,
      view = w.view;
    let pos = w.pos;
    for (let i = start; i < stop; i++) {
      const x = values[i];
      if (typeof x !== "number") throw new TypeError("not a number");
      const f = Math.fround(x);
      bytes[pos] = 0xca;
      view.setFloat32(pos + 1, f);
      pos += 5;
    }
    w.pos = pos;
  }
}

/** The hand-written encode loop until 2026-11-29: one element an iteration, no test. */
function handWritten1(w, values) {
  const count = values.length;
  for (let start = 0; start < count; start += RUN) {
    const stop = Math.min(count, start + RUN);
    const bytes = w.bytes,
      view = w.view;
    let p = w.pos;
    for (let i = start; i < stop; i++) {
      bytes[p] = 0xca;
      view.setFloat32(p + 1, values[i]);
      p += 5;
    }
    w.pos = p;
  }
}

/** The hand-written encode loop now (bench/src/handwritten/floats32.ts), four elements an iteration. */
function handWritten4(w, values) {
  const count = values.length;
  for (let start = 0; start < count; start += RUN) {
    const stop = Math.min(count, start + RUN);
    const bytes = w.bytes,
      view = w.view;
    let p = w.pos,
      i = start;
    for (; i + 4 <= stop; i += 4) {
      bytes[p] = 0xca;
      view.setFloat32(p + 1, values[i]);
      bytes[p + 5] = 0xca;
      view.setFloat32(p + 6, values[i + 1]);
      bytes[p + 10] = 0xca;
      view.setFloat32(p + 11, values[i + 2]);
      bytes[p + 15] = 0xca;
      view.setFloat32(p + 16, values[i + 3]);
      p += 20;
    }
    for (; i < stop; i++) {
      bytes[p] = 0xca;
      view.setFloat32(p + 1, values[i]);
      p += 5;
    }
    w.pos = p;
  }
}

writer.pos = 0;
writeFloat32Array(writer, xs);
const wire = writer.bytes.slice(0, writer.pos);

/** readFloat32Array's loop until 2026-11-29 (its slow path, never taken here, throws instead). */
function readOneAtATime(r) {
  const count = r.arrayHeader();
  const result = new Array(count);
  const bytes = r.bytes,
    view = r.view,
    end = r.end;
  let pos = r.pos;
  for (let i = 0; i < count; i++) {
    if (bytes[pos] === 0xca && pos + 5 <= end) {
      result[i] = view.getFloat32(pos + 1);
      pos += 5;
    } else throw new TypeError("not a float 32");
  }
  r.pos = pos;
  return result;
}

const encodeInto = (loop) => () => {
  writer.pos = 0;
  loop(writer, xs);
};
const cases = {
  "encode: runtime (four at a time)": encodeInto(writeFloat32Array),
  "encode: one at a time (until 2026-11-29)": encodeInto(oneAtATime),
  "encode: one at a time, no range test": encodeInto(oneAtATimeUnchecked),
  "encode: hand-written, four at a time": encodeInto(handWritten4),
  "encode: hand-written, one at a time": encodeInto(handWritten1),
  "decode: runtime (four at a time)": () => readFloat32Array(new Reader(wire)),
  "decode: one at a time (until 2026-11-29)": () => readOneAtATime(new Reader(wire)),
};

function nsPerElement(fn, ms) {
  const t0 = performance.now();
  let calls = 0,
    t;
  do {
    fn();
    calls++;
  } while ((t = performance.now() - t0) < ms);
  return (1e6 * t) / calls / n;
}
for (const fn of Object.values(cases)) nsPerElement(fn, 700);
const rounds = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < 15; round++) {
  for (const [name, fn] of Object.entries(cases)) rounds[name].push(nsPerElement(fn, 100));
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(
  `Node ${process.versions.node}, ${n.toLocaleString("en-US")} elements; ns per element, median of 15 rounds`,
);
for (const [name, values] of Object.entries(rounds)) console.log(`${name.padEnd(44)} ${median(values).toFixed(2)}`);
