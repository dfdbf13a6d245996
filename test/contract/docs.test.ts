/**
 * The documentation as a whole: the README stays short, every link between README.md,
 * CHANGELOG.md and docs/ reaches a file and a heading that exist, every compiler diagnostic has
 * its section in docs/diagnostics.md (the benchmark's figures: bench-results.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { CATALOG } from "../../transformer/diagnostics/catalog";

const ROOT = path.join(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const PAGES = [
  "README.md",
  "CHANGELOG.md",
  "ARCHITECTURE.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, "");
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

function links(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
}

test("README.md is at most 20 KB", () => {
  expect(fs.statSync(path.join(ROOT, "README.md")).size).toBeLessThanOrEqual(20 * 1024);
});

test.each(PAGES)("every relative link in %s reaches a file and, with #, a heading in it", (page) => {
  const broken: string[] = [];
  for (const link of links(read(page))) {
    const [target, anchor] = link.split("#") as [string, string | undefined];
    const file = target === "" ? page : path.normalize(path.join(path.dirname(page), target));
    if (!fs.existsSync(path.join(ROOT, file))) {
      broken.push(`${link}: no ${file}`);
      continue;
    }
    if (anchor !== undefined && file.endsWith(".md") && !anchors(read(file)).has(anchor)) {
      broken.push(`${link}: no heading #${anchor} in ${file}`);
    }
  }
  expect(broken).toEqual([]);
});

test("docs/diagnostics.md has one section per diagnostic code of the catalog, and no other", () => {
  // Two kinds of problem may share a code (TS91003: a type that does not resolve, with or without the errors why).
  const codes = [...new Set(Object.values(CATALOG).map((entry) => `TS${entry.code}`))].sort();
  const sections = [...read("docs/diagnostics.md").matchAll(/^## (TS\d+)$/gm)].map((m) => m[1]!).sort();
  expect(sections).toEqual(codes);
});

test("no page refers to the benchmark's old notebook", () => {
  for (const page of PAGES) expect(read(page)).not.toContain("FINDINGS");
});
