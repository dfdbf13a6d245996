"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Missing = exports.WidgetCodec = void 0;
// Types MessagePack cannot carry: every problem is reported at the call, with its path.
const typed_msgpack_1 = require("typed-msgpack");
class Money {
    constructor() {
        this.cents = 0;
    }
    format() { return (this.cents / 100).toFixed(2); }
}
exports.WidgetCodec = (0, typed_msgpack_1.codecFor)();
exports.Missing = (0, typed_msgpack_1.codecFor)();
