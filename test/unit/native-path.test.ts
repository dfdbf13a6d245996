/**
 * On TypeScript 7 the `typescript` package is the native compiler's, whose `require("typescript")`
 * is only `{ version }`: the build tools' TypeScript 7 path must not load it (it would get nothing,
 * or in a project that also has a TypeScript 6 somewhere, load a second compiler for nothing).
 */
import * as path from "node:path";
import { runtimeModules } from "../helpers/module-graph";

const TRANSFORMER = path.join(__dirname, "../../transformer");

test.each([
  "cli/native-compiler.ts",
  "bundler/native-codec-modules.ts",
  "cli/find-compiler.ts",
  "cli/run.ts",
  "cli/schema.ts",
  "checkers/native-program.ts",
  "generate.ts",
])("%s loads no typescript module", (entry) => {
  const modules = runtimeModules(path.join(TRANSFORMER, entry));
  expect(modules.size).toBeGreaterThan(3);
  expect([...modules].filter((m) => m === "typescript")).toEqual([]);
});
