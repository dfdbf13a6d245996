/**
 * webpack 5 + ts-loader 9.6 (examples/webpack), built both ways docs/getting-started.md shows: the transformer
 * passed to ts-loader's getCustomTransformers in the watch-safe form, and ts-patch as ts-loader's
 * compiler. Each bundle then runs in a real browser, Debian's headless Chromium driven by
 * playwright-core: the page streams Orders from a local server (127.0.0.1, closed after each run),
 * decodes them with `decodeStream` over fetch, POSTs a Receipt back, and refuses a malformed Order.
 * Both sides are checked, and the bytes are also read with @msgpack/msgpack. The page also runs
 * under a Content-Security-Policy without 'unsafe-eval'.
 *
 * Chromium comes from scripts/setup-chromium.sh, which installs it with apt-get when
 * /usr/bin/chromium is missing (CI runs as root).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decode } from "@msgpack/msgpack";
import { INSTALL_TIMEOUT, installedVersion, mustRun, removeTempDirs, ROOT, run, setUpExample } from "./helpers";
import { fromHex } from "../../helpers/bytes";

const BUILD_TIMEOUT = 180_000;
const PAGE_TIMEOUT = 90_000;

let project = "";
let chromium = "";

beforeAll(() => {
  const setup = run("bash", [path.join(ROOT, "scripts/setup-chromium.sh")], ROOT, {}, INSTALL_TIMEOUT);
  if (setup.status !== 0) throw new Error(`no headless browser for the webpack route\n${setup.output}`);
  chromium = setup.stdout.trim().split("\n").pop()!;
  project = setUpExample("webpack");
}, INSTALL_TIMEOUT);

afterAll(() => removeTempDirs());

/** server.js's ORDERS, as the page reports them (dates as ISO strings, absent optional properties undefined). */
const ORDERS = [
  {
    id: 1,
    status: "paid",
    customer: "Ada",
    items: [{ sku: "KB-101", quantity: 1, unitPrice: 89.5 }],
    placedAt: "2026-11-01T09:30:00.000Z",
    note: "gift wrap",
  },
  {
    id: 2,
    status: "open",
    customer: "Grace",
    items: [
      { sku: "MS-7", quantity: 2, unitPrice: 19.99 },
      { sku: "PAD-1", quantity: 1, unitPrice: 5 },
    ],
    placedAt: "2026-11-02T10:00:00.000Z",
  },
  { id: 3, status: "shipped", customer: "Linus ✓", items: [], placedAt: "1970-01-01T00:00:00.000Z" },
];

/** Builds with `script`, keeps the bundle under bundles/<name>.js, and checks that it needs no eval. */
function build(script: string, name: string): string {
  fs.rmSync(path.join(project, "dist"), { recursive: true, force: true });
  const out = mustRun("npm", ["run", script], project, {}, BUILD_TIMEOUT);
  expect(out).toMatch(/compiled successfully/);
  const bundle = path.join(project, "bundles", `${name}.js`);
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  fs.copyFileSync(path.join(project, "dist/app.js"), bundle);
  const js = fs.readFileSync(bundle, "utf8");
  expect(js).not.toMatch(/\beval\s*\(|new\s+Function\b/);
  // The codecs are in the bundle: the generated key table of Order.
  expect(js).toContain('"id","status","customer","items","placedAt","note"');
  return bundle;
}

interface Outcome {
  status: string;
  report: {
    orders: unknown[];
    receipt: Record<string, unknown>;
    postStatus: number;
    rejected: unknown;
    page: { hex: string; back: unknown };
  };
  violations: unknown[];
  errors: string[];
  evalBlocked: boolean;
  server: { ordersSent: string[]; receipts: { hex: string; receipt: Record<string, unknown> }[]; errors: string[] };
}

/** examples/webpack/e2e.js: starts server.js on 127.0.0.1 (port 0), opens the page in Chromium, prints both sides as JSON. */
function openPage(bundle: string, csp: boolean): Outcome {
  const result = run(
    "node",
    ["e2e.js"],
    project,
    { CSP: csp ? "1" : "0", BUNDLE: bundle, CHROMIUM_PATH: chromium },
    PAGE_TIMEOUT,
  );
  let outcome: Outcome;
  try {
    outcome = JSON.parse(result.stdout) as Outcome;
  } catch {
    throw new Error(result.output);
  }
  if (result.status !== 0 || outcome.status !== "done") throw new Error(result.output);
  return outcome;
}

/** The round trip, from the page's side, the server's side, and @msgpack/msgpack's reading of the bytes. */
function checkRoundTrip(outcome: Outcome): void {
  // The page: every streamed Order decoded, the malformed one refused with its path.
  expect(outcome.report.orders).toEqual(ORDERS);
  expect(outcome.report.rejected).toEqual({ code: "type-mismatch", path: "$.items[0].quantity" });
  expect(outcome.report.postStatus).toBe(201);
  // The generic helper (issue 16), compiled by ts-loader: the Page of the first order's items.
  const page = { items: (ORDERS[0] as { items: unknown[] }).items, next: "p2", total: ORDERS.length };
  expect(outcome.report.page.back).toEqual(page);
  expect(decode(fromHex(outcome.report.page.hex))).toEqual(page);
  expect(outcome.errors).toEqual([]);
  expect(outcome.violations).toEqual([]);

  // What the server sent is standard MessagePack.
  expect(outcome.server.ordersSent.map((hex) => decode(fromHex(hex)))).toEqual(
    ORDERS.map((o) => ({ ...o, placedAt: new Date(o.placedAt) })),
  );

  // The server: exactly one Receipt, decoded by the same generated codec the page encoded it with.
  expect(outcome.server.errors).toEqual([]);
  expect(outcome.server.receipts).toHaveLength(1);
  const [{ hex, receipt }] = outcome.server.receipts as [{ hex: string; receipt: Record<string, unknown> }];
  expect(receipt).toEqual({
    orderIds: [1, 2, 3],
    itemCount: 3,
    totalCents: "13448n",
    receivedAt: outcome.report.receipt.receivedAt,
    userAgent: expect.stringContaining("HeadlessChrome"),
  });
  expect(outcome.report.receipt).toEqual({ ...receipt, totalCents: "13448" });
  // ...and the bytes the browser wrote, read by another implementation.
  expect(decode(fromHex(hex), { useBigInt64: true })).toEqual({
    orderIds: [1, 2, 3],
    itemCount: 3,
    totalCents: 13448n,
    receivedAt: new Date(outcome.report.receipt.receivedAt as string),
    userAgent: receipt.userAgent,
  });
}

describe("getCustomTransformers: (program, getProgram) => ({ before: [transformer(getProgram)] })", () => {
  let bundle = "";

  test(
    "webpack builds the bundle, with no eval in it",
    () => {
      expect(installedVersion(project, "webpack")).toMatch(/^5\./);
      expect(installedVersion(project, "ts-loader")).toMatch(/^9\.6\./);
      bundle = build("build", "get-program");
    },
    BUILD_TIMEOUT,
  );

  test(
    "in headless Chromium the page decodes the streamed Orders and POSTs a Receipt the server decodes",
    () => {
      const outcome = openPage(bundle, false);
      expect(outcome.evalBlocked).toBe(false); // no policy in this run
      checkRoundTrip(outcome);
    },
    PAGE_TIMEOUT,
  );

  test(
    "the same under a Content-Security-Policy without 'unsafe-eval'",
    () => {
      const outcome = openPage(bundle, true);
      expect(outcome.evalBlocked).toBe(true); // the policy is in force...
      checkRoundTrip(outcome); // ...and nothing the page did violated it
    },
    PAGE_TIMEOUT,
  );
});

describe('ts-loader with compiler: "ts-patch/compiler" (the tsconfig plugin line)', () => {
  test(
    "webpack builds the bundle, and it round-trips in Chromium under the Content-Security-Policy",
    () => {
      const bundle = build("build:ts-patch", "ts-patch");
      const outcome = openPage(bundle, true);
      expect(outcome.evalBlocked).toBe(true);
      checkRoundTrip(outcome);
    },
    BUILD_TIMEOUT + PAGE_TIMEOUT,
  );
});
