/** Options of the transformer, from the tsconfig `plugins` entry or the second argument. */
export interface TransformerOptions {
  /**
   * The runtime package generated code imports from: it imports the package's `/internal` entry
   * (`typed-msgpack/internal`), which holds what generated code calls.
   * @default "typed-msgpack"
   */
  runtimeModule?: string;
  /**
   * Whether a codec whose type contains a type with an exported codec in another module
   * (`export const OrderCodec = codecFor<Order>()`) calls that codec through an import instead of
   * copying its code. Turn off only if importing those modules from others is unwanted (they run
   * when first imported).
   * @default true
   */
  link?: boolean;
  /**
   * What `codecFor<T>()` calls that do not say (`codecFor<T>({ optimize })`) optimize for: `"speed"`,
   * a function per type and direction, or `"size"`, a table of the type run by the
   * `typed-msgpack/interpret` entry (docs/performance.md, "Size mode"). The same bytes and errors.
   * @default "speed"
   */
  optimize?: Optimize;
  /**
   * When generate and the bundler plugin warn that a codec's code is large: at or above `bytes` of
   * code (comments and indentation left out) or `types` named types reached. false: never.
   * @default { bytes: 200000, types: 500 }
   */
  sizeWarning?: { bytes?: number; types?: number } | false;
}

export type Optimize = "speed" | "size";

/** When a codec is worth a warning about its size: at or above either figure (codec-size.ts). */
export interface SizeLimits {
  bytes: number;
  types: number;
}

const DEFAULT_SIZE_LIMITS: SizeLimits = { bytes: 200_000, types: 500 };

export interface ResolvedOptions {
  readonly runtimeModule: string;
  readonly link: boolean;
  readonly optimize: Optimize;
  readonly sizeWarning: SizeLimits | false;
}

/** Keys ts-patch and ttypescript put in the same `plugins` entry; they are theirs, not ours. */
const HOST_KEYS = new Set([
  "transform",
  "type",
  "import",
  "after",
  "before",
  "afterDeclarations",
  "transformProgram",
  "isEsm",
  "resolvePathAliases",
  "name",
]);

/** Resolves options once; an unknown key is an error rather than a silently ignored typo. */
export function parseOptions(raw: unknown): ResolvedOptions {
  const input = (raw ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!HOST_KEYS.has(key) && !["runtimeModule", "link", "optimize", "sizeWarning"].includes(key)) {
      throw new Error(
        `typed-msgpack/transformer: unknown option "${key}". The options are "runtimeModule" (the module generated code imports the runtime from), "link" (false: copy codecs declared in other modules instead of importing them), "optimize" ("speed" or "size") and "sizeWarning" (when a codec's code is large enough to warn: { bytes, types }, or false).`,
      );
    }
  }
  // Only an absent option is the default: `"link": null` in a tsconfig is a mistake to report, not `true`.
  const link = input.link === undefined ? true : input.link;
  if (typeof link !== "boolean")
    throw new Error(`typed-msgpack/transformer: option "link" must be true or false, got ${JSON.stringify(link)}.`);
  const runtimeModule = input.runtimeModule ?? "typed-msgpack";
  if (typeof runtimeModule !== "string" || runtimeModule === "") {
    throw new Error(
      `typed-msgpack/transformer: option "runtimeModule" must be a non-empty module name, got ${JSON.stringify(runtimeModule)}.`,
    );
  }
  const optimize = input.optimize ?? "speed";
  if (optimize !== "speed" && optimize !== "size")
    throw new Error(
      `typed-msgpack/transformer: option "optimize" must be "speed" or "size", got ${JSON.stringify(optimize)}.`,
    );
  return { runtimeModule, link, optimize, sizeWarning: sizeLimits(input.sizeWarning) };
}

function sizeLimits(raw: unknown): SizeLimits | false {
  if (raw === undefined) return DEFAULT_SIZE_LIMITS;
  if (raw === false) return false;
  const given = raw as Record<string, unknown>;
  const valid =
    typeof raw === "object" &&
    raw !== null &&
    Object.keys(given).every((key) => (key === "bytes" || key === "types") && isCount(given[key]));
  if (!valid) {
    throw new Error(
      `typed-msgpack/transformer: option "sizeWarning" must be false or { bytes?: number; types?: number } with positive whole numbers, got ${JSON.stringify(raw)}.`,
    );
  }
  return { ...DEFAULT_SIZE_LIMITS, ...(given as Partial<SizeLimits>) };
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}
