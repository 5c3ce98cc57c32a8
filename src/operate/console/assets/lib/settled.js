// @ts-check
/** Statuses after which a request changes no more (src/domain/requestStatus.ts). */
export const SETTLED = new Set([
  'FILLED',
  'CANCELED',
  'EXPIRED',
  'FAILED',
  'REJECTED',
  'NOT_SENT',
  'RECONCILED_EXECUTED',
  'RECONCILED_NOT_EXECUTED',
]);
