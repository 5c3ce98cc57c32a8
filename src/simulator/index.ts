/**
 * The venue simulator (issue #3): everything venue-http-interface.md describes, in the dialect
 * of venue-contract.md. See createSimulator for the entry point.
 */
export { createSimulator, type Simulator, type SimulatorOptions } from './createSimulator.ts';
export { createDirectVenue, type DirectVenueOptions } from './direct/createDirectVenue.ts';
export { type EngineFaults, PLATFORM_FEE, SimEngine } from './engine/SimEngine.ts';
export { SimRejection } from './engine/SimRejection.ts';
export {
  type FaultProfile,
  FaultProfileSchema,
  loadFaultProfile,
  resolveFaultProfile,
} from './faults/FaultProfile.ts';
export type { SimHttpRequest, SimHttpResponse } from './http/types.ts';
export { connectionReset } from './inProcessFetch.ts';
export {
  DEFAULT_CHAIN_ID,
  DEFAULT_SOLVER,
  defaultMarkets,
  isMarketOpen,
  RWA_SOLVER,
  type SimMarket,
} from './markets.ts';
export { csvPrices } from './prices/csvPrices.ts';
export { gbmPrices } from './prices/gbmPrices.ts';
export { type FundingRates, manualPrices, type PriceSink, type PriceSource } from './prices/PriceSource.ts';
export { createRng, type Rng } from './rng.ts';
export type { Listening } from './server/listen.ts';
export {
  type BootstrapOptions,
  type BootstrappedAccount,
  bootstrapAccount,
} from './testing/bootstrapAccount.ts';
