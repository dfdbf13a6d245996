import { codecFor } from "typed-msgpack";
import type { Customer } from "../model/customer.js";

export const CustomerCodec = codecFor<Customer>();
