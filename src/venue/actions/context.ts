import type { Clock } from '../../clock/Clock.ts';
import type { ChainId, SubaccountAddress } from '../../domain/ids.ts';
import type { VenueHttp } from '../http/venueHttp.ts';
import type { MarketCatalog } from '../marketCatalog.ts';

/** What every trading/read action needs: the wire, the account it acts for, and the catalog. */
export interface VenueContext {
  readonly http: VenueHttp;
  readonly clock: Clock;
  readonly subaccount: SubaccountAddress;
  readonly chainId: ChainId;
  readonly solver: string;
  readonly catalog: MarketCatalog;
}
