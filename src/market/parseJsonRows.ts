import { ConfigError } from '../errors/ConfigError.ts';
import { shownCell } from './parseTextProblem.ts';

/** The elements of a JSON array document, each with where it starts in the text. */
export interface JsonRows {
  readonly rows: readonly unknown[];
  /** 1-based line and column of element `i`. */
  readonly at: (i: number) => { readonly line: number; readonly column: number };
}

function fail(file: string, message: string, line?: number, column?: number): never {
  const location = line === undefined ? { file } : { file, line, column: column ?? 1 };
  throw new ConfigError([{ location, path: '', message }]);
}

/** Offsets where each element of the top-level array starts (strings skipped, so brackets in them do not count). */
function elementOffsets(text: string): number[] {
  const starts: number[] = [];
  let depth = 0;
  let expect = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      if (depth === 1 && expect) starts.push(i);
      expect = false;
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      if (depth === 1 && expect) starts.push(i);
      expect = depth === 0;
      depth++;
    } else if (c === 93 || c === 125) depth--;
    else if (c === 44) expect = depth === 1;
    else if (c > 32 && depth === 1 && expect) {
      starts.push(i);
      expect = false;
    }
  }
  return starts;
}

/**
 * Parses a JSON document that must be an array (`[[ms, o, h, l, c, v], …]` or `[{…}, …]`); a
 * syntax error or another shape is a ConfigError naming the file.
 */
export function parseJsonRows(text: string, file: string, expected: string): JsonRows {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    // V8 either locates the error (`… in JSON at position 11 (line 2 column 4)`) or quotes the
    // text around it after `, "`; only the reason is shown, shortened, never the quoted text.
    const message = e instanceof Error ? e.message : String(e);
    const where = /\(line (\d+) column (\d+)\)/.exec(message);
    const reason = shownCell((message.split(', "')[0] ?? '').replace(/ in JSON at position.*$/, ''));
    fail(
      file,
      `not valid JSON: ${reason}`,
      where ? Number(where[1]) : undefined,
      where ? Number(where[2]) : undefined,
    );
  }
  if (!Array.isArray(doc)) fail(file, `expected a JSON array of ${expected}`, 1, 1);
  let offsets: number[] | undefined;
  let lineStarts: number[] | undefined;
  const at = (i: number): { line: number; column: number } => {
    offsets ??= elementOffsets(text);
    if (lineStarts === undefined) {
      lineStarts = [0];
      for (let j = text.indexOf('\n'); j >= 0; j = text.indexOf('\n', j + 1)) lineStarts.push(j + 1);
    }
    const offset = offsets[i] ?? 0;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] ?? 0) + 1 };
  };
  return { rows: doc, at };
}
