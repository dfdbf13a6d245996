/**
 * Issue 55, finding 6, replayed on a TypeScript 7 project (its own typescript 7.0): a function-typed
 * property declared in types.ts and a codec of its type in codec.ts. The error names the call,
 * says what to do, and points at the property's declaration; `vite build` (the real Vite, with the
 * plugin of the private build) prints it as one error, without the plugin's stack frames; the
 * `typed-msgpack generate` command prints the same.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { docsLink } from "../../transformer/diagnostics/catalog";
import {
  buildPackageOf,
  builtPackage,
  cli,
  link,
  linkTypescript7,
  makeProject,
  removeTempDirs,
  ROOT,
  run,
} from "../generate/helpers";

const TYPES = "export interface Widget {\n  id: number;\n  onClick: () => void;\n}\n";
const CODEC = `import { codecFor } from "typed-msgpack";
import type { Widget } from "./types";

export const WidgetCodec = codecFor<Widget>();
`;
const ERROR =
  'src/codec.ts:4:28 - error TS91010: codecFor<Widget>(): $.onClick has a function type, which MessagePack cannot carry. To encode the rest of Widget, leave onClick out: codecFor<Omit<Widget, "onClick">>(), or declare the data in an interface without it.' +
  docsLink(91010) +
  "\n" +
  "  src/types.ts:3:3 - onClick is declared here.";

let pkg = "";
let dir = "";

beforeAll(() => {
  pkg = builtPackage();
  dir = makeProject(
    "errors-at-cause",
    {
      "package.json": JSON.stringify({ name: "app", private: true, type: "module" }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          strict: true,
          noEmit: true,
        },
        include: ["src"],
      }),
      "src/types.ts": TYPES,
      "src/codec.ts": CODEC,
      "vite.config.ts": `import { defineConfig } from "vite";
import { vite as typedMsgpack } from "typed-msgpack-build/unplugin";

export default defineConfig({
  plugins: [typedMsgpack({ cache: false })],
  build: { lib: { entry: "src/codec.ts", formats: ["es"] } },
});
`,
    },
    { pkg, typescript: false },
  );
  link(dir, "typed-msgpack-build", buildPackageOf(pkg));
  link(dir, "vite", path.join(ROOT, "node_modules/vite"));
  linkTypescript7(dir);
}, 300_000);

afterAll(() => removeTempDirs());

test("vite build: one error, with the fix and the declaration, and none of the plugin's stack frames", () => {
  const result = run(process.execPath, [path.join(dir, "node_modules/vite/bin/vite.js"), "build"], dir);
  expect(result.status).not.toBe(0);
  expect(result.output).toContain(`[plugin typed-msgpack] ${path.join(dir, "src/codec.ts")}\nError: ${ERROR}\n`);
  // (Below it, only Rolldown's and Vite's own frames, of the error they wrap it in.)
  expect(result.output).not.toMatch(/^\s+at .*(typed-msgpack|unplugin)/m);
  expect(result.output.split(ERROR)).toHaveLength(2);
  expect(fs.existsSync(path.join(dir, "dist"))).toBe(false);
}, 120_000);

test("typed-msgpack generate: the same error, the fix and the declaration", () => {
  const result = cli(pkg, ["generate"], dir);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(ERROR);
}, 120_000);
