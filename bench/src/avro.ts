// avsc contender: an Avro schema per dataset for the same values the TypeScript types describe.
// Avro cannot say everything TypeScript can, so a few logical types adapt the JS values the way an
// avsc user would have to; their cost is part of avsc's time. Each is noted where it is defined.
import * as avro from "avsc";
import type { DatasetId } from "./types";

type Schema = string | object | Schema[];
const field = (name: string, type: Schema) => ({ name, type });
/** An optional property. Avro has no "absent": it is written as null and decodes as null. */
const optional = (name: string, type: Schema) => ({ name, type: ["null", type], default: null });
const array = (items: Schema) => ({ type: "array", items });
const map = (values: Schema) => ({ type: "map", values });
const record = (name: string, fields: object[], logicalType?: string) => ({
  type: "record",
  name,
  fields,
  logicalType,
});
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * One member of a discriminated union: the discriminant is a one-symbol enum (one byte on the
 * wire), so the decoded record carries `kind` like the TypeScript value does.
 */
const member = (kind: string, fields: object[]) =>
  record(cap(kind), [field("kind", { type: "enum", name: cap(kind) + "Kind", symbols: [kind] }), ...fields]);

/**
 * Avro unions of several records are "wrapped" by avsc ({ Click: {...} }). This logical type sits
 * on a one-field record around the union (a one-field record costs no bytes) and converts between
 * `{ kind: "click", ... }` and the wrapped form.
 */
class Tagged extends avro.types.LogicalType {
  private readonly branch: Record<string, string> = {};
  constructor(schema: avro.Schema, opts?: unknown) {
    super(schema, opts);
    const union = (this.underlyingType as any).fields[0].type;
    for (const t of union.types) this.branch[t.fields[0].type.symbols[0]] = t.name;
  }
  protected override _toValue(v: any): any {
    return { v: { [this.branch[v.kind]!]: v } };
  }
  protected override _fromValue(box: any): any {
    return box.v.unwrap();
  }
}
const tagged = (name: string, members: object[]) => record(name, [field("v", members)], "tagged");

/**
 * Avro field names must match [A-Za-z_][A-Za-z0-9_]*; msgpack-lite's object has "int1-" and such.
 * The record is written with "int1_neg" and this logical type renames the keys both ways.
 */
class Renamed extends avro.types.LogicalType {
  private readonly pairs: [js: string, avro: string][];
  constructor(schema: avro.Schema, opts?: unknown) {
    super(schema, opts);
    this.pairs = (this.underlyingType as any).fields.map((f: { name: string }) => [
      f.name.replace(/_neg$/, "-"),
      f.name,
    ]);
  }
  protected override _toValue(v: any): any {
    const o: any = {};
    for (const [js, av] of this.pairs) o[av] = v[js];
    return o;
  }
  protected override _fromValue(rec: any): any {
    const o: any = {};
    for (const [js, av] of this.pairs) o[js] = rec[av];
    return o;
  }
}

/** avsc's bytes and fixed types accept only Buffers; wraps a Uint8Array's memory without copying. */
class U8 extends avro.types.LogicalType {
  protected override _toValue(u: any): any {
    if (!(u instanceof Uint8Array)) return undefined;
    return Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength);
  }
  protected override _fromValue(b: any): any {
    return b;
  }
}

/**
 * Dates as timestamp-millis (avsc leaves the class to the user, this is its documented one). The
 * long under a logical type is avsc's built-in number long, not the bigint `long` of the registry.
 */
class DateType extends avro.types.LogicalType {
  protected override _toValue(d: any): any {
    return d instanceof Date ? d.getTime() : undefined;
  }
  protected override _fromValue(v: any): any {
    return new Date(v);
  }
}

/** avsc's documented bigint long (its default long is a JS number and rejects unsafe integers). */
const BigLong = avro.types.LongType.__with({
  fromBuffer: (b: Buffer) => b.readBigInt64LE(),
  toBuffer: (n: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigInt64LE(n);
    return b;
  },
  fromJSON: BigInt,
  toJSON: Number,
  isValid: (n: unknown) => typeof n === "bigint",
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
});

const liteInts = ["int0", "int1", "int1_neg", "int8", "int8_neg", "int16", "int16_neg", "int32", "int32_neg"];
const strings = (...names: string[]) => names.map((n) => field(n, "string"));
const stringList = array("string");
const enumOf = (name: string, symbols: string[]) => ({ type: "enum", name, symbols });
/** A Date (see DateType). */
const timestamp = { type: "long", logicalType: "timestamp-millis" };
const timestamps = record("Timestamps", [field("created", timestamp), optional("updated", timestamp)]);

/** No schema for the datasets of issue 54 (Records of unions, tuples): avsc is not timed on them. */
const SCHEMAS: Partial<Record<DatasetId, Schema>> = {
  lite: record(
    "LiteExample",
    [
      ...liteInts.map((n) => field(n, "int")),
      field("nil", "null"),
      field("true", "boolean"),
      field("false", "boolean"),
      field("float", "double"),
      field("float_neg", "double"),
      ...strings("string0", "string1", "string4", "string8", "string16"),
      field("array0", stringList),
      field("array1", stringList),
      field("array8", array("int")),
      field("map0", map("string")),
      field("map1", map("string")),
    ],
    "renamed",
  ),
  sbt: array(
    record("ModuleID", [
      ...strings("organization", "name", "revision"),
      optional("configurations", "string"),
      field("isChanging", "boolean"),
      field("isTransitive", "boolean"),
      field("isForce", "boolean"),
      field(
        "explicitArtifacts",
        array(
          record("Artifact", [
            ...strings("name", "type", "extension"),
            optional("classifier", "string"),
            field("configurations", stringList),
            optional("url", "string"),
            field("extraAttributes", map("string")),
          ]),
        ),
      ),
      field(
        "inclusions",
        array(
          record("InclExclRule", [...strings("organization", "name", "artifact"), field("configurations", stringList)]),
        ),
      ),
      field("exclusions", array("InclExclRule")),
      field("extraAttributes", map("string")),
      field(
        "crossVersion",
        tagged("CrossVersion", [
          member("disabled", []),
          member("binary", strings("prefix", "suffix")),
          member("full", strings("prefix", "suffix")),
          member("constant", strings("value")),
        ]),
      ),
      optional("branchName", "string"),
    ]),
  ),
  tree: record("TreeNode", [
    field("id", "int"),
    field("tag", { type: "enum", name: "Tag", symbols: ["section", "para", "list", "item", "quote"] }),
    optional("text", "string"),
    field("children", array("TreeNode")),
  ]),
  events: array(
    tagged("UiEvent", [
      member("click", [
        field("t", "long"),
        field("x", "int"),
        field("y", "int"),
        field("button", "int"),
        field("target", "string"),
      ]),
      member("key", [
        field("t", "long"),
        ...strings("key", "code"),
        field("shift", "boolean"),
        field("ctrl", "boolean"),
        field("alt", "boolean"),
      ]),
      member("scroll", [field("t", "long"), field("dx", "double"), field("dy", "double")]),
      member("nav", [field("t", "long"), field("url", "string"), field("referrer", ["null", "string"])]),
      member("error", [field("t", "long"), field("message", "string"), optional("stack", "string")]),
    ]),
  ),
  text: array(
    record("Article", [
      field("id", "int"),
      field("lang", { type: "enum", name: "Lang", symbols: ["fr", "ru", "ja", "ar", "mixed"] }),
      ...strings("title", "body"),
      field("tags", stringList),
      field("author", record("Author", strings("name", "bio"))),
    ]),
  ),
  numeric: array(
    record("Series", [
      field("name", "string"),
      field("start", "long"),
      field("step", "double"),
      field("floats", array("double")),
      field("ints", array("long")),
    ]),
  ),
  blobs: array(
    record("BlobRecord", [
      field("id", "long"),
      field("seq", "long"),
      field("createdAt", { type: "long", logicalType: "timestamp-millis" }),
      optional("updatedAt", { type: "long", logicalType: "timestamp-millis" }),
      field("sha256", { type: "fixed", name: "Sha256", size: 32, logicalType: "u8" }),
      field("payload", { type: "bytes", logicalType: "u8" }),
      field("size", "int"),
      field("owner", "string"),
    ]),
  ),
  shapes: array(
    tagged("Shape", [
      member("circle", [field("r", "double")]),
      member("rect", [field("w", "double"), field("h", "double")]),
      // A [number, number] tuple as a two-element array: Avro has no tuples.
      member("poly", [field("points", array(array("double")))]),
    ]),
  ),
  floats: record("NumberList", [field("xs", array("double"))]),
  floats32: record("Float32List", [field("xs", array("float"))]),
  smallints: record("NumberList", [field("xs", array("int"))]),
  company: record("Company", [
    field("id", "int"),
    field("name", "string"),
    field("legalName", ["null", "string"]),
    optional("website", "string"),
    field("founded", timestamp),
    field(
      "headquarters",
      record("Address", [
        ...strings("street", "city"),
        field("postalCode", ["null", "string"]),
        field("country", "string"),
      ]),
    ),
    field(
      "departments",
      array(
        record("Department", [
          field("id", "int"),
          field("name", "string"),
          field("costCenter", ["null", "string"]),
          optional("location", "string"),
          field("budget", "double"),
          field(
            "employees",
            array(
              record("Employee", [
                field("id", "int"),
                field("name", "string"),
                field("email", ["null", "string"]),
                optional("phone", "string"),
                field("title", "string"),
                field("managerId", ["null", "int"]),
                field("salary", "int"),
                field("remote", "boolean"),
                field("skills", stringList),
                field("times", timestamps),
              ]),
            ),
          ),
          field("times", "Timestamps"),
        ]),
      ),
    ),
    field("times", "Timestamps"),
  ]),
  flat: array(
    record("Account", [
      field("id", "int"),
      field("status", enumOf("Status", ["active", "suspended", "deleted"])),
      field("role", enumOf("Role", ["admin", "user", "guest"])),
      field("plan", enumOf("Plan", ["free", "pro", "team", "enterprise"])),
      // Avro enum symbols cannot contain "-": "us-east", "en-US" and the like travel as strings.
      field("region", "string"),
      field("locale", "string"),
      field("verified", "boolean"),
      optional("twoFactor", enumOf("TwoFactor", ["totp", "sms", "webauthn"])),
      optional("tier", "int"),
      field("score", "int"),
      optional("lastSeen", "long"),
      optional("note", "string"),
    ]),
  ),
  categories: record("Category", [
    field("id", "int"),
    ...strings("name", "slug"),
    field("children", array("Category")),
    field("parentId", ["null", "int"]),
  ]),
  api: record("ApiProfile", [
    field("id", "int"),
    ...strings("username", "displayName", "email"),
    field("emailVerified", "boolean"),
    field("avatarUrl", ["null", "string"]),
    optional("bio", "string"),
    field("createdAt", "string"),
    field(
      "address",
      record("ProfileAddress", [
        ...strings("street", "city"),
        optional("region", "string"),
        ...strings("postalCode", "country"),
        field("geo", record("Geo", [field("lat", "double"), field("lng", "double")])),
      ]),
    ),
    field(
      "settings",
      record("Settings", [
        field("theme", enumOf("Theme", ["light", "dark", "system"])),
        ...strings("language", "timezone"),
        field(
          "notifications",
          record("Notifications", [
            field("email", "boolean"),
            field("push", "boolean"),
            field("sms", "boolean"),
            field("digest", enumOf("Digest", ["daily", "weekly", "never"])),
          ]),
        ),
      ]),
    ),
    field("roles", array(enumOf("ProfileRole", ["admin", "editor", "viewer"]))),
    field(
      "stats",
      record(
        "Stats",
        ["followers", "following", "posts", "karma"].map((n) => field(n, "int")),
      ),
    ),
    field("recentLogins", array("long")),
    field("tags", stringList),
    field("links", array(record("Link", strings("rel", "href")))),
  ]),
};

/** The avsc Type for a dataset; `bigint` selects the bigint long (the blobs dataset). */
export function avroType(id: DatasetId, bigint: boolean): avro.Type {
  if (SCHEMAS[id] === undefined) throw new Error(`no Avro schema for dataset ${id}`);
  return avro.Type.forSchema(SCHEMAS[id] as avro.Schema, {
    logicalTypes: { tagged: Tagged, renamed: Renamed, u8: U8, "timestamp-millis": DateType },
    ...(bigint ? { registry: { long: BigLong } } : {}),
  });
}
