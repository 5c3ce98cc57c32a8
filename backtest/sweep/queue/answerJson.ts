import type { SweepAnswer } from '../runSweepJob.ts';

const SPECIAL = new Set(['NaN', 'Infinity', '-Infinity', '-0']);

/**
 * An answer as JSON that keeps every number: JSON turns NaN and ±Infinity into null (and -0 into
 * 0), and a metric that is NaN ranks and prints differently from one that is null. Such numbers
 * travel as their names; only metric values are read back that way, never an error's text.
 */
export function answerToJson(answer: SweepAnswer): string {
  return JSON.stringify(answer, (_k, v: unknown) =>
    typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))
      ? Object.is(v, -0)
        ? '-0'
        : String(v)
      : v,
  );
}

/** The answer back from `answerToJson`'s text (or the object pg parsed from it). */
export function answerFromJson(json: unknown): SweepAnswer {
  const a = (typeof json === 'string' ? JSON.parse(json) : json) as SweepAnswer;
  if (!a.ok) return a;
  const metrics = Object.fromEntries(
    Object.entries(a.metrics).map(([k, v]) => [k, typeof v === 'string' && SPECIAL.has(v) ? Number(v) : v]),
  ) as Record<string, number | null>;
  const fe = a.finalEquity as unknown;
  return { ...a, metrics, finalEquity: typeof fe === 'string' ? Number(fe) : a.finalEquity };
}
