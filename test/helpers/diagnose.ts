import { compile, type Compiled } from "./compile";

export const IMPORT = `import { codecFor } from "typed-msgpack";\n`;

/** 1-based `line:col` of the `occurrence`-th appearance of `needle` in `source`. */
export function positionOf(source: string, needle: string, occurrence = 0): string {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = source.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" occurs fewer than ${occurrence + 1} time(s) in the fixture`);
  }
  const before = source.slice(0, at).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

/**
 * Compiles `IMPORT + body` and returns it with a function that formats the diagnostic the
 * transformer should report for `call` (its text and position in the source) and `message`.
 */
export function diagnose(
  name: string,
  body: string,
): Compiled & { source: string; expected: (call: string, message: string, occurrence?: number) => string } {
  const source = IMPORT + body;
  const compiled = compile(name, source);
  return {
    ...compiled,
    source,
    expected: (call, message, occurrence = 0) => `${positionOf(source, call, occurrence)} ${call}: ${message}`,
  };
}
