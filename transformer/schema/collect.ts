/**
 * The codecs of one source file, with the names the snapshot gives them, found by the transformer's
 * own pipeline (recognize → model): the snapshot describes exactly the codecs a build generates.
 */
import * as path from "node:path";
import { diagnosticOf, modelFile, type PipelineDiagnostic } from "../pipeline.js";
import type { ProgramView } from "../recognize/program-view.js";
import type { CallNode, NamedNode, SyntaxFile, SyntaxNode } from "../recognize/syntax.js";
import type { CodecSource } from "./snapshot.js";

/**
 * Models every `codecFor` call of `file`. Codecs are modelled whole, never linked to another
 * module's codec (`link: false`): linking changes where code lives, not the bytes, and a whole
 * model lets each snapshot entry be compared on its own. `projectDir` is what names are relative to.
 */
export function collectCodecs(
  view: ProgramView,
  file: SyntaxFile,
  projectDir: string,
): { sources: CodecSource[]; diagnostics: PipelineDiagnostic[] } {
  const result = modelFile(view, file, { link: false, moduleOf: () => undefined });
  const diagnostics = result.problems.map((p) => diagnosticOf(file, p));
  const sources: CodecSource[] = [];
  if (!result.model) return { sources, diagnostics };
  const fileName = path.relative(projectDir, file.fileName).split(path.sep).join("/");
  const taken = new Map<string, string>(); // name -> codec id
  for (const { call, id } of result.calls) {
    const label = codecLabel(view, call);
    let name = `${fileName}#${label}`;
    // The same label for another type (two `codecFor<T>()` arguments, each with its own local T).
    for (let n = 2; taken.has(name) && taken.get(name) !== id; n++) name = `${fileName}#${label} (${n})`;
    if (taken.has(name)) continue;
    taken.set(name, id);
    sources.push({ name, model: result.model, id });
  }
  return { sources, diagnostics };
}

/**
 * What names a codec in its file: the name it is exported as (`export const OrderCodec = ...`,
 * `export { OrderCodec as Orders }`), else the const it is assigned to, else `Codecs.order` for a
 * property of an object literal assigned to a const, else the call as written (`codecFor<Order[]>()`).
 */
function codecLabel(view: ProgramView, call: CallNode): string {
  const syntax = view.syntax;
  let node: SyntaxNode = call;
  const wraps = (n: SyntaxNode | undefined) =>
    n !== undefined &&
    (syntax.is(n, "ParenthesizedExpression") ||
      syntax.is(n, "AsExpression") ||
      syntax.is(n, "SatisfiesExpression") ||
      syntax.is(n, "TypeAssertionExpression"));
  while (wraps(node.parent)) node = node.parent!;
  const owner = node.parent as (SyntaxNode & { name?: SyntaxNode; parent?: SyntaxNode }) | undefined;
  const nameOf = (n: SyntaxNode | undefined) => (syntax.isIdentifier(n) ? n : undefined);
  if (owner && syntax.is(owner, "VariableDeclaration")) {
    const name = nameOf(owner.name);
    if (name) return view.exportedName(name) ?? name.text;
  }
  if (
    owner &&
    syntax.is(owner, "PropertyAssignment") &&
    (syntax.isIdentifier(owner.name) || syntax.is(owner.name, "StringLiteral"))
  ) {
    const variable = owner.parent?.parent as (SyntaxNode & { name?: SyntaxNode }) | undefined;
    const name = variable && syntax.is(variable, "VariableDeclaration") ? nameOf(variable.name) : undefined;
    if (name) return `${view.exportedName(name) ?? name.text}.${(owner.name as NamedNode).text}`;
  }
  return call.getText().replace(/\s+/g, " ");
}
