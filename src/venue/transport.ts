/**
 * How the venue client reaches a venue: a fetch-compatible function. Real HTTP uses the
 * platform fetch (undici, keep-alive); the simulator provides one that handles the Request in
 * process, without a socket (dry-run, backtest, tests). Everything above it — encoding, auth,
 * parsing, error mapping — is the same code in every mode.
 */
export type VenueFetch = (request: Request) => Promise<Response>;
