/**
 * Runtime and emitter comments say why a trick is faster and cite the bench command that shows it,
 * never a figure (figures go stale with the next V8). Every cited script must exist, and every
 * `node bench/ab.js <subcommand>` must name a subcommand bench/ab.js has.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "../..");
const SUBCOMMANDS = fs
  .readdirSync(path.join(ROOT, "bench/lab/ab"))
  .map((f) => f.replace(/\.js$/, ""))
  .filter((f) => f !== "timing");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return e.name.endsWith(".ts") ? [rel] : [];
  });
}

test.each(["runtime", "transformer/emit"])("every bench command cited in %s exists", (dir) => {
  const broken: string[] = [];
  for (const file of sources(dir)) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const [, script] of text.matchAll(/\bbench\/([\w/.-]+\.js)\b/g))
      if (!fs.existsSync(path.join(ROOT, "bench", script!))) broken.push(`${file}: bench/${script}`);
    for (const [, sub] of text.matchAll(/node bench\/ab\.js (\w+)/g))
      if (!SUBCOMMANDS.includes(sub!)) broken.push(`${file}: bench/ab.js ${sub}`);
  }
  expect(broken).toEqual([]);
});
