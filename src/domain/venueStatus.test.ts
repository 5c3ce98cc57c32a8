import { describe, expect, it } from 'vitest';
import { isTerminalVenueStatus, VENUE_STATUSES, venueStatusOf } from './venueStatus.ts';

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

  it('venueStatusOf types a known status name and refuses any other', () => {
    expect(venueStatusOf('OPENED')).toBe('OPENED');
    expect(() => venueStatusOf('opened')).toThrow(TypeError);
    expect(() => venueStatusOf('')).toThrow('not a venue status: ""');
  });
});
