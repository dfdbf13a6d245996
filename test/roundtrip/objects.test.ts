import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { hex, fromHex, str, about, roundTrip, codecError, decodeError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const M = load("roundtrip_objects", fixture("roundtrip/objects"));
const C = M as Record<string, Codec<any>>;

const user = { id: 1, name: "a", tags: [] as string[] };
const userWire = "83" + str("id") + "01" + str("name") + str("a") + str("tags") + "90";

describe("object types round-trip as maps in declaration order", () => {
  test.each([
    ["UserC", user, userWire],
    ["UserC", { tags: [], name: "a", id: 1 }, userWire],
    [
      "UserC",
      { ...user, email: "e" },
      "84" + str("id") + "01" + str("name") + str("a") + str("email") + str("e") + str("tags") + "90",
    ],
    ["Labeled", { name: "n", y: 2, x: 1 }, "83" + str("x") + "01" + str("y") + "02" + str("name") + str("n")],
    ["VecC", new M.Vec(1, 2), "82" + str("x") + "01" + str("y") + "02"],
    ["ParamC", new M.Param("s", 3), "82" + str("a") + str("s") + str("b") + "03"],
    [
      "OddC",
      { "a-b": 1, "": "e", ключ: true, 0: "zero", ["long_".repeat(8)]: 2, default: 3 },
      "86" +
        str("a-b") +
        "01" +
        str("") +
        str("e") +
        str("ключ") +
        "c3" +
        str("0") +
        str("zero") +
        str("long_".repeat(8)) +
        "02" +
        str("default") +
        "03",
    ],
    ["NullableC", { note: null, u: "u" }, "82" + str("note") + "c0" + str("u") + str("u")],
    ["NullableC", { value: null, note: "n" }, "82" + str("value") + "c0" + str("note") + str("n")],
    ["BoxStr", { value: "v", list: ["w"] }, "82" + str("value") + str("v") + str("list") + "91" + str("w")],
    ["BoxDate", { value: new Date(0), list: [] }, "82" + str("value") + "d6ff00000000" + str("list") + "90"],
    ["TreeC", { value: 1, children: [{ value: 2, children: [] }] }, ""],
    ["OutlineC", { title: "a", notes: null }, "82" + str("title") + str("a") + str("notes") + "c0"],
    [
      "OutlineC",
      { title: "a", sections: [{ title: "b", notes: [] }], notes: [{ title: "c", sections: [], notes: null }] },
      "83" +
        str("title") +
        str("a") +
        str("sections") +
        "91" +
        "82" +
        str("title") +
        str("b") +
        str("notes") +
        "90" +
        str("notes") +
        "91" +
        "83" +
        str("title") +
        str("c") +
        str("sections") +
        "90" +
        str("notes") +
        "c0",
    ],
    ["ListC", { head: 1, tail: { head: 2, tail: null } }, ""],
    ["JsonC", { a: [1, "x", null, true, { b: 1.5 }], c: {} }, ""],
    ["OuterC", { inner: { deep: { n: 1 } }, when: new Date(1000) }, ""],
    ["EmptyC", {}, "80"],
    ["Branded", { id: "u1", ids: ["u2"] }, "82" + str("id") + str("u1") + str("ids") + "91" + str("u2")],
    ["PartialC", {}, "80"],
    ["PartialC", { name: "n" }, "81" + str("name") + str("n")],
    ["PickC", { id: 1, tags: ["t"] }, "82" + str("id") + "01" + str("tags") + "91" + str("t")],
    ["OmitC", { id: 1, name: "n" }, "82" + str("id") + "01" + str("name") + str("n")],
    ["RecAB", { a: 1, b: 2 }, "82" + str("a") + "01" + str("b") + "02"],
    ["DerivedC", { name: "d", value: 1, list: [2] }, ""],
    [
      "ProtoishC",
      { a: 1, constructor: "c", valueOf: 2 },
      "83" + str("constructor") + str("c") + str("valueOf") + "02" + str("a") + "01",
    ],
  ])("%s %p", (name, value, wire) => {
    // Absent optional properties named like Object.prototype members decode as own undefined.
    const absent: Record<string, undefined> = name === "ProtoishC" ? { toString: undefined } : {};
    const encoded = roundTrip(C[name]!, value, { ...value, ...absent });
    if (wire) expect(hex(encoded)).toBe(wire);
  });

  test("JS key order of class instances does not matter", () => {
    class Shuffled {
      y = 2;
      x = 1;
    }
    expect(hex(C.VecC!.encode(new Shuffled() as unknown))).toBe("82" + str("x") + "01" + str("y") + "02");
  });

  test("a property with 35 fields (more than one bitmask word)", () => {
    const value = Object.fromEntries(Array.from({ length: 35 }, (_, i) => [`p${i}`, i]).filter(([, i]) => i !== 10));
    const encoded = roundTrip(C.ManyC!, value, { ...value, p10: undefined });
    expect(encoded[0]).toBe(0xde);
  });
});

describe("optional and undefined-valued properties", () => {
  test("optional and undefined-typed properties are omitted when undefined, present or absent on decode", () => {
    expect(hex(C.UserC!.encode({ ...user, email: undefined }))).toBe(userWire);
    expect(hex(C.NullableC!.encode({ note: "n", u: undefined, nothing: undefined }))).toBe(
      "81" + str("note") + str("n"),
    );
    const decoded = C.NullableC!.decode(fromHex("81" + str("note") + str("n")));
    expect(decoded).toEqual({ note: "n" });
    for (const key of ["value", "note", "u", "nothing"])
      expect(Object.prototype.hasOwnProperty.call(decoded, key)).toBe(true);
  });

  test("nil decodes as null for `x?: T | null`, as undefined for `u: T | undefined`", () => {
    const decoded = C.NullableC!.decode(
      fromHex("84" + str("value") + "c0" + str("note") + "c0" + str("u") + "c0" + str("nothing") + "c0"),
    );
    expect(decoded.value).toBeNull();
    expect(decoded.note).toBeNull();
    expect(decoded.u).toBeUndefined();
    expect(decoded.nothing).toBeUndefined();
  });

  test("optional properties named like Object.prototype members are absent unless the value has them", () => {
    expect(hex(C.ProtoishC!.encode({ a: 1 }))).toBe("81" + str("a") + "01");
    expect(hex(C.ProtoPropC!.encode({ a: 1 }))).toBe("81" + str("a") + "01");
  });

  describe("absent optional properties named like Object.prototype members decode as own undefined", () => {
    const names = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"];
    const expectOwnUndefined = (o: Record<string, unknown>, keys = names) => {
      for (const key of keys) {
        expect(Object.getOwnPropertyDescriptor(o, key)).toMatchObject({ value: undefined, enumerable: true });
      }
      expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    };
    test("keyed and positional", () => {
      expectOwnUndefined(C.InheritedC!.decode(C.InheritedC!.encode({ a: 1 })));
      expectOwnUndefined(C.InheritedPositional!.decode(C.InheritedPositional!.encode({ a: 1 })));
      const o = C.InheritedC!.decode(C.InheritedC!.encode({ a: 1 }));
      // biome-ignore lint/suspicious/noProto: the own property a decoded __proto__ key must be
      expect([typeof o.constructor, typeof o.toString, typeof o.__proto__]).toEqual([
        "undefined",
        "undefined",
        "undefined",
      ]);
    });
    test("in nested objects, arrays and Map values", () => {
      const decoded = C.InheritedNested!.decode(
        C.InheritedNested!.encode({ inner: { a: 1 }, list: [{ a: 2 }], byId: new Map([["k", { a: 3 }]]) }),
      );
      expectOwnUndefined(decoded.inner);
      expectOwnUndefined(decoded.list[0]);
      expectOwnUndefined(decoded.byId.get("k"));
    });
    test("in union members", () => {
      expectOwnUndefined(C.InheritedInUnion!.decode(C.InheritedInUnion!.encode({ kind: "x" })), [
        "constructor",
        "toString",
      ]);
      expectOwnUndefined(C.InheritedInUnion!.decode(C.InheritedInUnion!.encode({ kind: "y" })), ["valueOf"]);
    });
    test("present ones keep their values", () => {
      const value = { a: 1, constructor: "c", toString: "t", valueOf: 2, hasOwnProperty: "h" };
      expect(C.InheritedC!.decode(C.InheritedC!.encode(value))).toEqual({ ...value, ["__proto__"]: undefined });
    });
  });

  test("a declared `__proto__` property decodes as an own property and never sets the prototype", () => {
    const wire = "82" + str("__proto__") + "81" + str("admin") + "c3" + str("a") + "01";
    const decoded = about(fromHex(wire), () => C.ProtoPropC!.decode(fromHex(wire)));
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(decoded.admin).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(decoded, "__proto__")?.value).toEqual({ admin: true });
  });

  test("a runtime property not in the type is not written", () => {
    expect(hex(C.UserC!.encode({ ...user, password: "secret" }))).toBe(userWire);
    expect(hex(C.VecC!.encode(Object.assign(new M.Vec(1, 2), { z: 3 })))).toBe(
      "82" + str("x") + "01" + str("y") + "02",
    );
  });

  test.each([
    ["nil", "c0"],
    ["bool", "c3"],
    ["fixint", "05"],
    ["uint 32", "ce00000001"],
    ["float 64", "cb3ff8000000000000"],
    ["fixstr", str("hello")],
    ["str 8", str("x".repeat(40))],
    ["bin 8", "c4020102"],
    ["empty array", "90"],
    ["array of ints", "920102"],
    ["ext", "d40110"],
    ["timestamp", "d6ff00000000"],
    ["map of ints", "810102"],
  ])("an unknown key with a %s value is skipped", (_label, value) => {
    const wire = "84" + str("id") + "01" + str("extra") + value + str("name") + str("a") + str("tags") + "90";
    expect(about(fromHex(wire), () => C.UserC!.decode(fromHex(wire)))).toEqual(user);
  });

  test("unknown keys are skipped, whatever their value", () => {
    const wire =
      "86" +
      str("extra") +
      "81" +
      str("k") +
      "92c0c3" +
      str("id") +
      "01" +
      str("bin") +
      "c4020102" +
      str("name") +
      str("a") +
      str("tags") +
      "90" +
      str("zzz") +
      "d6ff00000000";
    expect(about(fromHex(wire), () => C.UserC!.decode(fromHex(wire)))).toEqual(user);
  });
});

describe("invalid values do not encode", () => {
  test.each([
    ["UserC", null, "$"],
    ["UserC", "user", "$"],
    ["UserC", { name: "a", tags: [] }, "$.id"],
    ["UserC", { ...user, id: "1" }, "$.id"],
    ["UserC", { ...user, email: 5 }, "$.email"],
    ["UserC", { ...user, tags: ["a", 1] }, "$.tags[1]"],
    ["NullableC", { note: undefined }, "$.note"],
    ["NullableC", { note: null, value: 1 }, "$.value"],
    ["OddC", { "a-b": "x", "": "", ключ: true, 0: "", ["long_".repeat(8)]: 1, default: 1 }, '$["a-b"]'],
    ["OddC", { "a-b": 1, "": "", ключ: 1, 0: "", ["long_".repeat(8)]: 1, default: 1 }, '$["ключ"]'],
    ["OddC", { "a-b": 1, "": "", ключ: true, 0: 0, ["long_".repeat(8)]: 1, default: 1 }, '$["0"]'],
    ["BoxDate", { value: "2020", list: [] }, "$.value"],
    ["Labeled", { x: 1, y: 2 }, "$.name"],
    [
      "TreeC",
      { value: 1, children: [{ value: 2, children: [{ value: "3", children: [] }] }] },
      "$.children[0].children[0].value",
    ],
    ["ListC", { head: 1, tail: { head: 2, tail: undefined } }, "$.tail.tail"],
    [
      "OutlineC",
      { title: "a", notes: [{ title: "b", sections: [{ title: 3, notes: null }], notes: null }] },
      "$.notes[0].sections[0].title",
    ],
    ["OutlineC", { title: "a", sections: {}, notes: null }, "$.sections"],
    ["JsonC", { a: [1, { b: 1n }] }, "$.a[1].b"],
    ["OuterC", { inner: { deep: {} }, when: new Date() }, "$.inner.deep.n"],
    ["RecAB", { a: 1 }, "$.b"],
    ["Branded", { id: 1, ids: [] }, "$.id"],
    ["OmitC", { id: 1 }, "$.name"],
  ])("%s rejects %p at %s", (name, value, path) => {
    expect(codecError(() => C[name]!.encode(value))).toMatchObject({ path, code: "type-mismatch", offset: -1 });
  });

  // Encoders read an object's properties before testing its prototype (a read makes the test cheap
  // in V8); what they reject, and the error, are the same as if they tested it first.
  test.each([
    ["null", null],
    ["undefined", undefined],
    ["a number", 5],
    ["an array with its properties", Object.assign([], user)],
    ["a Date with its properties", Object.assign(new Date(0), user)],
    ["a Map with its properties", Object.assign(new Map(), user)],
    ["a Uint8Array with its properties", Object.assign(new Uint8Array(1), user)],
  ])("%s is not a User, and fails as a whole", (_label, value) => {
    expect(codecError(() => C.UserC!.encode(value))).toMatchObject({
      path: "$",
      code: "type-mismatch",
      message: expect.stringContaining("an object (User)"),
    });
    expect(codecError(() => C.EmptyC!.encode(value))).toMatchObject({ path: "$", code: "type-mismatch" });
  });

  test("an object with a null prototype is a record (class instances: above)", () => {
    expect(hex(C.UserC!.encode(Object.assign(Object.create(null), user)))).toBe(userWire);
    expect(hex(C.EmptyC!.encode(Object.create(null)))).toBe("80");
  });
});

describe("invalid bytes do not decode", () => {
  test.each([
    ["missing required property", "UserC", "82" + str("id") + "01" + str("tags") + "90", "missing-property", "$"],
    [
      "missing nested property",
      "OuterC",
      "82" + str("inner") + "81" + str("deep") + "80" + str("when") + "d6ff00000000",
      "missing-property",
      "$.inner.deep",
    ],
    ["missing null-able (not optional) property", "NullableC", "80", "missing-property", "$"],
    [
      "wrong property type",
      "UserC",
      "83" + str("id") + str("x") + str("name") + str("a") + str("tags") + "90",
      "type-mismatch",
      "$.id",
    ],
    ["array instead of map", "UserC", "93" + "01" + str("a") + "90", "type-mismatch", "$"],
    ["int key", "UserC", "8101" + "01", "type-mismatch", "$"],
    [
      "nil array element",
      "OutlineC",
      "82" + str("title") + str("a") + str("notes") + "92" + "c0" + "c0",
      "type-mismatch",
      "$.notes[0]",
    ],
    [
      "deep wrong type in an optional own array",
      "OutlineC",
      "82" + str("title") + str("a") + str("sections") + "91" + "82" + str("title") + "c3" + str("notes") + "c0",
      "type-mismatch",
      "$.sections[0].title",
    ],
    [
      "deep wrong type",
      "TreeC",
      "82" + str("value") + "01" + str("children") + "91" + "82" + str("value") + "c3" + str("children") + "90",
      "type-mismatch",
      "$.children[0].value",
    ],
  ])("%s", (_label, name, wire, code, path) => {
    const error = decodeError(C[name]!, wire);
    expect(error).toMatchObject({ code, path });
    expect(error.offset).toBeGreaterThanOrEqual(0);
    expect(error.offset).toBeLessThanOrEqual(wire.length / 2);
  });

  test("missing property names the property", () => {
    const error = decodeError(C.ManyC!, "81" + str("p0") + "00");
    expect(error).toMatchObject({ code: "missing-property", path: "$" });
    expect(error.message).toContain('"p1"');
    const all = Array.from({ length: 35 }, (_, i) => i).filter((i) => i !== 32);
    const wire = "de" + all.length.toString(16).padStart(4, "0") + all.map((i) => str(`p${i}`) + "00").join("");
    expect(decodeError(C.ManyC!, wire).message).toContain('"p32"');
  });

  test.each([
    [
      "first property repeated",
      "UserC",
      "84" + str("id") + "01" + str("id") + "02" + str("name") + str("a") + str("tags") + "90",
      1 + 3 + 1,
    ],
    [
      "optional property repeated",
      "UserC",
      "85" +
        str("id") +
        "01" +
        str("email") +
        str("x") +
        str("name") +
        str("a") +
        str("tags") +
        "90" +
        str("email") +
        str("y"),
      1 + 4 + 6 + 2 + 5 + 2 + 5 + 1,
    ],
    ["property past bit 30 repeated", "ManyC", "82" + str("p31") + "00" + str("p31") + "00", 1 + 5],
  ])("duplicate key: %s", (_label, name, wire, keyAt) => {
    const error = decodeError(C[name]!, wire);
    expect(error).toMatchObject({ code: "duplicate-key", path: "$" });
    // the offset points into the repeated key (its header or its first payload byte)
    expect(error.offset).toBeGreaterThanOrEqual(keyAt);
    expect(error.offset).toBeLessThanOrEqual(keyAt + 1);
  });
});

describe("recursion depth", () => {
  const list = (n: number) => {
    let v: any = null;
    for (let i = 0; i < n; i++) v = { head: i, tail: v };
    return v;
  };
  const listWire = (n: number) => ("82" + str("head") + "00" + str("tail")).repeat(n) + "c0";

  test("moderately deep values round-trip", () => {
    roundTrip(C.ListC!, list(500));
    const nested: unknown[] = [];
    let cursor = nested;
    for (let i = 0; i < 500; i++) {
      const next: unknown[] = [];
      cursor.push(next);
      cursor = next;
    }
    roundTrip(C.JsonC!, nested);
  });

  test.each([
    ["a list 5000 deep", () => C.ListC!.encode(list(5000))],
    [
      "a JSON array 100000 deep",
      () => {
        let v: unknown = 1;
        for (let i = 0; i < 100000; i++) v = [v];
        return C.JsonC!.encode(v);
      },
    ],
    [
      "a cyclic tree",
      () => {
        const t: any = { value: 1, children: [] };
        t.children.push(t);
        return C.TreeC!.encode(t);
      },
    ],
    [
      "a cyclic JSON object",
      () => {
        const o: any = { a: 1 };
        o.self = o;
        return C.JsonC!.encode(o);
      },
    ],
    [
      "a cyclic list",
      () => {
        const l: any = { head: 1, tail: null };
        l.tail = l;
        return C.ListC!.encode(l);
      },
    ],
  ])("encoding %s is too-deep, not a stack overflow", (_label, run) => {
    expect(codecError(run)).toMatchObject({ code: "too-deep", offset: -1 });
  });

  test("decoding hostile nesting is too-deep, not a stack overflow", () => {
    const error = decodeError(C.ListC!, listWire(5000));
    expect(error).toMatchObject({ code: "too-deep" });
    expect(error.path).toMatch(/^\$(\.tail)+$/);
    expect(decodeError(C.JsonC!, "91".repeat(100000) + "01")).toMatchObject({ code: "too-deep" });
    expect(decodeError(C.JsonC!, ("81" + str("a")).repeat(100000) + "01")).toMatchObject({ code: "too-deep" });
  });

  test("one level per nesting, whichever codec names the type first (Expr[] before Expr)", () => {
    const calls = (n: number): unknown =>
      n === 0 ? { type: "num", value: 1 } : { type: "call", kids: [calls(n - 1)] };
    /** The most calls `codec` takes around a num, by `step`: encoding, and decoding under maxDepth 12. */
    const most = (codec: Codec<any>, direction: "encode" | "decode", step: number) => {
      const wrap = (v: unknown) => (codec === C.ExprsC ? [v] : v);
      const takes = (n: number) => {
        try {
          const bytes = codec.encode(wrap(calls(n)));
          if (direction === "decode") expect(codec.decode(bytes, { maxDepth: 12 })).toEqual(wrap(calls(n)));
          return true;
        } catch (e) {
          expect(e).toMatchObject({ code: "too-deep" });
          return false;
        }
      };
      let n = 0;
      while (takes(n + step)) n += step;
      return n;
    };
    expect(most(C.ExprsC!, "decode", 1)).toBe(most(C.ExprC!, "decode", 1));
    expect(most(C.ExprsC!, "encode", 50)).toBe(most(C.ExprC!, "encode", 50));
    expect(most(C.ExprC!, "encode", 50)).toBeGreaterThanOrEqual(900);
  });

  test("maxDepth is a decode option", () => {
    const zeros = (n: number): unknown => (n === 0 ? null : { head: 0, tail: zeros(n - 1) });
    expect(C.ListC!.decode(fromHex(listWire(5)), { maxDepth: 10 })).toEqual(zeros(5));
    expect(decodeError(C.ListC!, listWire(20), { maxDepth: 10 })).toMatchObject({ code: "too-deep" });
  });
});
