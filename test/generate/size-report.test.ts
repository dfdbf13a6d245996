/**
 * What a codec costs in code (issue 60): generate warns about a codec at or above the size limits
 * and suggests `optimize: "size"`, `--report` lists every codec's size and the named types it
 * reaches, and the bundler plugin does both (a build warning; `report: true` lists them when the
 * build ends). The limits here are low so that a small type graph crosses them. Invoice reaches
 * three named types: itself, Line, and Customer, whose codec src/tables.ts exports (so Invoice's
 * code calls it, as a link).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { buildPackageOf, builtPackage, cli, link, makeProject, positionOf, removeTempDirs, ROOT, run } from "./helpers";

const MODEL = `export interface Address { street: string; city: string }
export interface Customer { id: string; name: string; address: Address; billing?: Address }
export interface Line { sku: string; qty: number; price: number }
export interface Invoice { id: string; customer: Customer; lines: Line[]; total: number }
`;

const CODECS = `import { codecFor } from "typed-msgpack";
import type { Invoice, Line } from "./model.js";

export const InvoiceCodec = codecFor<Invoice>();
export const LineCodec = codecFor<Line>();
`;

/** A codec emitted as a table: never warned about, since that is what the warning advises. */
const TABLES = `import { codecFor } from "typed-msgpack";
import type { Customer } from "./model.js";

export const CustomerTable = codecFor<Customer>({ optimize: "size" });
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: "es2022", module: "nodenext", strict: true, types: [], noEmit: true },
  include: ["src"],
});

let pkg = "";
beforeAll(() => {
  pkg = builtPackage();
}, 300_000);
afterAll(() => removeTempDirs());

function project(name: string, config?: object): string {
  return makeProject(
    name,
    {
      "package.json": JSON.stringify({ name, private: true, type: "module" }),
      "tsconfig.json": TSCONFIG,
      "src/model.ts": MODEL,
      "src/codecs.ts": CODECS,
      "src/tables.ts": TABLES,
      ...(config ? { "typed-msgpack.config.json": JSON.stringify(config) } : {}),
    },
    { pkg },
  );
}

const invoiceAt = () => `src/codecs.ts:${positionOf(CODECS, "codecFor<Invoice>")}`;
const lineAt = () => `src/codecs.ts:${positionOf(CODECS, "codecFor<Line>")}`;

describe("typed-msgpack generate", () => {
  test("a codec at or above the limits gets a warning with its figures, and the run still succeeds", () => {
    const dir = project("size-warn", { sizeWarning: { types: 2 } });
    const result = cli(pkg, ["generate"], dir);
    expect(result.status).toBe(0);
    const warning = new RegExp(
      `^${invoiceAt()}: warning: codecFor<Invoice>\\(\\) emits ≈\\d+ KB \\(≈\\d+ KB gzip\\) for 3 types, at or above the size warning \\(200 KB or 2 types\\)\\. codecFor<Invoice>\\(\\{ optimize: "size" \\}\\)`,
      "m",
    );
    expect(result.stderr).toMatch(warning);
    expect(result.stderr).toContain("docs/performance.md#size-mode");
    // Line reaches one type: below the limit, and without --report not listed.
    expect(result.stdout + result.stderr).not.toContain("codecFor<Line>");
    expect(result.stderr).not.toContain("src/tables.ts");
    expect(fs.existsSync(path.join(dir, "src/codecs.codecs.ts"))).toBe(true);
  }, 120_000);

  test("--report lists every codec: its code size, gzipped size and the named types it reaches", () => {
    const dir = project("size-report");
    const result = cli(pkg, ["generate", "--report"], dir);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain("warning");
    expect(result.stdout).toMatch(
      new RegExp(`^${invoiceAt()} codecFor<Invoice>\\(\\): ≈\\d+ KB \\(≈\\d+ KB gzip\\) for 3 types$`, "m"),
    );
    expect(result.stdout).toMatch(
      new RegExp(`^${lineAt()} codecFor<Line>\\(\\): ≈\\d+ KB \\(≈\\d+ KB gzip\\) for 1 type$`, "m"),
    );
    const tableAt = `src/tables.ts:${positionOf(TABLES, "codecFor<Customer>")}`;
    expect(result.stdout).toMatch(
      new RegExp(`^${tableAt} codecFor<Customer>\\(\\): ≈\\d+ KB \\(≈\\d+ KB gzip\\) for 2 types, as a table$`, "m"),
    );
  }, 120_000);

  test('"sizeWarning": false turns the warning off; a malformed one is a configuration error', () => {
    const off = cli(pkg, ["generate"], project("size-off", { sizeWarning: false }));
    expect(off.status).toBe(0);
    expect(off.stderr).not.toContain("warning");
    const bad = cli(pkg, ["generate"], project("size-bad", { sizeWarning: { bytes: "200KB" } }));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /typed-msgpack\.config\.json: "sizeWarning" must be false or \{ bytes\?: number; types\?: number \}/,
    );
    expect(cli(pkg, ["generate", "--watch", "--report"], project("size-watch")).stderr).toContain(
      "--watch and --report do not go together",
    );
  }, 120_000);
});

describe("the bundler plugin (esbuild, TypeScript 6 in process)", () => {
  test("warns at the call, and report: true lists every codec when the build ends", () => {
    const dir = project("size-plugin");
    link(dir, "typed-msgpack-build", buildPackageOf(pkg));
    link(dir, "esbuild", path.join(ROOT, "node_modules/esbuild"));
    fs.writeFileSync(
      path.join(dir, "build.mjs"),
      `import * as esbuild from "esbuild";
import typedMsgpack from "typed-msgpack-build/unplugin";
const result = await esbuild.build({
  entryPoints: ["src/codecs.ts"],
  bundle: true,
  write: false,
  format: "esm",
  logLevel: "silent",
  plugins: [typedMsgpack.esbuild({ sizeWarning: { types: 3 }, report: true, cache: false })],
});
for (const warning of result.warnings) console.log("WARNING " + warning.text);
`,
    );
    const result = run(process.execPath, ["build.mjs"], dir);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^WARNING ${invoiceAt()}: codecFor<Invoice>\\(\\) emits ≈\\d+ KB \\(≈\\d+ KB gzip\\) for 3 types, at or above`,
        "m",
      ),
    );
    expect(result.stdout).toContain("typed-msgpack: codec sizes\n");
    expect(result.stdout).toMatch(
      new RegExp(`^  ${lineAt()} codecFor<Line>\\(\\): ≈\\d+ KB \\(≈\\d+ KB gzip\\) for 1 type$`, "m"),
    );
    expect(result.stdout).not.toMatch(/^WARNING .*codecFor<Line>/m);
  }, 120_000);
});
