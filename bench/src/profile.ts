// `--profile=<dataset>`: runs typed-msgpack's worker alone under `node --cpu-prof`, once per
// direction, and prints the functions with the most self time. The process also builds the
// dataset and checks the round trip before its loop, so data.js and equal.js show up a little.
import * as fs from "node:fs";
import * as path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const DIR = path.join(__dirname, "profiles");
const ROOT = path.resolve(__dirname, "../..");

export function profile(dataset: string, seconds: number, top = 15, contender = "typed-msgpack"): string {
  const lines: string[] = [];
  for (const direction of ["encode", "decode"]) {
    const dir = path.join(DIR, `${dataset}-${contender}-${direction}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const args = [
      "--cpu-prof",
      `--cpu-prof-dir=${dir}`,
      path.join(__dirname, "worker.js"),
      direction,
      contender,
      dataset,
      String(seconds),
    ];
    const r = spawnSync(process.execPath, args, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`profiling failed:\n${r.stderr}`);
    const file = path.join(dir, fs.readdirSync(dir)[0]!);
    lines.push(
      `### ${contender} ${direction}, ${dataset} (${r.stderr.trim()})`,
      "",
      `profile: ${path.relative(process.cwd(), file)}`,
      "",
    );
    lines.push(...selfTimeTable(JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile, top), "");
  }
  return lines.join("\n");
}

/** Self time per function (samples whose top frame it is), summed over inlined-apart copies. */
function selfTimeTable(p: CpuProfile, top: number): string[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    const f = byId.get(id)!.callFrame;
    const file = f.url.startsWith("file:") ? path.relative(ROOT, fileURLToPath(f.url)) : f.url;
    const where = file ? `${file}:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"}|${where}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    "| self % | self ms | function | where |",
    "|---:|---:|---|---|",
    ...rows.map(([key, us]) => {
      const [name, where] = key.split("|");
      return `| ${((100 * us) / total).toFixed(1)} | ${(us / 1000).toFixed(0)} | \`${name}\` | ${where} |`;
    }),
  ];
}
