/**
 * What the build tools read of a program, from either compiler (transformer/checkers/): its files'
 * syntax (syntax.ts), which calls are typed-msgpack's `codecFor`, the type a type node names, and
 * the checker the type model asks (model/checker.ts).
 */
import type { Checker, Type } from "../model/checker.js";
import type { CallNode, NamedNode, Syntax, SyntaxFile, SyntaxNode } from "./syntax.js";

/** The export that marks the module declaring the real `codecFor` (runtime/codec-for.ts). */
export const SENTINEL_EXPORT = "__typedMsgpackIntrinsic";

/** An error TypeScript reports in a file: why a type there may not resolve (TS91003 names it). */
export interface CompileError {
  fileName: string;
  start: number;
  length: number;
  code: number;
  /** The first line of the message (not the chain of details below it, which the two compilers word apart). */
  message: string;
}

export interface ProgramView {
  readonly checker: Checker;
  readonly syntax: Syntax;
  /** The file, if the program has it. */
  sourceFile(fileName: string): SyntaxFile | undefined;
  /**
   * The project's own source files that can call codecFor: not declaration files, not libraries'.
   * A view may leave out files whose text never mentions codecFor (each file costs the native
   * checker a round trip), as the bundler and `generate` scans already do.
   */
  ownFiles(): readonly SyntaxFile[];
  /**
   * Is `call` a call of typed-msgpack's `codecFor`? Decided by the declaration the checker resolves
   * the call to (the function `codecFor` in the module that declares the sentinel export), never
   * by the name at the call site: aliased and namespace imports and re-exports are recognized, and
   * an unrelated function named `codecFor` is not.
   */
  isCodecCall(call: CallNode): boolean;
  /**
   * Is `call` a call of typed-msgpack's `wireMapping` (or `intrinsic`: `extensionMapping`,
   * runtime/codec-for.ts)? Decided as isCodecCall decides, by the declaration the call resolves to.
   */
  isMappingCall(call: CallNode, intrinsic?: "wireMapping" | "extensionMapping"): boolean;
  /**
   * The calls isCodecCall and typeOf will be asked about (a file's calls, before they are): a
   * checker answering over IPC asks for all of them at once. Optional: in process, each is cheap.
   */
  prepareCalls?(calls: readonly CallNode[]): void;
  /** The syntax and type errors TypeScript reports in `file`. */
  compileErrors(file: SyntaxFile): readonly CompileError[];
  /** The type a type node names (a call's type argument). */
  typeOf(typeNode: SyntaxNode): Type;
  /**
   * Whether relative imports must name the compiled file's extension (`./order.js`): module
   * resolution node16 or nodenext, given or implied by `module`.
   */
  readonly extensionsRequired: boolean;
  /** strictNullChecks, given or implied by `strict`: generate's stale-codec checks need it. */
  readonly strictNullChecks: boolean;
  /**
   * Whether every name in `typeNode` is declared at the top level of a module (or imported), so
   * that the type can be named at the top level of a generated file.
   */
  namesOnlyModuleScope(typeNode: SyntaxNode): boolean;
  /**
   * The name the module exports the const `name` declares under, if it does: its own name first
   * (`export const A` also re-exported `as B` stays A), else an alias (`export { A as B }`).
   */
  exportedName(name: NamedNode): string | undefined;
}
