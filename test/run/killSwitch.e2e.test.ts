import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, perpflowOutput, tempDir, until } from './runHarness.ts';

/** `perpflow ARGS` from an unrelated working directory, with the test's host-wide directory. */
const cli = (args: string[], env: Record<string, string>, cwd: string) => perpflowOutput(args, cwd, env);

describe('the kill switch finds the running bot whatever its mode', () => {
  it('a bare `perpflow halt` halts a running dry run (its own journal), `resume` is logged by it, and once it stopped a bare halt exits 2 naming its journal', async () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const bot = perpflow(['run', cfg], process.cwd(), env);
    try {
      // Registered: trading, with its signals bound.
      const entry = join(env.PERPFLOW_HOST_DIR, `bot-${bot.child.pid}.json`);
      await until(() => existsSync(entry), 45_000, 'the bot to register', bot);

      const halt = await cli(['halt', '--json'], env, elsewhere);
      expect(halt.code).toBe(0);
      const out = JSON.parse(halt.stdout) as {
        halted: { journal: string; signalled: { pid: number; mode: string }[] }[];
      };
      expect(out.halted).toEqual([
        {
          journal: join(dir, 'journal.dry-run.sqlite'),
          signalled: [expect.objectContaining({ pid: bot.child.pid, mode: 'dry-run' })],
        },
      ]);
      await until(() => bot.count(/HALT_SIGNAL: halt requested/) === 1, 20_000, 'the bot to halt', bot);
      const status = await cli(
        ['status', '--json', '--journal', join(dir, 'journal.dry-run.sqlite')],
        env,
        elsewhere,
      );
      expect(JSON.parse(status.stdout)).toMatchObject({ tradingState: 'halted' });
      // The signal is audited as the operator's halt (it names no user: the CLI's kill switch).
      const audit = async () =>
        (
          JSON.parse(
            (
              await cli(
                ['status', '--json', '--journal', join(dir, 'journal.dry-run.sqlite')],
                env,
                elsewhere,
              )
            ).stdout,
          ) as { audit: { action: { kind: string }; actor: { name: string } }[] }
        ).audit.map((e) => [e.action.kind, e.actor.name]);
      expect(await audit()).toEqual([['halt', 'perpflow halt']]);

      const resume = await cli(['resume'], env, elsewhere);
      expect(resume.code).toBe(0);
      await until(() => bot.count(/resumed by the operator/) === 1, 20_000, 'the bot to log the resume', bot);
      expect(await audit()).toEqual([
        ['resume', 'perpflow resume'],
        ['halt', 'perpflow halt'],
      ]);
      expect(bot.count(/HALT_SIGNAL: halt requested/)).toBe(1);
    } finally {
      bot.child.kill('SIGINT');
      expect(await bot.exited).toBe(0);
    }
    const after = await cli(['halt'], env, elsewhere);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('no perpflow bot is running on this host');
    expect(after.stderr).toContain(join(dir, 'journal.dry-run.sqlite'));
  }, 120_000);
});
