import { isOneOf } from './isOneOf.ts';
/**
 * The venue's status names (SYMMIO quote lifecycle, venue-contract.md "Status polls"), and which of
 * them end each kind of request.
 */
export const VenueStatus = {
  PENDING: 'PENDING',
  LOCKED: 'LOCKED',
  CANCEL_PENDING: 'CANCEL_PENDING',
  CANCELED: 'CANCELED',
  OPENED: 'OPENED',
  CLOSE_PENDING: 'CLOSE_PENDING',
  CANCEL_CLOSE_PENDING: 'CANCEL_CLOSE_PENDING',
  CLOSED: 'CLOSED',
  LIQUIDATED: 'LIQUIDATED',
  EXPIRED: 'EXPIRED',
  LIQUIDATED_PENDING: 'LIQUIDATED_PENDING',
  FAILED: 'FAILED',
} as const;
export type VenueStatus = (typeof VenueStatus)[keyof typeof VenueStatus];
export const VENUE_STATUSES: readonly VenueStatus[] = Object.values(VenueStatus);

/** A status name off the wire (its schema already checked it): typed, or a TypeError naming it. */
export function venueStatusOf(name: string): VenueStatus {
  if (!isOneOf(VENUE_STATUSES, name)) throw new TypeError(`not a venue status: ${JSON.stringify(name)}`);
  return name;
}

/** The four request kinds, each with its own submit and status poll. */
export const RequestKind = {
  open: 'open',
  close: 'close',
  cancelOpen: 'cancelOpen',
  cancelClose: 'cancelClose',
} as const;
export type RequestKind = (typeof RequestKind)[keyof typeof RequestKind];

const TERMINAL: Readonly<Record<RequestKind, ReadonlySet<VenueStatus>>> = {
  open: new Set(['OPENED', 'CANCELED', 'EXPIRED', 'FAILED']),
  // A close that ends in OPENED finished with the remainder still open (partial or cancelled close).
  close: new Set(['CLOSED', 'OPENED', 'EXPIRED', 'FAILED', 'LIQUIDATED']),
  // A cancel request ends when the target is cancelled, or when the target won the race and filled.
  cancelOpen: new Set(['CANCELED', 'OPENED', 'EXPIRED', 'FAILED']),
  cancelClose: new Set(['OPENED', 'CLOSED', 'EXPIRED', 'FAILED']),
};

export function isTerminalVenueStatus(kind: RequestKind, status: VenueStatus): boolean {
  return TERMINAL[kind].has(status);
}
