import { isIdentifierName, type FileModel, type ObjectShape, type TypeNode } from "../model/ir.js";
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
 *
 * Empty when no codec can be checked.
 */
export function shapeChecks(model: FileModel, checks: readonly ShapeCheck[]): string {
  const aliases = new Map<string, string>();
  const alias = (name: string) => `${RUNTIME_ALIAS}_S_${name}`;
  const depth = depths(model);
  /** `node` as TypeScript source, nested at most `levels` deep; what lies deeper is `any`. */
  const text = (node: TypeNode, levels: number): string => {
    if (levels <= 0 && nests(model, node)) return "any";
    const inner = levels - 1;
    if ((node.kind === "number" || node.kind === "numberOrBigint") && node.width)
      return `${RUNTIME_ALIAS}.Width<"${node.width}">`;
    switch (node.kind) {
      case "null":
      case "undefined":
      case "boolean":
      case "number":
      case "bigint":
      case "string":
      case "unknown":
        return node.kind;
      case "numberOrBigint":
        return "number | bigint";
      case "param":
        return "any"; // checked by the codec passed for it
      case "literals":
        return node.values.map((v) => (typeof v === "string" ? JSON.stringify(v) : String(v))).join(" | ");
      case "flags":
        return node.values.map(String).join(" | "); // as Shape<T> writes the enum: its members' values
      case "template":
        return node.text;
      case "temporal":
        return "any"; // the global Temporal's or a polyfill's: a name the generated file may not see
      case "mapped":
        return "any"; // a class the generated file may not import; its mapping is type-checked where declared
      case "date":
        return "Date";
      case "bytes":
        return "Uint8Array";
      case "arrayBuffer":
        return "ArrayBuffer";
      case "array":
        return `Array<${text(node.element, inner)}>`;
      case "set":
        return `Set<${text(node.element, inner)}>`;
      case "map":
        return `Map<${text(node.key, inner)}, ${text(node.value, inner)}>`;
      case "record":
        return `{ [key: ${text(node.key, inner)}]: ${text(node.value, inner)} }`;
      case "union":
        return node.members.map((m) => text(m, inner)).join(" | ");
      case "tuple":
        return (
          "[" +
          node.elements
            .map((e) => {
              if (e.mode === "rest") return `...Array<${text(e.type, inner - 1)}>`;
              if (e.mode === "required") return text(e.type, inner);
              const value = defined(e.type);
              const printed = value ? text(value, inner) : "never";
              return (value && isUnion(value) ? `(${printed})` : printed) + "?";
            })
            .join(", ") +
          "]"
        );
      case "ref": {
        const entry = model.named[node.name]!;
        if (entry.shape.kind === "object" && entry.shape.link) return "any"; // checked where that codec is generated
        // Whole when it fits in the levels left. Else a copy cut to them (`$`: in no model name),
        // one per depth it is reached at; but not for a recursive type, whose copies TypeScript
        // would compare as distinct types, deeper and deeper, instead of closing the cycle: `any`.
        const whole = depth(node) <= levels;
        if (!whole && depth.recursive(node.name)) return "any";
        const within = whole ? Infinity : levels;
        const name = whole ? alias(node.name) : `${alias(node.name)}$${within}`;
        if (!aliases.has(name)) {
          aliases.set(name, ""); // taken before its body, for recursion
          aliases.set(
            name,
            entry.shape.kind === "alias" ? text(entry.shape.type, within) : objectText(entry.shape, within - 1),
          );
        }
        return name;
      }
    }
  };
  const objectText = (shape: ObjectShape, levels: number): string => {
    // A private or protected property is not in `keyof` the class, so the check cannot see it.
    const members = shape.properties
      .filter((p) => !p.hidden)
      .map((p) => {
        const key = isIdentifierName(p.name) ? p.name : JSON.stringify(p.name);
        if (!p.optional) return `${key}: ${text(p.type, levels)}`;
        const value = defined(p.type);
        return `${key}: ${RUNTIME_ALIAS}.Optional<${value ? text(value, levels - 1) : "never"}>`;
      });
    if (shape.rest) members.push(`[key: string]: ${text(shape.rest, levels)}`);
    return members.length === 0 ? "{}" : `{ ${members.join("; ")} }`;
  };
  const lines: string[] = [];
  for (const check of checks) {
    const root = model.codecs[check.id]!.root;
    const generated = text(root, LEVELS - 1); // SameShape wraps both sides in a tuple
    if (generated === "any") continue; // a recursive type too deep to compare: nothing to check
    const message = `${check.label} was generated for another ${check.type}: run \`npx typed-msgpack generate\``;
    lines.push(
      `declare const ${RUNTIME_ALIAS}_check_${check.id}: ${RUNTIME_ALIAS}.Unchanged<${RUNTIME_ALIAS}.SameShape<${check.type}, ${generated}, ${JSON.stringify(message)}>>;`,
    );
  }
  if (lines.length === 0) return "";
  const declarations = [...aliases].map(([name, body]) => `type ${name} = ${body};`);
  return [
    "// The shape each codec was generated for: a compile error here means the type changed since.",
    ...declarations,
    ...lines,
  ].join("\n");
}

/**
 * How many levels of nested types (objects, arrays, unions, an optional property's `Optional`...)
 * a check compares. TypeScript compares the saved shape with the current type level by level and
 * gives up at 100 (TS2321, "Excessive stack depth comparing types", which would make a fresh copy
 * fail); so the saved shape is cut at half that, and a change nested deeper goes unseen.
 */
export const LEVELS = 50;

/**
 * `node`'s depth in the levels `LEVELS` counts: the most a comparison nests below it, where a
 * reference back to a type being compared counts nothing (TypeScript takes it as related). And
 * whether a named type is recursive: it reaches itself.
 */
function depths(model: FileModel): ((node: TypeNode) => number) & { recursive(name: string): boolean } {
  const known = new Map<string, number>();
  const open = new Set<string>();
  const cyclic = new Set<string>();
  const depth = (node: TypeNode): number => {
    switch (node.kind) {
      case "array":
      case "set":
        return 1 + depth(node.element);
      case "map":
      case "record":
        return 1 + Math.max(depth(node.key), depth(node.value));
      case "union":
        return 1 + Math.max(...node.members.map(depth));
      case "tuple":
        return 1 + Math.max(0, ...node.elements.map((e) => (e.mode === "rest" ? 1 : 0) + depth(e.type)));
      case "ref": {
        const shape = model.named[node.name]!.shape;
        if (shape.kind === "object" && shape.link) return 0;
        if (open.has(node.name)) {
          for (const name of [...open].slice([...open].indexOf(node.name))) cyclic.add(name);
          return 0;
        }
        let d = known.get(node.name);
        if (d === undefined) {
          open.add(node.name);
          d =
            shape.kind === "alias"
              ? depth(shape.type)
              : 1 +
                Math.max(
                  0,
                  ...shape.properties.filter((p) => !p.hidden).map((p) => (p.optional ? 1 : 0) + depth(p.type)),
                  shape.rest ? depth(shape.rest) : 0,
                );
          open.delete(node.name);
          known.set(node.name, d);
        }
        return d;
      }
      default:
        return 0;
    }
  };
  return Object.assign(depth, { recursive: (name: string) => cyclic.has(name) });
}

/** Whether `node` has types nested in it (a linked object is `any` whatever its depth). */
function nests(model: FileModel, node: TypeNode): boolean {
  switch (node.kind) {
    case "array":
    case "set":
    case "map":
    case "record":
    case "union":
    case "tuple":
      return true;
    case "ref": {
      const shape = model.named[node.name]!.shape;
      return !(shape.kind === "object" && shape.link);
    }
    default:
      return false;
  }
}

function isUnion(node: TypeNode): boolean {
  return (
    node.kind === "union" || node.kind === "numberOrBigint" || (node.kind === "literals" && node.values.length > 1)
  );
}

/** `T` without `undefined` among its members (an optional property's or element's value type); none left is `never`. */
function defined(node: TypeNode): TypeNode | undefined {
  if (node.kind === "undefined") return undefined;
  if (node.kind !== "union") return node;
  const members = node.members.filter((m) => m.kind !== "undefined");
  return members.length === 0 ? undefined : members.length === 1 ? members[0]! : { ...node, members };
}
