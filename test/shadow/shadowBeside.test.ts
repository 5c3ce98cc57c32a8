import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stopShadow } from '../../src/kernel/shadow/shadowBeside.ts';
import { renderDrift } from '../../src/report/drift/renderDrift.ts';
import { driveTo } from '../kernel/support/driveTo.ts';
import { said, shadowBot } from './support/shadowBot.ts';

const running: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});

async function bot(o: Parameters<typeof shadowBot>[0] = {}) {
  const b = await shadowBot(o);
  running.push(b.stop);
  return b;
}

describe("`perpflow run`'s shadow beside a bot", () => {
  it('starts beside a sim bot that shadows a strategy, says so, and its stop logs where the drift ended', async () => {
    const b = await bot();
    expect(b.shadow?.strategies).toEqual(['flip']);
    expect(b.shadow?.kernel.config.mode).toBe('dry-run');
    // Its own lines say whose they are.
    expect(b.lines.filter((l) => l.message.startsWith('shadowing'))).toEqual([
      expect.objectContaining({
        level: 'info',
        component: 'shadow',
        message: `shadowing flip: journal ${join(b.dir, 'j.shadow.dry-run.sqlite')}`,
      }),
    ]);
    await driveTo(b.clock, b.clock.now() + 2 * 60_000);
    const drift = renderDrift(b.shadow?.report() ?? { since: 0, until: null, strategies: [] });
    let stopped = false;
    const stopping = stopShadow(b.shadow, b.log).then(() => {
      stopped = true;
    });
    await b.clock.runUntil(() => stopped, 60_000);
    await stopping;
    expect(said(b.lines, 'info').filter((m) => m === drift)).toHaveLength(1);
    expect(said(b.lines, 'error')).toEqual([]);
    expect(b.shadow?.kernel.executor.alive()).toBe(false);
    expect(b.kernel.executor.alive()).toBe(true);
  }, 60_000);

  it('starts none, and says nothing of it, when the config shadows nothing', async () => {
    const b = await bot({ shadow: [] });
    expect(b.shadow).toBeUndefined();
    expect([...said(b.lines, 'warn'), ...said(b.lines, 'error')]).toEqual([]);
    expect(existsSync(join(b.dir, 'j.shadow.dry-run.sqlite'))).toBe(false);
  });

  it('starts none beside a dry run (its own model), and warns that it is not shadowed', async () => {
    const b = await bot({ mode: 'dry-run' });
    expect(b.shadow).toBeUndefined();
    expect(said(b.lines, 'warn')).toEqual([
      'shadow: a dry-run run is not shadowed (only live and sim are: the drift report)',
    ]);
    expect(existsSync(join(b.dir, 'j.shadow.dry-run.sqlite'))).toBe(false);
  });

  it('that cannot start is logged as an error naming why, and live runs on without it', async () => {
    // The shadow's paper account unreadable (kept: not a fresh start): its dry run refuses to start.
    const paper = (dir: string) => join(dir, 'j.shadow.dry-run.paper.json');
    const b = await bot({
      shadow: ['flip', 'hold'],
      fresh: false,
      prepare: (dir) => writeFileSync(paper(dir), '{ not json'),
    });
    expect(b.shadow).toBeUndefined();
    const [error, ...more] = said(b.lines, 'error');
    expect(more).toEqual([]);
    expect(error).toMatch(/^shadow of flip, hold did not start: .*paper\.json.*; live runs on without it$/);
    expect(b.kernel.executor.alive()).toBe(true);
  });

  it('whose stop fails is logged as an error, not thrown: the bot goes on stopping', async () => {
    const b = await bot();
    let stopped = false;
    const stopping = b.shadow?.stop().then(() => {
      stopped = true;
    });
    await b.clock.runUntil(() => stopped, 60_000);
    await stopping;
    // Its journal closed, the drift it would log at stop cannot be read.
    await stopShadow(b.shadow, b.log);
    expect(said(b.lines, 'error')).toEqual([expect.stringMatching(/^shadow stop failed: .+/)]);
  });

  it('none to stop: stopping it logs nothing', async () => {
    const b = await bot({ shadow: [] });
    const before = b.lines.length;
    await stopShadow(undefined, b.log);
    expect(b.lines.length).toBe(before);
  });
});
