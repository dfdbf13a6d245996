/**
 * The builders of generated code, in one place for the emitters and tests. The abstract Build and
 * the types the emitters use are in build-base.ts; each builder has its own file. Neither needs the
 * `typescript` module (test/helpers/node-build.ts, which builds compiler nodes, is their oracle).
 */
export * from "./build-base.js";
export { SourceBuild } from "./source-build.js";
export { TextBuild } from "./text-build.js";
