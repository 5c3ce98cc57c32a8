import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { type FakeBotApi, fakeBotApi } from '../operate/telegram/support/fakeBotApi.ts';
import { ALICE, BOB, TOKEN, TOKEN_VAR } from '../operate/telegram/support/telegramKernel.ts';
import { fastConfig, perpflow, tempDir, until } from './runHarness.ts';

let api: FakeBotApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const nowS = () => Math.floor(new SystemClock().now() / 1000);

describe('perpflow run with a Telegram bot', () => {
  it('answers /status; after a restart refuses a command sent while it was down; the token is in no output', async () => {
    const fake = await fakeBotApi(TOKEN);
    api = fake;
    const dir = tempDir();
    const cfg = fastConfig(dir, {
      mode: 'dry-run',
      extra: `telegram:
  botToken: \${env:${TOKEN_VAR}}
  apiRoot: ${fake.apiRoot}
  users: [{ id: ${ALICE.id}, role: operator }, { id: ${BOB.id}, role: viewer }]
`,
    });
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host'), [TOKEN_VAR]: TOKEN };
    // Up, and into the next whole second: a command from the second it started in may predate it.
    const started = async (p: ReturnType<typeof perpflow>) => {
      const line = 'telegram: @perpflow_test_bot, 2 allowed users';
      await until(() => p.lines.some((l) => l.includes(line)), 45_000, 'telegram', p);
      const at = nowS();
      await until(() => nowS() > at, 2_000, 'the next second');
    };

    const first = perpflow(['run', cfg], process.cwd(), env);
    await started(first);
    fake.send(ALICE, '/status', nowS());
    await until(() => fake.texts().length === 1, 15_000, 'the /status reply', first);
    expect(fake.texts()[0]).toMatch(
      /^bot · dry-run · ACTIVE\nequity [+-]\d+\.\d\d\npositions \d+\nopen requests \d+$/,
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    fake.send(ALICE, '/halt', nowS());
    const second = perpflow(['run', cfg], process.cwd(), env);
    await started(second);
    await until(() => fake.texts().length === 2, 15_000, 'the refusal', second);
    expect(fake.texts()[1]).toBe(
      'Not done: this was sent while the bot was down. Send it again if you still mean it.',
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect([...first.lines, ...second.lines].filter((l) => l.includes(TOKEN))).toEqual([]);
    expect(fake.calls.filter((c) => c.payload.reply_markup !== undefined)).toEqual([]);
  }, 120_000);
});
