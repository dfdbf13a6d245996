// `number | bigint`, as GitHub's REST types declare every id: one runtime call each way, wherever it appears.
import { codecFor, type Codec } from "typed-msgpack";

export interface Repository {
  id: number | bigint;
  name: string;
  parentId?: number | bigint | null;
  labelIds: (number | bigint)[];
  ref: string | number | bigint;
}

export const RepositoryCodec = codecFor<Repository>();

export const roundTrip: [Codec<any>, unknown][] = [
  [RepositoryCodec, { id: 1296269, name: "Hello-World", parentId: 2n ** 60n, labelIds: [208045946, 2n ** 53n + 1n], ref: 42 }],
  [RepositoryCodec, { id: -(2n ** 63n), name: "", parentId: null, labelIds: [], ref: "main" }],
];
