// An interface that extends Array<T> and adds nothing is an array of T: the recursive JSON type of
// JSON Schema's typings (`interface JSONSchema7Array extends Array<JSONSchema7Type> {}`).
import { codecFor, type Codec } from "typed-msgpack";

export interface JsonArray extends Array<Json> {}
export interface JsonObject { [key: string]: Json }
export type Json = string | number | boolean | null | JsonObject | JsonArray;

export interface Schema {
  title?: string;
  enum?: JsonArray;
  default?: Json;
}

export const SchemaCodec = codecFor<Schema>();

export const roundTrip: [Codec<any>, unknown][] = [
  [SchemaCodec, { title: "Color", enum: ["red", 1, [true, null], { hex: "#f00" }], default: "red" }],
  [SchemaCodec, { enum: [] }],
];
