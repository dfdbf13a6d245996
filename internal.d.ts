// Types for the root internal.js shim; see dist/runtime/internal.d.ts.
export * from "./dist/runtime/internal.js";
