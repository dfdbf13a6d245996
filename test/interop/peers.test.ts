/**
 * Issue 17's layouts and widths against other languages' MessagePack: Python's `msgpack` with a
 * reader that builds dataclasses from the arrays by position, and Rust's `rmp-serde`, which writes
 * structs as arrays by default (test/interop/peers/). Each peer reads our bytes, checks what it got,
 * and writes its own, which our codecs decode. Python's msgpack is installed with pip into the
 * tests' cache when the interpreter does not have it; rmp-serde is fetched by cargo. A missing
 * python3 or cargo fails the test: no peer is skipped.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { load } from "../helpers/compile";
import { GENERATED_DIR } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { fromHex, hex } from "../helpers/bytes";

const C = load<Record<string, Codec<any>>>(
  "interop_peers",
  `
import { codecFor, type Float32, type Int8, type Int64, type Uint16 } from "typed-msgpack";
export interface Item { sku: string; price: number; note?: string }
export interface Order { id: number; tag?: string; items: Item[]; gift?: boolean }
export interface Reading { sensor: Uint16; value: Float32; delta: Int8; id: Int64; samples: Float32[] }
export const OrderC = codecFor<Order>({ layout: "positional" });
export const ReadingC = codecFor<Reading>({ layout: "positional" });
`,
);

const ORDER = {
  id: 7,
  tag: undefined,
  items: [
    { sku: "ab", price: 1.5 },
    { sku: "cd", price: 2, note: "n" },
  ],
  gift: true,
};
const READING = { sensor: 513, value: 1.5, delta: -5, id: -(2 ** 40), samples: [0.5, -2] };
const INPUT = hex(C.OrderC!.encode(ORDER)) + "\n" + hex(C.ReadingC!.encode(READING)) + "\n";
const PEERS = path.join(__dirname, "peers");

/** What both peers write back (the same values in both languages), as our codecs decode it. */
function expectTheirMessages(orderHex: string, readingHex: string): void {
  expect(C.OrderC!.decode(fromHex(orderHex))).toEqual({
    id: 8,
    tag: expect.any(String),
    items: [{ sku: "x", price: 0.25, note: undefined }],
    gift: undefined,
  });
  expect(readingHex.slice(0, 2)).toBe("95");
  expect(readingHex).toContain("ca3dcccccd"); // 0.1 as float 32
  expect(C.ReadingC!.decode(fromHex(readingHex))).toEqual({
    sensor: 65535,
    value: Math.fround(0.1),
    delta: -128,
    id: -(2n ** 63n),
    samples: [Math.fround(1e-3), 3],
  });
}

/** PYTHONPATH with the msgpack package: the interpreter's own, else one pip installs into the tests' cache once. */
function pythonMsgpack(): NodeJS.ProcessEnv {
  if (spawnSync("python3", ["-c", "import msgpack"]).status === 0) return process.env;
  const target = path.join(__dirname, "../../node_modules/.cache/typed-msgpack-tests/python-msgpack-1.2.4");
  if (!fs.existsSync(path.join(target, "msgpack"))) {
    execFileSync(
      "python3",
      ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target", target, "msgpack==1.2.4"],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
  }
  return { ...process.env, PYTHONPATH: target };
}

test("Python msgpack reads our arrays into dataclasses by position and writes its own", () => {
  const [read, order, reading] = execFileSync("python3", [path.join(PEERS, "python_peer.py")], {
    input: INPUT,
    encoding: "utf8",
    env: pythonMsgpack(),
  })
    .trim()
    .split("\n");
  expect(JSON.parse(read!)).toEqual({
    order: {
      id: 7,
      tag: null,
      items: [
        { sku: "ab", price: 1.5, note: null },
        { sku: "cd", price: 2, note: "n" },
      ],
      gift: true,
    },
    reading: { sensor: 513, value: 1.5, delta: -5, id: -(2 ** 40), samples: [0.5, -2] },
  });
  expectTheirMessages(order!, reading!);
});

test("Rust rmp-serde reads our arrays into structs and writes its own", () => {
  const target = path.join(GENERATED_DIR, "rust-peer");
  // Fetches serde and rmp-serde from crates.io the first time; a failure to build fails the test.
  execFileSync("cargo", ["build", "--quiet", "--manifest-path", path.join(PEERS, "rust/Cargo.toml")], {
    env: { ...process.env, CARGO_TARGET_DIR: target },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [order, reading] = execFileSync(path.join(target, "debug/typed-msgpack-rust-peer"), {
    input: INPUT,
    encoding: "utf8",
  })
    .trim()
    .split("\n");
  expectTheirMessages(order!, reading!);
}, 600_000);
