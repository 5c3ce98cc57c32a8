import { join } from 'node:path';
import { expect } from 'vitest';
import { fastConfig, type Proc, perpflow, tempDir, until } from '../run/runHarness.ts';

export interface RunningBot {
  readonly dir: string;
  readonly cfg: string;
  readonly env: Record<string, string>;
}

/**
 * Runs `body` beside a bot of `mode` in a fresh folder, then stops that bot and checks it exits 0.
 * Frozen (SIGSTOP), the bot still holds the journal lease (its process is alive) but saves nothing
 * itself, so whatever changes in the folder is the second start's doing.
 */
export async function besideRunningBot(
  mode: 'dry-run' | 'sim',
  o: { readonly frozen: boolean },
  body: (bot: RunningBot) => Promise<void>,
): Promise<void> {
  const dir = tempDir();
  const cfg = fastConfig(dir, { mode });
  const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
  const first = perpflow(['run', cfg], process.cwd(), env);
  await until(() => first.count(/ status: http/) >= 1, 45_000, 'the first bot to start', first);
  if (o.frozen) first.child.kill('SIGSTOP');
  try {
    await body({ dir, cfg, env });
  } finally {
    if (o.frozen) first.child.kill('SIGCONT');
  }
  first.child.kill('SIGINT');
  expect(await first.exited).toBe(0);
}

/** `perpflow run CONFIG ...flags` once it ended or ran (a start that runs is then killed). */
export async function secondStart(bot: RunningBot, ...flags: string[]): Promise<Proc> {
  const second = perpflow(['run', bot.cfg, ...flags], process.cwd(), bot.env);
  try {
    await until(
      () => second.child.exitCode !== null || second.count(/ status: http/) >= 1,
      45_000,
      'the second start to end or run',
      second,
    );
  } finally {
    if (second.child.exitCode === null) second.child.kill('SIGKILL');
  }
  return second;
}
