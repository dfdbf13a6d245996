// Types MessagePack cannot carry: every problem is reported at the call, with its path.
import { codecFor } from "typed-msgpack";
class Money {
    constructor() {
        this.cents = 0;
    }
    format() { return (this.cents / 100).toFixed(2); }
}
export const WidgetCodec = codecFor();
export const Missing = codecFor();
