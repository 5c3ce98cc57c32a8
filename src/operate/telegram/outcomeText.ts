import type { ActionOutcome } from '../api/contract.ts';

/** An action's outcome in a line or two, as the confirmation message ends. */
export function outcomeText(o: ActionOutcome): string {
  switch (o.status) {
    case 'accepted': {
      const reqs = o.requests.length === 0 ? '' : `\nrequests: ${o.requests.join(', ')}`;
      return `✅ Done${o.detail === undefined ? '' : `: ${o.detail}`}${reqs}`;
    }
    case 'duplicate':
      return `Already done once: ${outcomeText(o.first)}`;
    case 'refused':
      return `⛔ Refused: ${o.reason}`;
  }
}
