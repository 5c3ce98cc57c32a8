import pg from 'pg';

/**
 * A BIGINT (int8) as perpflow reads it: epoch milliseconds, fencing tokens, counts — a number.
 * PostgreSQL sends int8 as text because it can exceed a double's exact range; one beyond
 * ±2^53 is kept as that text, so the row reader refuses it naming the table, row and column
 * (rowColumns.num) instead of a rounded value going unnoticed.
 */
export function readInt8(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/**
 * The one place a PostgreSQL value becomes a JavaScript value, for every connection perpflow
 * opens (the journal's pool, `status`, `halt`/`resume`). NUMERIC and TEXT stay text: money is
 * read as exact decimal text.
 */
export const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary' ? readInt8 : pg.types.getTypeParser(oid, format),
};
