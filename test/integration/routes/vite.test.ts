/**
 * Vite 8 with the bundler plugin (typed-msgpack-build/unplugin) in a TypeScript 7 project
 * (examples/vite, installed from its lockfile plus the packed tarball): `vite build` output runs in
 * headless Chromium under a Content-Security-Policy without 'unsafe-eval'; `vite build --watch`
 * rebuilds the codec after the type changes in model.ts; the dev server serves
 * main.ts with its codec generated, serves the new codec after the type changes in model.ts (a
 * file Vite never sees: main.ts imports it type-only), and answers a module whose codec cannot be
 * generated, or that the tsconfig leaves out, with an error naming file:line:col.
 */
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import {
  count,
  INSTALL_TIMEOUT,
  expectOnlyTypeScript7,
  installedVersion,
  mustRun,
  removeTempDirs,
  ROOT,
  run,
  setUpExample,
  startBackground,
  waitFor,
  type Background,
} from "./helpers";

const BUILD_TIMEOUT = 180_000;
const DEV_TIMEOUT = 120_000;

let project = "";
let chromium = "";

beforeAll(() => {
  const setup = run("bash", [path.join(ROOT, "scripts/setup-chromium.sh")], ROOT, {}, INSTALL_TIMEOUT);
  if (setup.status !== 0) throw new Error(`no headless browser for the vite route\n${setup.output}`);
  chromium = setup.stdout.trim().split("\n").pop()!;
  project = setUpExample("vite", { build: true });
}, INSTALL_TIMEOUT);

afterAll(() => removeTempDirs());

test("the example's toolchain is TypeScript 7 and Vite 8, and tsc 7 type-checks it", () => {
  expect(installedVersion(project, "typescript")).toMatch(/^7\./);
  expectOnlyTypeScript7(project);
  expect(installedVersion(project, "vite")).toMatch(/^8\./);
  mustRun("npx", ["tsc", "-p", "."], project);
});

test(
  "vite build: the codec is generated into the bundle, which runs in Chromium under a strict CSP",
  () => {
    const out = mustRun("npx", ["vite", "build"], project, {}, BUILD_TIMEOUT);
    expect(out).toMatch(/built in/);
    const assets = path.join(project, "dist/assets");
    const js = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .map((f) => fs.readFileSync(path.join(assets, f), "utf8"))
      .join("\n");
    expect(js).not.toMatch(/\beval\s*\(|new\s+Function\b|codecFor/);

    const page = run("node", ["e2e.js"], project, { CHROMIUM_PATH: chromium }, BUILD_TIMEOUT);
    if (page.status !== 0) throw new Error(page.output);
    const outcome = JSON.parse(page.stdout);
    expect(outcome).toEqual({
      report: {
        // {id, customer, items: [{sku, quantity}], placedAt, note} as a MessagePack map, the date as ext -1.
        hex: "85a2696407a8637573746f6d6572a3416461a56974656d739182a3736b75a64b422d313031a87175616e7469747902a8706c616365644174d6ff6ae70698a46e6f7465a9676966742077726170",
        back: {
          id: 7,
          customer: "Ada",
          items: [{ sku: "KB-101", quantity: 2 }],
          placedAt: "2026-11-01T09:30:00.000Z",
          note: "gift wrap",
        },
        rejected: "type-mismatch at $.items[0].quantity",
      },
      errors: [],
      evalBlocked: true,
    });
  },
  BUILD_TIMEOUT * 2,
);

test(
  "vite build --watch: a property added to the type in model.ts (imported type-only) is in the rebuilt bundle, which still runs",
  async () => {
    const model = path.join(project, "src/model.ts");
    const original = fs.readFileSync(model, "utf8");
    const bundle = () => {
      const assets = path.join(project, "dist/assets");
      return fs
        .readdirSync(assets)
        .filter((f) => f.endsWith(".js"))
        .map((f) => fs.readFileSync(path.join(assets, f), "utf8"))
        .join("\n");
    };
    const watcher = startBackground("npx", ["vite", "build", "--watch"], project);
    try {
      const builds = () => count(watcher.output(), /built in/);
      await waitFor("the first build", () => builds() >= 1, BUILD_TIMEOUT, watcher.output);
      // Order's key table, as the minifier writes it (template literals).
      expect(bundle()).toMatch(/[`"]placedAt[`"],\s*[`"]note[`"]\s*\]/);
      await new Promise((resolve) => setTimeout(resolve, 500)); // past the first build's file timestamps
      fs.writeFileSync(model, original.replace("  note?: string;", "  note?: string;\n  giftWrap?: boolean;"));
      await waitFor("the rebuild after src/model.ts changed", () => builds() >= 2, BUILD_TIMEOUT, watcher.output);
      // One write can reach the watcher as two events (truncate, then data) and start a third build,
      // which empties dist/ first: read the bundle only once no build is running or about to start.
      await settled(watcher, BUILD_TIMEOUT);
      expect(bundle()).toMatch(/[`"]placedAt[`"],\s*[`"]note[`"],\s*[`"]giftWrap[`"]\s*\]/);
      // The order has no giftWrap: the same bytes as before, from the rebuilt codec, in Chromium.
      const page = run("node", ["e2e.js"], project, { CHROMIUM_PATH: chromium }, BUILD_TIMEOUT);
      if (page.status !== 0) throw new Error(page.output);
      expect(JSON.parse(page.stdout).report.back).toEqual({
        id: 7,
        customer: "Ada",
        items: [{ sku: "KB-101", quantity: 2 }],
        placedAt: "2026-11-01T09:30:00.000Z",
        note: "gift wrap",
      });
    } finally {
      await watcher.stop();
      fs.writeFileSync(model, original);
    }
  },
  BUILD_TIMEOUT * 3,
);

describe("vite dev server", () => {
  let server: Background;
  let base = "";
  const get = async (url: string) => {
    const response = await fetch(base + url);
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startBackground("npx", ["vite", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], project);
    await waitFor(
      "the dev server",
      () => /ready in/.test(server.output()),
      DEV_TIMEOUT,
      () => server.output(),
    );
  }, DEV_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  test(
    "serves the generated codec, and the new one after the type changes in another file",
    async () => {
      const before = await get("/src/main.ts");
      expect(before.status).toBe(200);
      expect(before.text).toContain('"placedAt",\n\t"note"\n]');
      expect(before.text).not.toMatch(/= codecFor|priority/);
      // Order's items use the codec src/codecs.ts exports (linked), not a copy.
      expect(before.text).toContain('import * as __tm_codecs from "/src/codecs.ts"');
      expect(before.text).toContain("__tm_codecs.ItemCodec.writeTo(");
      expect(before.text).not.toContain("function __tm_encItem(");

      const model = path.join(project, "src/model.ts");
      fs.writeFileSync(
        model,
        fs.readFileSync(model, "utf8").replace("  note?: string;", "  note?: string;\n  priority: number;"),
      );
      const after = await poll(
        () => get("/src/main.ts"),
        (r) => r.text.includes('"priority"'),
        DEV_TIMEOUT - 10_000,
      );
      expect(after.text).toContain('"note",\n\t"priority"\n]');
      // The page was told to reload: main.ts accepts no hot update.
      expect(server.output()).toMatch(/page reload src\/model\.ts/);
    },
    DEV_TIMEOUT,
  );

  test(
    "a codec that cannot be generated is an error with file:line:col, never an untransformed call",
    async () => {
      fs.writeFileSync(
        path.join(project, "src/widget.ts"),
        'import { codecFor } from "typed-msgpack";\n\ninterface Widget { onClick: () => void }\nexport const WidgetCodec = codecFor<Widget>();\n',
      );
      const widget = await get("/src/widget.ts");
      expect(widget.status).toBe(500);
      // The page's error overlay carries the message as JSON, with "<" escaped.
      expect(widget.text).toMatch(
        /src\/widget\.ts:4:28 - error TS91010: codecFor(<|\\u003c)Widget>\(\): \$\.onClick has a function type/,
      );

      // Outside the tsconfig's "include": no types to generate from.
      fs.mkdirSync(path.join(project, "scripts"));
      fs.writeFileSync(
        path.join(project, "scripts/tool.ts"),
        'import { codecFor } from "typed-msgpack";\nexport const NumberCodec = codecFor<number>();\n',
      );
      const outside = await get("/scripts/tool.ts");
      expect(outside.status).toBe(500);
      expect(outside.text).toContain("scripts/tool.ts: calls codecFor, but tsconfig.json does not include it");
    },
    DEV_TIMEOUT,
  );
});

/** Calls `request` until `done` holds for its result (or the time is up), and returns that result. */
async function poll<T>(request: () => Promise<T>, done: (result: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await request();
    if (done(result) || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until every "build started" of a `vite build --watch` has its "built in", and 1 s has passed with no new output. */
async function settled(watcher: Background, timeoutMs: number): Promise<void> {
  let seen = "";
  let quietSince = Date.now();
  await waitFor(
    "the watcher to be idle",
    () => {
      const output = watcher.output();
      if (output !== seen) [seen, quietSince] = [output, Date.now()];
      return count(output, /build started/) === count(output, /built in/) && Date.now() - quietSince >= 1000;
    },
    timeoutMs,
    watcher.output,
  );
}

/** A TCP port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
