/**
 * What each codec costs in shipped code: the bytes its functions take and the named types it
 * reaches. A codec's code grows with its type graph (Stripe.Event reaches about 2,000 object types),
 * so generate and the bundler plugin say when one is large enough to want `optimize: "size"`
 * (docs/performance.md#size-mode), and list every codec's figures when asked (`--report`).
 */
import { gzipSync } from "node:zlib";
import { emitSourceText } from "./emit/source.js";
import type { FileModel } from "./model/ir.js";
import { walk } from "./model/unions.js";
import type { SizeLimits } from "./options.js";

export interface CodecSize {
  /** The codec's id in its file's model. */
  id: string;
  /** The type, as the source spells it. */
  display: string;
  /** Named types (object types and recursive aliases) its code covers. */
  types: number;
  /** Its code without comments and indentation: about what a minifier leaves before renaming. */
  bytes: number;
  /** The same, gzipped. */
  gzip: number;
  /** Emitted as a table (`optimize: "size"`): never warned about, since that is the warning's advice. */
  table?: true;
  /** At or above the limits: warned about. */
  large: boolean;
  /** What generate and the bundler plugin print after the call's place: the warning, or the figures. */
  text: string;
}

/**
 * The sizes of `model`'s codecs: all of them when `all`, else only those at or above `limits`.
 * `emittedBytes` is the file's emitted code as generated, which bounds each codec's: below the
 * limit, no codec is emitted again to be measured.
 */
export function codecSizes(
  model: FileModel,
  emittedBytes: number,
  limits: SizeLimits | false,
  all: boolean,
): CodecSize[] {
  const sizes: CodecSize[] = [];
  for (const [id, codec] of Object.entries(model.codecs)) {
    const reached = walk([codec.root], model.named, () => {});
    const mayBeLarge =
      limits !== false && codec.optimize !== "size" && (reached.size >= limits.types || emittedBytes >= limits.bytes);
    if (!all && !mayBeLarge) continue;
    const alone: FileModel = {
      named: Object.fromEntries([...reached].map((name) => [name, model.named[name]!])),
      codecs: { [id]: codec },
    };
    const text = compact(emitSourceText(alone, [], { comments: false }).statements);
    const measured = {
      id,
      display: codec.display,
      types: reached.size,
      bytes: text.length,
      gzip: gzipSync(text).length,
      ...(codec.optimize === "size" ? { table: true as const } : {}),
    };
    const large =
      limits !== false && !measured.table && (measured.types >= limits.types || measured.bytes >= limits.bytes);
    const call = `codecFor<${codec.display}>()`;
    if (all || large)
      sizes.push({
        ...measured,
        large,
        text: large && limits ? sizeWarning(call, measured, limits) : `${call}: ${describeSize(measured)}`,
      });
  }
  return sizes;
}

type Measured = Omit<CodecSize, "large" | "text">;

/** The warning for a large codec, after its place (`src/events.ts:3:22: warning: `). */
function sizeWarning(call: string, size: Measured, limits: SizeLimits): string {
  return (
    `${call} emits ${describeSize(size)}, at or above the size warning (${kilobytes(limits.bytes)} or ` +
    `${limits.types.toLocaleString("en-US")} types). codecFor<${size.display}>({ optimize: "size" }) emits a table ` +
    `that a small interpreter runs instead, with the same bytes and checks, at a fraction of the size (see ` +
    `typed-msgpack's docs/performance.md#size-mode; the "sizeWarning" option sets the limits, false turns this off)`
  );
}

/** `≈1.2 MB (≈140 KB gzip) for 812 types`, and `, as a table` in size mode. */
function describeSize(size: Measured): string {
  const types = `${size.types.toLocaleString("en-US")} type${size.types === 1 ? "" : "s"}`;
  return `≈${kilobytes(size.bytes)} (≈${kilobytes(size.gzip)} gzip) for ${types}${size.table ? ", as a table" : ""}`;
}

function kilobytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** Statements without indentation or line breaks: only measured, never run. */
function compact(statements: readonly string[]): string {
  return statements.map((s) => s.replace(/\n\s*/g, "")).join("");
}
