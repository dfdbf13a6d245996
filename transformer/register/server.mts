/**
 * The compiler side of typed-msgpack-build/bun on TypeScript 7 (bun.mts): TypeScript 7's API talks
 * to its compiler process through Node's own pipe handles, which Bun's child processes do not
 * have, so under Bun the codecs are compiled by this Node process, one for the app's whole run
 * (session.mts: the bundler plugin's CodecModules). A request per line on stdin, `{ id, file, text }`;
 * a reply per line on stdout, `{ id, code, dependencies }` or `{ id, error }`.
 */
import * as readline from "node:readline";
import { compileModule } from "./session.mjs";

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const { id, file, text } = JSON.parse(line) as { id: number; file: string; text: string };
  let reply: object;
  try {
    reply = { id, ...compileModule(file, text) };
  } catch (e) {
    reply = { id, error: (e as Error).message };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
