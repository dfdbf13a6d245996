/**
 * Membership in a template literal type (`user-${number}`, `${string}-${bigint}`), by the rule the
 * TypeScript checker applies to a string literal (checker.ts `isTypeMatchedByTemplateLiteralType`),
 * so that a codec takes exactly the strings `tsc` would let you assign to the type:
 *
 * - the string starts with the first text and ends with the last, the two not overlapping;
 * - between them, each placeholder takes the characters up to the first occurrence of the text
 *   after it (searched from where the placeholder starts); when that text is empty (`${number}${number}`)
 *   it takes exactly one character; the last placeholder takes the rest;
 * - each part then fits its placeholder: `string` anything, `number` a string whose `+s` is finite
 *   (so " 1", "0x10", "+5" and "1e3" are numbers, "" and "1e400" are not), `bigint` a bigint literal
 *   as the TypeScript scanner reads one (see isBigintText).
 *
 * No regular expression: one pass of `indexOf` per text, so linear in the string for a fixed type.
 */

/**
 * Whether `s` is a member of the template literal type made of `texts` around `holes`, each
 * `"string"`, `"number"` or `"bigint"` (`texts.length === holes.length + 1`): `user-${number}` is
 * texts `["user-", ""]`, holes `["number"]`. Plain `string[]`s, as generated TypeScript declares them.
 */
export function isTemplateMember(s: string, texts: readonly string[], holes: readonly string[]): boolean {
  const first = texts[0]!;
  const last = texts[holes.length]!;
  if (s.length < first.length + last.length || !s.startsWith(first) || !s.endsWith(last)) return false;
  // Placeholders share what lies between the first and the last text.
  const end = s.length - last.length;
  let pos = first.length;
  for (let i = 0; i < holes.length - 1; i++) {
    const delimiter = texts[i + 1]!;
    let to: number;
    if (delimiter === "") {
      if (pos >= end) return false;
      to = pos + 1;
    } else {
      // The first occurrence decides: if it runs into the last text, every later one does too.
      to = s.indexOf(delimiter, pos);
      if (to < 0 || to + delimiter.length > end) return false;
    }
    if (!fits(s.slice(pos, to), holes[i]!)) return false;
    pos = to + delimiter.length;
  }
  return fits(s.slice(pos, end), holes[holes.length - 1]!);
}

function fits(part: string, hole: string): boolean {
  switch (hole) {
    case "string":
      return true;
    case "number":
      // checker.ts isValidNumberString(s, false); `+` trims whitespace and reads 0x/0o/0b, Infinity is not finite.
      return part !== "" && Number.isFinite(+part);
    case "bigint":
      return isBigintText(part);
    default:
      return false;
  }
}

/**
 * checker.ts isValidBigIntString(s, false): the TypeScript scanner reads `s + "n"` as an optional
 * `-` and one bigint literal that ends the text, with no numeric separator. That is: decimal
 * without a leading zero (`0` alone aside), or 0x / 0o / 0b digits (either case); no fraction or
 * exponent; no `+`; no whitespace or comment either, except U+0085, U+2028 and U+2029, which that
 * scanner skips silently, before and after the `-`.
 */
function isBigintText(s: string): boolean {
  let i = skipSilent(s, 0);
  if (s.charCodeAt(i) === 0x2d /* - */) i = skipSilent(s, i + 1);
  const n = s.length;
  if (i >= n) return false;
  const c = s.charCodeAt(i);
  if (c === 0x30 /* 0 */) {
    if (i + 1 === n) return true;
    const radix = s.charCodeAt(i + 1) | 0x20; // lower case
    const digits = radix === 0x78 /* x */ ? 16 : radix === 0x6f /* o */ ? 8 : radix === 0x62 /* b */ ? 2 : 0;
    if (digits === 0 || i + 2 === n) return false;
    for (let j = i + 2; j < n; j++) if (!isDigit(s.charCodeAt(j), digits)) return false;
    return true;
  }
  if (c < 0x31 || c > 0x39) return false;
  for (let j = i + 1; j < n; j++) if (!isDigit(s.charCodeAt(j), 10)) return false;
  return true;
}

function isDigit(c: number, radix: number): boolean {
  if (c >= 0x30 && c < 0x30 + Math.min(radix, 10)) return true;
  const lower = c | 0x20;
  return radix === 16 && lower >= 0x61 && lower <= 0x66;
}

/** Past the characters the TypeScript scanner skips without a token: NEL, LINE and PARAGRAPH SEPARATOR. */
function skipSilent(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c !== 0x85 && c !== 0x2028 && c !== 0x2029) break;
    i++;
  }
  return i;
}
