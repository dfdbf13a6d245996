// A small server for the page: `npm start` after `npm run build`, then open the printed address.
//
// GET  /               public/index.html
// GET  /app.js         the bundle
// GET  /api/orders     a stream of Orders, one MessagePack message after another, written in pieces
// GET  /api/orders/broken   one Order whose quantity is a string: the page must refuse it
// POST /api/receipts   a Receipt, decoded and checked here
//
// Every response carries a Content-Security-Policy without 'unsafe-eval' (unless csp: false).
// The server's codecs come from the bundle itself (dist/app.js is UMD), so both sides run the
// same generated code.
const http = require("node:http");
const fs = require("node:fs");
const path = require("node:path");

const CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ORDERS = [
  { id: 1, status: "paid", customer: "Ada", items: [{ sku: "KB-101", quantity: 1, unitPrice: 89.5 }], placedAt: new Date("2026-11-01T09:30:00.000Z"), note: "gift wrap" },
  { id: 2, status: "open", customer: "Grace", items: [{ sku: "MS-7", quantity: 2, unitPrice: 19.99 }, { sku: "PAD-1", quantity: 1, unitPrice: 5 }], placedAt: new Date("2026-11-02T10:00:00.000Z") },
  { id: 3, status: "shipped", customer: "Linus ✓", items: [], placedAt: new Date(0) },
];

/**
 * Starts the server on 127.0.0.1. Resolves to { url, close(), log } where log records the bytes
 * sent and the receipts received (raw and decoded), for tests.
 */
function start({ port = 0, csp = true, bundle = path.join(__dirname, "dist/app.js") } = {}) {
  // Loaded here, not at the top, so that every start() sees the bundle as it is now (watch mode).
  delete require.cache[require.resolve(bundle)];
  const { OrderCodec, ReceiptCodec } = require(bundle);
  const log = { ordersSent: [], receipts: [], errors: [] };
  const files = {
    "/": ["text/html; charset=utf-8", path.join(__dirname, "public/index.html")],
    "/app.js": ["text/javascript; charset=utf-8", bundle],
  };

  const server = http.createServer(async (req, res) => {
    const headers = csp ? { "content-security-policy": CSP, "cache-control": "no-store" } : { "cache-control": "no-store" };
    try {
      if (req.method === "GET" && files[req.url]) {
        const [type, file] = files[req.url];
        res.writeHead(200, { ...headers, "content-type": type });
        res.end(fs.readFileSync(file));
      } else if (req.method === "GET" && req.url === "/api/orders") {
        res.writeHead(200, { ...headers, "content-type": "application/msgpack" });
        for (const order of ORDERS) {
          const bytes = OrderCodec.encode(order);
          log.ordersSent.push(bytes);
          // Two pieces with a pause between: the page decodes what has arrived, waiting for the rest.
          const cut = Math.floor(bytes.length / 2);
          res.write(bytes.subarray(0, cut));
          await new Promise((resolve) => setTimeout(resolve, 20));
          res.write(bytes.subarray(cut));
        }
        res.end();
      } else if (req.method === "GET" && req.url === "/api/orders/broken") {
        const bytes = OrderCodec.encode(ORDERS[1]);
        // quantity 2 (0x02, a positive fixint) becomes "2" (0xa1 0x32, a fixstr): no longer an Order.
        const at = Buffer.from(bytes).indexOf(Buffer.from("quantity")) + "quantity".length;
        res.writeHead(200, { ...headers, "content-type": "application/msgpack" });
        res.end(Buffer.concat([bytes.subarray(0, at), Buffer.from([0xa1, 0x32]), bytes.subarray(at + 1)]));
      } else if (req.url === "/favicon.ico") {
        res.writeHead(204, headers); // none, and no 404 in the browser's console
        res.end();
      } else if (req.method === "POST" && req.url === "/api/receipts") {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const bytes = new Uint8Array(Buffer.concat(chunks));
        const receipt = ReceiptCodec.decode(bytes); // throws a CodecError for anything but a Receipt
        log.receipts.push({ bytes, receipt });
        res.writeHead(201, headers);
        res.end();
      } else {
        res.writeHead(404, headers);
        res.end();
      }
    } catch (error) {
      log.errors.push(error);
      if (!res.headersSent) res.writeHead(400, headers);
      res.end(String(error && error.message));
    }
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: actual } = server.address();
      resolve({
        url: `http://127.0.0.1:${actual}/`,
        log,
        orders: ORDERS,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

module.exports = { start, ORDERS, CSP };

if (require.main === module) {
  start({ port: Number(process.env.PORT || 8080) }).then(({ url }) => console.log(`listening on ${url}`));
}
