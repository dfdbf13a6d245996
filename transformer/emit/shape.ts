import { isIdentifierName, type FileModel, type TypeNode } from "../model/ir.js";
import { RUNTIME_ALIAS } from "./context.js";

/** A codec whose generated copy checks, at compile time, that its type still has the shape it was generated for. */
export interface ShapeCheck {
  /** The codec's model id. */
  id: string;
  /** Its type argument as written (`Order`, `Page<User>`). */
  type: string;
  /** What the user calls it, for the message: `OrderCodec`, or `codecFor<Order>()`. */
  label: string;
}

/**
 * TypeScript source for generate's stale-codec checks (runtime/shape.ts has the types and the
 * why): the shape of each checked codec's type as the model saw it, one `__tm_S_<name>` alias per
 * named type, and per codec a declaration that fails to compile when the current type differs:
 *
 * ```ts
 * declare const __tm_check_OrderCodec: __tm.Unchanged<__tm.SameShape<Order, __tm_S_Order, "OrderCodec was generated for another Order: run `npx typed-msgpack generate`">>;
 * ```
 */
export function shapeChecks(model: FileModel, checks: readonly ShapeCheck[]): string {
  const aliases = new Map<string, string>();
  const alias = (name: string) => `${RUNTIME_ALIAS}_S_${name}`;
  const text = (node: TypeNode): string => {
    switch (node.kind) {
      case "null": case "undefined": case "boolean": case "number": case "bigint": case "string": case "unknown":
        return node.kind;
      case "numberOrBigint": return "number | bigint";
      case "literals": return node.values.map((v) => (typeof v === "string" ? JSON.stringify(v) : String(v))).join(" | ");
      case "template": return node.text;
      case "date": return "Date";
      case "bytes": return "Uint8Array";
      case "arrayBuffer": return "ArrayBuffer";
      case "array": return `Array<${text(node.element)}>`;
      case "set": return `Set<${text(node.element)}>`;
      case "map": return `Map<${text(node.key)}, ${text(node.value)}>`;
      case "record": return `{ [key: ${text(node.key)}]: ${text(node.value)} }`;
      case "union": return node.members.map(text).join(" | ");
      case "tuple":
        return "[" + node.elements.map((e) =>
          e.mode === "rest" ? `...Array<${text(e.type)}>` : e.mode === "optional" ? `(${text(defined(e.type))})?` : text(e.type)).join(", ") + "]";
      case "ref": {
        const entry = model.named[node.name]!;
        if (entry.shape.kind === "object" && entry.shape.link) return "any"; // checked where that codec is generated
        if (!aliases.has(node.name)) {
          aliases.set(node.name, ""); // taken before its body, for recursion
          aliases.set(node.name, entry.shape.kind === "alias" ? text(entry.shape.type) : objectText(entry.shape));
        }
        return alias(node.name);
      }
    }
  };
  const objectText = (shape: Extract<FileModel["named"][string]["shape"], { kind: "object" }>): string => {
    const members = shape.properties.map((p) => {
      const key = isIdentifierName(p.name) ? p.name : JSON.stringify(p.name);
      return `${key}: ${p.optional ? `${RUNTIME_ALIAS}.Optional<${text(defined(p.type))}>` : text(p.type)}`;
    });
    if (shape.rest) members.push(`[key: string]: ${text(shape.rest)}`);
    return members.length === 0 ? "{}" : `{ ${members.join("; ")} }`;
  };
  const lines: string[] = [];
  for (const check of checks) {
    const root = model.codecs[check.id]!.root;
    const generated = text(root);
    const message = `${check.label} was generated for another ${check.type}: run \`npx typed-msgpack generate\``;
    lines.push(`declare const ${RUNTIME_ALIAS}_check_${check.id}: ${RUNTIME_ALIAS}.Unchanged<${RUNTIME_ALIAS}.SameShape<${check.type}, ${generated}, ${JSON.stringify(message)}>>;`);
  }
  const declarations = [...aliases].map(([name, body]) => `type ${alias(name)} = ${body};`);
  return ["// The shape each codec was generated for: a compile error here means the type changed since.", ...declarations, ...lines].join("\n");
}

/** `T` without `undefined` among its members: an optional property's or element's value type. */
function defined(node: TypeNode): TypeNode {
  if (node.kind !== "union") return node;
  const members = node.members.filter((m) => m.kind !== "undefined");
  return members.length === 1 ? members[0]! : { ...node, members };
}
