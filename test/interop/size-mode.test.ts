/**
 * Size mode (issue 60) on the large API types it exists for: Stripe's `Stripe.Event` (stripe@18.5.0,
 * the union of every typed event) and discord-api-types' `GatewayDispatchPayload`, each compiled in
 * both modes. A realistic value encodes to the same bytes in both and decodes back the same, bad
 * input fails with the same error, and size mode's code with its interpreter, bundled, minified and
 * gzipped, is a fraction of the default mode's: at most a quarter for Stripe.Event, a third for
 * GatewayDispatchPayload (issue 60 aims at a tenth; docs/performance.md, "Size mode", says what
 * the rest is made of).
 */
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";
import { CodecError } from "typed-msgpack";
import { compile, emitAsModule, type Compiled } from "../helpers/compile";
import { codecError } from "../roundtrip/helpers";

const ROOT = path.resolve(__dirname, "../..");

/** Compiles `codecFor<type>()` in one mode; fails on any diagnostic. */
function compileMode(name: string, imports: string, type: string, optimize: "speed" | "size"): Compiled {
  const compiled = compile(
    `interop_size_mode_${name}_${optimize}`,
    `${imports}
import { codecFor } from "typed-msgpack";
export const C = codecFor<${type}>({ optimize: "${optimize}" });
`,
  );
  if (compiled.diagnostics.length > 0) throw new Error(compiled.diagnostics.join("\n"));
  return compiled;
}

/**
 * The compiled module as an ES module, with the runtime it uses, bundled by esbuild (which leaves
 * out the runtime functions neither mode calls) and minified: its size, and gzipped.
 */
function bundled(compiled: Compiled): { min: number; gzip: number } {
  const result = buildSync({
    stdin: { contents: emitAsModule(compiled), resolveDir: path.dirname(compiled.file), loader: "js" },
    bundle: true,
    minify: true,
    write: false,
    platform: "neutral",
    format: "esm",
    mainFields: ["module", "main"],
    alias: {
      "typed-msgpack/internal": path.join(ROOT, "runtime/internal.ts"),
      "typed-msgpack/interpret": path.join(ROOT, "runtime/interpret/index.ts"),
    },
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const cases = [
  {
    name: "stripe_event",
    // stripe@18's types declare the module "stripe" (the repository's own stripe is 23).
    imports: `/// <reference path="${path.join(ROOT, "node_modules/stripe-18/types/index.d.ts")}" />
import type Stripe from "stripe";`,
    type: "Stripe.Event",
    sample: stripeEvent,
    ratio: 4,
    broken: (v: any) => ({ ...v, data: { ...v.data, object: { ...v.data.object, balance: "12" } } }),
  },
  {
    name: "discord_dispatch",
    imports: `import type { GatewayDispatchPayload } from "discord-api-types/v10";`,
    type: "GatewayDispatchPayload",
    sample: discordMessageCreate,
    ratio: 3,
    broken: (v: any) => ({ ...v, d: { ...v.d, author: { ...v.d.author, id: 7 } } }),
  },
];

describe.each(cases)("$type in both modes", ({ name, imports, type, sample, broken, ratio }) => {
  const speed = compileMode(name, imports, type, "speed");
  const size = compileMode(name, imports, type, "size");
  const fast = require(speed.file.replace(/\.ts$/, ".js")).C;
  const small = require(size.file.replace(/\.ts$/, ".js")).C;

  test("size mode's code is a table run by typed-msgpack/interpret", () => {
    expect(size.js).toContain('require("typed-msgpack/interpret")');
    expect(speed.js).not.toContain("typed-msgpack/interpret");
  });

  test("a realistic value: the same bytes in both modes, decoded back the same", () => {
    const value = sample();
    const bytes = fast.encode(value);
    expect(Buffer.from(small.encode(value)).toString("hex")).toBe(Buffer.from(bytes).toString("hex"));
    expect(small.decode(bytes)).toEqual(fast.decode(bytes));
    expect(small.decode(bytes)).toEqual(value);
  });

  test("bad values and bad bytes: the same CodecError in both modes", () => {
    const bad = broken(sample());
    const [a, b] = [codecError(() => fast.encode(bad)), codecError(() => small.encode(bad))];
    expect(b).toBeInstanceOf(CodecError);
    expect({ code: b.code, message: b.message, path: b.path }).toEqual({
      code: a.code,
      message: a.message,
      path: a.path,
    });
    const bytes = fast.encode(sample());
    for (const cut of [1, 7, 40, bytes.length - 1]) {
      const [x, y] = [
        codecError(() => fast.decode(bytes.subarray(0, cut))),
        codecError(() => small.decode(bytes.subarray(0, cut))),
      ];
      expect({ code: y.code, message: y.message, offset: y.offset }).toEqual({
        code: x.code,
        message: x.message,
        offset: x.offset,
      });
    }
    const flipped = Uint8Array.from(bytes);
    flipped[bytes.length - 1] = 0xc1; // never used
    const [x, y] = [codecError(() => fast.decode(flipped)), codecError(() => small.decode(flipped))];
    expect({ code: y.code, message: y.message, offset: y.offset }).toEqual({
      code: x.code,
      message: x.message,
      offset: x.offset,
    });
  });

  test("size mode with its interpreter, min+gzip, is a fraction of the default mode's", () => {
    const [a, b] = [bundled(speed), bundled(size)];
    // The figures docs/performance.md cites ("Size mode").
    process.stdout.write(
      `${type}: default ${a.min} B min, ${a.gzip} B min+gzip; size ${b.min} B min, ${b.gzip} B min+gzip (${(a.gzip / b.gzip).toFixed(1)}x)\n`,
    );
    expect(b.gzip * ratio).toBeLessThanOrEqual(a.gzip);
  });
});

/** A `customer.created` event as Stripe sends it (Stripe's example customer). */
function stripeEvent(): unknown {
  return {
    id: "evt_1NG8Du2eZvKYlo2CUI79vXWy",
    object: "event",
    api_version: "2025-08-27.basil",
    created: 1686089970,
    data: {
      object: {
        id: "cus_NffrFeUfNV2Hib",
        object: "customer",
        address: {
          city: "Paris",
          country: "FR",
          line1: "1 rue de Rivoli",
          line2: null,
          postal_code: "75001",
          state: null,
        },
        balance: -1250,
        created: 1680893993,
        currency: "eur",
        default_source: null,
        delinquent: false,
        description: null,
        discount: null,
        email: "jennyrosen@example.com",
        invoice_prefix: "0759376C",
        invoice_settings: {
          custom_fields: null,
          default_payment_method: "pm_1NUa",
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: { order_id: "6735" },
        name: "Jenny Rosen",
        next_invoice_sequence: 1,
        phone: null,
        preferred_locales: ["fr"],
        shipping: null,
        tax_exempt: "none",
        test_clock: null,
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: "req_QyDCzwZ5bTYVwp", idempotency_key: "a7f5c9e0-1d2b-4c3e-9f8a-6b5d4c3e2f1a" },
    type: "customer.created",
  };
}

/** A MESSAGE_CREATE dispatch as the gateway sends it. */
function discordMessageCreate(): unknown {
  return {
    op: 0,
    t: "MESSAGE_CREATE",
    s: 42,
    d: {
      id: "1180000000000000001",
      channel_id: "1180000000000000002",
      guild_id: "1180000000000000009",
      author: { id: "1180000000000000003", username: "ada", discriminator: "0", global_name: "Ada", avatar: null },
      member: {
        roles: ["1180000000000000010"],
        joined_at: "2024-01-01T00:00:00.000+00:00",
        deaf: false,
        mute: false,
        flags: 0,
      },
      content: "hello",
      timestamp: "2026-12-06T10:00:00.000+00:00",
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
      flags: 0,
    },
  };
}
