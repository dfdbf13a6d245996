#!/usr/bin/env node
"use strict";
// node bench/ab.js <subcommand> ...: A/B measurements for judging one change, smaller and steadier
// than the whole benchmark. Each subcommand is a file of bench/lab/ab/ (its header says what it
// measures and why); they share their timing in bench/lab/ab/timing.js. All need bench/.generated
// (`npm run build && node bench/index.js --help`; after an emitter change, the second again).
// A one-process comparison varies between processes as V8's compilation and the collector's state
// differ: repeat it, or confirm with `processes` or `solo`, before trusting a small difference.
const SUBCOMMANDS = [
  "builds",
  "fresh",
  "generic",
  "hand",
  "peer",
  "positional",
  "processes",
  "records",
  "solo",
  "unchecked",
];

const [name, ...args] = process.argv.slice(2);
const usage = () =>
  `usage: node bench/ab.js <subcommand> ...\n${SUBCOMMANDS.map((s) => `  node bench/ab.js ${require(`./lab/ab/${s}.js`).usage}`).join("\n")}`;
if (!SUBCOMMANDS.includes(name)) {
  console.error(usage());
  process.exit(name === undefined || name === "--help" ? 0 : 2);
}
const sub = require(`./lab/ab/${name}.js`);
if (args[0] === "--child") {
  // A fresh process the subcommand started (processes, solo, fresh): it prints one number.
  sub.child(args.slice(1));
  process.exit(0);
}
if (args.includes("--help") || sub.run(args) === false) {
  console.error(`usage: node bench/ab.js ${sub.usage}`);
  process.exit(args.includes("--help") ? 0 : 2);
}
