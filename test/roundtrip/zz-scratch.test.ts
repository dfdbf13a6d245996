import { compile } from "../helpers/compile";
test("scratch", () => {
  const c = compile("zz_scratch", `
import { codecFor } from "typed-msgpack";
export interface User { id: number; name?: string; tags: string[]; kind: "a" | "b" }
type Shape = { kind: "circle"; r: number } | { kind: "square"; side: number };
export const U = codecFor<User>();
export const S = codecFor<Shape>();
export const O = codecFor<{ x?: string | null }>();
`);
  console.log(c.diagnostics, c.js);
});
