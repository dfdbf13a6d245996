// The test environment of every suite: one TypeScript per jest worker, loaded here, outside the
// suites' sandboxes, so that a suite does not load the compiler and parse its lib files again
// (about a second each). Suites reach it through jest.config.js's "typescript" mapping.
const { TestEnvironment } = require("jest-environment-node");
const typescript = require("typescript");

/** Lib and runtime source files parsed once per worker (test/helpers/compile.ts). */
const sourceFiles = new Map();
/** The property tests' zoo, compiled once per worker (test/property/lib/zoo-load.ts). */
const zoos = new Map();

class SharedCompilerEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // propertyRuns: the project's bound on fast-check runs (test/property/lib/jest-run.ts); tier:
    // "fast" for the project whose suites run smaller workloads (test/helpers/tier.ts); optimize: the
    // project's default for codecFor calls (the size-mode project reruns suites with "size").
    const { propertyRuns, tier, optimize } = config.projectConfig.testEnvironmentOptions;
    // nativeRequire: Node's own require, for TypeScript 7's API (ES modules, which jest's cannot load).
    this.global.__typedMsgpackTest = {
      typescript,
      sourceFiles,
      zoos,
      propertyRuns,
      tier,
      optimize,
      nativeRequire: require,
    };
  }
}

module.exports = SharedCompilerEnvironment;
