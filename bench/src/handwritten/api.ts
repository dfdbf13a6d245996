// Hand-written codec for ApiProfile (dataset "api"): one small payload of nested objects, literal
// unions and short arrays. See prims.ts.
import type { ApiProfile } from "../types";
import { EncodeError, In, Out, cat, keys, literals, mapOf, str, type Literals } from "./prims";

type Address = ApiProfile["address"];
type Geo = Address["geo"];
type Settings = ApiProfile["settings"];
type Notifications = Settings["notifications"];
type Stats = ApiProfile["stats"];
type Link = ApiProfile["links"][number];
type Role = ApiProfile["roles"][number];

const K_ID = str("id"),
  K_USERNAME = str("username"),
  K_DISPLAY = str("displayName"),
  K_EMAIL = str("email");
const K_VERIFIED = str("emailVerified"),
  K_AVATAR = str("avatarUrl"),
  K_BIO = str("bio"),
  K_CREATED = str("createdAt");
const K_ADDRESS = str("address"),
  K_SETTINGS = str("settings"),
  K_ROLES = str("roles"),
  K_STATS = str("stats");
const K_LOGINS = str("recentLogins"),
  K_TAGS = str("tags"),
  K_LINKS = str("links");
const K_STREET = str("street"),
  K_CITY = str("city"),
  K_REGION = str("region"),
  K_POSTAL = str("postalCode");
const K_COUNTRY = str("country"),
  K_GEO = str("geo"),
  K_LAT = str("lat"),
  K_LNG = str("lng");
const K_THEME = str("theme"),
  K_LANGUAGE = str("language"),
  K_TIMEZONE = str("timezone"),
  K_NOTIFICATIONS = str("notifications");
const K_PUSH = str("push"),
  K_SMS = str("sms"),
  K_DIGEST = str("digest");
const K_FOLLOWERS = str("followers"),
  K_FOLLOWING = str("following"),
  K_POSTS = str("posts"),
  K_KARMA = str("karma");
const K_REL = str("rel"),
  K_HREF = str("href");

const THEMES = literals("light", "dark", "system");
const DIGESTS = literals("daily", "weekly", "never");
const ROLES = literals("admin", "editor", "viewer");
const [LIGHT, DARK, SYSTEM] = THEMES.encoded as Uint8Array[];
const [DAILY, WEEKLY, NEVER] = DIGESTS.encoded as Uint8Array[];
const [ADMIN, EDITOR, VIEWER] = ROLES.encoded as Uint8Array[];

const GEO_HEAD = cat(K_GEO, mapOf(2), K_LAT);
const SETTINGS_HEAD = cat(K_SETTINGS, mapOf(4), K_THEME);
const NOTIFICATIONS_HEAD = cat(K_NOTIFICATIONS, mapOf(4), K_EMAIL);
const STATS_HEAD = cat(K_STATS, mapOf(4), K_FOLLOWERS);
const LINK_HEAD = cat(mapOf(2), K_REL);

function bad(set: Literals<string>, v: unknown): never {
  throw new EncodeError(`${JSON.stringify(v)} is not one of ${set.values.join(", ")}`);
}
function themeBytes(v: Settings["theme"]): Uint8Array {
  switch (v) {
    case "light":
      return LIGHT!;
    case "dark":
      return DARK!;
    case "system":
      return SYSTEM!;
  }
  return bad(THEMES, v);
}
function digestBytes(v: Notifications["digest"]): Uint8Array {
  switch (v) {
    case "daily":
      return DAILY!;
    case "weekly":
      return WEEKLY!;
    case "never":
      return NEVER!;
  }
  return bad(DIGESTS, v);
}
function roleBytes(v: Role): Uint8Array {
  switch (v) {
    case "admin":
      return ADMIN!;
    case "editor":
      return EDITOR!;
    case "viewer":
      return VIEWER!;
  }
  return bad(ROLES, v);
}

function writeAddress(w: Out, v: Address): void {
  const region = v.region;
  w.reserve(K_ADDRESS.length + 1 + K_STREET.length);
  w.put(K_ADDRESS);
  w.putByte(region === undefined ? 0x85 : 0x86);
  w.put(K_STREET);
  w.string(v.street);
  w.raw(K_CITY);
  w.string(v.city);
  if (region !== undefined) {
    w.raw(K_REGION);
    w.string(region);
  }
  w.raw(K_POSTAL);
  w.string(v.postalCode);
  w.raw(K_COUNTRY);
  w.string(v.country);
  const geo = v.geo;
  w.reserve(GEO_HEAD.length + 9 + K_LNG.length + 9);
  w.put(GEO_HEAD);
  w.putNumber(geo.lat);
  w.put(K_LNG);
  w.putNumber(geo.lng);
}

function writeSettings(w: Out, v: Settings): void {
  w.reserve(SETTINGS_HEAD.length + 8 + K_LANGUAGE.length);
  w.put(SETTINGS_HEAD);
  w.put(themeBytes(v.theme));
  w.put(K_LANGUAGE);
  w.string(v.language);
  w.raw(K_TIMEZONE);
  w.string(v.timezone);
  const n = v.notifications;
  w.reserve(NOTIFICATIONS_HEAD.length + 1 + K_PUSH.length + 1 + K_SMS.length + 1 + K_DIGEST.length + 8);
  w.put(NOTIFICATIONS_HEAD);
  w.putBool(n.email);
  w.put(K_PUSH);
  w.putBool(n.push);
  w.put(K_SMS);
  w.putBool(n.sms);
  w.put(K_DIGEST);
  w.put(digestBytes(n.digest));
}

const w = new Out();

export function encode(v: ApiProfile): Uint8Array {
  const bio = v.bio;
  w.reserve(1 + K_ID.length + 9 + K_USERNAME.length);
  w.putByte(bio === undefined ? 0x8e : 0x8f);
  w.put(K_ID);
  w.putNumber(v.id);
  w.put(K_USERNAME);
  w.string(v.username);
  w.raw(K_DISPLAY);
  w.string(v.displayName);
  w.raw(K_EMAIL);
  w.string(v.email);
  const avatarUrl = v.avatarUrl;
  w.reserve(K_VERIFIED.length + 1 + K_AVATAR.length + 1);
  w.put(K_VERIFIED);
  w.putBool(v.emailVerified);
  w.put(K_AVATAR);
  if (avatarUrl === null) w.putByte(0xc0);
  else w.string(avatarUrl);
  if (bio !== undefined) {
    w.raw(K_BIO);
    w.string(bio);
  }
  w.raw(K_CREATED);
  w.string(v.createdAt);
  writeAddress(w, v.address);
  writeSettings(w, v.settings);
  const roles = v.roles,
    nRoles = roles.length;
  w.reserve(K_ROLES.length + 5 + 7 * nRoles);
  w.put(K_ROLES);
  w.putArrayHeader(nRoles);
  for (let i = 0; i < nRoles; i++) w.put(roleBytes(roles[i]!));
  const stats = v.stats;
  w.reserve(STATS_HEAD.length + K_FOLLOWING.length + K_POSTS.length + K_KARMA.length + 4 * 9 + K_LOGINS.length);
  w.put(STATS_HEAD);
  w.putNumber(stats.followers);
  w.put(K_FOLLOWING);
  w.putNumber(stats.following);
  w.put(K_POSTS);
  w.putNumber(stats.posts);
  w.put(K_KARMA);
  w.putNumber(stats.karma);
  w.put(K_LOGINS);
  w.numberArray(v.recentLogins);
  w.raw(K_TAGS);
  w.stringArray(v.tags);
  const links = v.links,
    nLinks = links.length;
  w.raw(K_LINKS);
  w.arrayHeader(nLinks);
  for (let i = 0; i < nLinks; i++) {
    const link = links[i]!;
    w.raw(LINK_HEAD);
    w.string(link.rel);
    w.raw(K_HREF);
    w.string(link.href);
  }
  return w.finish();
}

const PROFILE_KEYS = keys(
  "id",
  "username",
  "displayName",
  "email",
  "emailVerified",
  "avatarUrl",
  "bio",
  "createdAt",
  "address",
  "settings",
  "roles",
  "stats",
  "recentLogins",
  "tags",
  "links",
);
const PROFILE_REQUIRED = 0x7fff & ~(1 << 6);
const ADDRESS_KEYS = keys("street", "city", "region", "postalCode", "country", "geo");
const ADDRESS_REQUIRED = 63 & ~(1 << 2);
const GEO_KEYS = keys("lat", "lng");
const SETTINGS_KEYS = keys("theme", "language", "timezone", "notifications");
const NOTIFICATIONS_KEYS = keys("email", "push", "sms", "digest");
const STATS_KEYS = keys("followers", "following", "posts", "karma");
const LINK_KEYS = keys("rel", "href");

function readGeo(r: In): Geo {
  const n = r.mapHeader();
  let lat!: number, lng!: number;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_LAT)) {
    lat = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_LNG)) {
    lng = r.number();
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(GEO_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        lat = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        lng = r.number();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 3) r.missing(GEO_KEYS, 3, seen);
  return { lat, lng };
}

function readAddress(r: In): Address {
  const n = r.mapHeader();
  let street!: string, city!: string, region: string | undefined, postalCode!: string, country!: string, geo!: Geo;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_STREET)) {
    street = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_CITY)) {
    city = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_REGION)) {
    region = r.stringOrUndefined();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_POSTAL)) {
    postalCode = r.string();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_COUNTRY)) {
    country = r.string();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_GEO)) {
    geo = readGeo(r);
    seen |= 32;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(ADDRESS_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        street = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        city = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        region = r.stringOrUndefined();
        break;
      case 3:
        seen = r.once(seen, 8);
        postalCode = r.string();
        break;
      case 4:
        seen = r.once(seen, 16);
        country = r.string();
        break;
      case 5:
        seen = r.once(seen, 32);
        geo = readGeo(r);
        break;
      default:
        r.skip();
    }
  }
  if ((seen & ADDRESS_REQUIRED) !== ADDRESS_REQUIRED) r.missing(ADDRESS_KEYS, ADDRESS_REQUIRED, seen);
  return { street, city, region, postalCode, country, geo };
}

function readNotifications(r: In): Notifications {
  const n = r.mapHeader();
  let email!: boolean, push!: boolean, sms!: boolean, digest!: Notifications["digest"];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_EMAIL)) {
    email = r.bool();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_PUSH)) {
    push = r.bool();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_SMS)) {
    sms = r.bool();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_DIGEST)) {
    digest = DIGESTS.values[r.literal(DIGESTS)]!;
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(NOTIFICATIONS_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        email = r.bool();
        break;
      case 1:
        seen = r.once(seen, 2);
        push = r.bool();
        break;
      case 2:
        seen = r.once(seen, 4);
        sms = r.bool();
        break;
      case 3:
        seen = r.once(seen, 8);
        digest = DIGESTS.values[r.literal(DIGESTS)]!;
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(NOTIFICATIONS_KEYS, 15, seen);
  return { email, push, sms, digest };
}

function readSettings(r: In): Settings {
  const n = r.mapHeader();
  let theme!: Settings["theme"], language!: string, timezone!: string, notifications!: Notifications;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_THEME)) {
    theme = THEMES.values[r.literal(THEMES)]!;
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_LANGUAGE)) {
    language = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_TIMEZONE)) {
    timezone = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_NOTIFICATIONS)) {
    notifications = readNotifications(r);
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(SETTINGS_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        theme = THEMES.values[r.literal(THEMES)]!;
        break;
      case 1:
        seen = r.once(seen, 2);
        language = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        timezone = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        notifications = readNotifications(r);
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(SETTINGS_KEYS, 15, seen);
  return { theme, language, timezone, notifications };
}

function readStats(r: In): Stats {
  const n = r.mapHeader();
  let followers!: number, following!: number, posts!: number, karma!: number;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_FOLLOWERS)) {
    followers = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_FOLLOWING)) {
    following = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_POSTS)) {
    posts = r.number();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_KARMA)) {
    karma = r.number();
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(STATS_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        followers = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        following = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        posts = r.number();
        break;
      case 3:
        seen = r.once(seen, 8);
        karma = r.number();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(STATS_KEYS, 15, seen);
  return { followers, following, posts, karma };
}

function readRoles(r: In): Role[] {
  const n = r.arrayHeader();
  const out = new Array<Role>(n);
  for (let i = 0; i < n; i++) out[i] = ROLES.values[r.literal(ROLES)]!;
  return out;
}

function readLink(r: In): Link {
  const n = r.mapHeader();
  let rel!: string, href!: string;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_REL)) {
    rel = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_HREF)) {
    href = r.string();
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(LINK_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        rel = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        href = r.string();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 3) r.missing(LINK_KEYS, 3, seen);
  return { rel, href };
}

function readLinks(r: In): Link[] {
  const n = r.arrayHeader();
  const out = new Array<Link>(n);
  for (let i = 0; i < n; i++) out[i] = readLink(r);
  return out;
}

export function decode(bytes: Uint8Array): ApiProfile {
  const r = new In(bytes);
  const n = r.mapHeader();
  let id!: number,
    username!: string,
    displayName!: string,
    email!: string,
    emailVerified!: boolean,
    avatarUrl!: string | null;
  let bio: string | undefined,
    createdAt!: string,
    address!: Address,
    settings!: Settings,
    roles!: Role[],
    stats!: Stats;
  let recentLogins!: number[], tags!: string[], links!: Link[];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_USERNAME)) {
    username = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_DISPLAY)) {
    displayName = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_EMAIL)) {
    email = r.string();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_VERIFIED)) {
    emailVerified = r.bool();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_AVATAR)) {
    avatarUrl = r.stringOrNull();
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_BIO)) {
    bio = r.stringOrUndefined();
    seen |= 64;
    i++;
  }
  if (i < n && r.key(K_CREATED)) {
    createdAt = r.string();
    seen |= 128;
    i++;
  }
  if (i < n && r.key(K_ADDRESS)) {
    address = readAddress(r);
    seen |= 256;
    i++;
  }
  if (i < n && r.key(K_SETTINGS)) {
    settings = readSettings(r);
    seen |= 512;
    i++;
  }
  if (i < n && r.key(K_ROLES)) {
    roles = readRoles(r);
    seen |= 1024;
    i++;
  }
  if (i < n && r.key(K_STATS)) {
    stats = readStats(r);
    seen |= 2048;
    i++;
  }
  if (i < n && r.key(K_LOGINS)) {
    recentLogins = r.numberArray();
    seen |= 4096;
    i++;
  }
  if (i < n && r.key(K_TAGS)) {
    tags = r.stringArray();
    seen |= 8192;
    i++;
  }
  if (i < n && r.key(K_LINKS)) {
    links = readLinks(r);
    seen |= 16384;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(PROFILE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        username = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        displayName = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        email = r.string();
        break;
      case 4:
        seen = r.once(seen, 16);
        emailVerified = r.bool();
        break;
      case 5:
        seen = r.once(seen, 32);
        avatarUrl = r.stringOrNull();
        break;
      case 6:
        seen = r.once(seen, 64);
        bio = r.stringOrUndefined();
        break;
      case 7:
        seen = r.once(seen, 128);
        createdAt = r.string();
        break;
      case 8:
        seen = r.once(seen, 256);
        address = readAddress(r);
        break;
      case 9:
        seen = r.once(seen, 512);
        settings = readSettings(r);
        break;
      case 10:
        seen = r.once(seen, 1024);
        roles = readRoles(r);
        break;
      case 11:
        seen = r.once(seen, 2048);
        stats = readStats(r);
        break;
      case 12:
        seen = r.once(seen, 4096);
        recentLogins = r.numberArray();
        break;
      case 13:
        seen = r.once(seen, 8192);
        tags = r.stringArray();
        break;
      case 14:
        seen = r.once(seen, 16384);
        links = readLinks(r);
        break;
      default:
        r.skip();
    }
  }
  if ((seen & PROFILE_REQUIRED) !== PROFILE_REQUIRED) r.missing(PROFILE_KEYS, PROFILE_REQUIRED, seen);
  r.done();
  return {
    id,
    username,
    displayName,
    email,
    emailVerified,
    avatarUrl,
    bio,
    createdAt,
    address,
    settings,
    roles,
    stats,
    recentLogins,
    tags,
    links,
  };
}
