import type { Decimal } from '../../domain/money.ts';
import type { MarginMode, OrderType, Permission, PositionSide } from '../../domain/side.ts';
import type { RequestKind, VenueStatus } from '../../domain/venueStatus.ts';
import type { SimMarket } from '../markets.ts';
import type { ExposureBook } from './ExposureBook.ts';
import type { OpenCost } from './openCost.ts';
import type { SlotList } from './SlotList.ts';

export interface ApiKeyRecord {
  readonly id: string;
  name: string;
  readonly wallet: string;
  /** sha256 of the secret: the secret itself is never stored. */
  readonly hash: string;
  readonly createdAt: number;
  lastUsedAt: number | null;
  revoked: boolean;
}

export interface Subaccount {
  readonly address: string;
  readonly chainId: number;
  readonly wallet: string;
  readonly name: string;
  apiAccessEnabled: boolean;
  /** Cross-margin collateral: deposits, minus fees and funding, plus realised PnL. */
  collateral: Decimal;
  /** keyId → permissions delegated on this subaccount. */
  readonly delegations: Map<string, Set<Permission>>;
  /** solver → instant-action token registered. */
  readonly instantTokens: Map<string, string>;
  /** Quotes that hold exposure or a margin reservation: pending opens and open positions. */
  readonly live: SlotList<'subSlot', Quote>;
  /** Cross-margin exposure per symbol (see Exposure.ts). */
  readonly exposures: ExposureBook;
  /** Margin and fees reserved by pending opens, in floats (see reservation.ts). */
  reservedN: number;
  /** A bound on the distance between `reservedN` and the exact Decimal sum. */
  reservedErr: number;
  /** Pending opens holding a reservation. */
  reserving: number;
}

/** An open request and, once filled, the position it became (SYMMIO's quote). */
export interface Quote {
  readonly tempId: string;
  quoteId: string | null;
  readonly subaccount: Subaccount;
  readonly market: SimMarket;
  readonly side: PositionSide;
  readonly orderType: OrderType;
  readonly quantity: Decimal;
  readonly leverage: number;
  readonly limitPrice: Decimal | null;
  readonly slippage: Decimal;
  /** Mark when the open was accepted: the reference of the slippage check. */
  readonly refPrice: number;
  readonly marginMode: MarginMode;
  /** Moved only through simStatus.ts (moveQuote). */
  readonly status: VenueStatus;
  closedAmount: Decimal;
  openedPrice: Decimal | null;
  /** Initial margin of the open quantity (isolated: what this virtual account holds). */
  margin: Decimal;
  accumulatedFunding: Decimal;
  realizedPnl: Decimal;
  /** What this pending open reserves of the subaccount's available margin; zero once settled. */
  /** The price this pending open's reservation is counted at; null once settled. */
  reservedAt: Decimal | null;
  /** That reservation (margin + fees at `reservedAt`) in floats; 0 once settled. */
  reservedN: number;
  /** The exact sums at `reservedAt`, made when first needed (a fill at that price, a read). */
  cost: OpenCost | null;
  takeProfit: Decimal | null;
  stopLoss: Decimal | null;
  /** The close request in flight, if any. */
  closeRequest: Request | null;
  /** The MARKET close a TP/SL trigger sent (its tempId): the TP/SL list names it, its status has the fill. */
  tpslClose: string | null;
  /** The open request of this quote. */
  openRequest: Request | null;
  readonly createdAt: number;
  updatedAt: number;
  /** Slots in the subaccount's and the symbol's live lists (SlotList), -1 when not in them. */
  subSlot: number;
  watchSlot: number;
}

/** One submit: the thing a status poll reports on. */
export interface Request {
  readonly tempId: string;
  readonly kind: RequestKind;
  readonly quote: Quote;
  /** Moved only through simStatus.ts (moveRequest). */
  readonly status: VenueStatus;
  filledQuantity: Decimal;
  avgPrice: Decimal | null;
  errorCode: string | null;
  reason: string | null;
  readonly acceptedAt: number;
  updatedAt: number;
  /** Close: how much, at what type/price. */
  readonly quantity: Decimal;
  readonly orderType: OrderType;
  readonly price: Decimal | null;
  readonly slippage: Decimal;
  readonly refPrice: number;
  /** The request a cancel targets. */
  readonly target: Request | null;
}
