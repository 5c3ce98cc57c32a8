import { redactText } from '../../log/redact.ts';

/**
 * How logs, errors and `journal.path` name a PostgreSQL journal: scheme, host, port and database,
 * without user or password (the redactor's mask keeps a long password's first and last characters;
 * here none of it is needed). A URL that does not parse is passed through the redactor whole.
 */
export function pgWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return redactText(url);
  }
}

/** True when `where` names a PostgreSQL journal rather than a SQLite file. */
export function isPostgresUrl(where: string): boolean {
  return /^postgres(ql)?:\/\//i.test(where);
}
