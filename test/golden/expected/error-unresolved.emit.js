// Types that do not resolve: TS91003 shows the errors TypeScript reports where each is imported or written.
import { codecFor } from "typed-msgpack";
export const PointCodec = codecFor();
export const MissingCodec = codecFor();
