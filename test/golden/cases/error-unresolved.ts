// Types that do not resolve: TS91003 shows the errors TypeScript reports where each is imported or written.
import { codecFor } from "typed-msgpack";
import type { Point } from "./no-such-module";

export const PointCodec = codecFor<Point>();
export const MissingCodec = codecFor<Missing>();
