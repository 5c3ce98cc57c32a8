import { format } from 'winston';
import { redact, redactText } from './redact.ts';

/**
 * A winston format that redacts every field of a log entry, so even code that logs through
 * the winston instance directly (not through our Logger) cannot leak a secret.
 */
export const redactFormat = format((info) => {
  for (const key of Object.keys(info)) {
    if (key === 'level') continue;
    const value = info[key];
    info[key] = typeof value === 'string' ? redactText(value) : redact(value);
  }
  return info;
});
