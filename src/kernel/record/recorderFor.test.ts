import { describe, expect, it } from 'vitest';
import { envRef } from '../../config/envReference.ts';
import { parseConfig } from '../../config/loadConfig.ts';
import { recordingPathFor, recordsByConfig } from './recorderFor.ts';

const config = (text: string) => parseConfig(text, '/srv/bot/bot.yaml', { env: {} });

describe('which runs record, and where', () => {
  it('live and sim by default, beside the journal; never a dry run, whatever the config says', () => {
    expect(recordsByConfig(config('mode: sim\n'))).toBe(true);
    expect(recordsByConfig(config('mode: sim\nrecord: { enabled: false }\n'))).toBe(false);
    expect(recordsByConfig(config('mode: dry-run\nrecord: { enabled: true }\n'))).toBe(false);
    expect(recordingPathFor(config('mode: sim\njournal: { path: /srv/bot/j.sqlite }\n'))).toBe(
      '/srv/bot/j.sqlite.rec',
    );
    expect(recordingPathFor(config('mode: sim\nrecord: { path: /srv/rec/bot.rec }\n'))).toBe(
      '/srv/rec/bot.rec',
    );
  });

  it('live too; never a backtest', () => {
    const live = parseConfig(
      `mode: live\nvenue:\n  url: https://venue.example\n  apiKey: ${envRef('K')}\n  subaccount: ${envRef('S')}\nrisk:\n  account: { maxOpenPositions: 2, maxNotionalPerPosition: 100, maxTotalNotional: 100, maxLeverage: 2, maxIntentsPerMinute: 10, dailyLossLimit: 10, maxDrawdownPct: 10 }\n`,
      '/srv/bot/bot.yaml',
      { env: { K: `ix.${'ab12'.repeat(16)}`, S: `0x${'1'.repeat(40)}` } },
    );
    expect(recordsByConfig(live)).toBe(true);
    expect(recordsByConfig(config('mode: backtest\n'))).toBe(false);
  });
});
