import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeBotApi, fakeBotApi } from './support/fakeBotApi.ts';
import { TOKEN, TOKEN_VAR } from './support/telegramKernel.ts';

const run = promisify(execFile);
let api: FakeBotApi | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function perpflow(args: readonly string[], env: Record<string, string>) {
  const main = join(process.cwd(), 'src/cli/main.ts');
  const node = join(process.cwd(), 'node_modules/.bin/node');
  try {
    const r = await run(node, [main, ...args], { env: { ...process.env, ...env } });
    return { code: 0, ...r };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

function config(apiRoot: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'perpflow-tg-check-')), 'bot.yaml');
  writeFileSync(
    file,
    `telegram:
  botToken: \${env:${TOKEN_VAR}}
  apiRoot: ${apiRoot}
  users:
    - { id: 111, role: operator, name: alice }
    - { id: 222, role: viewer }
`,
  );
  return file;
}

describe('perpflow telegram check', () => {
  it('confirms the token and every allowed user (exit 0)', async () => {
    api = await fakeBotApi(TOKEN);
    const r = await perpflow(['telegram', 'check', config(api.apiRoot)], { [TOKEN_VAR]: TOKEN });
    const host = new URL(api.apiRoot).host;
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: `token: ok, @perpflow_test_bot (bot id 42) at ${host}\nuser 111 (operator, alice): ok @user111\nuser 222 (viewer): ok @user222\n`,
      stderr: '',
    });
  });

  it('says which user cannot be reached yet, and exits 1', async () => {
    api = await fakeBotApi(TOKEN);
    api.state.strangers.push(222);
    const r = await perpflow(['telegram', 'check', config(api.apiRoot)], { [TOKEN_VAR]: TOKEN });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[2]).toBe(
      'user 222 (viewer): not reachable; they must open @perpflow_test_bot in Telegram and press Start',
    );
  });

  it('a token the Bot API refuses: exit 1, and the token is in no output', async () => {
    api = await fakeBotApi('7000000002:AAanotherTokenForTheServerAbcdefghijklm');
    const r = await perpflow(['telegram', 'check', config(api.apiRoot)], { [TOKEN_VAR]: TOKEN });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^token: refused or unanswered by 127\.0\.0\.1:\d+ \(.*401.*\)\n$/);
    expect(`${r.stdout}${r.stderr}`).not.toContain(TOKEN);
  });
});
