export const PositionSide = { LONG: 'LONG', SHORT: 'SHORT' } as const;
export type PositionSide = (typeof PositionSide)[keyof typeof PositionSide];

export const OrderType = { MARKET: 'MARKET', LIMIT: 'LIMIT' } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const MarginMode = { cross: 'cross', isolated: 'isolated' } as const;
export type MarginMode = (typeof MarginMode)[keyof typeof MarginMode];

export const Permission = {
  ALL: 'ALL',
  OPEN_POSITION: 'OPEN_POSITION',
  CLOSE_POSITION: 'CLOSE_POSITION',
  CANCEL_POSITION: 'CANCEL_POSITION',
  VIEW_DETAILS: 'VIEW_DETAILS',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];
export const PERMISSIONS: readonly Permission[] = Object.values(Permission);

/** +1 for a long, -1 for a short: the sign of PnL per unit of price move. */
export function sideSign(side: PositionSide): 1 | -1 {
  return side === PositionSide.LONG ? 1 : -1;
}

export function oppositeSide(side: PositionSide): PositionSide {
  return side === PositionSide.LONG ? PositionSide.SHORT : PositionSide.LONG;
}
