// The types, apart from the codecs: main.ts imports them type-only, so no bundler loads this file;
// the plugin registers it as a watched file of main.ts.
export interface Item {
  sku: string;
  quantity: number;
  unitPrice: number;
}
