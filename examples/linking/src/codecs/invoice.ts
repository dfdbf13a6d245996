import { codecFor } from "typed-msgpack";
import type { Invoice } from "../model/invoice.js";

// Links to both CustomerCodec and OrderCodec.
export const InvoiceCodec = codecFor<Invoice>();
