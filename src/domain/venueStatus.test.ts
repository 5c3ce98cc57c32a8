import { describe, expect, it } from 'vitest';
import { isTerminalVenueStatus, VENUE_STATUSES } from './venueStatus.ts';

describe('venue status terminality', () => {
  it('ends an open on OPENED, CANCELED, EXPIRED or FAILED only', () => {
    expect(VENUE_STATUSES.filter((s) => isTerminalVenueStatus('open', s))).toEqual([
      'CANCELED',
      'OPENED',
      'EXPIRED',
      'FAILED',
    ]);
  });

  it('ends a close on CLOSED, or OPENED when the remainder stays open', () => {
    expect(isTerminalVenueStatus('close', 'CLOSED')).toBe(true);
    expect(isTerminalVenueStatus('close', 'OPENED')).toBe(true);
    expect(isTerminalVenueStatus('close', 'CLOSE_PENDING')).toBe(false);
  });

  it('keeps PENDING and LOCKED non-terminal for every kind', () => {
    for (const kind of ['open', 'close', 'cancelOpen', 'cancelClose'] as const) {
      expect(isTerminalVenueStatus(kind, 'PENDING')).toBe(false);
      expect(isTerminalVenueStatus(kind, 'LOCKED')).toBe(false);
    }
  });
});
