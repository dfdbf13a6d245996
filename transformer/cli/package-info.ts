import * as fs from "node:fs";
import * as path from "node:path";

/** The folder holding the compiled package (`dist`): this file is dist/transformer/cli/package-info.js. */
export const DIST_DIR = path.resolve(__dirname, "../..");

/** The packages this file ships in: the build package (the command, the plugin), and the runtime's, which carries the transformer too. */
const OWN_NAMES = new Set(["typed-msgpack-build", "typed-msgpack"]);

/** The root of the package this file was installed with: the nearest folder above it whose package.json is one of ours. */
export function packageRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      try {
        if (OWN_NAMES.has(JSON.parse(fs.readFileSync(manifest, "utf8")).name)) return dir;
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
