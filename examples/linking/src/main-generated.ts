// The generate route: the same codecs, from the files `typed-msgpack generate` writes beside the inputs.
import { InvoiceCodec } from "./codecs/invoice.codecs.js";
import { report } from "./sample.js";

declare const console: { log(text: string): void }; // this project installs no @types/node

console.log(report(InvoiceCodec));
