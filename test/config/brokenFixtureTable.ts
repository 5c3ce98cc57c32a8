import { envRef } from '../../src/config/envReference.ts';

/** Each broken fixture and the `line:column path: message` its first issue must read. */
export const FIXTURE_DIR = 'test/fixtures/config/broken';

export const TEST_ENV = {
  PERPFLOW_API_KEY: `ix.${'3f'.repeat(32)}`,
  PERPFLOW_SUBACCOUNT: `0x${'ab'.repeat(20)}`,
  PERPFLOW_BAD_KEY: 'sk-live-supersecret-123456',
} as const;

/** Literal secrets some fixtures (wrongly) contain: no message may repeat them. */
export const SECRETS_IN_FIXTURES = [
  'ix.00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  'hunter2hunter2',
  'abc123secretvalue',
] as const;

export interface BrokenFixture {
  readonly name: string;
  readonly expected: string;
}

export const brokenFixtures: readonly BrokenFixture[] = [
  { name: 'bad-cron', expected: '12:11 schedule[0].cron: expected a valid cron expression' },
  { name: 'bad-enum-mode', expected: '1:7 mode: expected one of live, dry-run, sim, backtest' },
  { name: 'bad-symbol', expected: '13:24 strategies[0].markets[1]: expected a market symbol of 2 to 20' },
  { name: 'comments-only', expected: '1:1 the file is empty' },
  {
    name: 'drawdown-100-percent',
    expected: '9:21 risk.account.maxDrawdownPct: expected a percentage greater than 0 and less than 100',
  },
  {
    name: 'duplicate-strategy-ids',
    expected: '14:9 strategies[1].id: duplicate strategy id "sma" (already used by strategies[0])',
  },
  { name: 'empty-file', expected: '1:1 the file is empty' },
  {
    name: 'env-reference-in-flow-map',
    expected:
      '3:19 venue.apiKey: invalid YAML: unexpected flow-map-start at node end; quote env references inside { } or [ ]',
  },
  { name: 'fractional-integer', expected: '2:17 execution.maxBatchSize: expected an integer from 1 to 100' },
  {
    name: 'http-non-loopback',
    expected: '2:8 venue.url: plain http is allowed only to a loopback host',
  },
  {
    name: 'latency-min-over-max',
    expected: '3:10 simulator.fillLatencyMs.min: min (3000) must not exceed max (2000)',
  },
  {
    name: 'leverage-out-of-range',
    expected: '6:18 risk.account.maxLeverage: expected a leverage from 1 to 100',
  },
  { name: 'list-instead-of-map', expected: '1:8 venue: expected a mapping, got a list' },
  {
    name: 'literal-secret',
    expected: `2:11 venue.apiKey: secrets must not be written in the file; use ${envRef('PERPFLOW_API_KEY')}`,
  },
  { name: 'live-without-url', expected: '3:3 venue.url: mode live needs the venue URL' },
  {
    name: 'malformed-env-reference',
    expected: '2:15 venue.subaccount: "PERPFLOW-SUBACCOUNT" is not a variable name',
  },
  {
    name: 'malformed-key-after-env',
    expected: `2:11 venue.apiKey: expected an API key of the form ix. followed by 64 hex digits (value from ${envRef('PERPFLOW_BAD_KEY')}: 26 characters, without the ix. prefix)`,
  },
  {
    name: 'missing-env-secret',
    expected: '2:11 venue.apiKey: environment variable PERPFLOW_TEST_UNSET_KEY is not set',
  },
  {
    name: 'missing-required-limit',
    expected: '5:5 risk.account.dailyLossLimit: mode live needs this limit written in the file',
  },
  {
    name: 'missing-risk-section',
    expected: '1:1 risk.account.maxOpenPositions: mode live needs this limit written in the file',
  },
  {
    name: 'negative-latency',
    expected: '2:25 simulator.fillLatencyMs.min: expected a whole number of milliseconds from 0 to 600000',
  },
  {
    name: 'reserved-strategy-id',
    expected:
      '11:9 strategies[0].id: "null" is reserved: it names the positions no strategy opened; choose another id',
  },
  {
    name: 'secret-in-strategy-params',
    expected: '14:28 strategies[0].params.signalToken: secrets must not be written in the file',
  },
  { name: 'sim-with-url', expected: '3:8 venue.url: mode sim runs the embedded simulator' },
  {
    name: 'stale-not-above-poll',
    expected: '3:17 market.staleAfterMs: must be greater than pollIntervalMs (5000)',
  },
  {
    name: 'strategy-limit-above-account',
    expected: '14:26 strategies[0].risk.maxLeverage: 20 exceeds risk.account.maxLeverage (5)',
  },
  { name: 'top-level-list', expected: '1:1 expected a mapping of settings at the top level, got a list' },
  { name: 'typo-in-key', expected: '2:3 market.pollIntervalMS: unknown key; did you mean "pollIntervalMs"?' },
  { name: 'unknown-nested-key', expected: '3:3 venue.proxy: unknown key; expected one of url, chainId' },
  { name: 'unknown-top-level-key', expected: '10:1 strategys: unknown key; did you mean "strategies"?' },
  { name: 'url-with-credentials', expected: '2:8 venue.url: credentials must not be written in the URL' },
  {
    name: 'wrong-type-timeout',
    expected: '2:14 venue.timeoutMs: expected a whole number of milliseconds from 100 to 120000',
  },
  { name: 'yaml-duplicate-key', expected: '5:3 venue.chainId: duplicate key' },
  { name: 'yaml-multiple-documents', expected: '11:1 more than one YAML document' },
  { name: 'yaml-syntax-unclosed-flow', expected: '3:1 risk: invalid YAML: flow map in block collection' },
  { name: 'yaml-tab-indentation', expected: '3:1 tab used for indentation' },
  { name: 'yaml-unknown-tag', expected: '1:7 unknown YAML tag' },
];
