/**
 * Stripe 23 (issue 59): every `*_decimal` field is typed as Stripe's `Decimal`, a branded class
 * (`DecimalImpl & { [__brand]: "Decimal" }`), so no Stripe object type compiles without a way to
 * carry it. With one wire mapping (`Decimal` as its string) `codecFor<Stripe.Customer>()`
 * compiles, reaching `Decimal` in 23 places (prices through subscriptions, invoice lines, fleet
 * data...), and real-shaped objects round-trip with their decimals as Stripe's own `Decimal`.
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import Stripe from "stripe";
import { compile, load } from "../helpers/compile";
import { codecError } from "../roundtrip/helpers";

const SOURCE = `import { codecFor, wireMapping } from "typed-msgpack";
import Stripe from "stripe";
/** Stripe exports no Decimal class: its values share the prototype of Decimal.zero. */
const DECIMAL: object = Object.getPrototypeOf(Stripe.Decimal.zero);
export const DecimalWire = wireMapping<Stripe.Decimal, string>({
  is: (v) => typeof v === "object" && v !== null && Object.getPrototypeOf(v) === DECIMAL,
  encode: (d) => d.toString(),
  decode: (s) => Stripe.Decimal.from(s),
});
export const CustomerCodec = codecFor<Stripe.Customer>();
export const PriceCodec = codecFor<Stripe.Price>();
`;

const m = load<Record<string, any>>("interop_stripe_decimal", SOURCE);
const D = (s: string) => Stripe.Decimal.from(s);

/** A customer as the API returns it (Stripe's own example, with its sub-objects filled in). */
function customer(): Stripe.Customer {
  return {
    id: "cus_NffrFeUfNV2Hib",
    object: "customer",
    address: { city: "Paris", country: "FR", line1: "1 rue de Rivoli", line2: null, postal_code: "75001", state: null },
    balance: -1250,
    created: 1680893993,
    currency: "eur",
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: "jennyrosen@example.com",
    invoice_prefix: "0759376C",
    invoice_settings: { custom_fields: null, default_payment_method: "pm_1NUa", footer: null, rendering_options: null },
    livemode: false,
    metadata: { order_id: "6735" },
    name: "Jenny Rosen",
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: ["fr"],
    shipping: null,
    subscriptions: { object: "list", data: [], has_more: false, url: "/v1/customers/cus_NffrFeUfNV2Hib/subscriptions" },
    tax_exempt: "none",
    test_clock: null,
  };
}

/** A tiered price, whose amounts below the cent are Decimals. */
function price(): Stripe.Price {
  return {
    id: "price_1MoBy5LkdIwHu7ixZhnattbh",
    object: "price",
    active: true,
    billing_scheme: "tiered",
    created: 1679431181,
    currency: "usd",
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: "prod_NZKdYqrwEYx6iK",
    recurring: { interval: "month", interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
    tax_behavior: "unspecified",
    tiers: [
      {
        flat_amount: null,
        flat_amount_decimal: null,
        unit_amount: null,
        unit_amount_decimal: D("0.0125"),
        up_to: 1000,
      },
      {
        flat_amount: 500,
        flat_amount_decimal: D("500"),
        unit_amount: null,
        unit_amount_decimal: D("0.00875"),
        up_to: null,
      },
    ],
    tiers_mode: "graduated",
    transform_quantity: null,
    type: "recurring",
    unit_amount: null,
    unit_amount_decimal: D("12.3456789012345678901234567890"),
  };
}

test("codecFor<Stripe.Customer>() compiles with the mapping and round-trips a customer", () => {
  const value = customer();
  expect(m.CustomerCodec.decode(m.CustomerCodec.encode(value))).toEqual(value);
});

test("a Stripe.Price round-trips with its decimals as Stripe's Decimal, every digit kept", () => {
  const bytes = m.PriceCodec.encode(price());
  const back = m.PriceCodec.decode(bytes) as Stripe.Price;
  expect(back.unit_amount_decimal?.toString()).toBe("12.345678901234567890123456789");
  expect(back.unit_amount_decimal?.eq(D("12.3456789012345678901234567890"))).toBe(true);
  expect(back.tiers![1]!.unit_amount_decimal?.mul(D("1000")).toString()).toBe("8.75");
  expect(back.tiers![0]!.flat_amount_decimal).toBeNull();
  // On the wire, the strings Stripe's JSON has.
  const peer = peerDecode(bytes) as Record<string, any>;
  expect(peer.unit_amount_decimal).toBe("12.345678901234567890123456789");
  expect(peer.tiers[0].unit_amount_decimal).toBe("0.0125");
  // A string that is no decimal: a CodecError at its path.
  const bad = peerEncode({ ...peer, tiers: [{ ...peer.tiers[0], unit_amount_decimal: "1,5" }] });
  expect(codecError(() => m.PriceCodec.decode(bad))).toMatchObject({
    code: "type-mismatch",
    path: "$.tiers[0].unit_amount_decimal",
  });
});

test("without a mapping, the error names Decimal and shows how to declare one", () => {
  const c = compile(
    "interop_stripe_no_mapping",
    `import { codecFor } from "typed-msgpack";
import Stripe from "stripe";
export const PriceCodec = codecFor<Stripe.Price>();
`,
  );
  expect(c.diagnostics[0]).toContain("is an instance of class Decimal, which has the methods or accessors add, sub");
  expect(c.diagnostics[0]).toContain("export const DecimalWire = wireMapping<Decimal, string>(");
});
