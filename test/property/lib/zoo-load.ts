/**
 * Compiles the zoo through the real transformer (test/helpers/compile.ts) and pairs each exported
 * codec with its root in the transformer's type model, so properties can derive arbitraries.
 */
import { compile, type Compiled } from "../../helpers/compile";
import type { Codec } from "../../../runtime/index";
import type { ZooType } from "./checks";
import { ZOO_SOURCE } from "../zoo";

/**
 * Zoos compiled by the suites this jest worker ran before (test/helpers/environment.js), by source:
 * the property suites share one compile of the zoo (seconds each) and each requires its module afresh.
 */
const compiledZoos = (globalThis as { __typedMsgpackTest?: { zoos?: Map<string, Compiled> } }).__typedMsgpackTest?.zoos;

/** `name` must be unique across the repo (it becomes test/.generated/<name>.ts). */
export function loadZoo(name: string, source: string = ZOO_SOURCE): ZooType[] {
  let compiled = compiledZoos?.get(source);
  if (!compiled) {
    compiled = compile(name, source);
    compiledZoos?.set(source, compiled);
  }
  if (compiled.diagnostics.length > 0)
    throw new Error(`zoo ${name} did not compile:\n${compiled.diagnostics.join("\n")}`);
  const model = compiled.model;
  if (!model) throw new Error(`zoo ${name}: the transformer produced no type model`);
  const exports = require(compiled.file.replace(/\.ts$/, ".js")) as Record<string, Codec<unknown>>;
  // The emitted module assigns `exports.<Name> = __tm_<codecId>Codec;` for each codecFor call.
  const types: ZooType[] = [];
  for (const match of compiled.js.matchAll(/exports\.(\w+) = __tm_(\w+)Codec;/g)) {
    const [, exportName, id] = match as unknown as [string, string, string];
    const entry = model.codecs[id];
    if (!entry) throw new Error(`zoo ${name}: no model entry for codec ${id} (export ${exportName})`);
    types.push({
      name: exportName,
      display: entry.display,
      codec: exports[exportName]!,
      root: entry.root,
      named: model.named,
      ...(entry.layout === "positional" ? { positional: true } : {}),
    });
  }
  if (types.length === 0) throw new Error(`zoo ${name}: found no codecs in the emitted JS`);
  return types;
}
