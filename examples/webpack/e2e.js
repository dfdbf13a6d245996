// Opens the page in headless Chromium and prints what the page and the server saw, as JSON:
// `npm run e2e` after `npm run build`.
// Needs a Chromium at /usr/bin/chromium (Debian: apt-get install chromium) or at $CHROMIUM_PATH.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * Loads `url` in a fresh headless Chromium, waits for the page's #result to be done (or failed),
 * and returns { status, report, violations, errors, evalBlocked }. `violations` are the
 * Content-Security-Policy violations and `errors` the uncaught errors and console errors the page
 * itself caused; `evalBlocked` tells whether the policy in force forbids eval (probed after the
 * page is done, so the probe is counted in neither).
 */
async function openPage(url, { executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium", timeoutMs = 30000 } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "typed-msgpack-chromium-"));
  // A fresh profile (--user-data-dir) each time: no state carries over between runs.
  const browser = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: ARGS, timeout: timeoutMs });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const errors = [];
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    // Injected by the browser, not by the page, so the policy does not apply to it.
    await page.addInitScript(() => {
      globalThis.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => {
        globalThis.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
      });
    });
    await page.goto(url, { timeout: timeoutMs });
    const result = page.locator("#result[data-status]");
    await result.waitFor({ timeout: timeoutMs });
    const status = await result.getAttribute("data-status");
    const text = await result.textContent();
    // Violation events are queued tasks; let them arrive before reading the list.
    await page.waitForTimeout(100);
    const violations = await page.evaluate(() => globalThis.__violations.slice());
    const pageErrors = errors.slice();
    // A string timer runs as page code (page.evaluate itself may eval: DevTools exempts it).
    const evalBlocked = await page.evaluate(() => new Promise((resolve) => {
      globalThis.__evalRan = false;
      setTimeout("globalThis.__evalRan = true", 0);
      setTimeout(() => resolve(!globalThis.__evalRan), 100);
    }));
    return { status, report: status === "done" ? JSON.parse(text) : text, violations, errors: pageErrors, evalBlocked };
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

module.exports = { openPage };

if (require.main === module) {
  // CSP=0 serves the page without the Content-Security-Policy header; BUNDLE picks another build.
  const { start } = require("./server.js");
  const hex = (bytes) => Buffer.from(bytes).toString("hex");
  const plain = (value) => JSON.parse(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${v}n` : v)));
  (async () => {
    const server = await start({ csp: process.env.CSP !== "0", ...(process.env.BUNDLE ? { bundle: path.resolve(process.env.BUNDLE) } : {}) });
    try {
      const outcome = await openPage(server.url);
      const log = {
        ordersSent: server.log.ordersSent.map(hex),
        receipts: server.log.receipts.map(({ bytes, receipt }) => ({ hex: hex(bytes), receipt: plain(receipt) })),
        errors: server.log.errors.map(String),
      };
      console.log(JSON.stringify({ ...outcome, server: log }, null, 2));
      if (outcome.status !== "done") process.exitCode = 1;
    } finally {
      await server.close();
    }
  })().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
