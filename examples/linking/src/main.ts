// The plugin route (tspc): codecs come from src/codecs/*.ts, whose codecFor calls the plugin replaces.
import { InvoiceCodec } from "./codecs/invoice.js";
import { report } from "./sample.js";

declare const console: { log(text: string): void }; // this project installs no @types/node

console.log(report(InvoiceCodec));
