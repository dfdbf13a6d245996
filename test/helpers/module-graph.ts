/** The modules a file loads when it runs: its imports, transitively, except type-only ones. */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

/** The modules `entry` loads when it runs: imports and re-exports other than type-only ones, relative ones followed. */
export function runtimeModules(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith(".ts")) return;
    const sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2020);
    for (const s of sf.statements) {
      let specifier: ts.Expression | undefined;
      if (ts.isImportDeclaration(s)) {
        const clause = s.importClause;
        const named = clause?.namedBindings;
        const typesOnly =
          clause !== undefined &&
          (clause.isTypeOnly ||
            (!clause.name &&
              named !== undefined &&
              ts.isNamedImports(named) &&
              named.elements.every((e) => e.isTypeOnly)));
        if (!typesOnly) specifier = s.moduleSpecifier;
      } else if (ts.isExportDeclaration(s) && !s.isTypeOnly) specifier = s.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const name = specifier.text;
      visit(name.startsWith(".") ? path.resolve(path.dirname(file), name.replace(/\.js$/, ".ts")) : name);
    }
  };
  visit(entry);
  return seen;
}
