"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MissingCodec = exports.PointCodec = void 0;
// Types that do not resolve: TS91003 shows the errors TypeScript reports where each is imported or written.
const typed_msgpack_1 = require("typed-msgpack");
exports.PointCodec = (0, typed_msgpack_1.codecFor)();
exports.MissingCodec = (0, typed_msgpack_1.codecFor)();
