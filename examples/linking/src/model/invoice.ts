import type { Customer } from "./customer.js";
import type { Order } from "./order.js";

export interface Invoice {
  number: string;
  billTo: Customer;
  orders: Order[];
  paid: boolean;
}
