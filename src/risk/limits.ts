import { z } from 'zod';
import { accountLimitsShape, strategyLimitsSchema } from '../config/sections/risk.ts';
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

/** Any subset of the account limits: the YAML schema (config/sections/risk.ts) is their one definition. */
const partialAccount = z.strictObject(accountLimitsShape).partial();

/** The YAML shape of a strategy's limits, derived from the config schema. */
export type LimitSetConfig = z.input<typeof strategyLimitsSchema>;

export interface RiskConfig {
  readonly account?: z.input<typeof partialAccount>;
  readonly killSwitch?: { readonly closeAllOnHalt?: boolean };
}

function parse<T>(schema: z.ZodType<T>, where: string, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const [first] = r.error.issues;
  const path = [where, ...(first?.path ?? []).map(String)].join('.');
  throw new ConfigError(`${path}: ${first?.message ?? 'invalid'}`);
}

/** Money as Decimal, everything else as the schema gave it; absent limits stay absent. */
function limitSet(c: z.output<typeof partialAccount>): AccountLimits {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) {
    if (v === undefined) continue;
    const isMoney = k === 'maxNotionalPerPosition' || k === 'maxTotalNotional' || k === 'dailyLossLimit';
    out[k] = isMoney ? dec(v as number) : v;
  }
  return out as AccountLimits;
}

/** Builds RiskOptions from `risk` and `strategies[].risk` of the YAML config (any subset of limits). */
export function riskOptionsFromConfig(
  risk: RiskConfig | undefined,
  strategies: readonly { readonly id: string; readonly risk?: LimitSetConfig }[] = [],
): RiskOptions {
  return {
    account: limitSet(parse(partialAccount, 'risk.account', risk?.account)),
    strategies: Object.fromEntries(
      strategies.map((s, i) => [
        s.id,
        limitSet(
          parse(strategyLimitsSchema, `strategies[${i}].risk`, s.risk) as z.output<typeof partialAccount>,
        ),
      ]),
    ),
    closeAllOnHalt: risk?.killSwitch?.closeAllOnHalt ?? false,
  };
}
