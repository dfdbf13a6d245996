import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * Fresh folders under one temp root, created on first use, outside the repository so that no
 * node_modules above them supplies typescript or typed-msgpack. `dir(name)` empties and returns
 * `<root>/<name>`; `remove()` deletes the root.
 */
export function tempRoot(prefix: string): { dir(name: string): string; remove(): void } {
  let root: string | undefined;
  return {
    dir(name) {
      root ??= fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      const dir = path.join(root, name);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      return dir;
    },
    remove() {
      if (root) fs.rmSync(root, { recursive: true, force: true });
      root = undefined;
    },
  };
}
