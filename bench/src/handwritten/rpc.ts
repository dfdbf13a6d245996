// Hand-written codec for RpcRequest (dataset "rpc"): one ~60-byte message per call, so what a
// call costs besides the bytes (setup, the output copy) is most of it. See prims.ts.
import type { RpcRequest } from "../types";
import { In, Out, cat, keys, literals, mapOf, str } from "./prims";

const K_ID = str("id"),
  K_METHOD = str("method"),
  K_KEY = str("key"),
  K_VALUE = str("value"),
  K_TTL = str("ttl");
const HEADS = [cat(mapOf(3), K_ID), cat(mapOf(4), K_ID), cat(mapOf(5), K_ID)];
const METHODS = literals("get", "put", "del");

const w = new Out();

export function encode(v: RpcRequest): Uint8Array {
  const value = v.value,
    ttl = v.ttl;
  const head = HEADS[(value === undefined ? 0 : 1) + (ttl === undefined ? 0 : 1)]!;
  w.reserve(head.length + 9 + K_METHOD.length + 4 + K_KEY.length);
  w.put(head);
  w.putNumber(v.id);
  w.put(K_METHOD);
  w.put(METHODS.encoded[v.method === "get" ? 0 : v.method === "put" ? 1 : 2]!);
  w.put(K_KEY);
  w.string(v.key);
  if (value !== undefined) {
    w.raw(K_VALUE);
    w.string(value);
  }
  if (ttl !== undefined) {
    w.reserve(K_TTL.length + 9);
    w.put(K_TTL);
    w.putNumber(ttl);
  }
  return w.finish();
}

const RPC_KEYS = keys("id", "method", "key", "value", "ttl");
const METHOD_VALUES = METHODS.values;

export function decode(bytes: Uint8Array): RpcRequest {
  const r = new In(bytes);
  const n = r.mapHeader();
  let id!: number, method!: RpcRequest["method"], key!: string;
  let value: string | undefined, ttl: number | undefined;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_METHOD)) {
    method = METHOD_VALUES[r.literal(METHODS)]!;
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_KEY)) {
    key = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_VALUE)) {
    value = r.stringOrUndefined();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_TTL)) {
    ttl = r.isNil() ? undefined : r.number();
    seen |= 16;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(RPC_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        method = METHOD_VALUES[r.literal(METHODS)]!;
        break;
      case 2:
        seen = r.once(seen, 4);
        key = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        value = r.stringOrUndefined();
        break;
      case 4:
        seen = r.once(seen, 16);
        ttl = r.isNil() ? undefined : r.number();
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 7) !== 7) r.missing(RPC_KEYS, 7, seen);
  r.done();
  return { id, method, key, value, ttl };
}
