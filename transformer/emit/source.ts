import type { FileModel } from "../model/ir.js";
import { emitCode } from "./code.js";
import { shapeChecks, type ShapeCheck } from "./shape.js";
import { SourceBuild } from "./source-build.js";
import { quote } from "./text-build.js";

/** What generate inserts into a file, as text; written without the `typescript` module. */
export interface SourceText {
  /** The modules whose codecs the code links to, each imported as a namespace (see `namespaceImportText`). */
  imports: { alias: string; module: string }[];
  /**
   * The generated declarations, then the stale-codec checks (emit/shape.ts) if there are any: each
   * statement's text as generate prints it today. Lines end in "\n" (none after the last): a
   * caller writing into a CRLF file replaces them, as generate's `insertion` does.
   */
  statements: string[];
}

/**
 * The TypeScript source of the code one file's `codecFor` calls need, for generate: the text of
 * each statement the TypeScript printer writes for `emitFile(factory, model, true)` after
 * generate's `tidyGenerated`, byte for byte (test/unit/source-build.test.ts). The runtime import
 * (`import * as __tm from "typed-msgpack"`) is the caller's, as `runtimeImport` is today.
 *
 * `comments: false` leaves the emitter's comments out, as the printer's removeComments does (today
 * generate's printer keeps them whatever removeComments says).
 */
export function emitSourceText(
  model: FileModel,
  checks: readonly ShapeCheck[],
  options: { comments?: boolean; runtimeModule?: string } = {},
): SourceText {
  const b = new SourceBuild(options.comments ?? true);
  const { imports, code } = emitCode(b, model, options.runtimeModule);
  const statements = b.source(code);
  const shape = checks.length > 0 ? shapeChecks(model, checks).trimEnd() : "";
  // Printed today as a verbatim statement, which ends with one `;`.
  if (shape !== "") statements.push(shape.endsWith(";") ? shape : shape + ";");
  return { imports, statements };
}

/** `import * as alias from "module";`, as the printer writes a namespace import (emit/codec.ts `namespaceImport`). */
export function namespaceImportText(alias: string, module: string): string {
  return `import * as ${alias} from ${quote(module)};`;
}
