// Types MessagePack cannot carry: every problem is reported at the call, with its path.
import { codecFor } from "typed-msgpack";

class Money {
  cents = 0;
  format() { return (this.cents / 100).toFixed(2); }
}

export interface Widget {
  id: number;
  render: () => string;
  key: symbol;
  ready: Promise<void>;
  samples: Float32Array;
  price: Money;
}

export const WidgetCodec = codecFor<Widget>();
export const Missing = codecFor();
