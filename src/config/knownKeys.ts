import { z } from 'zod';
import { isKeyed, isRecord } from '../domain/isRecord.ts';
import type { ConfigPath } from './configPath.ts';

/** A field of a schema's definition, if it holds a schema (zod types each kind's def on its own class). */
function schemaIn(def: unknown, field: 'innerType' | 'in' | 'element'): z.ZodType | undefined {
  const value = isKeyed(def) ? def[field] : undefined;
  return value instanceof z.ZodType ? value : undefined;
}

/** An object schema's fields; undefined for any other kind. */
function shapeOf(schema: z.ZodType): Readonly<Record<string, unknown>> | undefined {
  const def = schema._zod.def;
  const shape = def.type === 'object' && 'shape' in def ? def.shape : undefined;
  return isRecord(shape) ? shape : undefined;
}

/** The schema inside optional, default, nullable, pipe … wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = current._zod.def;
    const next = schemaIn(def, 'innerType') ?? (def.type === 'pipe' ? schemaIn(def, 'in') : undefined);
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

/** The keys a strict object in the schema accepts at a path: what an unknown key is compared with. */
export function knownKeys(schema: z.ZodType, path: ConfigPath): readonly string[] {
  let current: z.ZodType = unwrap(schema);
  for (const part of path) {
    const shape = shapeOf(current);
    let next: unknown;
    if (shape !== undefined && typeof part === 'string') next = shape[part];
    else if (current._zod.def.type === 'array' && typeof part === 'number')
      next = schemaIn(current._zod.def, 'element');
    if (!(next instanceof z.ZodType)) return [];
    current = unwrap(next);
  }
  const shape = shapeOf(current);
  return shape === undefined ? [] : Object.keys(shape);
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The known key a typo most likely meant, if one is close enough to be a good guess. */
export function closestKey(unknown: string, known: readonly string[]): string | undefined {
  const lower = unknown.toLowerCase();
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const score = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase());
    if (score < bestScore) [best, bestScore] = [candidate, score];
  }
  return bestScore <= Math.max(2, Math.floor(unknown.length / 4)) ? best : undefined;
}
