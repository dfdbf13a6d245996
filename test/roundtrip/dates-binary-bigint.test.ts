import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { hex, fromHex, about, roundTrip, codecError, expectDecodeError } from "./helpers";
import { fixture } from "../helpers/fixtures";
import { same } from "../helpers/equal";

const C = load<Record<string, Codec<any>>>("roundtrip_dates_binary_bigint", fixture("roundtrip/dates-binary-bigint"));

describe("Date: timestamp extension -1", () => {
  const S32 = 2 ** 32,
    S34 = 2 ** 34;
  test.each([
    ["epoch", 0, "d6ff00000000"],
    ["one second", 1000, "d6ff00000001"],
    ["last 32-bit second", (S32 - 1) * 1000, "d6ffffffffff"],
    ["one millisecond", 1, "d7ff003d090000000000"],
    ["first second past 32 bits", S32 * 1000, "d7ff0000000100000000"],
    ["2024 with milliseconds", Date.UTC(2024, 1, 29, 12, 34, 56, 789), "d7ff"],
    ["last 64-bit millisecond", S34 * 1000 - 1, "d7ffee2e1f03ffffffff"],
    ["first second past 34 bits", S34 * 1000, "c70cff000000000000000400000000"],
    ["one millisecond before the epoch", -1, "c70cff3b8b87c0ffffffffffffffff"],
    ["one second before the epoch", -1000, "c70cff00000000ffffffffffffffff"],
    ["year 1", -62135596800000, "c70cff00000000fffffff1886e0900"],
    ["latest Date", 8.64e15, "c70cff"],
    ["earliest Date", -8.64e15, "c70cff"],
  ])("%s", (_label, ms, prefix) => {
    const encoded = roundTrip(C.DateC!, new Date(ms));
    expect(hex(encoded).startsWith(prefix)).toBe(true);
    expect(C.DateC!.decode(encoded).getTime()).toBe(ms);
  });

  test("Dates inside containers", () => {
    roundTrip(C.Dates!, [new Date(0), new Date(-123456789), new Date(1e12 + 1)]);
    roundTrip(
      C.BigKeys!,
      new Map([
        [1n, new Date(5)],
        [-(2n ** 63n), new Date(-5)],
      ]),
    );
  });

  test.each([
    ["int", "01", "type-mismatch"],
    ["str", "a0", "type-mismatch"],
    ["nil", "c0", "type-mismatch"],
    ["bin", "c40400000000", "type-mismatch"],
    ["another extension type", "d60100000000", "type-mismatch"],
    ["96-bit seconds 2^50, beyond Date range", "c70cff000000000004000000000000", "out-of-range"],
    ["96-bit seconds one past the latest Date", "c70cff00000000000007dba8218001", "out-of-range"],
    ["96-bit seconds one before the earliest Date", "c70cff00000000fffff82457de7fff", "out-of-range"],
    ["latest Date plus one millisecond", "c70cff000f4240000007dba8218000", "out-of-range"],
    ["most negative 96-bit seconds", "c70cff000000008000000000000000", "out-of-range"],
    ["timestamp of 5 bytes", "c705ff0000000000", "malformed"],
    ["64-bit nanoseconds of 10^9", "d7ffee6b280000000000", "malformed"],
  ])("decode rejects %s", (_label, wire, code) => {
    expectDecodeError(C.DateC!, wire, { path: "$", code, offset: 0 });
  });

  test("decode accepts the 96-bit form for any representable instant", () => {
    expect(C.DateC!.decode(fromHex("c70cff000000000000000000000001")).getTime()).toBe(1000); // 96-bit for a 32-bit second
    expect(C.DateC!.decode(fromHex("c70cff00000000000007dba8218000")).getTime()).toBe(8.64e15);
    expect(C.DateC!.decode(fromHex("c8000cff000000000000000000000001")).getTime()).toBe(1000); // ext 16 header
    expect(C.DateC!.decode(fromHex("c704ff00000001")).getTime()).toBe(1000); // ext 8 header around the 32-bit form
  });

  test.each([
    ["d6ff0000", "incomplete"],
    ["d7ff00", "incomplete"],
    ["c70cff0000", "incomplete"],
  ])("truncated %s", (wire, code) => {
    expectDecodeError(C.DateC!, wire, { path: "$", code });
  });

  test.each([
    ["an invalid Date", new Date(NaN)],
    ["a string", "2020-01-01"],
    ["a number", 0],
    ["a plain object", {}],
    ["null", null],
  ])("encode rejects %s", (_label, value) => {
    expect(codecError(() => C.DateC!.encode(value))).toMatchObject({ path: "$", offset: -1 });
  });
});

describe("Uint8Array and ArrayBuffer: bin", () => {
  test.each([
    [0, "c400"],
    [1, "c401"],
    [255, "c4ff"],
    [256, "c50100"],
    [65535, "c5ffff"],
    [65536, "c600010000"],
  ])("%i bytes", (n, header) => {
    const value = Uint8Array.from({ length: n }, (_, i) => (i * 7) & 0xff);
    const encoded = roundTrip(C.Bytes!, value);
    expect(hex(encoded.subarray(0, header.length / 2))).toBe(header);
    expect(hex(encoded.subarray(header.length / 2))).toBe(hex(value));
    const viaBuffer = C.Buf!.encode(value.slice().buffer);
    expect(hex(viaBuffer)).toBe(hex(encoded));
    const decoded = C.Buf!.decode(viaBuffer);
    expect(decoded).toBeInstanceOf(ArrayBuffer);
    expect(hex(decoded)).toBe(hex(value));
  });

  test("views encode only their own bytes", () => {
    const big = Uint8Array.from([9, 1, 2, 9]);
    expect(hex(C.Bytes!.encode(big.subarray(1, 3)))).toBe("c4020102");
    expect(hex(C.Bytes!.encode(Buffer.from([1, 2])))).toBe("c4020102");
  });

  // decode must copy: the result never aliases the input, whatever form the input takes
  const inputs: [
    string,
    (wire: Uint8Array) => { input: Uint8Array | ArrayBuffer | ArrayBufferView; scribble(): void },
  ][] = [
    [
      "a Uint8Array",
      (w) => {
        const input = w.slice();
        return { input, scribble: () => input.fill(0xee) };
      },
    ],
    [
      "an ArrayBuffer",
      (w) => {
        const input = w.slice().buffer;
        return { input, scribble: () => new Uint8Array(input).fill(0xee) };
      },
    ],
    [
      "a Buffer",
      (w) => {
        const input = Buffer.from(w);
        return { input, scribble: () => input.fill(0xee) };
      },
    ],
    [
      "a Buffer slice",
      (w) => {
        const outer = Buffer.concat([Buffer.from([0xff]), Buffer.from(w), Buffer.from([0xff])]);
        return { input: outer.subarray(1, 1 + w.length), scribble: () => outer.fill(0xee) };
      },
    ],
    [
      "a DataView",
      (w) => {
        const outer = new Uint8Array(w.length + 2);
        outer.set(w, 1);
        return { input: new DataView(outer.buffer, 1, w.length), scribble: () => outer.fill(0xee) };
      },
    ],
  ];
  test.each(inputs)("Uint8Array decoded from %s is a copy", (_label, make) => {
    const wire = fromHex("c403010203");
    const { input, scribble } = make(wire);
    const out = C.Bytes!.decode(input);
    scribble();
    expect(out.byteLength).toBe(3);
    expect(hex(out)).toBe("010203");
  });
  test.each(inputs)("ArrayBuffer decoded from %s is a copy of the payload only", (_label, make) => {
    const { input, scribble } = make(fromHex("c403010203"));
    const out = C.Buf!.decode(input);
    scribble();
    expect(out).toBeInstanceOf(ArrayBuffer);
    expect(out.byteLength).toBe(3);
    expect(hex(out)).toBe("010203");
  });

  test("small payloads share buffers of their own input only, each next buffer twice the last up to 64 KB", () => {
    // 60 payloads of 3,000 bytes (180 KB): more than one buffer of each size.
    const payloads = Array.from({ length: 60 }, (_, i) => new Uint8Array(3000).fill(i));
    const wire = C.ByteList!.encode(payloads);
    const first = C.ByteList!.decode(wire) as Uint8Array[];
    const second = C.ByteList!.decode(wire) as Uint8Array[];
    same(first, payloads);
    const buffers = [...new Set(first.map((b) => b.buffer))];
    expect(buffers.map((b) => b.byteLength)).toEqual([16384, 32768, 65536, 65536, 65536]);
    for (const b of second) expect(buffers).not.toContain(b.buffer);
    // Regions never overlap: rewriting one payload leaves every other intact.
    first[0]!.fill(0xee);
    same(first.slice(1), payloads.slice(1));
    // One payload alone gets one small buffer.
    expect(C.Bytes!.decode(C.Bytes!.encode(new Uint8Array(10))).buffer.byteLength).toBe(16384);
  });

  test.each([
    ["Bytes", "a161", "type-mismatch"],
    ["Bytes", "9101", "type-mismatch"],
    ["Bytes", "c0", "type-mismatch"],
    ["Buf", "a0", "type-mismatch"],
    ["Bytes", "d40110", "type-mismatch"],
    ["Bytes", "c40501", "incomplete"],
    ["Bytes", "c6000010000102", "incomplete"],
    ["Buf", "c5", "incomplete"],
  ])("%s rejects %s", (name, wire, code) => {
    expectDecodeError(C[name]!, wire, code === "incomplete" ? { path: "$", code } : { path: "$", code, offset: 0 });
  });

  test.each([
    ["Bytes", "ab"],
    ["Bytes", [1, 2]],
    ["Bytes", new Uint16Array(2)],
    ["Bytes", new ArrayBuffer(2)],
    ["Bytes", new DataView(new ArrayBuffer(2))],
    ["Buf", new Uint8Array(2)],
    ["Buf", "ab"],
    ["Buf", null],
  ])("%s encode rejects %p", (name, value) => {
    expect(codecError(() => C[name]!.encode(value))).toMatchObject({ path: "$", code: "type-mismatch", offset: -1 });
  });
});

describe("bigint: uint 64 / int 64", () => {
  test.each([
    [0n, "cf0000000000000000"],
    [1n, "cf0000000000000001"],
    [2n ** 53n + 1n, "cf0020000000000001"],
    [2n ** 63n, "cf8000000000000000"],
    [2n ** 64n - 1n, "cfffffffffffffffff"],
    [-1n, "d3ffffffffffffffff"],
    [-5n, "d3fffffffffffffffb"],
    [-(2n ** 63n), "d38000000000000000"],
  ])("%p -> %s", (value, wire) => {
    expect(hex(roundTrip(C.Big!, value))).toBe(wire);
  });

  test.each([
    ["05", 5n],
    ["ff", -1n],
    ["e0", -32n],
    ["cc80", 128n],
    ["cdffff", 65535n],
    ["ceffffffff", 4294967295n],
    ["d080", -128n],
    ["d18000", -32768n],
    ["d280000000", -2147483648n],
    ["d37fffffffffffffff", 2n ** 63n - 1n],
    ["d30000000000000005", 5n],
  ])("decode accepts %s", (wire, value) => {
    about(fromHex(wire), () => expect(C.Big!.decode(fromHex(wire))).toBe(value));
  });

  test.each([["cb4014000000000000"], ["ca40a00000"], ["a135"], ["c0"], ["c3"], ["c40105"]])(
    "decode rejects %s (float/str/... for bigint)",
    (wire) => {
      expectDecodeError(C.Big!, wire, { path: "$", code: "type-mismatch", offset: 0 });
    },
  );

  test.each([[2n ** 64n], [-(2n ** 63n) - 1n], [2n ** 100n]])("encode rejects %p (outside 64 bits)", (value) => {
    expect(codecError(() => C.Big!.encode(value))).toMatchObject({ path: "$", offset: -1 });
  });

  test.each([[5], ["5"], [null], [undefined]])("encode rejects %p", (value) => {
    expect(codecError(() => C.Big!.encode(value))).toMatchObject({ path: "$", code: "type-mismatch", offset: -1 });
  });
});

describe("all together in one object", () => {
  const value = () => ({ at: new Date(1234), data: Uint8Array.from([1, 2]), raw: Uint8Array.from([3]).buffer, n: -7n });
  test("round trip", () => {
    const encoded = C.Rec!.encode(value());
    const decoded = about(encoded, () => C.Rec!.decode(encoded));
    expect(decoded.at).toEqual(new Date(1234));
    expect(hex(decoded.data)).toBe("0102");
    expect(hex(decoded.raw)).toBe("03");
    expect(decoded.n).toBe(-7n);
    expect(hex(C.Rec!.encode(decoded))).toBe(hex(encoded));
  });
  test.each([
    ["at", new Date(NaN)],
    ["at", "now"],
    ["data", "x"],
    ["data", new Uint8Array(1).buffer],
    ["raw", new Uint8Array(1)],
    ["n", 2n ** 64n],
    ["n", 7],
  ])("encode rejects .%s = %p", (key, bad) => {
    expect(codecError(() => C.Rec!.encode({ ...value(), [key]: bad }))).toMatchObject({ path: "$." + key, offset: -1 });
  });
});
