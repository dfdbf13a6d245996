/**
 * Object types: interfaces, type literals, classes' shapes, and what looks like one but has a wire
 * form of its own (arrays and tuples, `Date`, `Uint8Array`, `Map`, `Set`, Records) or none (lib
 * types with behaviour, functions).
 */
import { arrayBaseOf, arrayInterface, tuple } from "./array-types.js";
import { MODIFIER, SYMBOL, TYPE, type Sym, type Type } from "./checker.js";
import {
  propertySegment,
  TEMPORAL_TYPES,
  type ObjectShape,
  type Property,
  type TemporalType,
  type TypeNode,
} from "./ir.js";
import { identifierFrom, isSymbolKey, memberName, symbolKeyName, withArticle } from "./names.js";
import { orderProperties } from "./order.js";
import type { MappingOf, Walker } from "./walker.js";

/** Lib types that would silently lose data or behaviour if encoded as plain objects. */
const UNSUPPORTED_BUILTINS = new Set([
  "Promise",
  "PromiseLike",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "RegExp",
  "Error",
  "Function",
  "Symbol",
  "Generator",
  "AsyncGenerator",
  "Iterator",
  "AsyncIterator",
  "Iterable",
  "AsyncIterable",
  "FinalizationRegistry",
  "ReadableStream",
  "WritableStream",
  "Blob",
  "File",
  "URL",
  "Headers",
  "Request",
  "Response",
  "Node",
  "Element",
]);
const OTHER_BINARY = new Set([
  "Int8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
  "DataView",
  "SharedArrayBuffer",
  "Buffer",
]);

/** Any object type: arrays, tuples, lib types with a wire form, Records, else an object shape. */
export function objectLike(b: Walker, type: Type, path: string): TypeNode {
  const c = b.checker;
  if (c.isArray(type)) {
    return b.guarded(type, () => ({ kind: "array", element: b.node(c.typeArguments(type)[0]!, path + "[]") }));
  }
  if (c.isTuple(type)) return b.guarded(type, () => tuple(b, type, path));
  const arrayBase = arrayBaseOf(b, type);
  if (arrayBase) return arrayInterface(b, type, arrayBase, path);
  const symbol = c.symbol(type);
  const name = symbol ? c.symbolName(symbol) : "";
  const temporal = symbol && temporalType(b, symbol, name);
  if (temporal) return { kind: "temporal", type: temporal };
  if (symbol && b.isLibSymbol(symbol)) {
    const args = () => c.typeArguments(type);
    switch (name) {
      case "Date":
        return { kind: "date" };
      case "Uint8Array":
        return { kind: "bytes" };
      case "ArrayBuffer":
        return { kind: "arrayBuffer" };
      case "Set":
      case "ReadonlySet":
        return b.guarded(type, () => ({ kind: "set", element: b.node(args()[0]!, path + "[]") }));
      case "Map":
      case "ReadonlyMap":
        return b.guarded(type, () => ({
          kind: "map",
          key: b.node(args()[0]!, path + ".<key>"),
          value: b.node(args()[1]!, path + "[]"),
        }));
    }
    if (UNSUPPORTED_BUILTINS.has(name)) return b.problem("unsupportedBuiltin", path, withArticle(name));
  }
  if (OTHER_BINARY.has(name)) return b.problem("otherBinary", path, withArticle(name));
  // Any other lib interface with methods (HTMLElement, Window, String...) is one problem, not one
  // per member; mapped types over lib types (Partial<T>) are not lib interfaces.
  if (
    symbol &&
    c.symbolFlags(symbol) & (SYMBOL.Interface | SYMBOL.Class) &&
    b.isLibSymbol(symbol) &&
    methodNames(b, type).length > 0
  ) {
    return b.problem("unsupportedBuiltin", path, withArticle(name));
  }
  if (c.hasSignatures(type)) return b.problem("functionType", path);
  if (c.isGenericMapped(type)) return b.problem("typeParameterPosition", path, b.text(type));
  const indexInfos = c.indexInfos(type);
  if (indexInfos.length === 1 && c.properties(type).length === 0) {
    const info = indexInfos[0]!;
    return b.guarded(type, () => ({
      kind: "record",
      key: recordKey(b, info.key, path),
      value: b.node(info.value, path + "[string]"),
    }));
  }
  return objectShape(b, type, path);
}

/** Types whose wire type is being modelled: a wire type that reaches its own class never ends. */
const mapping = new Set<Type>();

/**
 * A class with a wire mapping (recognize/mappings.ts), or a branded intersection over one (Stripe's
 * `Decimal`): its values go as the wire type, through the mapping.
 */
export function mapped(b: Walker, type: Type, of: MappingOf, path: string): TypeNode {
  const name = b.text(type);
  if (mapping.has(type)) return b.problem("mappingReachesItself", path, name, of.link.exportName);
  if ("invalid" in of) return b.problem("extensionType", path, name, of.link.exportName, of.invalid);
  if ("ext" in of) return { kind: "mapped", name, wire: { kind: "bytes" }, mapping: of.link, ext: of.ext };
  mapping.add(type);
  try {
    return { kind: "mapped", name, wire: b.node(of.wire, path), mapping: of.link };
  } finally {
    mapping.delete(type);
  }
}

/**
 * `Temporal.Instant`, `Temporal.PlainDate`...: declared by TypeScript's lib (`esnext.temporal`)
 * or by a library (`@js-temporal/polyfill`, `temporal-polyfill`'s `temporal-spec`), each in a file
 * whose path says Temporal. (The checker writes the lib's `Temporal.Instant` as `Instant`.)
 */
function temporalType(b: Walker, symbol: Sym, name: string): TemporalType | undefined {
  if (!(TEMPORAL_TYPES as readonly string[]).includes(name)) return undefined;
  const declarations = b.checker.declarations(symbol);
  const temporal = declarations.every((d) => d.origin !== "project" && /temporal/i.test(d.fileName));
  return declarations.length > 0 && temporal ? (name as TemporalType) : undefined;
}

function recordKey(b: Walker, keyType: Type, path: string): TypeNode {
  const flags = b.checker.flags(keyType);
  if (flags & TYPE.String) return { kind: "string" };
  if (flags & TYPE.Number) return { kind: "number" };
  if (flags & TYPE.TemplateLiteral) return b.node(keyType, path);
  return b.problem("unsupportedKey", path, b.text(keyType));
}

/** Object types are always named: one encode/decode function pair each, and the natural place for recursion. */
export function objectShape(b: Walker, type: Type, path: string): TypeNode {
  const known = b.namedByType.get(type);
  if (known) return { kind: "ref", name: known };
  const c = b.checker;
  // Writing out an anonymous type is costly and most are shared (shareAnonymous), which writes it when kept.
  const anonymous = b.isAnonymous(type);
  const display = anonymous ? "" : b.text(type);
  // A positional codec writes its types in a form the keyed codecs of other modules do not: no links.
  const link = b.layout === "positional" ? undefined : b.links.get(type);
  const suffix = b.nameSuffix !== undefined && anonymous ? "_" + b.nameSuffix : "";
  b.nameSuffix = undefined;
  // An anonymous type is named after where it sits: `Order_lines_item` for `$.lines[]` of Order.
  const where = identifierFrom(path.replace(/^\$/, "").replace(/\[\]/g, "_item"));
  const base = (!anonymous && identifierFrom(display)) || (where ? `${b.rootName}_${where}` : b.rootName) + suffix;
  // `OrderPositional`: a file may have codecs of both layouts, and the functions say which they write.
  const name = b.uniqueName(b.layout === "positional" ? base + "Positional" : base);
  const shape: ObjectShape = link ? { kind: "object", link, properties: [] } : { kind: "object", properties: [] };
  b.namedByType.set(type, name);
  b.model.named[name] = { display, shape };
  if (link) {
    if (anonymous) b.model.named[name]!.display = b.text(type);
    return linkedProperties(b, type, shape, name);
  }
  const symbol = c.symbol(type);
  const classSymbol = (s: Sym | undefined) => s !== undefined && (c.symbolFlags(s) & SYMBOL.Class) !== 0;
  // A branded class (Stripe's `Decimal`, `DecimalImpl & { [__brand]: "Decimal" }`) is a class too.
  const isClass =
    classSymbol(symbol) ||
    ((c.flags(type) & TYPE.Intersection) !== 0 && c.constituents(type).some((t) => classSymbol(c.symbol(t))));
  // Methods and symbol keys are each one problem of the type, reported where the type starts.
  const methods = methodNames(b, type);
  if (methods.length > 0) {
    if (isClass) b.problemNaming("classWithMethods", path, [display, identifierFrom(display) || "Class"], methods);
    else b.problemNaming("methods", path, [display], methods);
  }
  const symbolKeys: string[] = [];
  const data = orderProperties(c, type, c.properties(type)).filter((property) => {
    if (isMethod(c.symbolFlags(property))) return false;
    const key = c.symbolName(property);
    if (isSymbolKey(key)) symbolKeys.push(symbolKeyName(key));
    return !isSymbolKey(key);
  });
  const types = c.typesOf(data);
  data.forEach((property, i) => {
    const key = c.symbolName(property);
    const at = path + propertySegment(key);
    const propertyType = types[i]!;
    const declarations = c.declarations(property);
    if (c.isError(propertyType)) {
      b.problem("noTypeInformation", at, declarations[0]?.typeText ?? key);
      return;
    }
    const optional = (c.symbolFlags(property) & SYMBOL.Optional) !== 0 || includesUndefined(b, propertyType);
    const hidden = declarations.some((d) => (d.modifiers & (MODIFIER.Private | MODIFIER.Protected)) !== 0);
    const before = b.problemCount;
    const node = b.node(propertyType, at);
    if (b.problemCount > before) {
      // A problem of the property's own type: its declaration is where to fix it.
      const declaration = declarations.find((d) => d.origin === "project") ?? declarations[0];
      const location = declaration?.location();
      b.atProperty(before, at, {
        name: key,
        owner: anonymous ? "" : display,
        topLevel: path === "$",
        ...(location ? { location } : {}),
      });
    }
    shape.properties.push({
      name: key,
      type: node,
      optional,
      ...(hidden ? { hidden: true as const } : {}),
    } satisfies Property);
  });
  if (symbolKeys.length > 0) b.problemNaming("symbolKey", path, [], symbolKeys);
  // Keys beyond the declared properties: a string index signature, else a number one (whose keys are strings in JS too).
  const infos = c.indexInfos(type);
  const index =
    infos.find((info) => c.flags(info.key) & TYPE.String) ?? infos.find((info) => c.flags(info.key) & TYPE.Number);
  if (index) shape.rest = b.node(index.value, path + "[string]");
  else if (infos.length > 0) b.problem("unsupportedKey", path, b.text(infos[0]!.key));
  // Keys beyond the declared ones need their names on the wire: such a type stays a map.
  if (b.layout === "positional" && !shape.rest) {
    b.model.named[name]!.shape = { kind: "object", layout: "positional", properties: shape.properties };
  }
  return anonymous ? shareAnonymous(b, type, name) : { kind: "ref", name };
}

/**
 * Type literals written out in several places (`shape: { kind: "circle"; r: number } | ...` in
 * every interface) are distinct types to the checker but one shape on the wire: the file models,
 * and so emits, each such shape once. A shape that refers to itself keeps its own entry.
 */
function shareAnonymous(b: Walker, type: Type, name: string): TypeNode {
  const entry = b.model.named[name]!;
  const key = JSON.stringify(entry.shape);
  const recursive = key.includes(`"name":${JSON.stringify(name)}`);
  const same = recursive ? undefined : b.anonymousShapes.get(key);
  if (same === undefined) {
    if (!recursive) b.anonymousShapes.set(key, name);
    entry.display = b.text(type);
    return { kind: "ref", name };
  }
  delete b.model.named[name];
  b.releaseName(name);
  b.namedByType.set(type, same);
  return { kind: "ref", name: same };
}

/** A linked type's properties, as far as unions need them: literal types kept, all else `unknown`, nothing walked. */
function linkedProperties(b: Walker, type: Type, shape: ObjectShape, name: string): TypeNode {
  const c = b.checker;
  const isLiteral = (t: Type) => (c.flags(t) & (TYPE.StringLiteral | TYPE.NumberLiteral | TYPE.BooleanLiteral)) !== 0;
  const data = c.properties(type).filter((property) => !isMethod(c.symbolFlags(property)));
  const types = c.typesOf(data);
  data.forEach((property, i) => {
    const t = types[i]!;
    const optional = (c.symbolFlags(property) & SYMBOL.Optional) !== 0 || includesUndefined(b, t);
    const members = c.flags(t) & TYPE.Union ? c.constituents(t) : [t];
    const node = members.every(isLiteral) ? b.node(t, "$") : { kind: "unknown" as const };
    shape.properties.push({ name: c.symbolName(property), type: node, optional });
  });
  if (c.indexInfos(type).length > 0) shape.rest = { kind: "unknown" };
  return { kind: "ref", name };
}

/** The names of a type's methods and accessors (symbol-keyed ones too), in declaration order. */
function methodNames(b: Walker, type: Type): string[] {
  const c = b.checker;
  return c
    .properties(type)
    .filter((p) => isMethod(c.symbolFlags(p)))
    .map((p) => memberName(c.symbolName(p)));
}

function isMethod(symbolFlags: number): boolean {
  return (symbolFlags & (SYMBOL.Method | SYMBOL.GetAccessor | SYMBOL.SetAccessor)) !== 0;
}

/** Whether `type` takes `undefined`: an optional property's value may then be absent. */
function includesUndefined(b: Walker, type: Type): boolean {
  const c = b.checker;
  const flags = c.flags(type);
  if (flags & (TYPE.Undefined | TYPE.Void | TYPE.Any | TYPE.Unknown)) return true;
  return (
    (flags & TYPE.Union) !== 0 && c.constituents(type).some((t) => (c.flags(t) & (TYPE.Undefined | TYPE.Void)) !== 0)
  );
}
