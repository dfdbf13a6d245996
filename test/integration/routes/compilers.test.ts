/**
 * The compiler routes, each from its example under examples/ installed as a user would (pinned
 * tools from the example's lockfile, typed-msgpack from the packed tarball):
 *
 * - ts-patch: `tspc` with TypeScript 6 + ts-patch 4, and the same project on TypeScript 5.9 + ts-patch 3.3;
 * - ttypescript: `ttsc`, ttypescript 1.5.15 on TypeScript 4.9.5, .d.ts files type-checked too;
 * - ts-node 10.9.2: through ts-patch (tsconfig "ts-node": { "compiler": "ts-patch/compiler" }) and
 *   through its programmatic `transformers` option;
 * - jest 30 + ts-jest 29.4: the typed-msgpack/ts-jest AST transformer, and `compiler: "ts-patch/compiler"`.
 *
 * Every route's output is checked by decoding its bytes with @msgpack/msgpack.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decode } from "@msgpack/msgpack";
import { INSTALL_TIMEOUT, installedVersion, mustRun, removeTempDirs, run, setUpExample } from "./helpers";
import { fromHex } from "../../helpers/bytes";

const BUILD_TIMEOUT = 120_000;

afterAll(() => removeTempDirs());

/** What examples/ts-patch/src/main.ts (and examples/ts-node's copy) prints. */
interface MainOutput {
  hex: string;
  back: Record<string, unknown>;
  rejected: string;
  /** The generic helper's codec (issue 16): pageCodec(codecFor<Item>()). */
  page?: { hex: string; back: unknown; rejected: string };
}

/** The Order of examples/ts-patch/src/main.ts as @msgpack/msgpack decodes it (int 64 as bigint). */
const ORDER_ON_THE_WIRE = {
  id: 7,
  status: "paid",
  items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
  placedAt: new Date("2026-11-01T12:00:00.000Z"),
  total: 1900n,
  tags: ["gift"],
  note: "leave at the door",
};

const ORDER_BACK = {
  id: 7,
  status: "paid",
  items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
  placedAt: "2026-11-01T12:00:00.000Z",
  total: "1900",
  tags: ["gift"],
  note: "leave at the door",
};

function checkMainOutput(stdout: string): MainOutput {
  const out = JSON.parse(stdout) as MainOutput;
  expect(decode(fromHex(out.hex), { useBigInt64: true })).toEqual(ORDER_ON_THE_WIRE);
  expect(out.back).toEqual(ORDER_BACK);
  expect(out.rejected).toBe("type-mismatch at $.items[0].quantity");
  // The generic helper: the bytes @msgpack/msgpack reads as the Page, and a bad element at its path.
  const items = [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }];
  expect(decode(fromHex(out.page!.hex))).toEqual({ items, next: "p2", total: 1 });
  expect(out.page!.back).toEqual({ items, next: "p2", total: 1 });
  expect(out.page!.rejected).toBe("type-mismatch at $.items[0].quantity");
  return out;
}

describe("ts-patch (tspc)", () => {
  let ts6 = "";
  let ts5 = "";
  const hexByToolchain: Record<string, string> = {};

  beforeAll(() => {
    ts6 = setUpExample("ts-patch");
    ts5 = setUpExample("ts-patch", { name: "ts-patch-ts5", lockfileFrom: "ts5" });
  }, INSTALL_TIMEOUT);

  test.each([
    ["TypeScript 6.0 + ts-patch 4", () => ts6, /^6\.0\./, /^4\./],
    ["TypeScript 5.9 + ts-patch 3.3", () => ts5, /^5\.9\./, /^3\.3\./],
  ])(
    "%s: npm run build (tspc) replaces the calls, and node runs the output",
    (name, dir, typescript, tsPatch) => {
      const project = dir();
      expect(installedVersion(project, "typescript")).toMatch(typescript);
      expect(installedVersion(project, "ts-patch")).toMatch(tsPatch);
      mustRun("npm", ["run", "build"], project, {}, BUILD_TIMEOUT);
      const js = fs.readFileSync(path.join(project, "dist/codecs.js"), "utf8");
      expect(js).toContain("__tm_codec(");
      expect(js).not.toMatch(/\bcodecFor\)?\(/);
      hexByToolchain[name] = checkMainOutput(mustRun("npm", ["start", "--silent"], project)).hex;
    },
    BUILD_TIMEOUT,
  );

  test("both toolchains generate codecs that write the same bytes", () => {
    expect(Object.keys(hexByToolchain)).toHaveLength(2);
    const [a, b] = Object.values(hexByToolchain);
    expect(a).toBe(b);
  });
});

describe("ttypescript (ttsc)", () => {
  let project = "";

  beforeAll(() => {
    project = setUpExample("ttypescript");
  }, INSTALL_TIMEOUT);

  test(
    "ttypescript 1.5.15 on TypeScript 4.9.5: ttsc type-checks typed-msgpack's .d.ts files, replaces the calls, and the output runs",
    () => {
      expect(installedVersion(project, "typescript")).toBe("4.9.5");
      expect(installedVersion(project, "ttypescript")).toBe("1.5.15");
      // skipLibCheck is false in the example: an error in the runtime's .d.ts under TypeScript 4.9 fails here.
      expect(mustRun("npm", ["run", "build"], project, {}, BUILD_TIMEOUT)).not.toMatch(/error TS/);
      expect(fs.readFileSync(path.join(project, "dist/codecs.js"), "utf8")).toContain("__tm_codec(");

      const out = JSON.parse(mustRun("node", ["dist/main.js"], project)) as MainOutput;
      const wire = decode(fromHex(out.hex), { useBigInt64: true }) as Record<string, unknown>;
      expect(wire).toEqual({
        id: 7,
        status: "paid",
        level: 2,
        items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
        placedAt: new Date("2026-11-01T12:00:00.000Z"),
        total: 9007199254740993n,
        tags: ["gift"],
        stock: { "A-1": 3 },
        meta: { channel: "web" },
        location: [52.5, 13.4, "Berlin"],
        payment: { kind: "invoice", dueDays: 30 },
        category: { name: "root", children: [{ name: "leaf", children: [] }] },
        attachment: new Uint8Array([1, 2, 255]),
        extra: { any: ["thing", 1, null] },
        note: null,
      });
      expect(out.back).toEqual({
        id: 7,
        status: "paid",
        level: 2,
        items: [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }],
        placedAt: "2026-11-01T12:00:00.000Z",
        total: "9007199254740993",
        tags: ["gift"],
        stock: [["A-1", 3]],
        meta: { channel: "web" },
        location: [52.5, 13.4, "Berlin"],
        payment: { kind: "invoice", dueDays: 30 },
        category: { name: "root", children: [{ name: "leaf", children: [] }] },
        attachment: "0102ff",
        extra: { any: ["thing", 1, null] },
        note: null,
      });
      expect(out.rejected).toBe("type-mismatch at $.items[0].sku");
      // The generic helper of src/codecs.ts (issue 16): pageCodec(codecFor<Item>()) under TypeScript 4.9.
      const page = out.page as unknown as MainOutput;
      const items = [{ sku: "A-1", quantity: 2, unitPrice: 9.5 }];
      expect(decode(fromHex(page.hex))).toEqual({ items, next: "p2", total: 1 });
      expect(page.back).toEqual({ items, next: "p2", total: 1 });
      expect(page.rejected).toBe("out-of-range at $.total");
      expect(fs.readFileSync(path.join(project, "dist/codecs.js"), "utf8")).toMatch(
        /function __tm_Page_TCodec\(__tm_T\) \{/,
      );
    },
    BUILD_TIMEOUT,
  );
});

describe("ts-node", () => {
  let project = "";

  beforeAll(() => {
    project = setUpExample("ts-node");
  }, INSTALL_TIMEOUT);

  test(
    'npx ts-node src/main.ts compiles through ts-patch (tsconfig "ts-node": { "compiler": "ts-patch/compiler" })',
    () => {
      expect(installedVersion(project, "ts-node")).toBe("10.9.2");
      checkMainOutput(mustRun("npx", ["--no", "--", "ts-node", "src/main.ts"], project, {}, BUILD_TIMEOUT));
    },
    BUILD_TIMEOUT,
  );

  test(
    "node register.js: ts-node's programmatic transformers option, with plain typescript",
    () => {
      checkMainOutput(mustRun("node", ["register.js"], project, {}, BUILD_TIMEOUT));
    },
    BUILD_TIMEOUT,
  );

  test(
    "control: plain typescript without the transformers option leaves the calls, which throw when run",
    () => {
      const result = run(
        "node",
        ["-e", `require("ts-node").register({ compiler: "typescript" }); require("./src/main.ts");`],
        project,
        {},
        BUILD_TIMEOUT,
      );
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain("this codecFor<T>() call was not compiled by the typed-msgpack transformer");
    },
    BUILD_TIMEOUT,
  );
});

describe("jest + ts-jest", () => {
  let project = "";

  beforeAll(() => {
    project = setUpExample("jest");
  }, INSTALL_TIMEOUT);

  /** Runs the example's jest with `config`; returns jest's JSON report. */
  function jest(config: string) {
    const report = path.join(project, `jest-report-${path.basename(config, ".js")}.json`);
    const result = run(
      "node",
      [
        "node_modules/jest/bin/jest.js",
        "--config",
        config,
        "--ci",
        "--cacheDirectory",
        path.join(project, ".jest-cache"),
        "--json",
        "--outputFile",
        report,
      ],
      project,
      {},
      BUILD_TIMEOUT,
    );
    return { result, json: fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, "utf8")) : undefined };
  }

  const TESTS = [
    "an order survives the wire",
    "decode refuses bytes that are not an Order, and says where",
    "a codec made in the test file itself",
    "a generic helper: pageCodec(codecFor<Item>()) writes what codecFor<Page<Item>>() writes",
  ];

  test.each([
    ["astTransformers: typed-msgpack/ts-jest", "jest.config.js"],
    ["compiler: ts-patch/compiler", "jest.ts-patch.config.js"],
  ])(
    "ts-jest with %s compiles the user's codecFor calls (in src/ and in the test file) and the tests pass",
    (_, config) => {
      expect(installedVersion(project, "jest")).toMatch(/^30\./);
      expect(installedVersion(project, "ts-jest")).toMatch(/^29\.4\./);
      const { result, json } = jest(config);
      if (result.status !== 0 || json?.numFailedTestSuites !== 0) throw new Error(result.output);
      const passed = json.testResults.flatMap((r: { assertionResults: { title: string; status: string }[] }) =>
        r.assertionResults.filter((a) => a.status === "passed").map((a) => a.title),
      );
      expect(passed.sort()).toEqual([...TESTS].sort());
    },
    BUILD_TIMEOUT,
  );
});

describe("examples/linking: codecs declared in several modules link to each other", () => {
  let project = "";

  beforeAll(() => {
    project = setUpExample("linking", { build: true });
  }, INSTALL_TIMEOUT);

  test(
    "tspc and generate both build it: each codec module imports the codecs it reaches, copies none, and prints the same",
    () => {
      mustRun("npm", ["run", "build"], project, {}, BUILD_TIMEOUT);
      const invoice = fs.readFileSync(path.join(project, "dist/codecs/invoice.js"), "utf8");
      expect(invoice).toContain('require("./customer.js")');
      expect(invoice).toContain('require("./order.js")');
      expect(invoice).not.toMatch(/function __tm_(enc|dec)(Customer|Order|OrderLine)\b/);
      // OrderLine has no exported codec: order.js emits it, once.
      expect(fs.readFileSync(path.join(project, "dist/codecs/order.js"), "utf8")).toMatch(
        /function __tm_encOrderLine\b/,
      );
      const viaPlugin = JSON.parse(mustRun("npm", ["start", "--silent"], project));

      mustRun("npm", ["run", "build:generate"], project, {}, BUILD_TIMEOUT);
      const generated = fs.readFileSync(path.join(project, "src/codecs/invoice.codecs.ts"), "utf8");
      expect(generated).toMatch(/from "\.\/customer\.codecs\.js"/);
      expect(generated).toMatch(/from "\.\/order\.codecs\.js"/);
      const viaGenerate = JSON.parse(mustRun("npm", ["run", "start:generate", "--silent"], project));

      const ada = { id: 1, name: "Ada", tier: "gold" };
      const invoiceValue = {
        number: "INV-7",
        billTo: ada,
        paid: false,
        orders: [
          { id: 10, customer: ada, lines: [{ sku: "A-1", quantity: 2 }] },
          { id: 11, customer: { id: 2, name: "Bob", tier: "silver" }, lines: [] },
        ],
      };
      expect(viaPlugin.back).toEqual(invoiceValue);
      expect(decode(fromHex(viaPlugin.hex))).toEqual(invoiceValue);
      expect(viaPlugin.rejected).toBe("type-mismatch at $.orders[0].customer.tier");
      expect(viaGenerate).toEqual(viaPlugin);
    },
    2 * BUILD_TIMEOUT,
  );
});
