// Hand-written codec for Inventory[] (dataset "inventory"): two Records of 150 SKU keys per
// warehouse, one of small objects and one of numbers. See prims.ts: keys are read by `string()`,
// whose cache of short ASCII strings returns a SKU seen before without building it again.
import type { Inventory, StockLevel } from "../types";
import { In, Out, cat, keys, mapOf, str } from "./prims";

const K_WAREHOUSE = str("warehouse"),
  K_STOCK = str("stock"),
  K_PRICES = str("prices");
const K_QTY = str("qty"),
  K_RESERVED = str("reserved"),
  K_BIN = str("bin");
const INVENTORY_HEAD = cat(mapOf(3), K_WAREHOUSE);
const STOCK_HEAD = cat(mapOf(3), K_QTY);

function writeStock(w: Out, v: Record<string, StockLevel>): void {
  const skus = Object.keys(v);
  w.mapHeader(skus.length);
  for (let i = 0; i < skus.length; i++) {
    const sku = skus[i]!,
      level = v[sku]!;
    w.string(sku);
    w.reserve(STOCK_HEAD.length + 9 + K_RESERVED.length + 9 + K_BIN.length + 1);
    w.put(STOCK_HEAD);
    w.putNumber(level.qty);
    w.put(K_RESERVED);
    w.putNumber(level.reserved);
    w.put(K_BIN);
    const bin = level.bin;
    if (bin === null) w.putByte(0xc0);
    else w.string(bin);
  }
}

function writePrices(w: Out, v: Record<string, number>): void {
  const skus = Object.keys(v);
  w.mapHeader(skus.length);
  for (let i = 0; i < skus.length; i++) {
    const sku = skus[i]!;
    w.string(sku);
    w.number(v[sku]!);
  }
}

const w = new Out();

export function encode(v: Inventory[]): Uint8Array {
  const n = v.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) {
    const inventory = v[i]!;
    w.raw(INVENTORY_HEAD);
    w.string(inventory.warehouse);
    w.raw(K_STOCK);
    writeStock(w, inventory.stock);
    w.raw(K_PRICES);
    writePrices(w, inventory.prices);
  }
  return w.finish();
}

const INVENTORY_KEYS = keys("warehouse", "stock", "prices");
const STOCK_KEYS = keys("qty", "reserved", "bin");

/** A Record's entry: an own property even for "__proto__" (as JSON.parse makes it). */
function setOwn<T>(out: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}

function readLevel(r: In): StockLevel {
  const n = r.mapHeader();
  let qty!: number, reserved!: number, bin!: string | null;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_QTY)) {
    qty = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_RESERVED)) {
    reserved = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_BIN)) {
    bin = r.stringOrNull();
    seen |= 4;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(STOCK_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        qty = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        reserved = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        bin = r.stringOrNull();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 7) r.missing(STOCK_KEYS, 7, seen);
  return { qty, reserved, bin };
}

function readStock(r: In): Record<string, StockLevel> {
  const n = r.mapHeader();
  const out: Record<string, StockLevel> = {};
  for (let i = 0; i < n; i++) setOwn(out, r.string(), readLevel(r));
  return out;
}

function readPrices(r: In): Record<string, number> {
  const n = r.mapHeader();
  const out: Record<string, number> = {};
  for (let i = 0; i < n; i++) setOwn(out, r.string(), r.number());
  return out;
}

function readInventory(r: In): Inventory {
  const n = r.mapHeader();
  let warehouse!: string, stock!: Record<string, StockLevel>, prices!: Record<string, number>;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_WAREHOUSE)) {
    warehouse = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_STOCK)) {
    stock = readStock(r);
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_PRICES)) {
    prices = readPrices(r);
    seen |= 4;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(INVENTORY_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        warehouse = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        stock = readStock(r);
        break;
      case 2:
        seen = r.once(seen, 4);
        prices = readPrices(r);
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 7) r.missing(INVENTORY_KEYS, 7, seen);
  return { warehouse, stock, prices };
}

export function decode(bytes: Uint8Array): Inventory[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<Inventory>(n);
  for (let i = 0; i < n; i++) out[i] = readInventory(r);
  r.done();
  return out;
}
