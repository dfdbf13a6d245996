import { compile } from "../helpers/compile";
const cases: Record<string, string> = {
  missing: `const C = codecFor();`,
  generic: `export function f<T>() { return codecFor<T>(); }`,
  genericNested: `export function f<T>() { return codecFor<{ items: T[] }>(); }`,
  fnProp: `interface User { id: number; onClick: () => void } export const C = codecFor<User>();`,
  method: `interface User { id: number; greet(): string } export const C = codecFor<User>();`,
  sym: `interface S { s: symbol } export const C = codecFor<S>();`,
  never: `export const C = codecFor<never>();`,
  neverProp: `interface N { a: never } export const C = codecFor<N>();`,
  promise: `interface P { p: Promise<number>; w: WeakMap<object, string>; r: RegExp } export const C = codecFor<P>();`,
  f64: `interface B { f: Float64Array } export const C = codecFor<B>();`,
  bufferLike: `interface Buffer extends Uint8Array { readUInt8(o: number): number } interface B { b: Buffer } export const C = codecFor<B>();`,
  cls: `class Pt { x = 0; y = 0; len() { return 0; } } export const C = codecFor<Pt>();`,
  clsGetter: `class Pt { x = 0; get len() { return 0; } } export const C = codecFor<Pt>();`,
  clsPlain: `class Pt { x = 0; y = 0 } export const C = codecFor<Pt>();`,
  clsPrivate: `class Pt { #secret = 1; x = 0 } export const C = codecFor<Pt>();`,
  symKey: `const k: unique symbol = Symbol("k"); interface S { [k]: string; a: number } export const C = codecFor<S>();`,
  symKeyWK: `interface S { [Symbol.iterator]: number; a: number } export const C = codecFor<S>();`,
  numBig: `export const C = codecFor<number | bigint>();`,
  setArr: `export const C = codecFor<Set<string> | string[]>();`,
  mapObj: `interface O { a: number } export const C = codecFor<Map<string, number> | O>();`,
  bin: `export const C = codecFor<Uint8Array | ArrayBuffer>();`,
  nested1: `interface A { a: { b: (() => void)[] } } export const C = codecFor<A>();`,
  nested2: `interface A { m: Record<string, symbol> } export const C = codecFor<A>();`,
  nested3: `export const C = codecFor<[string, () => void]>();`,
  nestedMap: `export const C = codecFor<{ m: Map<string, () => void> }>();`,
  restNotLast: `export const C = codecFor<[...string[], number]>();`,
  objectKw: `export const C = codecFor<object>();`,
  symIndex: `export const C = codecFor<{ [k: symbol]: string }>();`,
  unresolved: `export const C = codecFor<Missing>();`,
  twice: `interface U { f: () => void } export const A = codecFor<U>(); export const B = codecFor<U>();`,
  twiceNested: `interface U { f: () => void } export const A = codecFor<U>(); export const B = codecFor<{ u: U }>();`,
  twoProblems: `interface U { f: () => void; s: symbol } export const A = codecFor<U>();`,
  dateUnion: `export const C = codecFor<Date | string>();`,
  strMapping: `export const C = codecFor<Uppercase<string>>();`,
};
test("explore", () => {
  for (const [name, src] of Object.entries(cases)) {
    const c = compile("zzx_" + name, `import { codecFor } from "typed-msgpack";\n` + src + "\n");
    console.log(name, JSON.stringify(c.diagnostics, null, 1));
  }
});
