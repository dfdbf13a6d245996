/**
 * The one error class a codec throws. `path` points into the value (`$.items[2].price`),
 * `offset` into the bytes (decode only; -1 on encode). `code` is stable and meant for programs;
 * `message` is meant for people.
 */
export class CodecError extends Error {
  override readonly name = "CodecError";
  /** Stable identifier of the failure, e.g. "type-mismatch", "incomplete". */
  readonly code: CodecErrorCode;
  /** Where in the value the failure is, `$` for the root; undefined only while a codec is still locating it. */
  readonly path: string | undefined;
  /** Byte offset of the offending byte on decode; -1 on encode. */
  readonly offset: number;
  /** The message without the path suffix. */
  readonly reason: string;

  constructor(reason: string, code: CodecErrorCode, path: string | undefined, offset: number) {
    super(path === undefined ? reason : `${abbreviate(path)}: ${reason}`);
    this.reason = reason;
    this.code = code;
    this.path = path;
    this.offset = offset;
  }
}

export type CodecErrorCode =
  /** The bytes end before the value does. A stream decoder waits for more bytes on this code. */
  | "incomplete"
  /** The wire type or value does not match the declared TypeScript type. */
  | "type-mismatch"
  /** Bytes that are not valid MessagePack or not valid UTF-8. */
  | "malformed"
  /** An object type's required property is absent, or a key appears twice. */
  | "missing-property"
  | "duplicate-key"
  /** A value outside what the target can represent (int64 beyond 2^53 as number, a Date out of range...). */
  | "out-of-range"
  /** Nesting deeper than the codec's `maxDepth`, or a cyclic value. */
  | "too-deep"
  /** Bytes left over after the value. */
  | "trailing-bytes";

// Messages that arise in more than one place (reader, framer, dynamic values, streams), written
// once here so that the same fault reads the same wherever it is found.

/** The byte 0xc1 anywhere a value starts. */
export const RESERVED_BYTE = "0xc1 is reserved and never used in MessagePack";
/** Input that ends inside a value: followed by what was still expected. */
export const END_OF_INPUT = "unexpected end of input: ";
/** A str ("str", "map key" before it) whose bytes are not UTF-8. */
export const NOT_UTF8 = " is not valid UTF-8";
/** Bytes after the one value a decode takes: followed by "value" or "array". */
export const AFTER_VALUE = "unexpected byte(s) after the ";

/** Keeps messages readable for very deep paths; the `path` property stays complete. */
function abbreviate(path: string): string {
  return path.length <= 160 ? path : `${path.slice(0, 60)}…${path.slice(-90)}`;
}

/**
 * The path segment of a map or record key (docs/type-mapping.md, "Paths"): `.name` or `["odd key"]` for
 * a string (quoted so that `.` in a key stays unambiguous), `[3]`, `[NaN]`, `[3n]`, `[true]`,
 * `[null]` for other primitives, and `[<key #i>]` for any other key (an object, array, Date,
 * bytes), `i` being the entry's index in its map, counted from 0 (`[<key>]` when not given).
 * Never runs user code: a key object's `toString`, `valueOf` or `Symbol.toPrimitive` is not called.
 */
export function keySegment(key: unknown, index?: number): string {
  switch (typeof key) {
    case "string":
      return /^[A-Za-z_$][\w$]*$/.test(key) ? "." + key : "[" + JSON.stringify(key) + "]";
    case "number":
      return "[" + String(key) + "]"; // -0 reads [0]: a Map holds it as 0
    case "bigint":
      return "[" + String(key) + "n]";
    case "boolean":
    case "undefined":
      return "[" + String(key) + "]";
  }
  if (key === null) return "[null]";
  return index === undefined ? "[<key>]" : "[<key #" + index + ">]";
}

/** Describes a runtime value for an error message: `got string "abc"`, `got undefined`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  switch (typeof value) {
    case "string":
      return `string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
    case "number":
    case "boolean":
    case "bigint":
      return `${typeof value} ${String(value)}${typeof value === "bigint" ? "n" : ""}`;
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
  }
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  const ctor = (value as object).constructor;
  return ctor && ctor !== Object && typeof ctor.name === "string" && ctor.name ? `a ${ctor.name}` : "an object";
}

/** Re-runs a failed attempt with paths switched on and returns the error that names the path. */
export function locate(error: unknown, retry: () => void): unknown {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    // Only reachable with a raised maxDepth: the stack ran out first. Still a CodecError, never a crash.
    return new CodecError(
      "the JavaScript call stack ran out before maxDepth was reached; lower maxDepth",
      "too-deep",
      "$",
      -1,
    );
  }
  if (!(error instanceof CodecError) || error.path !== undefined) return error;
  try {
    retry();
  } catch (located) {
    if (located instanceof CodecError) return located;
  }
  return error;
}
