import { createTask, validate } from 'node-cron';
import { cronRangeProblem } from '../domain/cronFieldRanges.ts';

/** node-cron's matcher; its next-match walker is not in the type declarations, so we name it here. */
interface TimeMatcher {
  getNextMatch(date: Date): Date;
}

function isTimeMatcher(value: unknown): value is TimeMatcher {
  return (
    typeof value === 'object' &&
    value !== null &&
    'getNextMatch' in value &&
    typeof value.getNextMatch === 'function'
  );
}

/**
 * Next fire times of a cron expression (5 fields, or 6 with seconds first), in UTC, from any
 * clock's time — node-cron computes them, we only decide when "now" is.
 */
export class CronTimes {
  readonly expression: string;
  private readonly matcher: TimeMatcher;
  private readonly destroy: () => void;

  constructor(expression: string) {
    if (!validate(expression))
      throw new TypeError(`not a valid cron expression: ${JSON.stringify(expression)}`);
    const outOfRange = cronRangeProblem(expression);
    if (outOfRange !== undefined)
      throw new TypeError(`not a valid cron expression: ${JSON.stringify(expression)}: ${outOfRange}`);
    const task = createTask(expression, () => {}, { timezone: 'UTC' });
    const matcher = 'timeMatcher' in task ? task.timeMatcher : undefined;
    if (!isTimeMatcher(matcher)) {
      void task.destroy();
      throw new Error('node-cron no longer exposes the time matcher CronTimes walks: update cronTimes.ts');
    }
    this.matcher = matcher;
    this.destroy = () => void task.destroy();
    this.expression = expression;
  }

  /** The first fire time strictly after `afterMs` (epoch ms). */
  next(afterMs: number): number {
    return this.matcher.getNextMatch(new Date(afterMs)).getTime();
  }

  dispose(): void {
    this.destroy();
  }
}
