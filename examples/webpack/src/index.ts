/**
 * The bundle's entry. In a page it runs the app; loaded by Node (server.js), it only hands out the
 * codecs, so the server encodes and decodes with the very code the browser runs.
 */
import { run } from "./app";

export { ItemsCodec, OrderCodec, ReceiptCodec } from "./codecs";

if (typeof document !== "undefined") {
  const out = document.getElementById("result")!;
  run().then(
    (report) => {
      out.textContent = JSON.stringify(report, null, 2);
      out.dataset.status = "done";
    },
    (error: unknown) => {
      out.textContent = String(error instanceof Error ? error.stack ?? error.message : error);
      out.dataset.status = "failed";
    },
  );
}
