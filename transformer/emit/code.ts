import { GENERATED_CODE_VERSION } from "../../runtime/codec.js";
import { resolveAlias } from "../model/families.js";
import type { FileModel } from "../model/ir.js";
import type { Build, Stmt } from "./build-base.js";
import { CODEC_TYPE, codecName, EmitContext } from "./context.js";
import { emitTableCodec } from "./table.js";
import { VALUES } from "./values.js";

/** The generated code, built by `b`, and the modules it imports. */
export function emitCode(
  b: Build,
  model: FileModel,
  runtimeModule = "typed-msgpack",
): { imports: { alias: string; module: string }[]; code: Stmt[] } {
  const ctx = new EmitContext(b, model, VALUES);
  const codecs: Stmt[] = [];
  for (const [id, codec] of Object.entries(model.codecs)) {
    // A generic codec is a factory of the codecs passed for its type parameters, which declares the
    // functions that call them: `function __tm_PageCodec(__tm_T) { function __tm_encPage(...) ... }`.
    // Size mode (issue 60): a table the interpreter runs; generic and positional codecs stay functions.
    if (codec.optimize === "size" && !codec.params && !codec.layout) {
      const made = emitTableCodec(ctx, codec.root, runtimeModule);
      codecs.push(b.commentAbove(b.const(codecName(id), made), `codecFor<${codec.display}>({ optimize: "size" })`));
      continue;
    }
    const parameters = codec.params ? ctx.openFactory(codec.params) : [];
    const encoder = ctx.encoderFor(codec.root);
    const decoder = ctx.decoderFor(codec.root);
    const args = [b.named(b.num(GENERATED_CODE_VERSION), "generated-code version"), b.id(encoder), b.id(decoder)];
    // Array roots also get their element decoder, so that a huge array can be streamed element by element.
    const root = resolveAlias(codec.root, model.named);
    if (root.kind === "array") args.push(b.id(ctx.decoderFor(root.element)));
    const made = b.call(ctx.rt("codec"), ...args);
    if (!codec.params) {
      codecs.push(
        b.commentAbove(
          b.const(codecName(id), made),
          `codecFor<${codec.display}>(${codec.layout ? `{ layout: "${codec.layout}" }` : ""})`,
        ),
      );
      continue;
    }
    const body = [...ctx.closeFactory(), b.ret(made)];
    const factory = b.fn(
      codecName(id),
      parameters.map((name) => [name, CODEC_TYPE]),
      CODEC_TYPE,
      body,
    );
    codecs.push(b.commentAbove(factory, `codecFor<${codec.display}>(${codec.params.join(", ")})`));
  }
  return { imports: ctx.imports, code: [...ctx.runtimeAliases, ...ctx.constants, ...ctx.functions, ...codecs] };
}
