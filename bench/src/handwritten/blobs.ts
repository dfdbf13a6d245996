// Hand-written codec for BlobRecord[] (dataset "blobs"): bigint, Date, Uint8Array. See prims.ts.
import type { BlobRecord } from "../types";
import { In, Out, keys, str } from "./prims";

const K_ID = str("id"),
  K_SEQ = str("seq"),
  K_CREATED = str("createdAt"),
  K_UPDATED = str("updatedAt");
const K_SHA = str("sha256"),
  K_PAYLOAD = str("payload"),
  K_SIZE = str("size"),
  K_OWNER = str("owner");

function writeRecord(w: Out, v: BlobRecord): void {
  const updatedAt = v.updatedAt;
  w.reserve(1 + K_ID.length);
  w.putByte(updatedAt === undefined ? 0x87 : 0x88);
  w.put(K_ID);
  w.bigint(v.id);
  w.raw(K_SEQ);
  w.bigint(v.seq);
  w.raw(K_CREATED);
  w.date(v.createdAt);
  if (updatedAt !== undefined) {
    w.raw(K_UPDATED);
    w.date(updatedAt);
  }
  w.raw(K_SHA);
  w.bin(v.sha256);
  w.raw(K_PAYLOAD);
  w.bin(v.payload);
  w.reserve(K_SIZE.length + 9 + K_OWNER.length);
  w.put(K_SIZE);
  w.putNumber(v.size);
  w.put(K_OWNER);
  w.string(v.owner);
}

const w = new Out();

export function encode(v: BlobRecord[]): Uint8Array {
  const n = v.length;
  w.begin();
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeRecord(w, v[i]!);
  return w.finish();
}

const RECORD_KEYS = keys("id", "seq", "createdAt", "updatedAt", "sha256", "payload", "size", "owner");

function readRecord(r: In): BlobRecord {
  const n = r.mapHeader();
  let id!: bigint,
    seq!: bigint,
    createdAt!: Date,
    updatedAt: Date | undefined,
    sha256!: Uint8Array,
    payload!: Uint8Array,
    size!: number,
    owner!: string;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.bigint();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_SEQ)) {
    seq = r.bigint();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_CREATED)) {
    createdAt = r.date();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_UPDATED)) {
    updatedAt = r.dateOrUndefined();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_SHA)) {
    sha256 = r.bin();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_PAYLOAD)) {
    payload = r.bin();
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_SIZE)) {
    size = r.number();
    seen |= 64;
    i++;
  }
  if (i < n && r.key(K_OWNER)) {
    owner = r.string();
    seen |= 128;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(RECORD_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.bigint();
        break;
      case 1:
        seen = r.once(seen, 2);
        seq = r.bigint();
        break;
      case 2:
        seen = r.once(seen, 4);
        createdAt = r.date();
        break;
      case 3:
        seen = r.once(seen, 8);
        updatedAt = r.dateOrUndefined();
        break;
      case 4:
        seen = r.once(seen, 16);
        sha256 = r.bin();
        break;
      case 5:
        seen = r.once(seen, 32);
        payload = r.bin();
        break;
      case 6:
        seen = r.once(seen, 64);
        size = r.number();
        break;
      case 7:
        seen = r.once(seen, 128);
        owner = r.string();
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 247) !== 247) r.missing(RECORD_KEYS, 247, seen);
  return { id, seq, createdAt, updatedAt, sha256, payload, size, owner };
}

export function decode(bytes: Uint8Array): BlobRecord[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<BlobRecord>(n);
  for (let i = 0; i < n; i++) out[i] = readRecord(r);
  r.done();
  return out;
}
