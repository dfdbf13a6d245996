// Structural deep equality for the round-trip checks. Each library decodes to its own shapes:
// typed-msgpack gives every declared property an own slot (undefined when absent), msgpackr and
// avsc may return their own classes, bin comes back as Uint8Array or Buffer. So classes are
// ignored, bytes are compared as bytes, and an absent property equals an `undefined` one.

export interface EqualOptions {
  /** Avro has no "absent": an optional field decodes as null. Lets null stand for absent. */
  nullIsAbsent?: boolean;
}

/** Returns undefined when equal, else the path of the first difference and what differed. */
export function difference(
  expected: unknown,
  actual: unknown,
  options: EqualOptions = {},
  path = "$",
): string | undefined {
  if (expected === actual) return undefined;
  if (typeof expected === "number" && typeof actual === "number") {
    return Number.isNaN(expected) && Number.isNaN(actual) ? undefined : `${path}: ${expected} ≠ ${actual}`;
  }
  if (typeof expected !== "object" || typeof actual !== "object" || expected === null || actual === null) {
    return `${path}: ${show(expected)} ≠ ${show(actual)}`;
  }
  if (expected instanceof Date || actual instanceof Date) {
    const same = expected instanceof Date && actual instanceof Date && expected.getTime() === actual.getTime();
    return same ? undefined : `${path}: ${show(expected)} ≠ ${show(actual)}`;
  }
  if (ArrayBuffer.isView(expected) || ArrayBuffer.isView(actual)) {
    if (!(expected instanceof Uint8Array && actual instanceof Uint8Array))
      return `${path}: ${show(expected)} ≠ ${show(actual)}`;
    if (expected.length !== actual.length) return `${path}: ${expected.length} bytes ≠ ${actual.length} bytes`;
    for (let i = 0; i < expected.length; i++)
      if (expected[i] !== actual[i]) return `${path}[${i}]: byte ${expected[i]} ≠ ${actual[i]}`;
    return undefined;
  }
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return `${path}: array ≠ ${show(actual)}`;
    if (expected.length !== actual.length) return `${path}: length ${expected.length} ≠ ${actual.length}`;
    for (let i = 0; i < expected.length; i++) {
      const d = difference(expected[i], actual[i], options, `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
    const x = e[key];
    let y = a[key];
    if (options.nullIsAbsent && x === undefined && y === null) y = undefined;
    if (x === undefined && y === undefined) continue;
    const d = difference(x, y, options, `${path}.${key}`);
    if (d) return d;
  }
  return undefined;
}

function show(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Date) return `Date(${v.toISOString()})`;
  if (v !== null && typeof v === "object") return v.constructor?.name ?? "object";
  return JSON.stringify(v) ?? String(v);
}
