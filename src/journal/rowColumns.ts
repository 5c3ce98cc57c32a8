import { isOneOf } from '../domain/isOneOf.ts';
import { type Decimal, dec } from '../domain/money.ts';
import { JournalRowError } from './JournalRowError.ts';

type Row = Readonly<Record<string, unknown>>;

const show = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(JSON.stringify(v)));

/**
 * Typed reads of one row's columns: each checks the value and fails with a JournalRowError naming
 * the table, the row (by `idColumn`) and the column, instead of casting.
 */
export function rowColumns(table: string, row: Row, idColumn: string) {
  const fail = (field: string, why: string, cause?: unknown): JournalRowError =>
    new JournalRowError(table, String(row[idColumn]), field, why, cause);
  const str = (name: string): string => {
    const v = row[name];
    if (typeof v !== 'string' || v === '') throw fail(name, `expected text, got ${show(v)}`);
    return v;
  };
  const optStr = (name: string): string | undefined => (row[name] === null ? undefined : str(name));
  const num = (name: string): number => {
    const v = row[name];
    if (typeof v === 'string' && /^-?\d+$/.test(v))
      throw fail(name, `expected a number, got the integer ${v}, beyond ±2^53 (not held exactly)`);
    if (typeof v !== 'number' || !Number.isFinite(v)) throw fail(name, `expected a number, got ${show(v)}`);
    return v;
  };
  const member = <T extends string>(name: string, values: readonly T[]): T => {
    const v = str(name);
    if (!isOneOf(values, v)) throw fail(name, `expected one of ${values.join(', ')}, got ${show(v)}`);
    return v;
  };
  const decimal = (name: string): Decimal => {
    const v = str(name);
    try {
      return dec(v);
    } catch {
      throw fail(name, `expected a decimal, got ${show(v)}`);
    }
  };
  return {
    fail,
    str,
    optStr,
    num,
    optNum: (name: string): number | undefined => (row[name] === null ? undefined : num(name)),
    member,
    optMember: <T extends string>(name: string, values: readonly T[]): T | undefined =>
      row[name] === null ? undefined : member(name, values),
    decimal,
    optDecimal: (name: string): Decimal | undefined => (row[name] === null ? undefined : decimal(name)),
  };
}
