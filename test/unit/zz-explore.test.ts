import { load } from "../helpers/compile";
import { Reader, Writer, CodecError } from "../../runtime/index";
import { encode } from "@msgpack/msgpack";
const hex = (u: Uint8Array) => Buffer.from(u).toString("hex");
const tryIt = (f: () => unknown) => { try { return JSON.stringify(f(), (k, v) => typeof v === "bigint" ? String(v) : v); } catch (e: any) { return `${e.name} ${e.code} ${e.message}`; } };
test("explore", () => {
  const m = load("zzx_rt2", `import { codecFor } from "typed-msgpack";
export const O = codecFor<{ a: number }>();
type Shape = { name: string; kind: "circle"; r: number } | { name: string; kind: "square"; side: number };
export const S = codecFor<Shape>();
`);
  console.log(tryIt(() => m.O.decode(encode({ a: 1, extra: "hello" }))));
  console.log(tryIt(() => m.O.decode(encode({ extra: "hello", a: 1 }))));
  console.log(tryIt(() => m.O.decode(encode({ extra: new Uint8Array([1,2,3]), a: 1 }))));
  console.log(tryIt(() => m.O.decode(encode({ extra: 2n ** 63n, a: 1 }, { useBigInt64: true }))));
  const bytes = m.S.encode({ name: "c", kind: "circle", r: 2 });
  console.log(hex(bytes), tryIt(() => m.S.decode(bytes)));
  const r = new Reader(encode(["abc", 1])); r.arrayHeader(); r.skip(); console.log(r.pos);
});
