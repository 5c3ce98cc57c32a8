import type { SweepAnswer } from '../runSweepJob.ts';

const SPECIAL = new Set(['NaN', 'Infinity', '-Infinity', '-0']);

/**
 * An answer as JSON that keeps every number: JSON turns NaN and ±Infinity into null (and -0 into
 * 0), and a metric that is NaN ranks and prints differently from one that is null. Such numbers
 * travel as their names; an error's text is never read back as a number.
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

/** The answer back from `answerToJson`'s text. */
export function answerFromJson(text: string): SweepAnswer {
  const answer: SweepAnswer = JSON.parse(text, (k, v: unknown) =>
    k !== 'error' && typeof v === 'string' && SPECIAL.has(v) ? Number(v) : v,
  );
  return answer;
}
