// Hand-written codec for Account[] (dataset "flat"): flat records of string-literal unions and
// optional properties. Literals are written from their pre-encoded bytes and read by comparing
// bytes. See prims.ts.
import type { Account } from "../types";
import { EncodeError, In, Out, cat, chunkAt, keys, literals, numberAt, str, type Literals } from "./prims";

const K_ID = str("id"),
  K_STATUS = str("status"),
  K_ROLE = str("role"),
  K_PLAN = str("plan"),
  K_REGION = str("region");
const K_LOCALE = str("locale"),
  K_VERIFIED = str("verified"),
  K_TWO_FACTOR = str("twoFactor"),
  K_TIER = str("tier");
const K_SCORE = str("score"),
  K_LAST_SEEN = str("lastSeen"),
  K_NOTE = str("note");

const STATUS = literals("active", "suspended", "deleted");
const ROLE = literals("admin", "user", "guest");
const PLAN = literals("free", "pro", "team", "enterprise");
const REGION = literals("us-east", "us-west", "eu-central", "ap-south");
const LOCALE = literals("en-US", "fr-FR", "de-DE", "ja-JP", "pt-BR");
const TWO_FACTOR = literals("totp", "sms", "webauthn");
const TIERS = [1, 2, 3] as const;

function bad(set: Literals<string>, v: unknown): never {
  throw new EncodeError(`${JSON.stringify(v)} is not one of ${set.values.join(", ")}`);
}

const [ACTIVE, SUSPENDED, DELETED] = STATUS.encoded.map((e) => cat(K_STATUS, e));
function statusBytes(v: Account["status"]): Uint8Array {
  switch (v) {
    case "active":
      return ACTIVE!;
    case "suspended":
      return SUSPENDED!;
    case "deleted":
      return DELETED!;
  }
  return bad(STATUS, v);
}
const [ADMIN, USER, GUEST] = ROLE.encoded.map((e) => cat(K_ROLE, e));
function roleBytes(v: Account["role"]): Uint8Array {
  switch (v) {
    case "admin":
      return ADMIN!;
    case "user":
      return USER!;
    case "guest":
      return GUEST!;
  }
  return bad(ROLE, v);
}
const [FREE, PRO, TEAM, ENTERPRISE] = PLAN.encoded.map((e) => cat(K_PLAN, e));
function planBytes(v: Account["plan"]): Uint8Array {
  switch (v) {
    case "free":
      return FREE!;
    case "pro":
      return PRO!;
    case "team":
      return TEAM!;
    case "enterprise":
      return ENTERPRISE!;
  }
  return bad(PLAN, v);
}
const [US_EAST, US_WEST, EU_CENTRAL, AP_SOUTH] = REGION.encoded.map((e) => cat(K_REGION, e));
function regionBytes(v: Account["region"]): Uint8Array {
  switch (v) {
    case "us-east":
      return US_EAST!;
    case "us-west":
      return US_WEST!;
    case "eu-central":
      return EU_CENTRAL!;
    case "ap-south":
      return AP_SOUTH!;
  }
  return bad(REGION, v);
}
const [EN_US, FR_FR, DE_DE, JA_JP, PT_BR] = LOCALE.encoded.map((e) => cat(K_LOCALE, e));
function localeBytes(v: Account["locale"]): Uint8Array {
  switch (v) {
    case "en-US":
      return EN_US!;
    case "fr-FR":
      return FR_FR!;
    case "de-DE":
      return DE_DE!;
    case "ja-JP":
      return JA_JP!;
    case "pt-BR":
      return PT_BR!;
  }
  return bad(LOCALE, v);
}
const [TOTP, SMS, WEBAUTHN] = TWO_FACTOR.encoded.map((e) => cat(K_TWO_FACTOR, e));
function twoFactorBytes(v: NonNullable<Account["twoFactor"]>): Uint8Array {
  switch (v) {
    case "totp":
      return TOTP!;
    case "sms":
      return SMS!;
    case "webauthn":
      return WEBAUTHN!;
  }
  return bad(TWO_FACTOR, v);
}

/** The map header and first key, by the number of optional properties present (0-4). */
const HEADS = [0, 1, 2, 3, 4].map((k) => cat([0x88 + k], K_ID));
/** Everything but the note: keys, literals (at most 11 bytes each), 4 numbers, a bool. */
const FIXED =
  [
    HEADS[0]!,
    K_STATUS,
    K_ROLE,
    K_PLAN,
    K_REGION,
    K_LOCALE,
    K_VERIFIED,
    K_TWO_FACTOR,
    K_TIER,
    K_SCORE,
    K_LAST_SEEN,
  ].reduce((n, k) => n + k.length, 0) +
  6 * 11 +
  4 * 9 +
  1;

function writeAccount(w: Out, v: Account): void {
  const twoFactor = v.twoFactor,
    tier = v.tier,
    lastSeen = v.lastSeen,
    note = v.note;
  // Everything but the note has a bounded size: one reservation, then the position in a local.
  w.reserve(FIXED);
  const bytes = w.bytes,
    view = w.view;
  let p = w.pos;
  p = chunkAt(
    bytes,
    p,
    HEADS[
      (twoFactor === undefined ? 0 : 1) +
        (tier === undefined ? 0 : 1) +
        (lastSeen === undefined ? 0 : 1) +
        (note === undefined ? 0 : 1)
    ]!,
  );
  p = numberAt(bytes, view, p, v.id);
  // Each literal property is one pre-encoded chunk: its key and its value.
  p = chunkAt(bytes, p, statusBytes(v.status));
  p = chunkAt(bytes, p, roleBytes(v.role));
  p = chunkAt(bytes, p, planBytes(v.plan));
  p = chunkAt(bytes, p, regionBytes(v.region));
  p = chunkAt(bytes, p, localeBytes(v.locale));
  p = chunkAt(bytes, p, K_VERIFIED);
  bytes[p++] = v.verified ? 0xc3 : 0xc2;
  if (twoFactor !== undefined) p = chunkAt(bytes, p, twoFactorBytes(twoFactor));
  if (tier !== undefined) {
    p = chunkAt(bytes, p, K_TIER);
    p = numberAt(bytes, view, p, tier);
  }
  p = chunkAt(bytes, p, K_SCORE);
  p = numberAt(bytes, view, p, v.score);
  if (lastSeen !== undefined) {
    p = chunkAt(bytes, p, K_LAST_SEEN);
    p = numberAt(bytes, view, p, lastSeen);
  }
  w.pos = p;
  if (note !== undefined) {
    w.raw(K_NOTE);
    w.string(note);
  }
}

const w = new Out();

export function encode(v: Account[]): Uint8Array {
  const n = v.length;
  w.begin();
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeAccount(w, v[i]!);
  return w.finish();
}

const ACCOUNT_KEYS = keys(
  "id",
  "status",
  "role",
  "plan",
  "region",
  "locale",
  "verified",
  "twoFactor",
  "tier",
  "score",
  "lastSeen",
  "note",
);
const REQUIRED = 639; // all but twoFactor, tier, lastSeen, note

function readAccount(r: In): Account {
  const n = r.mapHeader();
  let id!: number,
    status!: Account["status"],
    role!: Account["role"],
    plan!: Account["plan"],
    region!: Account["region"];
  let locale!: Account["locale"],
    verified!: boolean,
    twoFactor: Account["twoFactor"],
    tier: Account["tier"],
    score!: number;
  let lastSeen: number | undefined, note: string | undefined;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_STATUS)) {
    status = STATUS.values[r.literal(STATUS)]!;
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_ROLE)) {
    role = ROLE.values[r.literal(ROLE)]!;
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_PLAN)) {
    plan = PLAN.values[r.literal(PLAN)]!;
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_REGION)) {
    region = REGION.values[r.literal(REGION)]!;
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_LOCALE)) {
    locale = LOCALE.values[r.literal(LOCALE)]!;
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_VERIFIED)) {
    verified = r.bool();
    seen |= 64;
    i++;
  }
  if (i < n && r.key(K_TWO_FACTOR)) {
    twoFactor = r.isNil() ? undefined : TWO_FACTOR.values[r.literal(TWO_FACTOR)];
    seen |= 128;
    i++;
  }
  if (i < n && r.key(K_TIER)) {
    tier = r.isNil() ? undefined : r.smallLiteral(TIERS);
    seen |= 256;
    i++;
  }
  if (i < n && r.key(K_SCORE)) {
    score = r.number();
    seen |= 512;
    i++;
  }
  if (i < n && r.key(K_LAST_SEEN)) {
    lastSeen = r.isNil() ? undefined : r.number();
    seen |= 1024;
    i++;
  }
  if (i < n && r.key(K_NOTE)) {
    note = r.stringOrUndefined();
    seen |= 2048;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(ACCOUNT_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        status = STATUS.values[r.literal(STATUS)]!;
        break;
      case 2:
        seen = r.once(seen, 4);
        role = ROLE.values[r.literal(ROLE)]!;
        break;
      case 3:
        seen = r.once(seen, 8);
        plan = PLAN.values[r.literal(PLAN)]!;
        break;
      case 4:
        seen = r.once(seen, 16);
        region = REGION.values[r.literal(REGION)]!;
        break;
      case 5:
        seen = r.once(seen, 32);
        locale = LOCALE.values[r.literal(LOCALE)]!;
        break;
      case 6:
        seen = r.once(seen, 64);
        verified = r.bool();
        break;
      case 7:
        seen = r.once(seen, 128);
        twoFactor = r.isNil() ? undefined : TWO_FACTOR.values[r.literal(TWO_FACTOR)];
        break;
      case 8:
        seen = r.once(seen, 256);
        tier = r.isNil() ? undefined : r.smallLiteral(TIERS);
        break;
      case 9:
        seen = r.once(seen, 512);
        score = r.number();
        break;
      case 10:
        seen = r.once(seen, 1024);
        lastSeen = r.isNil() ? undefined : r.number();
        break;
      case 11:
        seen = r.once(seen, 2048);
        note = r.stringOrUndefined();
        break;
      default:
        r.skip();
    }
  }
  if ((seen & REQUIRED) !== REQUIRED) r.missing(ACCOUNT_KEYS, REQUIRED, seen);
  return { id, status, role, plan, region, locale, verified, twoFactor, tier, score, lastSeen, note };
}

export function decode(bytes: Uint8Array): Account[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<Account>(n);
  for (let i = 0; i < n; i++) out[i] = readAccount(r);
  r.done();
  return out;
}
