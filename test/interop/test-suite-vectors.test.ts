import { inspect } from "node:util";
import { load } from "../helpers/compile";
import { CodecError, ExtData, type Codec } from "../../runtime/index";
import { hex } from "../helpers/bytes";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const suite = require("msgpack-test-suite") as Record<string, SuiteCase[]>;

interface SuiteCase {
  msgpack: string[];
  nil?: null;
  bool?: boolean;
  binary?: string;
  number?: number;
  bignum?: string;
  string?: string;
  array?: unknown[];
  map?: Record<string, unknown>;
  timestamp?: [number, number];
  ext?: [number, string];
}

const fromSuite = (h: string) => new Uint8Array(Buffer.from(h.replace(/-/g, ""), "hex"));
const toSuite = (b: Uint8Array) => hex(b).replace(/(..)(?!$)/g, "$1-");
function about<T>(b: Uint8Array, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof Error) e.message = `bytes: ${toSuite(b)}\n${e.message}`;
    throw e;
  }
}
function codecError(run: () => unknown): CodecError {
  let result: unknown;
  try {
    result = run();
  } catch (e) {
    expect(e).toBeInstanceOf(CodecError);
    return e as CodecError;
  }
  throw new Error(`expected a CodecError, got ${inspect(result)}`);
}
const isFloat = (h: string) => h.startsWith("ca") || h.startsWith("cb");

const C = load<Record<string, Codec<any>>>(
  "interop_test_suite",
  `
import { codecFor } from "typed-msgpack";
export const Nil = codecFor<null>();
export const Bool = codecFor<boolean>();
export const Bytes = codecFor<Uint8Array>();
export const Num = codecFor<number>();
export const Big = codecFor<bigint>();
export const Str = codecFor<string>();
export const Arr = codecFor<(number | string)[]>();
export const Rec = codecFor<Record<string, number | string>>();
export const NestedArr = codecFor<(number[] | Record<string, number>)[]>();
export const NestedRec = codecFor<Record<string, number[] | Record<string, number>>>();
export const DateC = codecFor<Date>();
export const Unk = codecFor<unknown>();
`,
);

/** Timestamps: the instant in whole milliseconds, truncated toward zero as @msgpack/msgpack does (a Date holds no nanoseconds). */
function timestampMs([sec, nsec]: [number, number]): number {
  const total = BigInt(sec) * 1_000_000_000n + BigInt(nsec);
  return Number(total / 1_000_000n); // BigInt division truncates toward zero
}

/** The typed codec a case fits, and the value it must decode to. */
function typed(file: string, c: SuiteCase): { codec: string; value: unknown }[] {
  const out: { codec: string; value: unknown }[] = [];
  if ("nil" in c) out.push({ codec: "Nil", value: null });
  if (c.bool !== undefined) out.push({ codec: "Bool", value: c.bool });
  if (c.binary !== undefined) out.push({ codec: "Bytes", value: fromSuite(c.binary) });
  if (c.number !== undefined) out.push({ codec: "Num", value: c.number });
  if (c.bignum !== undefined) out.push({ codec: "Big", value: BigInt(c.bignum) });
  if (c.string !== undefined) out.push({ codec: "Str", value: c.string });
  if (c.array !== undefined) out.push({ codec: file.startsWith("42") ? "NestedArr" : "Arr", value: c.array });
  if (c.map !== undefined) out.push({ codec: file.startsWith("42") ? "NestedRec" : "Rec", value: c.map });
  if (c.timestamp !== undefined) out.push({ codec: "DateC", value: new Date(timestampMs(c.timestamp)) });
  return out;
}

/** What `unknown` decodes an encoding of the case to. */
function dynamic(c: SuiteCase, encoding: string): unknown {
  if (c.ext !== undefined) return new ExtData(c.ext[0], fromSuite(c.ext[1]));
  if (c.bignum !== undefined && c.number === undefined && !isFloat(encoding)) return BigInt(c.bignum);
  const [first] = typed("", c);
  return first!.value;
}

const rows = Object.entries(suite).flatMap(([file, cases]) =>
  cases.map((c, i) => [`${file} #${i} ${inspect(c, { breakLength: Infinity }).slice(0, 80)}`, file, c] as const),
);

test("the suite is where we expect it", () => {
  expect(Object.keys(suite).length).toBeGreaterThanOrEqual(15);
  expect(rows.length).toBeGreaterThan(60);
});

describe.each(rows)("%s", (_label, file, c) => {
  const fits = typed(file, c);

  if (fits.length > 0)
    test.each(fits.map((f) => [f.codec, f] as const))(
      "%s decodes every listed encoding",
      (_codec, { codec, value }) => {
        for (const encoding of c.msgpack) {
          const b = fromSuite(encoding);
          if (codec === "Big" && isFloat(encoding)) {
            about(b, () =>
              expect(codecError(() => C.Big!.decode(b))).toMatchObject({ code: "type-mismatch", path: "$", offset: 0 }),
            );
            continue;
          }
          about(b, () => expect(C[codec]!.decode(b)).toEqual(value));
        }
      },
    );

  if (fits.length > 0)
    test.each(fits.map((f) => [f.codec, f] as const))(
      "%s encodes to one of the listed encodings",
      (_codec, { codec, value }) => {
        const ours = C[codec]!.encode(value);
        if (c.timestamp && c.timestamp[1] % 1_000_000 !== 0) {
          // a Date holds milliseconds: the sub-millisecond part is lost, so the bytes name the truncated instant
          about(ours, () => expect(C.DateC!.decode(ours)).toEqual(value));
          expect(c.msgpack).not.toContain(toSuite(ours));
          return;
        }
        about(ours, () => expect(c.msgpack).toContain(toSuite(ours)));
      },
    );

  if (c.bignum !== undefined && c.number === undefined) {
    test("as a number it is out of range, not rounded", () => {
      for (const encoding of c.msgpack) {
        const b = fromSuite(encoding);
        about(b, () =>
          expect(codecError(() => C.Num!.decode(b))).toMatchObject({ code: "out-of-range", path: "$", offset: 0 }),
        );
      }
    });
  }

  test("unknown decodes every listed encoding", () => {
    for (const encoding of c.msgpack) {
      const b = fromSuite(encoding);
      about(b, () => expect(C.Unk!.decode(b)).toEqual(dynamic(c, encoding)));
    }
  });

  if (c.ext !== undefined) {
    test("unknown re-encodes the extension to one of the listed encodings", () => {
      const ours = C.Unk!.encode(new ExtData(c.ext![0], fromSuite(c.ext![1])));
      about(ours, () => expect(c.msgpack).toContain(toSuite(ours)));
    });
  }
});
