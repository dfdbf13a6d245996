"use strict";
// Worker threads start without the parent's require hooks: install the TypeScript loader here.
require("./register.js");
require("./worker.ts");
