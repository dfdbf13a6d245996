import type { ProgramView } from "./program-view.js";
import type { CallNode, SyntaxFile, SyntaxNode } from "./syntax.js";

/** The file's calls of typed-msgpack's codecFor, in source order. */
export function codecCalls(view: ProgramView, file: SyntaxFile): CallNode[] {
  const syntax = view.syntax;
  const candidates: CallNode[] = [];
  const visit = (node: SyntaxNode): undefined => {
    if (syntax.holdsNoCalls(node)) return;
    // Codec calls have no arguments, or a type argument and codecs for its type parameters.
    if (syntax.isCall(node) && (node.arguments.length === 0 || node.typeArguments !== undefined)) candidates.push(node);
    node.forEachChild(visit);
  };
  for (const statement of file.statements) visit(statement);
  view.prepareCalls?.(candidates);
  return candidates.filter((call) => view.isCodecCall(call));
}
