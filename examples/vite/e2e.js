// Serves the production build (dist/, after `npm run build`) under a strict Content-Security-Policy,
// opens it in headless Chromium and prints what the page reported, as JSON: `npm run e2e`.
// Needs a Chromium at /usr/bin/chromium (Debian: apt-get install chromium) or at $CHROMIUM_PATH.
import * as fs from "node:fs";
import * as http from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import { chromium } from "playwright-core";

const CSP = "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const DIST = path.resolve("dist");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const server = http.createServer((req, res) => {
  const file = path.join(DIST, req.url === "/" ? "index.html" : path.normalize(req.url));
  if (!file.startsWith(DIST) || !fs.existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-security-policy": CSP, "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
  res.end(fs.readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "typed-msgpack-chromium-"));
const browser = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", headless: true, args: ARGS });
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  const errors = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = page.locator("#result[data-status]");
  await result.waitFor({ timeout: 30000 });
  const pageErrors = errors.slice();
  // A string timer is eval: under the policy it must not run.
  const evalBlocked = await page.evaluate(() => new Promise((resolve) => {
    globalThis.__evalRan = false;
    setTimeout("globalThis.__evalRan = true", 0);
    setTimeout(() => resolve(!globalThis.__evalRan), 100);
  }));
  console.log(JSON.stringify({ report: JSON.parse(await result.textContent()), errors: pageErrors, evalBlocked }));
} finally {
  await browser.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
