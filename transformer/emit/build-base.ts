import { isIdentifierName, type Literal } from "../model/ir.js";

export type BinaryOp =
  | "==="
  | "!=="
  | "=="
  | "&&"
  | "||"
  | "+"
  | "-"
  | "/"
  | "*"
  | "<<"
  | "<"
  | ">"
  | "<="
  | ">="
  | "&"
  | "|"
  | "="
  | "|="
  | "instanceof";

/** An expression under construction: a ts node (NodeBuild) or text (TextBuild); opaque to the emitter. */
export type Expr = { readonly __expr: never };
/** A statement under construction, as Expr. */
export type Stmt = { readonly __stmt: never };

/** The few type annotations generated TypeScript source carries. */
export type TypeSpec = "any" | "number" | "path" | "any[]" | { runtime: string; of?: "any" };
/** A function parameter: its name, its type in typed output, and a default value if it has one. */
export type Parameter = [name: string, type: TypeSpec, initializer?: Expr];

/**
 * Small helpers for building generated code, so that emit code reads like the code it produces.
 * Three builders implement them: NodeBuild makes TypeScript nodes (with `typed`, declarations carry
 * type annotations, for the TypeScript source `generate` prints after editing the nodes); TextBuild
 * writes the JavaScript the compiler plugin emits directly as text, laid out exactly as
 * TypeScript's printer lays out NodeBuild's nodes (test/unit/build.test.ts holds them to that); and
 * SourceBuild writes the TypeScript source generate prints, as text, with generate's edits made
 * as it builds (test/unit/source-build.test.ts).
 * Why text: building nodes and printing them through TypeScript was much of what the plugin adds
 * to a build, text costs a fraction of that (`npm run bench -- --build-time --build-projects=chain`); and
 * TypeScript 7 has no printer to call.
 * Emitters see which builder they have only through `typed`.
 */
export abstract class Build {
  abstract readonly typed: boolean;

  // ---- primitives, one per construct
  abstract id(name: string): Expr;
  abstract str(text: string): Expr;
  /** A non-negative number literal (see `num`). */
  protected abstract numeral(value: number): Expr;
  abstract null(): Expr;
  abstract bool(value: boolean): Expr;
  /** `(e)` */
  abstract paren(e: Expr): Expr;
  protected abstract prefix(op: "-" | "!" | "typeof", e: Expr): Expr;
  protected abstract postfix(e: Expr, op: "++" | "--"): Expr;
  abstract bin(left: Expr, op: BinaryOp, right: Expr): Expr;
  abstract cond(condition: Expr, whenTrue: Expr, whenFalse: Expr): Expr;
  abstract call(callee: Expr, ...args: Expr[]): Expr;
  abstract new(ctor: Expr, ...args: Expr[]): Expr;
  protected abstract dot(object: Expr, name: string): Expr;
  abstract index(object: Expr, index: Expr): Expr;
  abstract array(elements: Expr[]): Expr;
  /** `{ a: x }`, on several lines from four properties on (as TypeScript prints a fresh literal). */
  abstract object(properties: [name: string, value: Expr][]): Expr;
  /** `() => body` */
  abstract arrow(body: Expr): Expr;
  /** `[]`, typed `any[]` in typed output so that strict TypeScript does not infer `never[]`. */
  abstract emptyArray(): Expr;
  /** Marks a numeric constant with its name for readers: `4 /* STR *\/`. */
  abstract named(e: Expr, comment: string): Expr;

  abstract expr(e: Expr): Stmt;
  /** `let a, b = init`; in typed output, declarations without an initializer are `any`. */
  abstract let(...declarations: [name: string, init?: Expr][]): Stmt;
  abstract const(name: string, init: Expr): Stmt;
  abstract ret(e?: Expr): Stmt;
  abstract brk(): Stmt;
  /** `{ statements }` as a statement of its own (a scope for its declarations). */
  abstract block(statements: Stmt[]): Stmt;
  abstract if(condition: Expr, then: Stmt[], otherwise?: Stmt[]): Stmt;
  abstract while(condition: Expr, body: Stmt[]): Stmt;
  /** `for (let i = from; i < limit; i++)`; given an existing variable, `for (; i < limit; i++)` from its value. */
  abstract forCount(i: string | Expr, limit: Expr, body: Stmt[], from?: number): Stmt;
  /** `for (const name of iterable)`, or `for (const [a, b] of iterable)` given a pair of names. */
  abstract forOf(name: string | [string, string], iterable: Expr, body: Stmt[]): Stmt;
  abstract switch(subject: Expr, cases: [Expr[], Stmt[]][], fallback?: Stmt[]): Stmt;
  abstract fn(name: string, params: Parameter[], returns: TypeSpec | "void", body: Stmt[]): Stmt;
  /** `statement // text`, for readers of the generated code. */
  abstract comment(statement: Stmt, text: string): Stmt;
  /** `// text` on the line above `statement`. */
  abstract commentAbove(statement: Stmt, text: string): Stmt;

  // ---- made of the primitives
  num(value: number): Expr {
    return value < 0 || Object.is(value, -0) ? this.prefix("-", this.numeral(-value)) : this.numeral(value);
  }
  lit(value: Literal): Expr {
    if (typeof value === "string") return this.str(value);
    if (typeof value === "number") return this.num(value);
    return this.bool(value);
  }
  /** `obj.name`, or `obj["odd-name"]` when the name is not an identifier. */
  prop(object: Expr, name: string): Expr {
    return isIdentifierName(name) ? this.dot(object, name) : this.index(object, this.str(name));
  }
  method(object: Expr, name: string, ...args: Expr[]): Expr {
    return this.call(this.prop(object, name), ...args);
  }
  /** Joins conditions with `op`; an empty list is `true`. */
  all(conditions: Expr[], op: "&&" | "||" = "&&"): Expr {
    if (conditions.length === 0) return this.bool(true);
    return conditions.reduce((a, b) => this.bin(a, op, b));
  }
  not(e: Expr): Expr {
    return this.prefix("!", this.paren(e));
  }
  typeIs(e: Expr, type: string): Expr {
    return this.bin(this.prefix("typeof", e), "===", this.str(type));
  }
  instanceOf(e: Expr, ctor: string): Expr {
    return this.bin(e, "instanceof", this.id(ctor));
  }
  isArray(e: Expr): Expr {
    return this.method(this.id("Array"), "isArray", e);
  }
  /** Whether `e` is the absent value of a `T | null` (`=== null`), `T | undefined`, or both (`== null`). */
  isNil(e: Expr, nil: "null" | "undefined" | "both"): Expr {
    return nil === "both"
      ? this.bin(e, "==", this.null())
      : this.bin(e, "===", nil === "null" ? this.null() : this.undef());
  }
  undef(): Expr {
    return this.id("undefined");
  }
  assign(target: Expr, value: Expr): Stmt {
    return this.expr(this.bin(target, "=", value));
  }
  inc(name: string): Stmt {
    return this.expr(this.postfix(this.id(name), "++"));
  }
  dec(name: string): Stmt {
    return this.expr(this.postfix(this.id(name), "--"));
  }
  orAssign(name: string, value: Expr): Stmt {
    return this.expr(this.bin(this.id(name), "|=", value));
  }
}
