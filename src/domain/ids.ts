declare const brand: unique symbol;

/** A nominal type: a `string` or `number` that cannot be mixed up with another kind of id. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type MarketSymbol = Brand<string, 'MarketSymbol'>;
export type MarketId = Brand<number, 'MarketId'>;
export type ChainId = Brand<number, 'ChainId'>;
export type SubaccountAddress = Brand<string, 'SubaccountAddress'>;
export type WalletAddress = Brand<string, 'WalletAddress'>;
export type SolverId = Brand<string, 'SolverId'>;
export type StrategyId = Brand<string, 'StrategyId'>;
/** Deterministic id of an intent: the same signal always yields the same id. */
export type IntentId = Brand<string, 'IntentId'>;
/** Our id of one request to the venue, minted once and journaled before any network call. */
export type ClientRequestId = Brand<string, 'ClientRequestId'>;
/** The venue's id of an accepted request, returned with the 201. */
export type TempId = Brand<string, 'TempId'>;
/** The venue's on-chain id of an open position. */
export type QuoteId = Brand<string, 'QuoteId'>;
export type BatchId = Brand<string, 'BatchId'>;
export type ApiKeyId = Brand<string, 'ApiKeyId'>;
/** Exactly-once key of a fill or position event. */
export type FillId = Brand<string, 'FillId'>;

/** A 0x-prefixed 40-hex-digit EVM address (wallets, subaccounts). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export const MarketSymbol = (s: string): MarketSymbol => s as MarketSymbol;
export const MarketId = (n: number): MarketId => n as MarketId;
export const ChainId = (n: number): ChainId => n as ChainId;
export const SolverId = (s: string): SolverId => s as SolverId;
export const StrategyId = (s: string): StrategyId => s as StrategyId;
export const IntentId = (s: string): IntentId => s as IntentId;
export const ClientRequestId = (s: string): ClientRequestId => s as ClientRequestId;
export const TempId = (s: string): TempId => s as TempId;
export const QuoteId = (s: string): QuoteId => s as QuoteId;
export const BatchId = (s: string): BatchId => s as BatchId;
export const ApiKeyId = (s: string): ApiKeyId => s as ApiKeyId;
export const FillId = (s: string): FillId => s as FillId;

export function isAddress(s: string): boolean {
  return ADDRESS_PATTERN.test(s);
}

/** Addresses compare case-insensitively on chain; we keep them lower-case everywhere. */
export function SubaccountAddress(s: string): SubaccountAddress {
  if (!isAddress(s)) throw new TypeError(`not a 0x-prefixed 40-hex-digit address: ${JSON.stringify(s)}`);
  return s.toLowerCase() as SubaccountAddress;
}

export function WalletAddress(s: string): WalletAddress {
  if (!isAddress(s)) throw new TypeError(`not a 0x-prefixed 40-hex-digit address: ${JSON.stringify(s)}`);
  return s.toLowerCase() as WalletAddress;
}
