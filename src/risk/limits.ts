import { type Decimal, dec } from '../domain/money.ts';
import { ConfigError } from '../errors/ConfigError.ts';

/** Limits that apply to one strategy, or to the whole account. Absent = unlimited. */
export interface LimitSet {
  readonly maxOpenPositions?: number;
  readonly maxNotionalPerPosition?: Decimal;
  readonly maxTotalNotional?: Decimal;
  readonly maxLeverage?: number;
  readonly maxIntentsPerMinute?: number;
}

export interface AccountLimits extends LimitSet {
  /** Quote currency; realised today + unrealised below −limit latches a halt. */
  readonly dailyLossLimit?: Decimal;
  /** Percent below the equity peak that latches a halt. */
  readonly maxDrawdownPct?: number;
  /** N unknown outcomes within `window` latches a halt (an error burst). */
  readonly maxUnknownOutcomes?: { readonly count: number; readonly windowMs: number };
}

export interface RiskOptions {
  readonly account: AccountLimits;
  readonly strategies: Readonly<Record<string, LimitSet>>;
  readonly closeAllOnHalt: boolean;
}

/** The YAML shape (config helper's names): numbers for money, converted here with dec(). */
export interface LimitSetConfig {
  readonly maxOpenPositions?: number;
  readonly maxNotionalPerPosition?: number;
  readonly maxTotalNotional?: number;
  readonly maxLeverage?: number;
  readonly maxIntentsPerMinute?: number;
}

export interface RiskConfig {
  readonly account?: LimitSetConfig & { readonly dailyLossLimit?: number; readonly maxDrawdownPct?: number };
  readonly killSwitch?: { readonly closeAllOnHalt?: boolean };
}

function money(where: string, v: number | undefined): Decimal | undefined {
  if (v === undefined) return undefined;
  if (!Number.isFinite(v) || v < 0) throw new ConfigError(`${where} must be a number ≥ 0, got ${v}`);
  return dec(v);
}

function count(where: string, v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isFinite(v) || v < 0) throw new ConfigError(`${where} must be a number ≥ 0, got ${v}`);
  return v;
}

function limitSet(where: string, c: LimitSetConfig | undefined): LimitSet {
  const out: Record<string, unknown> = {
    maxOpenPositions: count(`${where}.maxOpenPositions`, c?.maxOpenPositions),
    maxNotionalPerPosition: money(`${where}.maxNotionalPerPosition`, c?.maxNotionalPerPosition),
    maxTotalNotional: money(`${where}.maxTotalNotional`, c?.maxTotalNotional),
    maxLeverage: count(`${where}.maxLeverage`, c?.maxLeverage),
    maxIntentsPerMinute: count(`${where}.maxIntentsPerMinute`, c?.maxIntentsPerMinute),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as LimitSet;
}

/** Builds RiskOptions from `risk` and `strategies[].risk` of the YAML config. */
export function riskOptionsFromConfig(
  risk: RiskConfig | undefined,
  strategies: readonly { readonly id: string; readonly risk?: LimitSetConfig }[] = [],
): RiskOptions {
  const account: Record<string, unknown> = {
    ...limitSet('risk.account', risk?.account),
    dailyLossLimit: money('risk.account.dailyLossLimit', risk?.account?.dailyLossLimit),
    maxDrawdownPct: count('risk.account.maxDrawdownPct', risk?.account?.maxDrawdownPct),
  };
  for (const k of Object.keys(account)) if (account[k] === undefined) delete account[k];
  return {
    account: account as AccountLimits,
    strategies: Object.fromEntries(
      strategies.map((s, i) => [s.id, limitSet(`strategies[${i}].risk`, s.risk)]),
    ),
    closeAllOnHalt: risk?.killSwitch?.closeAllOnHalt ?? false,
  };
}
