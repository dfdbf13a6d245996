// Number widths from types: a float 32 reading, integer widths range-checked both ways, a Float32[]
// with its own array paths, and a 64-bit id that is a number or a bigint.
import { codecFor, type Codec, type Float32, type Float64, type Int8, type Int64, type Uint16, type Uint32 } from "typed-msgpack";

export interface Sample {
  sensor: Uint16;
  value: Float32;
  exact: Float64;
  offset?: Int8;
  id: Int64;
  samples: Float32[];
  counts: Uint32[];
}

export const SampleCodec = codecFor<Sample>();

export const roundTrip: [Codec<any>, unknown][] = [
  [SampleCodec, { sensor: 7, value: 1.5, exact: 2, offset: -3, id: 2n ** 60n, samples: [0.5, Math.fround(0.1)], counts: [0, 4294967295] }],
  [SampleCodec, { sensor: 65535, value: Math.fround(-0.3), exact: 0.1, offset: undefined, id: 12, samples: [], counts: [] }],
];
