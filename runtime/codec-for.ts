import type { Codec } from "./codec.js";
import { notCompiledMessage } from "./not-compiled.js";

/**
 * Marks this module as the one whose `codecFor` the transformer replaces. The transformer checks
 * for this export on the module that declares the called function, so it recognizes `codecFor`
 * through aliases, namespace imports and re-exports, and never an unrelated function of that name.
 */
export const __typedMsgpackIntrinsic: unique symbol = Symbol("typed-msgpack codecFor");

/**
 * Returns a MessagePack codec specialized for `T`. The body is generated at build time by the
 * `typed-msgpack/transformer` compiler plugin (or by `typed-msgpack generate`).
 *
 * Inside generic code, where `T` mentions type parameters (`codecFor<Page<T>>(item)`), pass one
 * codec per type parameter it mentions, in the order they are declared: their values are encoded
 * and decoded by those codecs. A concrete `T` takes no arguments.
 * @throws {Error} when the call was not compiled by the transformer; the message says why, as far
 *   as it can tell (a plugins line that the compiler ignored, TypeScript 7), and what to do.
 */
export function codecFor<T>(...codecs: Codec<any>[]): Codec<T> {
  throw new Error(notCompiledMessage(new Error().stack));
}
