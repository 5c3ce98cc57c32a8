import type { Clock } from '../../clock/Clock.ts';
import type { PriceTick } from '../../domain/tick.ts';
import type { SubmitGroup, VenuePort } from '../../venue/VenuePort.ts';
import type { Recorder, RecordPort } from './Recorder.ts';

/**
 * The venue with every call and its answer (or error: class, venue code, HTTP status, time-out)
 * recorded at the clock time it was made, and how long it took. Every method is listed, like
 * timedVenue: a method added to VenuePort does not compile here until it is recorded too.
 * `submitNow` is not offered: an answer in the turn of the send could not be recorded apart from
 * the send (the HTTP adapter has none anyway).
 */
export function recordingVenue(
  venue: VenuePort,
  rec: Recorder,
  clock: Clock,
  port: RecordPort = 'v',
): VenuePort {
  const recorded =
    <A extends unknown[], R>(op: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const t = clock.now();
      try {
        const r = await call(...args);
        rec.call(port, op, args, t, { r });
        return r;
      } catch (e) {
        rec.call(port, op, args, t, { e });
        throw e;
      }
    };
  return {
    subaccount: venue.subaccount,
    chainId: venue.chainId,
    watchRequests: venue.watchRequests,
    markets: recorded('markets', venue.markets.bind(venue)),
    market: recorded('market', venue.market.bind(venue)),
    markPrices: recorded('markPrices', venue.markPrices.bind(venue)),
    positions: recorded('positions', venue.positions.bind(venue)),
    balance: recorded('balance', venue.balance.bind(venue)),
    fundingInfo: recorded('fundingInfo', venue.fundingInfo.bind(venue)),
    listPermissions: recorded('listPermissions', venue.listPermissions.bind(venue)),
    submit: recorded('submit', (group: SubmitGroup) => venue.submit(group)),
    setTpSl: recorded('setTpSl', venue.setTpSl.bind(venue)),
    listTpSl: recorded('listTpSl', venue.listTpSl.bind(venue)),
    closeAll: recorded('closeAll', venue.closeAll.bind(venue)),
    requestStatus: recorded('requestStatus', venue.requestStatus.bind(venue)),
  };
}

/** The price source, its polls recorded compactly (Recorder.prices); a failed poll as a call. */
export function recordingPrices(
  prices: Pick<VenuePort, 'markPrices'>,
  rec: Recorder,
  clock: Clock,
): Pick<VenuePort, 'markPrices'> {
  return {
    markPrices: async (symbols): Promise<readonly PriceTick[]> => {
      const t = clock.now();
      try {
        const r = await prices.markPrices(symbols);
        rec.prices(t, r);
        return r;
      } catch (e) {
        rec.call('p', 'markPrices', [symbols], t, { e });
        throw e;
      }
    },
  };
}
