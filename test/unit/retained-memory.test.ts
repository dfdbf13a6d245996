/**
 * A codec reuses its writer between calls, but never keeps more than 1 MB of buffer after one:
 * encoding one huge value must not hold memory of its size for the life of the process.
 */
import * as v8 from "node:v8";
import * as vm from "node:vm";
import { load } from "../helpers/compile";
import { bySize, fullTest } from "../helpers/tier";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** The huge value: 50 MB, 8 MB in the fast tier (test/helpers/tier.ts), still 4 times RETAINED_MAX. */
const BIG = bySize(50, 8) << 20;
const MB = `${BIG >> 20} MB`;
const RETAINED_MAX = 2 << 20; // the 1 MB the writer may keep, and slack for the test's own buffers

function arrayBuffersAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

const codecs = load<Record<string, any>>(
  "retained_memory",
  `import { codecFor } from "typed-msgpack";
export interface Blob { name: string; data: Uint8Array }
export const BlobCodec = codecFor<Blob>();
export const ChunksCodec = codecFor<Uint8Array[]>();
export const PartsCodec = codecFor<{ parts: Uint8Array[] }>();
export const LabelledCodec = codecFor<{ tag: string; label: string; pad: Uint8Array }>();
export const PaddedCodec = codecFor<{ before: Uint8Array; label: string; after: Uint8Array }>();
`,
);

// The fast tier (test/helpers/tier.ts) keeps one test of each kind: a buffer handed over, one copied
// out, a failed encode, a huge output's buffer of its own, decoded strings; full runs the variants too.
const encodes: [string, () => Uint8Array][] = [
  ["handed over (output fills the buffer)", () => codecs.BlobCodec.encode({ name: "big", data: new Uint8Array(BIG) })],
  // A str of 100 characters after the bin goes through a Buffer over the writer's memory (writeString): not kept either.
  [
    "handed over, a long str at its end",
    () => codecs.PaddedCodec.encode({ before: new Uint8Array(BIG), label: "x".repeat(100), after: new Uint8Array(0) }),
  ],
  [
    "copied (output fills less than half of the buffer)",
    () => codecs.ChunksCodec.encode(Array.from({ length: 9 }, () => new Uint8Array(BIG / 8))),
  ],
];

test.each(bySize(encodes, [encodes[0]!, encodes[2]!]))(
  `after a ${MB} encode whose result is %s, the codec keeps at most 1 MB`,
  (_name, encode) => {
    const before = arrayBuffersAfterGc();
    let out: Uint8Array | undefined = encode();
    expect(out!.length).toBeGreaterThan(BIG);
    out = undefined;
    expect(arrayBuffersAfterGc() - before).toBeLessThan(RETAINED_MAX);
    // The codec still works, and small values still round-trip through the kept writer.
    expect(codecs.BlobCodec.decode(codecs.BlobCodec.encode({ name: "small", data: new Uint8Array([1, 2]) }))).toEqual({
      name: "small",
      data: new Uint8Array([1, 2]),
    });
  },
);

fullTest(`encodeInto keeps nothing of the caller's ${MB} target, also after a long str written into it`, () => {
  const before = arrayBuffersAfterGc();
  const encodeIntoBig = (): number =>
    codecs.PaddedCodec.encodeInto(
      { before: new Uint8Array(0), label: "x".repeat(100), after: new Uint8Array(0) },
      new Uint8Array(BIG),
    );
  expect(encodeIntoBig()).toBe(126);
  expect(arrayBuffersAfterGc() - before).toBeLessThan(RETAINED_MAX);
});

test(`a ${MB} encode that fails half-way keeps at most 1 MB`, () => {
  const before = arrayBuffersAfterGc();
  const chunks: unknown[] = Array.from({ length: 8 }, () => new Uint8Array(BIG / 8));
  chunks.push("not bytes");
  expect(() => codecs.PartsCodec.encode({ parts: chunks })).toThrow("$.parts[8]: expected a Uint8Array");
  chunks.length = 0;
  expect(arrayBuffersAfterGc() - before).toBeLessThan(RETAINED_MAX);
});

test(`after a ${MB} output the next goes into a buffer of its own (Writer.begin), kept neither after it nor after one that fails`, () => {
  // Inputs and decoded copies made and dropped inside these functions, so that no frame of the test keeps them.
  const encodeBig = (): Uint8Array => codecs.BlobCodec.encode({ name: "big", data: new Uint8Array(BIG).fill(7) });
  const allSevens = (bytes: Uint8Array): boolean => codecs.BlobCodec.decode(bytes).data.every((b: number) => b === 7);
  const before = arrayBuffersAfterGc();
  const firstLength = encodeBig().length;
  const second = encodeBig();
  expect(second.length).toBe(firstLength);
  expect(allSevens(second)).toBe(true);
  // A third, started the same way, fails: its buffer is given back too, and the kept one is back.
  expect(() => codecs.BlobCodec.encode({ name: 1, data: new Uint8Array(2) })).toThrow("$.name: expected a string");
  expect(arrayBuffersAfterGc() - before - second.buffer.byteLength).toBeLessThan(RETAINED_MAX);
  expect(codecs.BlobCodec.decode(codecs.BlobCodec.encode({ name: "small", data: new Uint8Array([1, 2]) }))).toEqual({
    name: "small",
    data: new Uint8Array([1, 2]),
  });
});

test("a decoded string keeps at most the 1 KB latin1 copy around it alive, never its message: 4,000 kept labels of 4 KB messages take under 6 MB", () => {
  // ASCII strs are sliced from a latin1 copy of the next 1 KB of input (readString); V8 makes a
  // slice of 13 characters or more a view of that copy. Holding the 4 KB message would be 16 MB.
  const message = (i: number) => ({
    tag: "t",
    label: `label-${i}`.padEnd(20, "x"),
    pad: new Uint8Array(4_000).fill(0x66),
  });
  const inputs = Array.from({ length: 20 }, (_, i) => codecs.LabelledCodec.encode(message(i)));
  const kept: string[] = [];
  const heapAfterGc = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = heapAfterGc();
  for (let i = 0; i < 4_000; i++) {
    const { tag, label } = codecs.LabelledCodec.decode(inputs[i % 20]!);
    kept.push(tag, label);
  }
  expect(heapAfterGc() - before).toBeLessThan(6 << 20);
  expect(kept.slice(-2)).toEqual(["t", "label-19xxxxxxxxxxxx"]);
});

fullTest(
  "a str far from the strs before it is copied alone: 4,000 kept labels between two 2 KB bins take under 1 MB",
  () => {
    // A latin1 copy of the 1 KB after each label would keep 4 MB alive; asciiText copies a str
    // that starts more than SPARSE_GAP bytes past the last copy on its own.
    const inputs = Array.from({ length: 20 }, (_, i) =>
      codecs.PaddedCodec.encode({
        before: new Uint8Array(2_000),
        label: `label-${i}`.padEnd(20, "x"),
        after: new Uint8Array(2_000),
      }),
    );
    const kept: string[] = [];
    const heapAfterGc = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = heapAfterGc();
    for (let i = 0; i < 4_000; i++) kept.push(codecs.PaddedCodec.decode(inputs[i % 20]!).label);
    expect(heapAfterGc() - before).toBeLessThan(1 << 20);
    expect(kept.slice(-1)).toEqual(["label-19xxxxxxxxxxxx"]);
  },
);
