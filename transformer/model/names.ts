/** How the model names things: generated functions after types, members in messages, arguments by position. */

/** `Box<string>` → `Box_string`; used for readable generated function names. */
export function identifierFrom(text: string): string {
  return text
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^(\d)/, "_$1")
    .slice(0, 48);
}

/** Property names the checker gives symbol keys (`__@iterator@12`) and #private names (`__#1@#pin`). */
export function isSymbolKey(key: string): boolean {
  return key.startsWith("__@") || key.startsWith("__#") || key.startsWith("#");
}

/** `__@iterator@12` → `iterator`, `__#1@#pin` → `#pin`. */
export function symbolKeyName(key: string): string {
  return key
    .replace(/^__[@#]/, "")
    .replace(/@\d+$/, "")
    .replace(/^\d+@/, "");
}

/** How a message names a member: `next`, `[iterator]` for a symbol key, `#pin` for a #private name. */
export function memberName(key: string): string {
  if (!isSymbolKey(key)) return key;
  const name = symbolKeyName(key);
  return name.startsWith("#") ? name : `[${name}]`;
}

/** `first`, `second`...: which argument of the call. */
export function ordinal(index: number): string {
  return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][index] ?? `${index + 1}th`;
}

/** "an Error", "a Promise". */
export function withArticle(name: string): string {
  return (/^[AEIO]/.test(name) ? "an " : "a ") + name;
}

/** The type as written, cut short: the checker's full text of a deeply expanded type is long. */
export function shortText(text: string): string {
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}
