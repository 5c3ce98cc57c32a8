import type { z } from 'zod';
import type { ConfigPath } from './configPath.ts';

/** The keys a strict object in the schema accepts at a path: what an unknown key is compared with. */
interface Def {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly element?: z.ZodType;
  readonly shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

export function knownKeys(schema: z.ZodType, path: ConfigPath): readonly string[] {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const part of path) {
    const def: Def = defOf(current);
    if (def.type === 'object' && typeof part === 'string') current = def.shape?.[part];
    else if (def.type === 'array' && typeof part === 'number') current = def.element;
    else return [];
    if (current === undefined) return [];
    current = unwrap(current);
  }
  const def = defOf(current);
  return def.type === 'object' && def.shape !== undefined ? Object.keys(def.shape) : [];
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
