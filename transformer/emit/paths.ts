import { isIdentifierName } from "../model/ir.js";
import type { Build, Expr } from "./build-base.js";

/**
 * `p && p + segment`: the child's path for error messages. `p` is undefined on a codec's fast
 * first attempt, so this costs one test and builds no string until something has failed.
 */
export function childPath(b: Build, segment: Expr | string): Expr {
  return b.bin(b.id("p"), "&&", b.bin(b.id("p"), "+", typeof segment === "string" ? b.str(segment) : segment));
}

/** `p && p + "[" + i + "]"` */
export function indexPath(b: Build, index: Expr): Expr {
  return childPath(b, b.bin(b.bin(b.str("["), "+", index), "+", b.str("]")));
}

/** A local variable name for a property's value: `id_`, or `f3_` when the name is not an identifier. */
export function localFor(name: string, index: number): string {
  return isIdentifierName(name) ? name + "_" : `f${index}_`;
}

/** The local holding the length of an array whose value is in `local`: `children_size`. */
export function sizeFor(local: string): string {
  return local + "size";
}
