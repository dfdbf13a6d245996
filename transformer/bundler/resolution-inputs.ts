/**
 * What the TypeScript 7 bundler path lists as a module's inputs beyond the files it reached
 * (native-codec-modules.ts): TypeScript 7's API says where an import resolved, not where it looked,
 * so the paths it may have looked at are worked out here, more than it looks at and never fewer.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The tsconfig files `configFile` extends, relative ones and packages', as far as they exist. */
export function extendedConfigs(configFile: string, seen = new Set<string>()): string[] {
  const text = readText(configFile);
  const match = text && /"extends"\s*:\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\])/.exec(text);
  if (!match) return [];
  const names = (JSON.parse(match[1]!) as string | string[]) ?? [];
  return (Array.isArray(names) ? names : [names]).flatMap((name) => {
    const dir = path.dirname(configFile);
    let file: string | undefined;
    if (name.startsWith(".") || path.isAbsolute(name)) {
      file = path.resolve(dir, name);
      if (!fs.existsSync(file) && fs.existsSync(`${file}.json`)) file = `${file}.json`;
    } else {
      try {
        file = require.resolve(name, { paths: [dir] });
      } catch {
        file = undefined;
      }
    }
    if (!file || seen.has(file) || !fs.existsSync(file)) return [];
    seen.add(file);
    return [file, ...extendedConfigs(file, seen)];
  });
}

/** What a TypeScript file name may end in, in the order resolution tries them. */
const EXTENSIONS = [".ts", ".tsx", ".d.ts", ".mts", ".d.mts", ".cts", ".d.cts", ".js", ".jsx", ".mjs", ".cjs", ".json"];

/**
 * Where resolving `specifiers` from `file` may look, as far as a file created there could change
 * the answer: for a relative import, each file name and index file it may be (a file there may come
 * before the one found); for a package, its folder under each node_modules from the file's folder
 * up (with its @types), as its package.json; and the package.json whose scope the file is in. More
 * than TypeScript looks at, never less: an input that cannot change the answer only costs a miss.
 */
export function lookupsOf(file: string, specifiers: readonly string[]): string[] {
  const dir = path.dirname(file);
  const found = new Set<string>();
  const scope = packageJsonAbove(dir);
  if (scope) found.add(scope);
  for (const specifier of specifiers) {
    if (specifier.startsWith(".") || path.isAbsolute(specifier)) {
      const base = path.resolve(dir, specifier);
      const stem = base.replace(/\.[cm]?[jt]sx?$/, "");
      for (const candidate of new Set([base, stem])) {
        for (const extension of EXTENSIONS) found.add(candidate + extension);
        found.add(path.join(candidate, "package.json"));
        for (const extension of EXTENSIONS) found.add(path.join(candidate, `index${extension}`));
      }
    } else {
      const parts = specifier.split("/");
      const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
      const types = `@types/${name.startsWith("@") ? name.slice(1).replace("/", "__") : name}`;
      for (let at = dir; ; at = path.dirname(at)) {
        if (path.basename(at) !== "node_modules") {
          found.add(path.join(at, "node_modules", name, "package.json"));
          found.add(path.join(at, "node_modules", types, "package.json"));
        }
        if (path.dirname(at) === at) break;
      }
    }
  }
  found.delete(file);
  return [...found];
}

/** The nearest package.json at or above `dir`. */
function packageJsonAbove(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const manifest = path.join(at, "package.json");
    if (fs.existsSync(manifest)) return manifest;
    if (path.dirname(at) === at) return undefined;
  }
}

/** The package.json of the package a node_modules file is in. */
export function packageJsonOf(file: string): string | undefined {
  for (let dir = path.dirname(file); path.basename(dir) !== "node_modules"; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) return manifest;
    if (path.dirname(dir) === dir) return undefined;
  }
  return undefined;
}

export function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
