/**
 * The builders of generated code, in one place for the emitters and tests. The abstract Build and
 * the types the emitters use are in build-base.ts; each builder has its own file, so that the text
 * builders (text-build.ts, source-build.ts) load without the `typescript` module, which only
 * NodeBuild (node-build.ts) needs.
 */
export * from "./build-base.js";
export { NodeBuild } from "./node-build.js";
export { SourceBuild } from "./source-build.js";
export { TextBuild } from "./text-build.js";
