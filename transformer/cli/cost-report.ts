/**
 * `generate --verbose`: what building each codec cost, printed as it goes. On TypeScript 7 the cost
 * that matters is the requests to the checker's process (each a round trip); in process, the time.
 */
import * as path from "node:path";
import type { CallMeasure } from "../pipeline.js";
import type { SyntaxFile } from "../recognize/syntax.js";
import type { Compiler } from "./compiler.js";
import { position } from "./compiler.js";

export class CostReport {
  private readonly compiler: Compiler;
  private readonly cwd: string;
  private readonly out: (line: string) => void;
  private readonly started = performance.now();
  private codecs = 0;

  constructor(compiler: Compiler, cwd: string, out: (line: string) => void) {
    this.compiler = compiler;
    this.cwd = cwd;
    this.out = out;
  }

  /** Runs `work` and prints what it cost under `label`. */
  phase<T>(label: string, work: () => T): T {
    const before = this.snapshot();
    const result = work();
    this.out(`${label}: ${this.since(before)}`);
    return result;
  }

  /** Prints a line per codec call of `file`: its place, its type argument, and what modelling it cost. */
  measureIn(file: SyntaxFile): CallMeasure {
    return (call, model) => {
      const before = this.snapshot();
      model();
      this.codecs++;
      const at = position(file, call.getStart());
      const where = `${path.relative(this.cwd, file.fileName) || file.fileName}:${at.line}:${at.column}`;
      const type = call.typeArguments?.map((t) => t.getText()).join(", ") ?? "";
      this.out(`  ${where} codecFor<${type}>(): ${this.since(before)}`);
    };
  }

  /** The totals, from the report's creation. */
  finish(): void {
    const requests = this.compiler.requestCount?.();
    const cost = this.describe(requests, performance.now() - this.started);
    this.out(`${this.codecs} codec${this.codecs === 1 ? "" : "s"} on TypeScript ${this.compiler.version}: ${cost}`);
  }

  private snapshot(): { ms: number; requests: number | undefined } {
    return { ms: performance.now(), requests: this.compiler.requestCount?.() };
  }

  private since(before: { ms: number; requests: number | undefined }): string {
    const requests = this.compiler.requestCount?.();
    const spent = requests === undefined || before.requests === undefined ? undefined : requests - before.requests;
    return this.describe(spent, performance.now() - before.ms);
  }

  private describe(requests: number | undefined, ms: number): string {
    const time = ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
    return requests === undefined ? time : `${requests} checker request${requests === 1 ? "" : "s"}, ${time}`;
  }
}
