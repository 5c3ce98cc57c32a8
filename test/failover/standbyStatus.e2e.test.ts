import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { launched, OLD_NODE } from '../cli/launched.ts';
import { until } from '../run/runHarness.ts';
import { isStandby, isTrading } from './failoverHarness.ts';
import { failoverSuite } from './failoverSuite.ts';

const { setUp, bot, track } = failoverSuite();

describe('a standby on `status.port: 0`', () => {
  it('logs where its /health is, and that /health answers standby', async () => {
    const { cfg } = await setUp(21);
    const active = bot(cfg);
    await until(() => isTrading(active), 30_000, 'the active trading', active);
    const standby = bot(cfg);
    await until(() => isStandby(standby), 30_000, 'the standby', standby);
    const where = /INFO {2}standby status: (http:\/\/127\.0\.0\.1:\d+)\/health and \S+\/metrics$/;
    await until(() => standby.count(where) === 1, 10_000, 'the standby to say where its /health is', standby);
    const url = where.exec(standby.lines.find((l) => where.test(l)) ?? '')?.[1];
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', detail: { role: 'standby' } });
  }, 120_000);

  it.skipIf(!existsSync(OLD_NODE))(
    "names the pid of the active's launcher (bin/perpflow.js), the one its operator started",
    async () => {
      const { cfg } = await setUp(22);
      const active = track(launched(['run', cfg]));
      await until(() => isTrading(active), 30_000, 'the active trading', active);
      const standby = bot(cfg);
      await until(() => isStandby(standby), 30_000, 'the standby', standby);
      const said = standby.lines.find((l) => /INFO {2}standby: /.test(l)) ?? '';
      expect(said).toMatch(
        new RegExp(
          `standby: pid \\d+ on \\S+, started as pid ${active.child.pid} \\(bin/perpflow\\.js\\) \\(token`,
        ),
      );
    },
    120_000,
  );
});
