import { describe, expect, it } from 'vitest';
import { describeError, redactText } from './redact.ts';
import { secretTap } from './secretTap.ts';

const TOKEN = '7123456789:AAHf3kq-Zx9_yT2mPq8LrS0vWcB4nJd6E1g';

describe('redactor: Telegram bot tokens', () => {
  it('masks a bare token to its first and last four characters and notes it for the secret scan', () => {
    secretTap.secrets.delete(TOKEN);
    expect(redactText(`token ${TOKEN} refused`)).toBe('token 7123…6E1g refused');
    expect(secretTap.secrets.has(TOKEN)).toBe(true);
  });

  it('masks a token inside a Bot API URL, as an HTTP error would print it', () => {
    const e = new Error(`request to https://api.telegram.org/bot${TOKEN}/getMe failed`);
    expect(describeError(e)).not.toContain(TOKEN);
    expect(redactText(`/bot${TOKEN}/getUpdates`)).toBe('/bot7123…6E1g/getUpdates');
  });

  it('leaves times, ratios and short ids with colons alone', () => {
    const text = 'at 12:30:05, ratio 3:1, fill 1234567:89 of 2026-11-28T18:37:16Z';
    expect(redactText(text)).toBe(text);
  });
});
