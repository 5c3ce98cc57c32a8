/** The cells of one CSV line, trimmed and unquoted, each with its 1-based start column. */
export interface CsvCells {
  readonly values: string[];
  readonly columns: number[];
}

function unquote(raw: string): string {
  const t = raw.trim();
  return t.length >= 2 && t[0] === '"' && t[t.length - 1] === '"' ? t.slice(1, -1).replaceAll('""', '"') : t;
}

/** Splits on commas outside double quotes; bar files rarely quote, so the plain path is a `split`. */
export function splitCsvLine(line: string): CsvCells {
  const values: string[] = [];
  const columns: number[] = [];
  if (!line.includes('"')) {
    let at = 0;
    for (const raw of line.split(',')) {
      values.push(raw.trim());
      columns.push(at + 1);
      at += raw.length + 1;
    }
    return { values, columns };
  }
  let start = 0;
  let quoted = false;
  for (let i = 0; i <= line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if ((c === ',' && !quoted) || i === line.length) {
      values.push(unquote(line.slice(start, i)));
      columns.push(start + 1);
      start = i + 1;
    }
  }
  return { values, columns };
}
