/**
 * The range check node-cron's `validate` leaves out: it accepts `*∕75` in the seconds field,
 * which then fires at second 0 of every minute, not every 75 s. Each number and each step of a
 * cron expression (5 fields, or 6 with seconds first) must lie in its field's range.
 */
const FIELDS = [
  { name: 'seconds', min: 0, max: 59, cycle: 'minute' },
  { name: 'minutes', min: 0, max: 59, cycle: 'hour' },
  { name: 'hours', min: 0, max: 23, cycle: 'day' },
  { name: 'day of month', min: 1, max: 31, cycle: 'month' },
  { name: 'month', min: 1, max: 12, cycle: 'year' },
  { name: 'day of week', min: 0, max: 7, cycle: 'week' },
] as const;

type Field = (typeof FIELDS)[number];

function itemProblem(item: string, field: Field): string | undefined {
  const [range = '', step, extra] = item.split('/');
  if (extra !== undefined) return `"${item}" has more than one step`;
  const size = field.max - field.min + 1;
  if (step !== undefined) {
    if (!/^\d+$/.test(step) || Number(step) < 1) return `step "${step}" is not a whole number ≥ 1`;
    if (Number(step) >= size)
      return `step ${step} is not below the field's ${size} values (${field.min}–${field.max}): it would fire once a ${field.cycle}, not every ${step}`;
  }
  for (const bound of range === '*' ? [] : range.split('-'))
    if (/^\d+$/.test(bound) && (Number(bound) < field.min || Number(bound) > field.max))
      return `${bound} is outside ${field.min}–${field.max}`;
  return undefined;
}

/** What is out of range in `expression`, naming the field; undefined when every field is in range. */
export function cronRangeProblem(expression: string): string | undefined {
  const parts = expression.trim().split(/\s+/);
  const fields = parts.length === 5 ? FIELDS.slice(1) : parts.length === 6 ? FIELDS : undefined;
  if (fields === undefined) return undefined; // node-cron's validate reports the field count
  for (const [i, part] of parts.entries()) {
    const field = fields[i];
    if (field === undefined) continue;
    for (const item of part.split(',')) {
      const problem = itemProblem(item, field);
      if (problem !== undefined) return `the ${field.name} field: ${problem}`;
    }
  }
  return undefined;
}
