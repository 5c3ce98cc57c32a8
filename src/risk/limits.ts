import { z } from 'zod';
import { accountLimitsShape, strategyLimitsSchema } from '../config/sections/risk.ts';
import { isRecord } from '../domain/isRecord.ts';
import { type Decimal, dec } from '../domain/money.ts';
import { ConfigError } from '../errors/ConfigError.ts';

/** Any subset of the account limits: the YAML schema (config/sections/risk.ts) is their one definition. */
const partialAccount = z.strictObject(accountLimitsShape).partial();

/** The limits that are money: Decimal once parsed, as the ledger's sums they are compared with. */
const MONEY_LIMITS = ['maxNotionalPerPosition', 'maxTotalNotional', 'dailyLossLimit'] as const;
type MoneyLimit = (typeof MONEY_LIMITS)[number];
/** A limits schema's parsed shape with its money as Decimal: the schema stays their one definition. */
type Parsed<T> = { readonly [K in keyof T]: K extends MoneyLimit ? Decimal | Exclude<T[K], number> : T[K] };

/** Limits that apply to one strategy (config/sections/risk.ts strategyLimitsSchema). Absent = unlimited. */
export type LimitSet = Parsed<z.output<typeof strategyLimitsSchema>>;

/** The whole account's limits (config/sections/risk.ts accountLimitsShape): the daily loss, drawdown and unknown-outcome halts too. */
export type AccountLimits = Parsed<z.output<typeof partialAccount>>;

export interface RiskOptions {
  readonly account: AccountLimits;
  readonly strategies: Readonly<Record<string, LimitSet>>;
  readonly closeAllOnHalt: boolean;
}

/** The YAML shape of a strategy's limits, derived from the config schema. */
export type LimitSetConfig = z.input<typeof strategyLimitsSchema>;

export interface RiskConfig {
  readonly account?: z.input<typeof partialAccount>;
  readonly killSwitch?: { readonly closeAllOnHalt?: boolean };
}

/** A mapping without its keys written but left empty (`maxLeverage:` in YAML): those are no limit. */
function withoutEmpty(value: unknown): unknown {
  return isRecord(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
    : value;
}

function parse<T>(schema: z.ZodType<T>, where: string, value: unknown): T {
  const r = schema.safeParse(withoutEmpty(value ?? {}));
  if (r.success) return r.data;
  const [first] = r.error.issues;
  const path = [where, ...(first?.path ?? []).map(String)].join('.');
  throw new ConfigError(`${path}: ${first?.message ?? 'invalid'}`);
}

/** Money as Decimal, everything else as the schema gave it; absent limits stay absent. */
function limitSet(c: z.output<typeof partialAccount>): AccountLimits {
  const { maxNotionalPerPosition, maxTotalNotional, dailyLossLimit, ...rest } = c;
  return {
    ...rest,
    ...(maxNotionalPerPosition === undefined ? {} : { maxNotionalPerPosition: dec(maxNotionalPerPosition) }),
    ...(maxTotalNotional === undefined ? {} : { maxTotalNotional: dec(maxTotalNotional) }),
    ...(dailyLossLimit === undefined ? {} : { dailyLossLimit: dec(dailyLossLimit) }),
  };
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
        limitSet(parse(strategyLimitsSchema, `strategies[${i}].risk`, s.risk)),
      ]),
    ),
    closeAllOnHalt: risk?.killSwitch?.closeAllOnHalt ?? false,
  };
}
