// Generators of the datasets issue 54 added, shapes services exchange: GeoJSON, one RPC request,
// Record-keyed inventories and a page of REST issues. Seeded and deterministic like data.ts; every
// object's keys are in its type's declaration order, optional properties absent (never undefined).
import { int, pick, prng, type Rng } from "./rng";
import type {
  Feature,
  FeatureCollection,
  Geometry,
  GitUser,
  Inventory,
  Issue,
  IssueLabel,
  Milestone,
  Position,
  RpcRequest,
} from "./types";

/** A coordinate with six decimals, as GeoJSON exporters round them: always a float 64 on the wire. */
const coordinate = (r: Rng, base: number, span: number): number => {
  const x = Math.round((base + r() * span) * 1e6) / 1e6;
  return Number.isInteger(x) ? x + 0.000001 : x;
};

function line(r: Rng, n: number, lon: number, lat: number): Position[] {
  const out: Position[] = [];
  for (let i = 0; i < n; i++) out.push([coordinate(r, lon, 0.02), coordinate(r, lat, 0.02)]);
  return out;
}

/** A closed ring: its last position is its first. */
function ring(r: Rng, n: number, lon: number, lat: number): Position[] {
  const out = line(r, n - 1, lon, lat);
  out.push([out[0]![0], out[0]![1]]);
  return out;
}

const STREETS = ["Main Street", "Oak Avenue", "Mission Street", "Harbor Road", "Elm Street", "Market Street"];
const HIGHWAYS = ["primary", "secondary", "tertiary", "residential", "service"];
const BUILDINGS = ["yes", "house", "commercial", "retail", "apartments", "school"];

function feature(r: Rng, id: number): Feature {
  const lon = -122.5 + r() * 0.4,
    lat = 37.6 + r() * 0.3;
  const x = r();
  let geometry: Geometry;
  let properties: Feature["properties"];
  if (x < 0.5) {
    geometry = { type: "LineString", coordinates: line(r, 5 + int(r, 26), lon, lat) };
    properties = {
      name: `${pick(r, STREETS)}`,
      highway: pick(r, HIGHWAYS),
      lanes: 1 + int(r, 4),
      oneway: r() < 0.3,
      maxspeed: pick(r, [25, 30, 35, 45, 55]),
      ref: r() < 0.6 ? null : `CA ${1 + int(r, 280)}`,
    };
  } else {
    const polygon = () => {
      const rings = [ring(r, 6 + int(r, 30), lon, lat)];
      if (r() < 0.2) rings.push(ring(r, 5 + int(r, 6), lon, lat));
      return rings;
    };
    geometry =
      x < 0.85
        ? { type: "Polygon", coordinates: polygon() }
        : { type: "MultiPolygon", coordinates: Array.from({ length: 2 + int(r, 3) }, polygon) };
    properties = {
      building: pick(r, BUILDINGS),
      "addr:street": pick(r, STREETS),
      "addr:housenumber": `${1 + int(r, 2400)}`,
      "building:levels": 1 + int(r, 12),
      height: Math.round(r() * 4000) / 100,
      ...(r() < 0.3 ? { name: `Building ${id}` } : {}),
      wheelchair: r() < 0.5 ? r() < 0.7 : null,
    };
  }
  return { type: "Feature", id, geometry, properties };
}

export function geo(n: number): FeatureCollection {
  const r = prng(13);
  const features: Feature[] = [];
  for (let i = 0; i < n; i++) features.push(feature(r, 1 + i));
  return { type: "FeatureCollection", features };
}

/** 64 bytes of MessagePack: a uint 16 id, a method, a short key and value, a ttl. */
export function rpc(): RpcRequest {
  return { id: 48_213, method: "put", key: "session:8f3a2b", value: "tok-19ab4e", ttl: 3600 };
}

/** 40 warehouses, each stocking 150 of 600 SKUs (so a SKU recurs in about 10 of them). */
export function inventories(n: number): Inventory[] {
  const r = prng(14);
  const skus = Array.from({ length: 600 }, (_, k) => `SKU-${100_000 + 37 * k}`);
  const out: Inventory[] = [];
  for (let w = 0; w < n; w++) {
    const chosen = new Set<string>();
    while (chosen.size < 150) chosen.add(pick(r, skus));
    const stock: Inventory["stock"] = {};
    const prices: Inventory["prices"] = {};
    for (const sku of chosen) {
      stock[sku] = {
        qty: int(r, 2000),
        reserved: int(r, 40),
        bin: r() < 0.2 ? null : `${pick(r, ["A", "B", "C", "D"])}-${1 + int(r, 40)}-${1 + int(r, 6)}`,
      };
      prices[sku] = r() < 0.1 ? 5 + int(r, 200) : Math.round(r() * 50_000) / 100 + 0.01;
    }
    out.push({ warehouse: `WH-${pick(r, ["SFO", "OAK", "SJC", "LAX", "SEA"])}-${w}`, stock, prices });
  }
  return out;
}

const LOGINS = ["octocat", "hubot", "monalisa", "defunkt", "mojombo", "pjhyett", "wycats", "dependabot[bot]"];

function user(r: Rng): GitUser {
  const k = int(r, LOGINS.length);
  const login = LOGINS[k]!;
  const id = 583_231 + 7919 * k;
  return {
    login,
    id,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    type: login.endsWith("[bot]") ? "Bot" : "User",
    site_admin: k === 1,
  };
}

const LABELS: IssueLabel[] = [
  { id: 208_045_946, name: "bug", color: "d73a4a", description: "Something isn't working", default: true },
  { id: 208_045_947, name: "enhancement", color: "a2eeef", description: "New feature or request", default: true },
  { id: 208_045_948, name: "documentation", color: "0075ca", description: null, default: true },
  { id: 301_118_201, name: "performance", color: "fbca04", description: "Faster, smaller", default: false },
  { id: 301_118_202, name: "good first issue", color: "7057ff", description: null, default: true },
  { id: 301_118_203, name: "needs triage", color: "ededed", description: null, default: false },
];

const MILESTONES: Milestone[] = [
  { id: 9_817_201, number: 12, title: "v1.0", state: "open", due_on: "2027-03-01T08:00:00Z" },
  { id: 9_817_202, number: 13, title: "v1.1", state: "open", due_on: null },
  { id: 9_512_004, number: 9, title: "v0.9", state: "closed", due_on: "2026-11-15T08:00:00Z" },
];

const TITLES = [
  "Decoder rejects maps with duplicate keys too late",
  "Support Float32 in positional layout",
  "Crash when a Record key is __proto__",
  "Docs: explain the streaming API",
  "Build fails on TypeScript 7 beta",
  "Slow decode of tiny messages",
];

const date = (r: Rng, from: number) =>
  new Date(from + int(r, 90 * 86_400) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

function issue(r: Rng, number: number): Issue {
  const created = Date.UTC(2026, 6, 1) + int(r, 120) * 86_400_000;
  const closed = r() < 0.4;
  const pr = r() < 0.3;
  const labels: IssueLabel[] = [];
  for (const label of LABELS) if (r() < 0.2) labels.push({ ...label });
  return {
    id: 2_400_000_000 + number * 13,
    number,
    title: pick(r, TITLES),
    user: user(r),
    labels,
    state: closed ? "closed" : "open",
    locked: r() < 0.05,
    assignee: r() < 0.45 ? null : user(r),
    milestone: r() < 0.6 ? null : { ...pick(r, MILESTONES) },
    comments: int(r, 40),
    created_at: date(r, created),
    updated_at: date(r, created + 86_400_000),
    closed_at: closed ? date(r, created + 2 * 86_400_000) : null,
    author_association: pick(r, ["OWNER", "MEMBER", "CONTRIBUTOR", "NONE"] as const),
    body:
      r() < 0.15
        ? null
        : `${pick(r, TITLES)}.\n\nSteps to reproduce:\n1. Build with the plugin\n2. Decode ${1 + int(r, 900)} messages\n\nExpected: no error.`,
    ...(closed ? { state_reason: pick(r, ["completed", "not_planned", null] as const) } : {}),
    ...(pr ? { draft: r() < 0.2 } : {}),
    ...(pr
      ? {
          pull_request: {
            url: `https://api.github.com/repos/acme/typed-msgpack/pulls/${number}`,
            merged_at: closed ? date(r, created + 3 * 86_400_000) : null,
          },
        }
      : {}),
  };
}

export function issues(n: number): Issue[] {
  const r = prng(15);
  const out: Issue[] = [];
  for (let i = 0; i < n; i++) out.push(issue(r, 4_100 - i));
  return out;
}
