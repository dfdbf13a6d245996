// An interface with required, optional and nullable fields, as most API payloads look.
import { codecFor, type Codec } from "typed-msgpack";

export interface User {
  id: number;
  name: string;
  email?: string;
  age?: number | null;
  tags: string[];
  createdAt: Date;
  "display-name"?: string;
}

export const UserCodec = codecFor<User>();

export const roundTrip: [Codec<any>, unknown][] = [
  [UserCodec, { id: 1, name: "Ada", tags: [], createdAt: new Date(0) }],
  [UserCodec, { id: 2, name: "Grace", email: "g@navy.mil", age: null, tags: ["cobol"], createdAt: new Date(1514862245678), "display-name": "Amazing Grace" }],
];
