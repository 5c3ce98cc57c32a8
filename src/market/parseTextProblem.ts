/**
 * Why `text` is not a text data file, or undefined: a NUL or another control character other than
 * tab, CR and LF betrays a binary file. Says where (line and column), never what the byte was.
 */
export function textProblem(text: string, kind: string): string | undefined {
  // Control characters are rare in data; the regex scan runs natively over the whole text.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  const at = text.search(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/);
  if (at < 0) return undefined;
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `not a text ${kind}: line ${line}, column ${at - start + 1} holds a control character (a binary file?)`;
}

/** A cell as an error message may show it: at most 40 characters, control characters escaped. */
export function shownCell(cell: string): string {
  const cut = cell.length > 40 ? `${cell.slice(0, 40)}…` : cell;
  return JSON.stringify(cut).slice(1, -1);
}
