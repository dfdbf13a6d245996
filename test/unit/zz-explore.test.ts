import { compile } from "../helpers/compile";
test("explore", () => {
  const cases: Record<string, string> = {
    twoArgs: `export const C = codecFor<string, number>();`,
    withArg: `export const C = (codecFor as any)(1);`,
    classNested: `class Pt { x = 0; len() { return 0; } } export const C = codecFor<{ p: Pt[] }>();`,
    optFn: `interface U { cb?: (x: number) => void } export const C = codecFor<U>();`,
    callable: `interface F { (x: number): void; a: number } export const C = codecFor<F>();`,
    fnBuiltin: `interface U { f: Function } export const C = codecFor<U>();`,
    genericClass: `export class Box<T> { make() { return codecFor<T[]>(); } }`,
    tupleRest: `export const C = codecFor<[string, ...(() => void)[]]>();`,
    tupleOpt: `export const C = codecFor<[string, symbol?]>();`,
    mapKey: `export const C = codecFor<Map<symbol, string>>();`,
    deepAmb: `interface X { v: { w: Array<number | bigint> } } export const C = codecFor<X>();`,
    bigLit: `export const C = codecFor<bigint | 1>();`,
    recAlias: `type J = string | number | J[] | { [k: string]: J }; export const C = codecFor<J>();`,
    recBad: `interface T { kids: T[]; f: () => void } export const C = codecFor<T>();`,
    dateEx: `export const C = codecFor<{ d: Date | Uint8Array }>();`,
    errorType: `export const C = codecFor<{ e: Error }>();`,
    numIdx: `export const C = codecFor<{ a: string; [k: number]: string }>();`,
  };
  for (const [name, src] of Object.entries(cases)) {
    const c = compile("zzx_" + name, `import { codecFor } from "typed-msgpack";\n` + src + "\n");
    console.log(name, JSON.stringify(c.diagnostics, null, 1), name === "numIdx" ? JSON.stringify(c.model) : "");
  }
});
