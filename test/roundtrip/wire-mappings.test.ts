/**
 * Wire mappings (issue 59): a class declared once with `wireMapping<T, W>({ is, encode, decode })`
 * travels as its wire type W in every codec that reaches it, compiled through the real
 * transformer. decimal.js `Decimal` as a string, bson `ObjectId` as 12 bytes of bin, the lib's
 * `URL` as a string, a class of the project's own; in the codec's module or another; in unions
 * with nil and with members of other MessagePack types; hostile bytes and values.
 * (test/integration/wire-mappings.test.ts runs the same on the compiler plugin's and generate's
 * routes in node; the golden case wire-mappings holds TypeScript 7's checker to the same model.)
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import { Decimal128, ObjectId } from "bson";
import Decimal from "decimal.js";
import { compile, load } from "../helpers/compile";
import { codecError, decodeError, expectEncodeError, hex, roundTrip } from "./helpers";
import { fixture } from "../helpers/fixtures";

// The mappings, in a module of their own (test/fixtures/roundtrip/wm_money.ts) that the codecs' module imports the classes from.
compile("wm_money", fixture("roundtrip/wm_money"));

const m = load<Record<string, any>>("wm_order", fixture("roundtrip/wm_order"));

function order() {
  return {
    _id: new ObjectId("65f0a1b2c3d4e5f601234567"),
    total: new Decimal("1234.5600000000000000001"),
    discount: null,
    lines: [{ sku: new m.Sku("tee", 3), price: new Decimal("0.1"), qty: 2 }],
    byCode: { eur: new Decimal("-1e-30") },
    site: new URL("https://shop.example/o/1?x=1"),
  };
}

describe("a mapped class travels as its wire type", () => {
  test("decimal.js, bson, URL and a project class round-trip as instances, with every digit", () => {
    const value = order();
    const back = m.OrderCodec.decode(m.OrderCodec.encode(value));
    expect(back.total).toBeInstanceOf(Decimal);
    expect(back.total.toString()).toBe("1234.5600000000000000001");
    expect(back._id).toBeInstanceOf(ObjectId);
    expect(back._id.toHexString()).toBe("65f0a1b2c3d4e5f601234567");
    expect(back.lines[0].sku).toBeInstanceOf(m.Sku);
    expect(back.lines[0].sku.label()).toBe("tee/3");
    expect(back.site).toBeInstanceOf(URL);
    expect(back.site.href).toBe("https://shop.example/o/1?x=1");
    expect(back.byCode.eur.eq(new Decimal("-1e-30"))).toBe(true);
    expect(back.discount).toBeNull();
  });

  test("the bytes are the wire type's: a str, a bin 8 of 12 bytes, a map; other MessagePack libraries read them", () => {
    expect(hex(m.DecimalCodec.encode(new Decimal("1.5")))).toBe("a3312e35");
    expect(hex(m.IdsCodec.encode([new ObjectId("65f0a1b2c3d4e5f601234567")]))).toBe("91c40c65f0a1b2c3d4e5f601234567");
    const peer = peerDecode(m.OrderCodec.encode(order())) as Record<string, any>;
    expect(peer.total).toBe("1234.5600000000000000001");
    expect(Buffer.from(peer._id).toString("hex")).toBe("65f0a1b2c3d4e5f601234567");
    expect(peer.lines[0].sku).toEqual({ code: "tee", size: 3 });
    expect(peer.site).toBe("https://shop.example/o/1?x=1");
    // And what they write decodes.
    const back = m.OrderCodec.decode(peerEncode({ ...peer, discount: "2.5" }));
    expect(back.discount).toBeInstanceOf(Decimal);
    expect(back.discount.toString()).toBe("2.5");
  });

  test("unions: nil beside a mapped class, and members of other MessagePack types", () => {
    expect(roundTrip(m.AmountCodec, 3)).toBeDefined();
    expect(roundTrip(m.AmountCodec, null)).toBeDefined();
    const d = m.AmountCodec.decode(m.AmountCodec.encode(new Decimal("7.25")));
    expect(d).toBeInstanceOf(Decimal);
    expect(d.toString()).toBe("7.25");
    const id = m.IdOrNameCodec.decode(m.IdOrNameCodec.encode(new ObjectId("65f0a1b2c3d4e5f601234567")));
    expect(id).toBeInstanceOf(ObjectId);
    expect(m.IdOrNameCodec.decode(m.IdOrNameCodec.encode({ name: "x" }))).toEqual({ name: "x" });
  });
});

describe("hostile input inside a mapped value is a CodecError with path", () => {
  test("a str the mapping's decode refuses: type-mismatch at the value's path and offset", () => {
    const bytes = peerEncode({ ...(peerDecode(m.OrderCodec.encode(order())) as object), total: "12,5" });
    const e = codecError(() => m.OrderCodec.decode(bytes));
    expect(e).toMatchObject({ code: "type-mismatch", path: "$.total" });
    expect(e.message).toContain("expected Decimal, but its wire mapping failed to decode it: [DecimalError]");
    expect(bytes[e.offset]).toBe(0xa4); // the str header of "12,5"
  });

  test("the wire type is checked before the mapping sees it; a short ObjectId is refused by the mapping", () => {
    expect(decodeError(m.DecimalCodec, "01")).toMatchObject({ code: "type-mismatch", path: "$", offset: 0 });
    const e = decodeError(m.IdsCodec, "91c403010203");
    expect(e).toMatchObject({ code: "type-mismatch", path: "$[0]", offset: 1 });
    expect(e.message).toContain("an ObjectId is 12 bytes, not 3");
    const plain = peerDecode(m.OrderCodec.encode(order())) as object;
    expect(decodeError(m.OrderCodec, hex(peerEncode({ ...plain, site: "not a url" })))).toMatchObject({
      code: "type-mismatch",
      path: "$.site",
    });
  });

  test("encode refuses what the mapping's `is` refuses, and a throwing encode, at the path", () => {
    expectEncodeError(m.OrderCodec, { ...order(), total: "1.5" }, { path: "$.total", code: "type-mismatch" });
    expect(codecError(() => m.DecimalCodec.encode(1.5)).message).toBe("$: expected Decimal, got number 1.5");
    const broken = new m.Sku("x", 1);
    Object.defineProperty(broken, "code", {
      get: () => {
        throw new Error("boom");
      },
    });
    const e = codecError(() =>
      m.OrderCodec.encode({ ...order(), lines: [{ sku: broken, price: new Decimal(1), qty: 1 }] }),
    );
    expect(e).toMatchObject({ code: "type-mismatch", path: "$.lines[0].sku", offset: -1 });
    expect(e.message).toContain("the wire mapping of Sku failed to encode it: boom");
  });
});

// Extension mappings: a class as a MessagePack extension type of the project's choosing.
describe("extension mappings: a class as an extension type", () => {
  const e = load<Record<string, any>>("wm_ext", fixture("roundtrip/wm_ext"));
  const paint = () => ({
    price: Decimal128.fromString("19.99"),
    color: new e.Rgb(255, 128, 0),
    accents: [new e.Rgb(0, 0, 1), "gold"],
  });

  test("round-trips as instances; the bytes are fixext 16 of type 19 and ext 8 of type 0, which other libraries read", () => {
    const bytes = e.PaintCodec.encode(paint());
    const back = e.PaintCodec.decode(bytes);
    expect(back.price).toBeInstanceOf(Decimal128);
    expect(back.price.toString()).toBe("19.99");
    expect(back.color.hex()).toBe("ff8000");
    expect(back.accents[0].hex()).toBe("000001");
    expect(back.accents[1]).toBe("gold");
    expect(hex(e.PriceCodec.encode(Decimal128.fromString("1.5")))).toBe(
      "d813" + hex(Decimal128.fromString("1.5").bytes),
    );
    expect(hex(e.PriceCodec.encode(null))).toBe("c0");
    const peer = peerDecode(bytes) as Record<string, any>;
    expect(peer.color).toMatchObject({ type: 0, data: Uint8Array.of(255, 128, 0) });
    expect(peer.price.type).toBe(19);
  });

  test("another ext type, another family, or data the mapping refuses: a CodecError at the path and offset", () => {
    expect(decodeError(e.PriceCodec, "d5050102")).toMatchObject({ code: "type-mismatch", path: "$", offset: 0 });
    expect(decodeError(e.PriceCodec, "d5050102").message).toBe("$: expected ext type 19, got ext type 5 at byte 0");
    expect(decodeError(e.PriceCodec, "a131").message).toBe("$: expected null | Decimal128, got str (0xa1) at byte 0");
    const short = decodeError(e.PriceCodec, "d6130102030a");
    expect(short).toMatchObject({ code: "type-mismatch", path: "$", offset: 0 });
    expect(short.message).toContain("Decimal128 must take a Buffer of 16 bytes");
    expect(decodeError(e.PriceCodec, "d813")).toMatchObject({ code: "incomplete" });
  });

  test("encode refuses another value, and data that is not bytes", () => {
    expectEncodeError(e.PaintCodec, { ...paint(), color: "orange" }, { path: "$.color", code: "type-mismatch" });
    const wrong = codecError(() => e.PaintCodec.encode({ ...paint(), accents: [new e.Rgb(-1, 0, 0)] }));
    expect(wrong).toMatchObject({ path: "$.accents[0]", code: "type-mismatch" });
    expect(wrong.message).toContain("expected a Uint8Array from the mapping (the data of ext type 0), got string");
  });

  test("an id that is no literal from 0 to 127 (TS91033); an extension beside Date shares ext (TS91032)", () => {
    const c = compile("wm_ext_errors", fixture("roundtrip/wm_ext_errors"));
    expect(c.diagnostics).toEqual([
      expect.stringContaining(
        "$.a is A, whose extension mapping AExt is declared with the extension type -1; write the type as an integer literal from 0 to 127",
      ),
      expect.stringContaining("$.b is B, whose extension mapping BExt is declared with the extension type ID;"),
      expect.stringContaining(
        "$.when is a union whose member Rgb, written through its wire mapping as MessagePack ext, shares that type with Date",
      ),
    ]);
  });
});

describe("compile-time errors", () => {
  test("a class without a mapping names the class and shows how to declare one", () => {
    const c = compile("wm_missing", fixture("roundtrip/wm_missing"));
    const message = c.diagnostics.join("\n");
    expect(message).toContain("$.price is an instance of class Decimal");
    expect(message).toContain(
      "declare how Decimal travels with a wire mapping, once in the project: export const DecimalWire = wireMapping<Decimal, string>({ is: (v) => v instanceof Decimal,",
    );
  });

  test("a mapped class beside a member of its wire type's MessagePack type (TS91032)", () => {
    const c = compile("wm_union", fixture("roundtrip/wm_union"));
    expect(c.diagnostics).toEqual([
      expect.stringContaining(
        "$.a is a union whose member Decimal, written through its wire mapping as MessagePack str, shares that type with string",
      ),
    ]);
  });

  test("a wire type that holds the class again (TS91031); a wrongly typed mapping is the compiler's own error", () => {
    const c = compile("wm_itself", fixture("roundtrip/wm_itself"));
    expect(c.diagnostics).toEqual([
      expect.stringMatching(/Type 'number' is not assignable to type 'string'/),
      expect.stringContaining("$.next is Node, whose wire mapping NodeWire writes it as a type that holds Node again"),
    ]);
  });
});
