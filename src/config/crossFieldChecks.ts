import type { z } from 'zod';
import { isKeyed } from '../domain/isRecord.ts';
import { envRef } from './envReference.ts';
import { isLoopbackHost } from './primitives.ts';
import { accountDefaultsFor } from './riskDefaults.ts';
import { consoleExposureProblems } from './sections/console.ts';
import { REQUIRED_LIVE_LIMITS, STRATEGY_LIMIT_NAMES } from './sections/risk.ts';

/**
 * Rules that span sections. They run even when other parts of the file are invalid, so that a
 * person sees every problem at once; hence they read the value defensively.
 */
type Ctx = z.RefinementCtx;

function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const part of path) {
    if (!isKeyed(current)) return undefined;
    current = current[part];
  }
  return current;
}

function issue(ctx: Ctx, path: (string | number)[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

function isLoopbackUrl(text: string): boolean {
  try {
    return isLoopbackHost(new URL(text).hostname);
  } catch {
    return false;
  }
}

function checkMode(config: unknown, ctx: Ctx): void {
  const mode = at(config, 'mode');
  if (mode === 'live') {
    if (at(config, 'venue', 'url') == null)
      issue(
        ctx,
        ['venue', 'url'],
        'mode live needs the venue URL (https://…); null means the embedded simulator',
      );
    if (at(config, 'venue', 'apiKey') == null)
      issue(ctx, ['venue', 'apiKey'], `mode live needs an API key: apiKey: ${envRef('PERPFLOW_API_KEY')}`);
    if (at(config, 'venue', 'subaccount') == null)
      issue(
        ctx,
        ['venue', 'subaccount'],
        `mode live needs the subaccount address: subaccount: ${envRef('PERPFLOW_SUBACCOUNT')}`,
      );
  }
  if (mode === 'live')
    for (const key of REQUIRED_LIVE_LIMITS)
      if (at(config, 'risk', 'account', key) === undefined)
        issue(
          ctx,
          ['risk', 'account', key],
          'mode live needs this limit written in the file (no default for real money): set it to an amount you can lose',
        );
  const url = at(config, 'venue', 'url');
  if (mode === 'sim' && typeof url === 'string' && !isLoopbackUrl(url))
    issue(
      ctx,
      ['venue', 'url'],
      'mode sim runs the embedded simulator (venue.url null) or a `perpflow sim` on loopback, never a remote venue; use mode dry-run or live',
    );
}

function checkUnique(config: unknown, ctx: Ctx, list: string, key: string, what: string): void {
  const items = at(config, list);
  if (!Array.isArray(items)) return;
  const first = new Map<unknown, number>();
  items.forEach((item, i) => {
    const value = at(item, key);
    if (typeof value !== 'string') return;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, i);
    else issue(ctx, [list, i, key], `duplicate ${what} "${value}" (already used by ${list}[${earlier}])`);
  });
}

const isLimit = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

function checkStrategyLimits(config: unknown, ctx: Ctx): void {
  const strategies = at(config, 'strategies');
  if (!Array.isArray(strategies)) return;
  const mode = at(config, 'mode');
  const defaults = accountDefaultsFor(
    mode === 'live' || mode === 'sim' || mode === 'backtest' ? mode : 'dry-run',
  );
  strategies.forEach((_, i) => {
    for (const name of STRATEGY_LIMIT_NAMES) {
      const own = at(strategies, i, 'risk', name);
      const account = at(config, 'risk', 'account', name) ?? defaults[name];
      // An account limit that is itself invalid (zero, negative) has its own error; comparing
      // against it would only add a follow-on that blames the strategy.
      if (typeof own === 'number' && isLimit(account) && own > account)
        issue(
          ctx,
          ['strategies', i, 'risk', name],
          `${own} exceeds risk.account.${name} (${account}${at(config, 'risk', 'account', name) === undefined ? `, the ${String(mode ?? 'dry-run')} default` : ''})`,
        );
    }
  });
}

/** Each `shadow` id names a strategy of this file: a typo would shadow nothing, silently. */
function checkShadow(config: unknown, ctx: Ctx): void {
  const shadow = at(config, 'shadow');
  const strategies = at(config, 'strategies');
  if (!Array.isArray(shadow) || !Array.isArray(strategies)) return;
  const ids = strategies.map((s) => at(s, 'id')).filter((id) => typeof id === 'string');
  shadow.forEach((id, i) => {
    if (typeof id === 'string' && !ids.includes(id))
      issue(
        ctx,
        ['shadow', i],
        `unknown strategy id "${id}": shadow names strategies of this file (${ids.length === 0 ? 'none configured' : `strategies[].id: ${ids.join(', ')}`})`,
      );
  });
}

export function crossFieldChecks(config: unknown, ctx: Ctx): void {
  checkMode(config, ctx);
  checkUnique(config, ctx, 'strategies', 'id', 'strategy id');
  checkUnique(config, ctx, 'schedule', 'name', 'job name');
  checkStrategyLimits(config, ctx);
  checkShadow(config, ctx);
  for (const p of consoleExposureProblems(at(config, 'console'), at(config, 'mode') ?? 'dry-run'))
    issue(ctx, p.path, p.message);
}
