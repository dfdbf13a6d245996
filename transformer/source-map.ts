/**
 * The source map of a spliced file (splice.ts): the output is the input with non-overlapping
 * edits, so every token the edits leave alone maps back to where it was, and the text an edit puts
 * in maps, line by line, to where the edit is (a replaced `codecFor<T>()` call to that call, the
 * generated declarations to where they were inserted). Bundlers chain it with their own maps, so
 * stack traces and breakpoints land on the user's lines.
 */
import type { Edit } from "./splice.js";

/** A source map (version 3) of one source. */
export interface SourceMap {
  version: 3;
  file?: string;
  sources: string[];
  sourcesContent: string[];
  names: string[];
  mappings: string;
}

/** The map from `spliceEdits(source, edits)` back to `source`, named `fileName` in the map. */
export function editsSourceMap(fileName: string, source: string, edits: readonly Edit[]): SourceMap {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") lineStarts.push(i + 1);
  const position = (offset: number): [line: number, column: number] => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return [low, offset - lineStarts[low]!];
  };

  const lines: [generatedColumn: number, line: number, column: number][][] = [[]];
  let column = 0;
  const mapTo = (offset: number) => {
    const [line, original] = position(offset);
    const current = lines[lines.length - 1]!;
    const last = current[current.length - 1];
    if (last && last[0] === column) current.pop(); // two mappings at one column: the later wins
    current.push([column, line, original]);
  };
  const newLine = () => {
    lines.push([]);
    column = 0;
  };
  // The input's own text: a mapping at the start of each token (a word, or one other character).
  const copy = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const c = source[i]!;
      if (c === "\n") {
        newLine();
        continue;
      }
      const word = /[\w$]/.test(c);
      const previous = i > from ? source[i - 1]! : "";
      if (!/\s/.test(c) && (!word || !/[\w$]/.test(previous))) mapTo(i);
      column++;
    }
  };
  // An edit's text: each of its lines maps to where the edit is.
  const insert = (text: string, at: number) => {
    let lineStart = true;
    for (const c of text) {
      if (c === "\n") {
        newLine();
        lineStart = true;
        continue;
      }
      if (lineStart && !/\s/.test(c)) {
        mapTo(at);
        lineStart = false;
      }
      column += c.length;
    }
  };
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    copy(at, edit.start);
    insert(edit.text, edit.start);
    at = Math.max(at, edit.end);
  }
  copy(at, source.length);

  let previous = [0, 0, 0];
  const mappings = lines
    .map((segments) => {
      let previousColumn = 0;
      return segments
        .map(([generated, line, original]) => {
          const text =
            vlq(generated - previousColumn) + vlq(0) + vlq(line - previous[1]!) + vlq(original - previous[2]!);
          previousColumn = generated;
          previous = [0, line, original];
          return text;
        })
        .join(",");
    })
    .join(";");
  return { version: 3, sources: [fileName], sourcesContent: [source], names: [], mappings };
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = "";
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}
