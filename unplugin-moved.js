"use strict";
// typed-msgpack 0.8 moved the bundler plugin to the build package, so that apps that only need the
// runtime install no compiler: a clear error instead of a missing module.
throw new Error(
  'typed-msgpack/unplugin moved to typed-msgpack-build/unplugin in 0.8: run `npm i -D typed-msgpack-build` and import the plugin from "typed-msgpack-build/unplugin"',
);
