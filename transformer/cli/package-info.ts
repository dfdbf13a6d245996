import * as fs from "node:fs";
import * as path from "node:path";

/** The folder holding the compiled package (`dist`): this file is dist/transformer/cli/package-info.js. */
export const DIST_DIR = path.resolve(__dirname, "../..");

/** typed-msgpack's own root: the nearest folder above this file whose package.json is named typed-msgpack. */
export function packageRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      try {
        if (JSON.parse(fs.readFileSync(manifest, "utf8")).name === "typed-msgpack") return dir;
      } catch {
        // not ours; keep looking
      }
    }
    if (path.dirname(dir) === dir) return path.resolve(DIST_DIR, "..");
  }
}

let version: string | undefined;

/** The version generated files are stamped with. */
export function packageVersion(): string {
  version ??= String(JSON.parse(fs.readFileSync(path.join(packageRoot(), "package.json"), "utf8")).version);
  return version;
}
