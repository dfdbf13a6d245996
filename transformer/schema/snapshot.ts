/**
 * The wire-schema snapshot (`typed-msgpack schema`): each codec's wire contract, derived from the
 * type model (model/ir.ts) and kept to what decides whether bytes stay readable: properties in wire
 * order, optionality, element and key types, union members and discriminants, literals. What only
 * the emitter needs (union plans, links, depth counting) is left out. Plain JSON, built in a fixed
 * key order with sorted tables, so that the same types always give the same text.
 */
import { propertySegment, type FileModel, type NamedType, type TypeNode } from "../model/ir.js";
import { kindInfo, snapshotReader } from "../model/kinds.js";
import { withoutUndefined } from "../model/unions.js";
import { compareText } from "./forms.js";
import type { SchemaType } from "./schema-type.js";

export { compareText };

/** Names the file format; a file without it is not a snapshot. */
export const SNAPSHOT_FORMAT = "typed-msgpack wire schema";
/** Raised when the format changes incompatibly; a snapshot of another version is refused, not misread. */
export const SNAPSHOT_VERSION = 1;

export type { SchemaType };

export interface SchemaProperty {
  name: string;
  /** May be absent on the wire (and an `undefined` value is written as absence). */
  optional: boolean;
  /** For an optional property, without the `undefined` that absence stands for. */
  type: SchemaType;
}

export type SchemaNamed =
  | {
      kind: "object";
      /** How the user's source spells the type; for readers only, never compared. */
      display: string;
      /** `"map"`: property names as keys. `"positional"` (issue 17 part 2) will be an array of the values in this order. */
      layout: "map" | "positional";
      /** In wire order. */
      properties: SchemaProperty[];
      /** The values of a string index signature beside the properties. */
      rest?: SchemaType;
    }
  /** A recursive type that is not an object type (`type Json = ... | Json[]`). */
  | { kind: "alias"; display: string; type: SchemaType };

export interface CodecSchema {
  /** The codec's type as the source spells it; for readers only. */
  display: string;
  root: SchemaType;
  /** The object types and recursive aliases the root reaches, by name. */
  types: Record<string, SchemaNamed>;
}

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** By codec name: `src/wire.ts#OrderCodec` (file relative to the project, then the exported const). */
  codecs: Record<string, CodecSchema>;
}

/** One codec to describe: its name in the snapshot, the model of its file, and its id in that model. */
export interface CodecSource {
  name: string;
  model: FileModel;
  id: string;
}

export function buildSnapshot(sources: readonly CodecSource[]): Snapshot {
  const codecs: Record<string, CodecSchema> = {};
  for (const { name, model, id } of [...sources].sort((a, b) => compareText(a.name, b.name))) {
    const codec = model.codecs[id];
    if (!codec) throw new Error(`typed-msgpack internal error: no codec ${id} in the model of ${name}`);
    const names = typeNames(codec.root, model);
    const rename = (ref: string) => names.get(ref)!;
    const types: Record<string, SchemaNamed> = {};
    for (const [ref, own] of names) types[own] = namedSchema(model.named[ref]!, rename);
    codecs[name] = { display: codec.display, root: schemaType(codec.root, rename), types: sortKeys(types) };
  }
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, codecs };
}

/**
 * The snapshot's name of each named type the codec reaches (model name -> snapshot name). The
 * model names types per file, so a name there can depend on the file's other codecs; the snapshot's
 * depend on the codec alone: the type as the source names it (`Item`, `Page<Item>`), else the path at
 * which the codec first reaches it (`$.shape|kind=circle`), with `~2`... for a name met twice.
 */
/** A display that is a name (`Item`, `ns.Item`, `Page<Item>`), not a type literal. */
const SOURCE_NAME = /^[\w$.]+(<[^{}]*>)?$/;

function typeNames(root: TypeNode, model: FileModel): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  const visit = (node: TypeNode, path: string): void => {
    switch (node.kind) {
      case "ref": {
        if (names.has(node.name)) return;
        const named = model.named[node.name];
        if (!named) throw new Error(`typed-msgpack internal error: a codec refers to an unknown type ${node.name}`);
        const base = SOURCE_NAME.test(named.display) ? named.display : path;
        let own = base;
        for (let n = 2; used.has(own); n++) own = `${base}~${n}`;
        names.set(node.name, own); // before walking it: a recursive type stops here
        used.add(own);
        if (named.shape.kind === "alias") return visit(named.shape.type, path);
        for (const p of named.shape.properties) visit(p.type, path + propertySegment(p.name));
        if (named.shape.rest) visit(named.shape.rest, path + "[*]");
        return;
      }
      case "array":
      case "set":
        return visit(node.element, path + "[*]");
      case "tuple":
        return node.elements.forEach((e, i) => visit(e.type, `${path}[${i}]`));
      case "map":
      case "record":
        visit(node.key, path + ".<key>");
        return visit(node.value, path + "[*]");
      case "union":
        return node.members.forEach((m, i) => visit(m, `${path}|${memberLabel(m, model, node.tag?.property) ?? i}`));
      default:
        return;
    }
  };
  visit(root, "$");
  return names;
}

/** `kind=circle` for an object member of a union with a discriminant; its position otherwise. */
function memberLabel(member: TypeNode, model: FileModel, tag: string | undefined): string | undefined {
  if (tag === undefined || member.kind !== "ref") return undefined;
  const shape = model.named[member.name]?.shape;
  const type = shape?.kind === "object" ? shape.properties.find((p) => p.name === tag)?.type : undefined;
  return type?.kind === "literals" && type.values.length === 1 ? `${tag}=${String(type.values[0])}` : undefined;
}

/** The snapshot as committed: two-space JSON with a final newline. */
export function formatSnapshot(snapshot: Snapshot): string {
  return JSON.stringify(snapshot, null, 2) + "\n";
}

function namedSchema(named: NamedType, rename: (ref: string) => string): SchemaNamed {
  const shape = named.shape;
  if (shape.kind === "alias") return { kind: "alias", display: named.display, type: schemaType(shape.type, rename) };
  const properties = shape.properties.map(
    (p): SchemaProperty => ({
      name: p.name,
      optional: p.optional,
      type: schemaType(p.optional ? withoutUndefined(p.type) : p.type, rename),
    }),
  );
  const layout = (shape as { layout?: "map" | "positional" }).layout ?? "map";
  return {
    kind: "object",
    display: named.display,
    layout,
    properties,
    ...(shape.rest ? { rest: schemaType(shape.rest, rename) } : {}),
  };
}

function schemaType(node: TypeNode, rename: (ref: string) => string): SchemaType {
  const inner = (n: TypeNode) => schemaType(n, rename);
  return kindInfo(node.kind).snapshot(node as never, { inner, rename });
}

function sortKeys<V>(record: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const key of Object.keys(record).sort(compareText)) out[key] = record[key]!;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading a committed snapshot: anything else is a clear error, never a crash in the diff.

export class SnapshotError extends Error {}

/** Parses and checks a snapshot's text; `where` names the file in messages. */
export function parseSnapshot(text: string, where: string): Snapshot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SnapshotError(`${where}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  function fail(what: string): never {
    throw new SnapshotError(`${where}: ${what}; write a new one with typed-msgpack schema --out ${where}`);
  }
  if (!isObject(json) || json.format !== SNAPSHOT_FORMAT)
    fail(`not a wire-schema snapshot (no "format": ${JSON.stringify(SNAPSHOT_FORMAT)})`);
  const snapshot = json as Record<string, unknown>;
  if (snapshot.version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(
      `${where}: a snapshot of format version ${JSON.stringify(snapshot.version)}, which this typed-msgpack does not read (it reads version ${SNAPSHOT_VERSION}); compare with the typed-msgpack that wrote it, or write a new snapshot with typed-msgpack schema --out ${where}`,
    );
  }
  if (!isObject(snapshot.codecs)) fail(`"codecs" is not an object`);
  for (const [name, codec] of Object.entries(snapshot.codecs as Record<string, unknown>)) {
    const at = `codecs[${JSON.stringify(name)}]`;
    if (!isObject(codec) || typeof codec.display !== "string" || !isObject(codec.types))
      fail(`${at} is not a codec (display, root, types)`);
    const types = (codec as Record<string, Record<string, unknown>>).types!;
    const checkType = (t: unknown, p: string): void => {
      if (!isObject(t) || typeof t.kind !== "string") return fail(`${p} is not a type`);
      const read = snapshotReader(t.kind);
      const ok = read?.(t, { check: checkType, at: p, types });
      if (!ok) fail(`${p} is not a valid type of kind ${JSON.stringify(t.kind)}`);
    };
    checkType(codec.root, `${at}.root`);
    for (const [typeName, named] of Object.entries(types)) {
      const tp = `${at}.types.${typeName}`;
      if (!isObject(named) || typeof named.display !== "string") fail(`${tp} is not a named type`);
      if (named.kind === "alias") checkType(named.type, tp + ".type");
      else if (
        named.kind === "object" &&
        (named.layout === "map" || named.layout === "positional") &&
        Array.isArray(named.properties)
      ) {
        named.properties.forEach((prop, i) => {
          if (!isObject(prop) || typeof prop.name !== "string" || typeof prop.optional !== "boolean")
            fail(`${tp}.properties[${i}] is not a property`);
          checkType((prop as Record<string, unknown>).type, `${tp}.properties[${i}].type`);
        });
        if (named.rest !== undefined) checkType(named.rest, tp + ".rest");
      } else fail(`${tp} is not an object type or alias`);
    }
  }
  return json as unknown as Snapshot;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
