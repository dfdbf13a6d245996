"use client";
// A directive, then a function that calls codecFor declared above every import and called while
// the module loads (issue 19): the generated code goes right after the directive.
export function pointCodec() {
  return codecFor<Point>();
}

import { codecFor, type Codec } from "typed-msgpack";

interface Point { x: number; y: number }

export const early = pointCodec();
import { CodecError } from "typed-msgpack";

export const isCodecError = (e: unknown): boolean => e instanceof CodecError;

export const roundTrip: [Codec<any>, unknown][] = [
  [early, { x: 1, y: -2.5 }],
  [pointCodec(), { x: 0, y: 0 }],
];
