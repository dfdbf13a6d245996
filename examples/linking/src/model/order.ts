import type { Customer } from "./customer.js";

export interface OrderLine {
  sku: string;
  quantity: number;
}

export interface Order {
  id: number;
  customer: Customer;
  lines: OrderLine[];
}
