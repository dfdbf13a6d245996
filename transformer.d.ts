// Types for the root transformer.js shim; see dist/transformer/index.d.ts.
export * from "./dist/transformer/index.js";
export { default } from "./dist/transformer/index.js";
