import { compile, load } from "../helpers/compile";

const SOURCE = `import { codecFor, wireMapping } from "typed-msgpack";
export class Money {
  constructor(readonly cents: bigint) {}
  toString() { return String(this.cents); }
}
export const MoneyWire = wireMapping<Money, string>({
  is: (v) => v instanceof Money,
  encode: (m) => m.toString(),
  decode: (s) => new Money(BigInt(s)),
});
export interface Order { id: number; total: Money; refund?: Money | null; lines: Money[] }
export const OrderCodec = codecFor<Order>();
`;

test("smoke", () => {
  const c = compile("wm_smoke", SOURCE);
  console.log(c.diagnostics, c.js);
  const m = load("wm_smoke", SOURCE);
  const v = { id: 1, total: new m.Money(12n), lines: [new m.Money(3n)] };
  const back = m.OrderCodec.decode(m.OrderCodec.encode(v));
  expect(back.total).toBeInstanceOf(m.Money);
  expect(back).toEqual(v);
});
