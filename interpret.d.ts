// Types for the root interpret.js shim; see dist/runtime/interpret/index.d.ts.
export * from "./dist/runtime/interpret/index.js";
