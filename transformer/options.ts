/** Options of the transformer, from the tsconfig `plugins` entry or the second argument. */
export interface TransformerOptions {
  /**
   * The module generated code imports the runtime from.
   * @default "typed-msgpack"
   */
  runtimeModule?: string;
}

export interface ResolvedOptions {
  readonly runtimeModule: string;
}

/** Keys ts-patch and ttypescript put in the same `plugins` entry; they are theirs, not ours. */
const HOST_KEYS = new Set(["transform", "type", "import", "after", "before", "afterDeclarations", "transformProgram", "isEsm", "resolvePathAliases", "name"]);

/** Resolves options once; an unknown key is an error rather than a silently ignored typo. */
export function parseOptions(raw: unknown): ResolvedOptions {
  const input = (raw ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!HOST_KEYS.has(key) && key !== "runtimeModule") {
      throw new Error(`typed-msgpack/transformer: unknown option "${key}". The only option is "runtimeModule" (the module generated code imports the runtime from).`);
    }
  }
  const runtimeModule = input.runtimeModule ?? "typed-msgpack";
  if (typeof runtimeModule !== "string" || runtimeModule === "") {
    throw new Error(`typed-msgpack/transformer: option "runtimeModule" must be a non-empty module name, got ${JSON.stringify(runtimeModule)}.`);
  }
  return { runtimeModule };
}
