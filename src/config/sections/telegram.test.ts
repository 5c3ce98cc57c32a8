import { describe, expect, it } from 'vitest';
import { envRef } from '../envReference.ts';
import { parseConfig } from '../loadConfig.ts';
import { configProblemOf } from './configProblemOf.ts';

const TOKEN = '7000000003:AAconfigTestTokenAbcdefghijklmnopqrstu';

const problems = configProblemOf;

describe('the telegram section', () => {
  it('takes the token by env reference and the allow-list by user id and role', () => {
    const c = parseConfig(
      `telegram:\n  botToken: ${envRef('TG')}\n  users: [{ id: 123456789, role: operator }]\n`,
      'bot.yaml',
      { env: { TG: TOKEN } },
    );
    expect(c.telegram.botToken).toBe(TOKEN);
    expect(c.telegram.users).toEqual([{ id: 123456789, role: 'operator' }]);
    expect(c.telegram.maxCommandAgeS).toBe(60);
  });

  it('refuses a token written in the file, at its line and column, without repeating it', () => {
    const message = problems(`telegram:\n  botToken: "${TOKEN}"\n`);
    expect(message).toMatch(/^bot\.yaml:2:\d+ telegram\.botToken: secrets must not be written in the file/);
    expect(message).not.toContain(TOKEN);
  });

  it('names a bad role and a user name given where the id belongs, each at its place', () => {
    const message = problems(
      `telegram:\n  botToken: ${envRef('TG')}\n  users:\n    - { id: 1, role: admin }\n    - { id: "@alice", role: viewer }\n`,
      { TG: TOKEN },
    );
    expect(message).toContain(
      'bot.yaml:4:22 telegram.users[0].role: expected viewer (reads only) or operator (reads and acts)',
    );
    expect(message).toContain(
      'bot.yaml:5:13 telegram.users[1].id: expected a Telegram user id: a positive number (@userinfobot tells yours), not a @name',
    );
  });
});
