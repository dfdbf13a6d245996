// Hand-written codec for UiEvent[] (dataset "events"). See prims.ts for what every codec checks.
import type { UiEvent } from "../types";
import { In, Out, cat, keys, literals, str } from "./prims";

type Click = Extract<UiEvent, { kind: "click" }>;
type Key = Extract<UiEvent, { kind: "key" }>;
type Scroll = Extract<UiEvent, { kind: "scroll" }>;
type Nav = Extract<UiEvent, { kind: "nav" }>;
type ErrorEvent = Extract<UiEvent, { kind: "error" }>;

const K_KIND = str("kind"),
  K_T = str("t");
const K_X = str("x"),
  K_Y = str("y"),
  K_BUTTON = str("button"),
  K_TARGET = str("target");
const K_KEY = str("key"),
  K_CODE = str("code"),
  K_SHIFT = str("shift"),
  K_CTRL = str("ctrl"),
  K_ALT = str("alt");
const K_DX = str("dx"),
  K_DY = str("dy");
const K_URL = str("url"),
  K_REFERRER = str("referrer");
const K_MESSAGE = str("message"),
  K_STACK = str("stack");

// Encoding: each member's map header, tag and first key as one chunk.
const CLICK_HEAD = cat([0x86], K_KIND, str("click"), K_T);
const KEY_HEAD = cat([0x87], K_KIND, str("key"), K_T);
const SCROLL_HEAD = cat([0x84], K_KIND, str("scroll"), K_T);
const NAV_HEAD = cat([0x84], K_KIND, str("nav"), K_T);
const ERROR_TAIL = cat(K_KIND, str("error"), K_T); // after a header of 3 or 4

function writeEvent(w: Out, e: UiEvent): void {
  switch (e.kind) {
    case "click":
      w.reserve(CLICK_HEAD.length + 9 + K_X.length + 9 + K_Y.length + 9 + K_BUTTON.length + 9 + K_TARGET.length);
      w.put(CLICK_HEAD);
      w.putNumber(e.t);
      w.put(K_X);
      w.putNumber(e.x);
      w.put(K_Y);
      w.putNumber(e.y);
      w.put(K_BUTTON);
      w.putNumber(e.button);
      w.put(K_TARGET);
      w.string(e.target);
      return;
    case "key":
      w.reserve(KEY_HEAD.length + 9 + K_KEY.length);
      w.put(KEY_HEAD);
      w.putNumber(e.t);
      w.put(K_KEY);
      w.string(e.key);
      w.raw(K_CODE);
      w.string(e.code);
      w.reserve(K_SHIFT.length + K_CTRL.length + K_ALT.length + 3);
      w.put(K_SHIFT);
      w.putBool(e.shift);
      w.put(K_CTRL);
      w.putBool(e.ctrl);
      w.put(K_ALT);
      w.putBool(e.alt);
      return;
    case "scroll":
      w.reserve(SCROLL_HEAD.length + 9 + K_DX.length + 9 + K_DY.length + 9);
      w.put(SCROLL_HEAD);
      w.putNumber(e.t);
      w.put(K_DX);
      w.putNumber(e.dx);
      w.put(K_DY);
      w.putNumber(e.dy);
      return;
    case "nav":
      w.reserve(NAV_HEAD.length + 9 + K_URL.length);
      w.put(NAV_HEAD);
      w.putNumber(e.t);
      w.put(K_URL);
      w.string(e.url);
      w.raw(K_REFERRER);
      if (e.referrer === null) w.byte(0xc0);
      else w.string(e.referrer);
      return;
    case "error": {
      const stack = e.stack;
      w.reserve(1 + ERROR_TAIL.length + 9 + K_MESSAGE.length);
      w.putByte(stack === undefined ? 0x83 : 0x84);
      w.put(ERROR_TAIL);
      w.putNumber(e.t);
      w.put(K_MESSAGE);
      w.string(e.message);
      if (stack !== undefined) {
        w.raw(K_STACK);
        w.string(stack);
      }
      return;
    }
  }
  throw new Error(`unknown event kind ${(e as { kind: unknown }).kind}`);
}

const w = new Out();

export function encode(v: UiEvent[]): Uint8Array {
  const n = v.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeEvent(w, v[i]!);
  return w.finish();
}

// Decoding: the tag first (as every encoder writes it) dispatches at once; elsewhere it is found
// by peekTag. Each member then reads its keys in declared order, and any other order by anyKey.
const KINDS = literals("click", "key", "scroll", "nav", "error");
const TAG = keys("kind");
const CLICK = literals("click"),
  KEY = literals("key"),
  SCROLL = literals("scroll"),
  NAV = literals("nav"),
  ERROR = literals("error");
const CLICK_KEYS = keys("kind", "t", "x", "y", "button", "target");
const KEY_KEYS = keys("kind", "t", "key", "code", "shift", "ctrl", "alt");
const SCROLL_KEYS = keys("kind", "t", "dx", "dy");
const NAV_KEYS = keys("kind", "t", "url", "referrer");
const ERROR_KEYS = keys("kind", "t", "message", "stack");
const BUTTONS = [0, 1, 2] as const;

function readEvent(r: In): UiEvent {
  const start = r.pos;
  const n = r.mapHeader();
  if (n > 0 && r.key(K_KIND)) return member(r, r.literal(KINDS), n, 1, 1);
  r.pos = start;
  const tag = r.peekTag(TAG, KINDS);
  return member(r, tag, r.mapHeader(), 0, 0);
}

function member(r: In, tag: number, n: number, i: number, seen: number): UiEvent {
  switch (tag) {
    case 0:
      return readClick(r, n, i, seen);
    case 1:
      return readKey(r, n, i, seen);
    case 2:
      return readScroll(r, n, i, seen);
    case 3:
      return readNav(r, n, i, seen);
    default:
      return readError(r, n, i, seen);
  }
}

function readClick(r: In, n: number, i: number, seen: number): Click {
  let t!: number, x!: number, y!: number, button!: 0 | 1 | 2, target!: string;
  if (i < n && r.key(K_T)) {
    t = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_X)) {
    x = r.number();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_Y)) {
    y = r.number();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_BUTTON)) {
    button = r.smallLiteral(BUTTONS);
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_TARGET)) {
    target = r.string();
    seen |= 32;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(CLICK_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(CLICK);
        break;
      case 1:
        seen = r.once(seen, 2);
        t = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        x = r.number();
        break;
      case 3:
        seen = r.once(seen, 8);
        y = r.number();
        break;
      case 4:
        seen = r.once(seen, 16);
        button = r.smallLiteral(BUTTONS);
        break;
      case 5:
        seen = r.once(seen, 32);
        target = r.string();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 63) r.missing(CLICK_KEYS, 63, seen);
  return { kind: "click", t, x, y, button, target };
}

function readKey(r: In, n: number, i: number, seen: number): Key {
  let t!: number, key!: string, code!: string, shift!: boolean, ctrl!: boolean, alt!: boolean;
  if (i < n && r.key(K_T)) {
    t = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_KEY)) {
    key = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_CODE)) {
    code = r.string();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_SHIFT)) {
    shift = r.bool();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_CTRL)) {
    ctrl = r.bool();
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_ALT)) {
    alt = r.bool();
    seen |= 64;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(KEY_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(KEY);
        break;
      case 1:
        seen = r.once(seen, 2);
        t = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        key = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        code = r.string();
        break;
      case 4:
        seen = r.once(seen, 16);
        shift = r.bool();
        break;
      case 5:
        seen = r.once(seen, 32);
        ctrl = r.bool();
        break;
      case 6:
        seen = r.once(seen, 64);
        alt = r.bool();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 127) r.missing(KEY_KEYS, 127, seen);
  return { kind: "key", t, key, code, shift, ctrl, alt };
}

function readScroll(r: In, n: number, i: number, seen: number): Scroll {
  let t!: number, dx!: number, dy!: number;
  if (i < n && r.key(K_T)) {
    t = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_DX)) {
    dx = r.number();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_DY)) {
    dy = r.number();
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(SCROLL_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(SCROLL);
        break;
      case 1:
        seen = r.once(seen, 2);
        t = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        dx = r.number();
        break;
      case 3:
        seen = r.once(seen, 8);
        dy = r.number();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(SCROLL_KEYS, 15, seen);
  return { kind: "scroll", t, dx, dy };
}

function readNav(r: In, n: number, i: number, seen: number): Nav {
  let t!: number, url!: string, referrer!: string | null;
  if (i < n && r.key(K_T)) {
    t = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_URL)) {
    url = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_REFERRER)) {
    referrer = r.stringOrNull();
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(NAV_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(NAV);
        break;
      case 1:
        seen = r.once(seen, 2);
        t = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        url = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        referrer = r.stringOrNull();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(NAV_KEYS, 15, seen);
  return { kind: "nav", t, url, referrer };
}

function readError(r: In, n: number, i: number, seen: number): ErrorEvent {
  let t!: number, message!: string, stack: string | undefined;
  if (i < n && r.key(K_T)) {
    t = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_MESSAGE)) {
    message = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_STACK)) {
    stack = r.stringOrUndefined();
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(ERROR_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(ERROR);
        break;
      case 1:
        seen = r.once(seen, 2);
        t = r.number();
        break;
      case 2:
        seen = r.once(seen, 4);
        message = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        stack = r.stringOrUndefined();
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 7) !== 7) r.missing(ERROR_KEYS, 7, seen);
  return { kind: "error", t, message, stack };
}

export function decode(bytes: Uint8Array): UiEvent[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<UiEvent>(n);
  for (let i = 0; i < n; i++) out[i] = readEvent(r);
  r.done();
  return out;
}
