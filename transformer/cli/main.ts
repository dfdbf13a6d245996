#!/usr/bin/env node
/**
 * The `typed-msgpack` command (package.json "bin"). It finds the project's own TypeScript first
 * (find-compiler.ts), and only then loads the generator, which runs on it.
 */
import { parseArgs, SCHEMA_USAGE, USAGE, UsageError, type Command } from "./args.js";
import type { Compiler } from "./compiler.js";
import { ConfigError } from "./config.js";
import { findCompiler, NoCompilerError } from "./find-compiler.js";
import { packageVersion } from "./package-info.js";
// Imports no TypeScript: the snapshot format is plain data.
import { SnapshotError } from "../schema/snapshot.js";

function main(argv: readonly string[]): number | undefined {
  let command: Command;
  try {
    command = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`typed-msgpack: ${e.message}\n\n${argv[0] === "schema" ? SCHEMA_USAGE : USAGE}\n`);
    return 2;
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (command.kind === "schemaHelp") {
    process.stdout.write(SCHEMA_USAGE + "\n");
    return 0;
  }
  if (command.kind === "version") {
    process.stdout.write(packageVersion() + "\n");
    return 0;
  }
  const cwd = process.cwd();
  if (command.kind === "init") {
    // Reads and writes configuration only: no compiler needed, so none is loaded.
    const { runInit } = require("./init.js") as typeof import("./init.js");
    return runInit({ dryRun: command.dryRun }, cwd);
  }
  let compiler: Compiler | undefined;
  let watching = false;
  try {
    compiler = findCompiler(cwd, command.kind === "generate" && command.verbose);
    if (command.kind === "schema") {
      const { runSchema } = require("./schema.js") as typeof import("./schema.js");
      return runSchema(command, cwd, compiler);
    }
    const { runGenerate } = require("./run.js") as typeof import("./run.js");
    const code = runGenerate(command, cwd, compiler);
    watching = code === undefined;
    return code;
  } catch (e) {
    if (!(e instanceof NoCompilerError || e instanceof ConfigError || e instanceof SnapshotError)) throw e;
    process.stderr.write(`typed-msgpack: ${e.message}\n`);
    return 2;
  } finally {
    // TypeScript 7's process ends with the run (--watch keeps it until the command is stopped).
    if (!watching) compiler?.close();
  }
}

const exitCode = main(process.argv.slice(2));
if (exitCode !== undefined) process.exitCode = exitCode;
