export {
  createVenueClient,
  DEFAULT_CHAIN_ID,
  DEFAULT_SOLVER,
  type VenueClientOptions,
} from './createVenueClient.ts';
export { isApiKey } from './http/apiKey.ts';
export { IN_PROCESS_BASE_URL } from './http/baseUrl.ts';
export { type BudgetOptions, DEFAULT_BUDGET, RequestBudget } from './http/requestBudget.ts';
export { DEFAULT_RETRY, type RetryPolicy } from './http/retryPolicy.ts';
export type { VenueFetch } from './transport.ts';
export type * from './VenuePort.ts';
