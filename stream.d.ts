// Types for the root stream.js shim; see dist/runtime/stream.d.ts.
export * from "./dist/runtime/stream.js";
