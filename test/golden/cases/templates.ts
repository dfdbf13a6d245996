// Template literal types: the texts and placeholders the checker normalized them to (a union
// placeholder becomes a union of templates), tested by the runtime's isTemplateMember both ways.
import { codecFor, type Codec } from "typed-msgpack";

export interface Route {
  path: `/users/${bigint}/posts/${number}`;
  method: `${"get" | "post"}_${string}`;
  etag: "none" | `W/${string}`;
  headers: Record<`x-${string}`, string>;
}

export const RouteCodec = codecFor<Route>();
export const VersionCodec = codecFor<`${number}.${number}.${number}`>();

export const roundTrip: [Codec<any>, unknown][] = [
  [RouteCodec, { path: "/users/0x1f/posts/1e3", method: "get_all", etag: "W/abc", headers: { "x-id": "1" } }],
  [VersionCodec, "1.2.3"],
  [VersionCodec, " 1.0x2.+3"],
];
