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
}

export interface ResolvedOptions {
  readonly runtimeModule: string;
  readonly link: boolean;
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
    if (!HOST_KEYS.has(key) && key !== "runtimeModule" && key !== "link") {
      throw new Error(
        `typed-msgpack/transformer: unknown option "${key}". The options are "runtimeModule" (the module generated code imports the runtime from) and "link" (false: copy codecs declared in other modules instead of importing them).`,
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
  return { runtimeModule, link };
}
