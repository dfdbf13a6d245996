import type { BinaryOp, Expr, Parameter, Stmt, TypeSpec } from "./build-base.js";
import { RUNTIME_ALIAS } from "./context.js";
import { Prec, quote, stmtLines, Text, TextBuild, text, textExpr, type Lines } from "./text-build.js";

/**
 * Marks `name.prop` read from a bare identifier, until the function that declares `name` is built
 * and decides how it reads (see `fn`); `source` drops the marks that are left. A noncharacter, so
 * it is in no text of ours: strings are written ASCII-escaped, no identifier holds it, and the
 * emitter's comments would need a type display holding it.
 */
const ACCESS = "\uFDD0";
const ACCESSES = new RegExp(`${ACCESS}([^.]*)\\.([\\p{ID_Continue}$\\u200C\\u200D]+)`, "gu");
const UNDECIDED = new RegExp(ACCESS, "g");
const RUNTIME_PREFIX = RUNTIME_ALIAS + "_";

/** A statement `const name = init` (or `let`) that, unread in its block, is just its initializer. */
interface Declaration {
  name: string;
  init: Expr;
}

/**
 * Writes the TypeScript source `generate` prints, as text: TextBuild's layout, the type annotations
 * NodeBuild writes when `typed`, and the edits generate's `tidyGenerated` makes to those nodes for
 * the strictest user settings, made here as the code is built:
 * - a parameter the function's body does not read gets a leading `_` (noUnusedParameters);
 * - `const n = call()` whose `n` its block does not read is `call()` (noUnusedLocals);
 * - an element of a generated table (`__tm_K_User[0]`, `__tm_keys([...])[0]`) is asserted
 *   present with `!` (noUncheckedIndexedAccess);
 * - in a function with an `any` parameter `v`, `v.name` is `v["name"]` (noPropertyAccessFromIndexSignature).
 * To decide the first two it keeps, for each expression and statement, the names it reads, counted
 * as tidy's `references` counts them: identifiers, but not property names, declared names or labels.
 * test/unit/source-build.test.ts holds the text to what generate prints.
 */
export class SourceBuild extends TextBuild {
  override readonly typed = true;
  /**
   * What each expression or statement reads: a name (an identifier), or the parts that read
   * something (composites), walked only where a block or function asks (`readsOf`).
   */
  private readonly reads = new WeakMap<object, string | readonly object[]>();
  /** Statements that declare one variable with an initializer. */
  private readonly declarations = new WeakMap<object, Declaration>();
  /** Bare identifiers, by name. */
  private readonly identifiers = new WeakMap<object, string>();
  /** Generated tables: `__tm_` identifiers and their calls (generate.ts `isRuntimeTable`). */
  private readonly tables = new WeakSet<object>();

  /** Each statement's text as generate prints it, lines ending in "\n" (without a final one). */
  source(statements: Stmt[]): string[] {
    return statements.map((s) => this.render([s]).slice(0, -1).replace(UNDECIDED, ""));
  }

  /** `result`, recorded as reading what `parts` read. */
  private note<T extends Expr | Stmt>(result: T, ...parts: (Expr | Stmt)[]): T {
    // A builder may hand back one of the parts itself (no parentheses needed): it reads what it read.
    if (parts.includes(result)) return result;
    const reading = parts.filter((p) => this.reads.has(p));
    if (reading.length > 0) this.reads.set(result, reading);
    return result;
  }

  /** The names `statements` read, at any depth. */
  private readsOf(statements: Stmt[]): Set<string> {
    const names = new Set<string>();
    const seen = new Set<object>();
    const visit = (node: object): void => {
      const read = this.reads.get(node);
      if (read === undefined || seen.has(node)) return;
      seen.add(node);
      if (typeof read === "string") names.add(read);
      else for (const part of read) visit(part);
    };
    for (const s of statements) visit(s);
    return names;
  }

  // ---- expressions

  override id(name: string): Expr {
    const e = super.id(name);
    this.reads.set(e, name);
    this.identifiers.set(e, name);
    if (name.startsWith(RUNTIME_PREFIX)) this.tables.add(e);
    return e;
  }
  override paren(e: Expr): Expr {
    return this.note(super.paren(e), e);
  }
  protected override prefix(op: "-" | "!" | "typeof", e: Expr): Expr {
    return this.note(super.prefix(op, e), e);
  }
  protected override postfix(e: Expr, op: "++" | "--"): Expr {
    return this.note(super.postfix(e, op), e);
  }
  override bin(left: Expr, op: BinaryOp, right: Expr): Expr {
    return this.note(super.bin(left, op, right), left, right);
  }
  override cond(condition: Expr, whenTrue: Expr, whenFalse: Expr): Expr {
    return this.note(super.cond(condition, whenTrue, whenFalse), condition, whenTrue, whenFalse);
  }
  override call(callee: Expr, ...args: Expr[]): Expr {
    const e = this.note(super.call(callee, ...args), callee, ...args);
    if (this.tables.has(callee)) this.tables.add(e);
    return e;
  }
  override new(ctor: Expr, ...args: Expr[]): Expr {
    return this.note(super.new(ctor, ...args), ctor, ...args);
  }
  /** On a bare identifier, marked for the function declaring it to decide (see `fn`). */
  protected override dot(object: Expr, name: string): Expr {
    const id = this.identifiers.get(object);
    // tidy leaves `.length` and `.size` alone: an index signature does not claim them.
    const e =
      id !== undefined && name !== "length" && name !== "size"
        ? textExpr(new Text(ACCESS + id + "." + name, Prec.Member))
        : super.dot(object, name);
    return this.note(e, object);
  }
  /** A generated table's entry is asserted present: `__tm_K_User[0]!`. */
  override index(object: Expr, index: Expr): Expr {
    const e = super.index(object, index);
    const entry = this.tables.has(object) ? textExpr(new Text(text(e).text + "!", Prec.Member)) : e;
    return this.note(entry, object, index);
  }
  override array(elements: Expr[]): Expr {
    return this.note(super.array(elements), ...elements);
  }
  override object(properties: [name: string, value: Expr][]): Expr {
    return this.note(super.object(properties), ...properties.map(([, value]) => value));
  }
  override arrow(body: Expr): Expr {
    return this.note(super.arrow(body), body);
  }
  /** `[] as any[]`: strict TypeScript would infer `never[]`. */
  override emptyArray(): Expr {
    return textExpr(new Text("[] as " + typeText("any[]"), Prec.Relational));
  }
  override named(e: Expr, comment: string): Expr {
    return this.note(super.named(e, comment), e);
  }

  // ---- statements

  override expr(e: Expr): Stmt {
    return this.note(super.expr(e), e);
  }
  /** A declaration without an initializer is `any`. */
  override let(...declarations: [name: string, init?: Expr][]): Stmt {
    const list = declarations.map(([name, init]) => (init ? name + " = " + text(init).text : name + ": any"));
    const s = this.note(stmtLines(["let " + list.join(", ") + ";"]), ...declarations.flatMap(([, init]) => init ?? []));
    const [name, init] = declarations[0]!;
    if (declarations.length === 1 && init) this.declarations.set(s, { name, init });
    return s;
  }
  override const(name: string, init: Expr): Stmt {
    const s = this.note(super.const(name, init), init);
    this.declarations.set(s, { name, init });
    return s;
  }
  override ret(e?: Expr): Stmt {
    return e ? this.note(super.ret(e), e) : super.ret();
  }
  /** Every block drops the declarations it does not read, keeping their initializers. */
  protected override braces(head: string, body: Stmt[]): Lines {
    const read = this.readsOf(body);
    return super.braces(
      head,
      body.map((s) => {
        const declaration = this.declarations.get(s);
        return declaration && !read.has(declaration.name) ? this.expr(declaration.init) : s;
      }),
    );
  }
  override block(statements: Stmt[]): Stmt {
    return this.note(super.block(statements), ...statements);
  }
  override if(condition: Expr, then: Stmt[], otherwise?: Stmt[]): Stmt {
    return this.note(super.if(condition, then, otherwise), condition, ...then, ...(otherwise ?? []));
  }
  override while(condition: Expr, body: Stmt[]): Stmt {
    return this.note(super.while(condition, body), condition, ...body);
  }
  override forCount(i: string | Expr, limit: Expr, body: Stmt[], from?: number): Stmt {
    // The counter is read by the test and the increment.
    return this.note(super.forCount(i, limit, body, from), typeof i === "string" ? this.id(i) : i, limit, ...body);
  }
  override forOf(name: string | [string, string], iterable: Expr, body: Stmt[]): Stmt {
    return this.note(super.forOf(name, iterable, body), iterable, ...body);
  }
  override switch(subject: Expr, cases: [Expr[], Stmt[]][], fallback?: Stmt[]): Stmt {
    const parts = cases.flatMap(([labels, body]) => [...labels, ...body]);
    return this.note(super.switch(subject, cases, fallback), subject, ...parts, ...(fallback ?? []));
  }
  /**
   * `function name(w: __tm.Writer, v: any): void { ... }`. A parameter the body does not read is
   * `_name`; the body reads an `any` parameter's properties with brackets.
   */
  override fn(name: string, params: Parameter[], returns: TypeSpec | "void", body: Stmt[]): Stmt {
    const read = this.readsOf(body);
    const list = params.map(([p, type, initializer]) => {
      const used = p.startsWith("_") || read.has(p) ? p : "_" + p;
      return used + ": " + typeText(type) + (initializer ? " = " + text(initializer).text : "");
    });
    const head = "function " + name + "(" + list.join(", ") + "): " + typeText(returns) + " ";
    const [open, inner, close] = this.braces(head, body) as [string, Lines[], string];
    const values = new Set(params.filter(([, type]) => type === "any").map(([p]) => p));
    const s = stmtLines([open, values.size > 0 ? bracketed(inner, values) : inner, close]);
    // Type references read the runtime namespace (`__tm.Writer`), as tidy counts them.
    const types = [...params.map(([, type]) => type), returns].some((t) => typeof t === "object");
    return this.note(
      s,
      ...body,
      ...params.flatMap(([, , init]) => init ?? []),
      ...(types ? [this.id(RUNTIME_ALIAS)] : []),
    );
  }
  override comment(statement: Stmt, comment: string): Stmt {
    return this.carry(statement, super.comment(statement, comment));
  }
  override commentAbove(statement: Stmt, comment: string): Stmt {
    return this.carry(statement, super.commentAbove(statement, comment));
  }
  /** `to` is `from` with a comment: it reads and declares the same (an unread declaration goes with its comment). */
  private carry(from: Stmt, to: Stmt): Stmt {
    const declaration = this.declarations.get(from);
    if (declaration) this.declarations.set(to, declaration);
    return this.note(to, from);
  }
}

/** A type annotation as TypeScript prints NodeBuild's type nodes. */
function typeText(spec: TypeSpec | "void"): string {
  if (typeof spec === "object") return spec.runtime + (spec.of ? "<" + spec.of + ">" : "");
  return spec === "path" ? "string | undefined" : spec;
}

/** `lines` with the marked property reads of `values` written with brackets: `v["name"]`. */
function bracketed(lines: Lines[], values: Set<string>): Lines[] {
  const rewrite = (line: string | Lines[]): string | Lines[] =>
    typeof line === "string"
      ? line.includes(ACCESS)
        ? line.replace(ACCESSES, (mark, id: string, name: string) =>
            values.has(id) ? id + "[" + quote(name) + "]" : mark,
          )
        : line
      : line.map((l) => l.map(rewrite));
  return lines.map((l) => l.map(rewrite));
}
