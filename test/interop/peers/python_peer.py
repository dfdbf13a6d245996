"""A Python peer for test/interop/peers.test.ts: reads typed-msgpack's positional and width bytes
with msgpack (arrays read into dataclasses by position, the list-based reader the positional
layout is for) and writes its own for typed-msgpack to read. One hex line per message on stdin
(an Order, then a Reading); one JSON line of what it read, then one hex line per message it writes."""
import json
import sys
from dataclasses import asdict, dataclass
from typing import List, Optional

import msgpack


@dataclass
class Item:
    sku: str
    price: float
    note: Optional[str] = None


@dataclass
class Order:  # interface Order { id: number; tag?: string; items: Item[]; gift?: boolean }
    id: int
    tag: Optional[str]
    items: List[Item]
    gift: Optional[bool] = None


@dataclass
class Reading:  # interface Reading { sensor: Uint16; value: Float32; delta: Int8; id: Int64; samples: Float32[] }
    sensor: int
    value: float
    delta: int
    id: int
    samples: List[float]


def read_order(values):
    id_, tag, items, *rest = values
    return Order(id_, tag, [Item(*item) for item in items], *rest)


def positional(obj):
    """An object as the positional layout writes it: its fields in order, trailing Nones left out."""
    fields = [getattr(obj, name) for name in obj.__dataclass_fields__]
    out = [[positional(x) for x in f] if isinstance(f, list) and f and hasattr(f[0], "__dataclass_fields__") else f for f in fields]
    while out and out[-1] is None:
        out.pop()
    return out


lines = sys.stdin.read().split()
order = read_order(msgpack.unpackb(bytes.fromhex(lines[0])))
reading = Reading(*msgpack.unpackb(bytes.fromhex(lines[1])))
print(json.dumps({"order": asdict(order), "reading": asdict(reading)}))

mine = Order(8, "py", [Item("x", 0.25)], None)
print(msgpack.packb(positional(mine)).hex())
# use_single_float: Python floats as float 32, what a Float32 field expects (float 64 would be read and rounded too).
print(msgpack.packb(positional(Reading(65535, 0.1, -128, -(2 ** 63), [1e-3, 3.0])), use_single_float=True).hex())
