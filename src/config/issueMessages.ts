import type { z } from 'zod';
import { isKeyed } from '../domain/isRecord.ts';

/**
 * Plain-English messages for zod's own issues, used for checks that carry no message of their
 * own (strategy parameter schemas written by plugin authors, mostly). Never echoes the input.
 */
type RawIssue = z.core.$ZodRawIssue;

const ARTICLE_AN = /^[aeiou]/;
const withArticle = (noun: string): string => `${ARTICLE_AN.test(noun) ? 'an' : 'a'} ${noun}`;

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a fractional number';
  return withArticle(typeof value === 'number' ? 'number' : typeof value);
}

const TYPE_NAMES: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'a mapping',
  record: 'a mapping',
  array: 'a list',
  null: 'null',
};

function isIntegerSchema(issue: RawIssue): boolean {
  const zod = 'schema' in issue && isKeyed(issue.schema) ? issue.schema._zod : undefined;
  const def = isKeyed(zod) ? zod.def : undefined;
  const bag = isKeyed(zod) ? zod.bag : undefined;
  const format = (isKeyed(def) ? def.format : undefined) ?? (isKeyed(bag) ? bag.format : undefined);
  return typeof format === 'string' && /int/.test(format);
}

function bound(
  issue: RawIssue & { minimum?: unknown; maximum?: unknown; inclusive?: boolean },
): string | undefined {
  const origin = 'origin' in issue ? issue.origin : undefined;
  const small = issue.code === 'too_small';
  const limit = String(small ? issue.minimum : issue.maximum);
  if (origin === 'number' || origin === 'bigint') {
    const noun = isIntegerSchema(issue) ? 'integer' : 'number';
    if (small && limit === '0')
      return issue.inclusive ? `expected a non-negative ${noun}` : `expected a positive ${noun}`;
    const op = small ? (issue.inclusive ? '≥' : '>') : issue.inclusive ? '≤' : '<';
    return `expected ${withArticle(noun)} ${op} ${limit}`;
  }
  const unit = origin === 'string' ? 'characters' : 'items';
  return small ? `expected at least ${limit} ${unit}` : `expected at most ${limit} ${unit}`;
}

export function messageFor(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = isIntegerSchema(issue) ? 'int' : String(issue.expected);
      return `expected ${TYPE_NAMES[expected] ?? withArticle(expected)}, got ${describeType(issue.input)}`;
    }
    case 'too_small':
    case 'too_big':
      return bound(issue);
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${JSON.stringify(issue.values[0])}`
        : `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex'
        ? `expected a string matching ${String(issue.pattern)}`
        : `expected a valid ${issue.format}`;
    case 'not_multiple_of':
      return `expected a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return 'matches none of the allowed forms';
    default:
      return undefined;
  }
}
