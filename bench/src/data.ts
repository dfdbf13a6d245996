// Deterministic dataset generators. Every worker process regenerates its dataset from the same seed
// (cheaper than shipping Dates, bigints and bytes over IPC, and identical in every process).
// Optional properties are absent, never `undefined` (JSON drops undefined but the dynamic msgpack
// libraries write it as nil), and are spread in declaration order so that each object's key order
// is its type's, which is the order typed-msgpack writes.
import type {
  Roots,
  DatasetId,
  ModuleID,
  CrossVersion,
  InclExclRule,
  TreeNode,
  UiEvent,
  Article,
  Series,
  BlobRecord,
  Shape,
  NumberList,
  Float32List,
  Timestamps,
  Employee,
  Department,
  Company,
  Account,
  Category,
  ApiProfile,
} from "./types";

import { geo, inventories, issues, rpc } from "./data-services";
import { int, int32, pick, prng, type Rng } from "./rng";

export interface DatasetInfo {
  title: string;
  type: string;
  /** int 64 values in this dataset are bigints, so @msgpack/msgpack needs useBigInt64. */
  bigint?: boolean;
  /** Its numbers are declared `Float32`: @msgpack/msgpack writes them as float 32 with forceFloat32. */
  float32?: boolean;
}

export const DATASETS: Record<DatasetId, DatasetInfo> = {
  lite: { title: "msgpack-lite benchmark object", type: "LiteExample" },
  sbt: { title: "20,000 sbt ModuleIDs (sjson-new benchmark)", type: "ModuleID[]" },
  tree: { title: "recursive outline, deep nesting", type: "TreeNode" },
  events: { title: "10,000 UI events, discriminated union", type: "UiEvent[]" },
  text: { title: "150 articles, long non-ASCII strings", type: "Article[]" },
  numeric: { title: "4 series × 25,000 floats + 25,000 ints", type: "Series[]" },
  blobs: { title: "3,000 records of bigint, Date, bytes", type: "BlobRecord[]", bigint: true },
  shapes: { title: "1,000 shapes, union with [number, number][] tuples", type: "Shape[]" },
  floats: { title: "100,000 float64 values in one array", type: "NumberList" },
  floats32: { title: "100,000 Float32 values in one array (floats, rounded)", type: "Float32List", float32: true },
  smallints: { title: "100,000 small ints (-31..100) in one array", type: "NumberList" },
  company: { title: "company → 12 departments → 1,200 employees, nullable, optional, Date", type: "Company" },
  flat: { title: "20,000 flat records of string-literal unions", type: "Account[]" },
  categories: { title: "recursive category tree, 3,419 nodes, depth 6", type: "Category" },
  api: { title: "one ~1 KB API payload (user profile)", type: "ApiProfile" },
  geo: {
    title: "GeoJSON, 1,500 features: nested [number, number] tuples, Record properties",
    type: "FeatureCollection",
  },
  rpc: { title: "one ~60-byte RPC request, timed per message", type: "RpcRequest" },
  inventory: { title: "40 warehouses × 2 Records of 150 SKU keys", type: "Inventory[]" },
  issues: { title: "a page of 100 GitHub-like issues: nullable and optional properties", type: "Issue[]" },
};

export const DATASET_IDS = Object.keys(DATASETS) as DatasetId[];

const GENERATORS: { [K in DatasetId]: () => Roots[K] } = {
  // The real file, so the object is msgpack-lite's own, key order included.
  lite: () => require("msgpack-lite/test/example.json"),
  sbt: () => sbt(20_000),
  tree: tree,
  events: () => events(10_000),
  text: () => articles(150),
  numeric: numeric,
  blobs: () => blobs(3_000),
  shapes: () => shapes(1_000),
  floats: () => floats(100_000),
  floats32: () => floats32(100_000),
  smallints: () => smallints(100_000),
  company: company,
  flat: () => accounts(20_000),
  categories: categories,
  api: api,
  geo: () => geo(1_500),
  rpc: rpc,
  inventory: () => inventories(40),
  issues: () => issues(100),
};

export function makeDataset<K extends DatasetId>(id: K): Roots[K] {
  return GENERATORS[id]();
}

/**
 * Scala's Random.nextString(n): n chars uniform in U+0001..U+D7FE, so mostly 3-byte UTF-8.
 * sjson-new's BenchmarkData builds organization and name with it.
 */
function scalaString(r: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += String.fromCharCode(1 + int(r, 0xd7fe));
  return s;
}

/**
 * sjson-new's `randomOrg % randomName % randomVersion` (revision "x.y.z" from nextInt % 10, so
 * parts can be negative). The original leaves every other field at its default; here a seeded
 * share of records sets them, so that optional fields, arrays, maps and the union are exercised.
 */
function sbt(n: number): ModuleID[] {
  const r = prng(1);
  const confs = ["compile", "test", "provided", "runtime", "compile->default(compile)"];
  const rule = (): InclExclRule => ({
    organization: pick(r, ["org.slf4j", "log4j", "*"]),
    name: pick(r, ["slf4j-log4j12", "*", "jsr305"]),
    artifact: "*",
    configurations: [],
  });
  const cross = (): CrossVersion => {
    const x = r();
    if (x < 0.3) return { kind: "disabled" };
    if (x < 0.9) return { kind: "binary", prefix: "", suffix: "" };
    if (x < 0.98) return { kind: "full", prefix: "", suffix: "" };
    return { kind: "constant", value: "2.13" };
  };
  const out: ModuleID[] = [];
  for (let i = 0; i < n; i++) {
    const m: ModuleID = {
      organization: scalaString(r, 15),
      name: scalaString(r, 10),
      revision: `${int32(r) % 10}.${int32(r) % 10}.${int32(r) % 10}`,
      ...(r() < 0.3 ? { configurations: pick(r, confs) } : {}),
      isChanging: r() < 0.05,
      isTransitive: r() >= 0.1,
      isForce: r() < 0.03,
      explicitArtifacts:
        r() < 0.1
          ? [
              {
                name: scalaString(r, 10),
                type: "jar",
                extension: "jar",
                ...(r() < 0.5 ? { classifier: "sources" } : {}),
                configurations: [],
                extraAttributes: {},
              },
            ]
          : [],
      inclusions: [],
      exclusions: r() < 0.15 ? Array.from({ length: 1 + int(r, 2) }, rule) : [],
      extraAttributes: r() < 0.1 ? { "e:sbtVersion": "1.0", "e:scalaVersion": "2.12" } : {},
      crossVersion: cross(),
      ...(r() < 0.02 ? { branchName: "main" } : {}),
    };
    out.push(m);
  }
  return out;
}

/** 40 subtrees, each a branching process (mean 1.1 children) cut at depth 24. */
function tree(): TreeNode {
  const r = prng(2);
  let id = 0;
  const node = (depth: number): TreeNode => {
    const tag = depth === 0 ? "section" : pick(r, ["section", "para", "list", "item", "quote"] as const);
    const text =
      tag !== "section" && tag !== "list"
        ? { text: pick(r, ["Lorem ipsum dolor sit amet", "Übermäßig", "short", "x"]) }
        : {};
    const n: TreeNode = { id: id++, tag, ...text, children: [] };
    const x = r();
    const kids = depth >= 24 ? 0 : x < 0.3 ? 0 : x < 0.7 ? 1 : x < 0.9 ? 2 : 3;
    for (let i = 0; i < kids; i++) n.children.push(node(depth + 1));
    return n;
  };
  const root: TreeNode = { id: id++, tag: "section", children: [] };
  for (let i = 0; i < 40; i++) root.children.push(node(1));
  return root;
}

function events(n: number): UiEvent[] {
  const r = prng(3);
  let t = 1_700_000_000_000;
  const out: UiEvent[] = [];
  for (let i = 0; i < n; i++) {
    t += int(r, 500);
    const x = r();
    if (x < 0.35)
      out.push({
        kind: "click",
        t,
        x: int(r, 1920),
        y: int(r, 1080),
        button: pick(r, [0, 1, 2] as const),
        target: pick(r, ["#submit", "div.card > a", "nav li:nth-child(3)", "button.primary"]),
      });
    else if (x < 0.6)
      out.push({
        kind: "key",
        t,
        key: pick(r, ["a", "Enter", "ArrowDown", "é", "Shift"]),
        code: pick(r, ["KeyA", "Enter", "ArrowDown", "Digit2"]),
        shift: r() < 0.2,
        ctrl: r() < 0.1,
        alt: r() < 0.05,
      });
    else if (x < 0.85) out.push({ kind: "scroll", t, dx: 0, dy: Math.round((r() * 200 - 100) * 100) / 100 });
    else if (x < 0.97)
      out.push({
        kind: "nav",
        t,
        url: `https://example.com/shop/item/${int(r, 100000)}?ref=${int(r, 99)}`,
        referrer: r() < 0.5 ? null : "https://example.com/",
      });
    else {
      const e: UiEvent = { kind: "error", t, message: "TypeError: Cannot read properties of undefined (reading 'id')" };
      if (r() < 0.7)
        e.stack = Array.from(
          { length: 8 },
          (_, k) => `    at fn${k} (https://example.com/assets/app.${int(r, 1e6)}.js:1:${int(r, 90000)})`,
        ).join("\n");
      out.push(e);
    }
  }
  return out;
}

const WORDS: Record<Exclude<Article["lang"], "mixed">, string[]> = {
  fr: [
    "L’homme",
    "n’est",
    "qu’un",
    "roseau",
    "pensant",
    "écraser",
    "dignité",
    "à",
    "où",
    "garçon",
    "été",
    "forêt",
    "cœur",
    "Noël",
    "déjà",
    "très",
    "fenêtre",
    "château",
    "naïve",
    "œuvre",
  ],
  ru: [
    "Москва",
    "привет",
    "мир",
    "книга",
    "человек",
    "жизнь",
    "время",
    "дело",
    "рука",
    "слово",
    "место",
    "друг",
    "вопрос",
    "дом",
    "сторона",
    "страна",
    "ёлка",
    "щука",
  ],
  ja: [
    "東京",
    "日本語",
    "ありがとう",
    "こんにちは",
    "世界",
    "時間",
    "人間",
    "学校",
    "先生",
    "電車",
    "桜",
    "猫",
    "雨",
    "新しい",
    "勉強",
    "図書館",
    "。",
    "、",
  ],
  ar: ["مرحبا", "العالم", "كتاب", "مدرسة", "بيت", "سلام", "شمس", "قمر", "ماء", "حب", "وقت", "يوم", "جميل", "مدينة"],
};
const EMOJI = ["😀", "🚀", "👍🏽", "🇫🇷", "❤️", "🎉", "👩‍💻", "🐈"];

function prose(r: Rng, lang: Article["lang"], chars: number): string {
  const langs = Object.keys(WORDS) as (keyof typeof WORDS)[];
  let s = "";
  while (s.length < chars) {
    const l = lang === "mixed" ? pick(r, langs) : lang;
    s += pick(r, WORDS[l]) + (l === "ja" ? "" : " ");
    if (r() < 0.02) s += pick(r, EMOJI) + " ";
  }
  return s;
}

function articles(n: number): Article[] {
  const r = prng(4);
  const out: Article[] = [];
  for (let i = 0; i < n; i++) {
    const lang = pick(r, ["fr", "ru", "ja", "ar", "mixed"] as const);
    out.push({
      id: i,
      lang,
      title: prose(r, lang, 40 + int(r, 60)),
      body: prose(r, lang, 1000 + int(r, 3000)),
      tags: Array.from({ length: int(r, 6) }, () => prose(r, lang, 6).trim()),
      author: { name: prose(r, lang, 12).trim(), bio: prose(r, lang, 200) },
    });
  }
  return out;
}

function numeric(): Series[] {
  const r = prng(5);
  const widths = [0x80, 0x100, 0x10000, 0x1_0000_0000, 2 ** 40];
  return Array.from({ length: 4 }, (_, s) => {
    let v = 100 * r();
    const floats: number[] = [];
    const ints: number[] = [];
    for (let i = 0; i < 25_000; i++) {
      v += r() - 0.5; // full-precision doubles: float 64 on the wire
      floats.push(v);
      const n = int(r, pick(r, widths));
      ints.push(r() < 0.2 && n !== 0 ? -n : n); // never -0, which typed-msgpack keeps as float 64
    }
    return { name: `sensor-${s}`, start: 1_700_000_000_000 + s, step: 0.25, floats, ints };
  });
}

function blobs(n: number): BlobRecord[] {
  const r = prng(6);
  const bytes = (len: number) => {
    const b = new Uint8Array(len);
    for (let i = 0; i < len; i++) b[i] = int(r, 256);
    return b;
  };
  const u64 = () => (BigInt(int(r, 0x8000_0000)) << 32n) | BigInt(int(r, 0x1_0000_0000));
  const date = () => {
    const x = r();
    // Mostly timestamp 64 (milliseconds), some whole seconds (timestamp 32), some before 1970 (96).
    if (x < 0.1) return new Date(1_500_000_000_000 + int(r, 300_000_000) * 1000);
    if (x < 0.12) return new Date(-int(r, 2_000_000_000_000));
    return new Date(1_500_000_000_000 + int(r, 300_000_000_000));
  };
  const out: BlobRecord[] = [];
  for (let i = 0; i < n; i++) {
    const payload = bytes(int(r, 513));
    const updatedAt = r() < 0.5 ? { updatedAt: date() } : {};
    out.push({
      id: u64(),
      seq: r() < 0.3 ? -u64() : u64(),
      createdAt: date(),
      ...updatedAt,
      sha256: bytes(32),
      payload,
      size: payload.length,
      owner: `user-${int(r, 5000)}`,
    });
  }
  return out;
}

/** Coordinates with one decimal (float 64 on the wire) or whole (ints), as drawings have. */
function shapes(n: number): Shape[] {
  const r = prng(7);
  const coord = () => (r() < 0.5 ? int(r, 2000) - 1000 : Math.round(r() * 20000 - 10000) / 10);
  const out: Shape[] = [];
  for (let i = 0; i < n; i++) {
    const x = r();
    if (x < 0.4) out.push({ kind: "circle", r: 0.5 + int(r, 10000) / 100 });
    else if (x < 0.8)
      out.push({
        kind: "rect",
        w: 1 + int(r, 640),
        h: r() < 0.5 ? 1 + int(r, 480) : Math.round(r() * 4800) / 10 + 0.1,
      });
    else
      out.push({
        kind: "poly",
        points: Array.from({ length: 3 + int(r, 10) }, (): [number, number] => [coord(), coord()]),
      });
  }
  return out;
}

/** A random walk of full-precision doubles: every element is a float 64. */
function floats(n: number): NumberList {
  const r = prng(8);
  const xs: number[] = new Array(n);
  let v = 0;
  for (let i = 0; i < n; i++) xs[i] = v += r() - 0.5;
  return { xs };
}

/**
 * The floats dataset's values rounded to float 32, so that every contender round-trips them; none is
 * an integer (which @msgpack/msgpack would write as an int even with forceFloat32).
 */
function floats32(n: number): Float32List {
  return { xs: floats(n).xs.map((x) => (Number.isInteger(Math.fround(x)) ? Math.fround(x + 0.125) : Math.fround(x))) };
}

/** Counts and small deltas: 0..100 (fixint or uint 8) and one in ten negative above -32 (negative fixint). */
function smallints(n: number): NumberList {
  const r = prng(9);
  const xs: number[] = new Array(n);
  for (let i = 0; i < n; i++) xs[i] = r() < 0.1 ? -1 - int(r, 31) : int(r, 101);
  return { xs };
}

const FIRST = [
  "Ada",
  "Grace",
  "Linus",
  "Margaret",
  "Dennis",
  "Barbara",
  "Ken",
  "Frances",
  "Edsger",
  "Radia",
  "José",
  "Zoë",
  "Søren",
  "Chloé",
];
const LAST = [
  "Lovelace",
  "Hopper",
  "Torvalds",
  "Hamilton",
  "Ritchie",
  "Liskov",
  "Thompson",
  "Allen",
  "Dijkstra",
  "Perlman",
  "Núñez",
  "Østergaard",
];
const SKILLS = [
  "typescript",
  "go",
  "rust",
  "sql",
  "kubernetes",
  "react",
  "design",
  "sales",
  "finance",
  "support",
  "security",
  "ml",
];
const TITLES = [
  "Engineer",
  "Senior Engineer",
  "Staff Engineer",
  "Manager",
  "Designer",
  "Analyst",
  "Account Executive",
  "Support Specialist",
];
const CITIES = ["Berlin", "Lisbon", "Montréal", "Austin", "Singapore", "Nairobi", "Kraków", "São Paulo"];

/** Whole milliseconds since 2015; some whole seconds (timestamp 32 instead of 64). */
function timestamps(r: Rng): Timestamps {
  const created = 1_420_000_000_000 + int(r, 300_000_000) * 1000 + (r() < 0.8 ? int(r, 1000) : 0);
  return { created: new Date(created), ...(r() < 0.6 ? { updated: new Date(created + int(r, 100_000_000_000)) } : {}) };
}

function company(): Company {
  const r = prng(10);
  let nextId = 1;
  const departments: Department[] = [];
  for (let d = 0; d < 12; d++) {
    const employees: Employee[] = [];
    const first = nextId;
    for (let e = 0; e < 100; e++) {
      const id = nextId++;
      const first_ = pick(r, FIRST),
        last = pick(r, LAST);
      employees.push({
        id,
        name: `${first_} ${last}`,
        email: r() < 0.9 ? `${first_.toLowerCase()}.${last.toLowerCase()}${id}@example.com` : null,
        ...(r() < 0.4 ? { phone: `+1-555-${String(int(r, 10000)).padStart(4, "0")}` } : {}),
        title: pick(r, TITLES),
        managerId: e === 0 ? null : first + int(r, Math.min(e, 10)),
        salary: 40_000 + int(r, 160_000),
        remote: r() < 0.3,
        skills: Array.from({ length: int(r, 5) }, () => pick(r, SKILLS)),
        times: timestamps(r),
      });
    }
    departments.push({
      id: 1000 + d,
      name:
        pick(r, ["Engineering", "Sales", "Marketing", "Finance", "Support", "Research", "Legal", "Operations"]) +
        ` ${d + 1}`,
      costCenter: r() < 0.7 ? `CC-${1000 + int(r, 9000)}` : null,
      ...(r() < 0.5 ? { location: pick(r, CITIES) } : {}),
      budget: Math.round(r() * 5e8) / 100,
      employees,
      times: timestamps(r),
    });
  }
  return {
    id: 1,
    name: "Initech",
    legalName: "Initech Corporation GmbH & Co. KG",
    website: "https://initech.example.com",
    founded: new Date(Date.UTC(1989, 3, 1)),
    headquarters: { street: "Friedrichstraße 123", city: "Berlin", postalCode: "10117", country: "DE" },
    departments,
    times: timestamps(r),
  };
}

function accounts(n: number): Account[] {
  const r = prng(11);
  const out: Account[] = [];
  for (let i = 0; i < n; i++) {
    const x = r();
    out.push({
      id: 100_000 + i,
      status: x < 0.85 ? "active" : x < 0.95 ? "suspended" : "deleted",
      role: pick(r, ["user", "user", "user", "guest", "admin"] as const),
      plan: pick(r, ["free", "free", "pro", "team", "enterprise"] as const),
      region: pick(r, ["us-east", "us-west", "eu-central", "ap-south"] as const),
      locale: pick(r, ["en-US", "en-US", "fr-FR", "de-DE", "ja-JP", "pt-BR"] as const),
      verified: r() < 0.7,
      ...(r() < 0.3 ? { twoFactor: pick(r, ["totp", "sms", "webauthn"] as const) } : {}),
      ...(r() < 0.5 ? { tier: pick(r, [1, 2, 3] as const) } : {}),
      score: int(r, 1000),
      ...(r() < 0.8 ? { lastSeen: 1_700_000_000 + int(r, 10_000_000) } : {}),
      ...(r() < 0.05 ? { note: "manual review" } : {}),
    });
  }
  return out;
}

const CATEGORY_WORDS = [
  "Home",
  "Garden",
  "Kitchen",
  "Outdoor",
  "Tools",
  "Books",
  "Music",
  "Toys",
  "Games",
  "Sports",
  "Fitness",
  "Audio",
  "Video",
  "Cameras",
  "Office",
  "Pet",
  "Baby",
  "Beauty",
  "Health",
  "Auto",
  "Crafts",
  "Travel",
  "Lighting",
  "Storage",
  "Décor",
];

/** A store's category tree: 12 departments, then 4-9, 3-8 and 2-9 children per node, a few deeper (3,419 nodes). */
function categories(): Category {
  const r = prng(12);
  let nextId = 0;
  const node = (depth: number, parentId: number | null, prefix: string): Category => {
    const id = nextId++;
    const name =
      depth === 0 ? "All" : `${pick(r, CATEGORY_WORDS)} ${pick(r, ["&", "and", "for"])} ${pick(r, CATEGORY_WORDS)}`;
    const slug = depth === 0 ? "all" : `${prefix}${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id}`;
    const count =
      depth === 0
        ? 12
        : depth === 1
          ? 4 + int(r, 6)
          : depth === 2
            ? 3 + int(r, 6)
            : depth === 3
              ? 2 + int(r, 8)
              : depth < 6 && r() < 0.05
                ? 1 + int(r, 3)
                : 0;
    const children: Category[] = [];
    for (let i = 0; i < count; i++) children.push(node(depth + 1, id, depth === 0 ? "" : `${slug}/`));
    return { id, name, slug, children, parentId };
  };
  return node(0, null, "");
}

function api(): ApiProfile {
  return {
    id: 48_213_907,
    username: "octo_cat",
    displayName: "Octo Cat 🐙",
    email: "octo.cat@example.com",
    emailVerified: true,
    avatarUrl: "https://avatars.example.com/u/48213907?v=4&s=460",
    bio: "Building things for the web. Open-source maintainer, coffee enthusiast, occasional speaker.",
    createdAt: "2014-06-18T09:31:22Z",
    address: {
      street: "88 Colin P Kelly Jr St",
      city: "San Francisco",
      region: "CA",
      postalCode: "94107",
      country: "US",
      geo: { lat: 37.782293, lng: -122.391681 },
    },
    settings: {
      theme: "dark",
      language: "en-US",
      timezone: "America/Los_Angeles",
      notifications: { email: true, push: false, sms: false, digest: "weekly" },
    },
    roles: ["admin", "editor"],
    stats: { followers: 18_342, following: 112, posts: 1_047, karma: 98_765 },
    recentLogins: [1_732_000_000, 1_731_913_600, 1_731_827_200, 1_731_740_800, 1_731_654_400, 1_731_568_000],
    tags: ["typescript", "msgpack", "performance", "open-source", "coffee"],
    links: [
      { rel: "self", href: "https://api.example.com/users/48213907" },
      { rel: "repos", href: "https://api.example.com/users/48213907/repos" },
      { rel: "followers", href: "https://api.example.com/users/48213907/followers" },
      { rel: "html", href: "https://example.com/octo_cat" },
    ],
  };
}
