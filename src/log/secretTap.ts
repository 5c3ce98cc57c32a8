import type { TappedOutput } from './findLeaks.ts';

/**
 * A process-wide tap for the suite-wide secret scan. When a test run enables it, every secret the
 * program mints (API keys, JWTs, tokens) and every text it produces for a person or a file (log
 * lines, events, journal rows, error messages, metrics) is collected, so one check can prove that no
 * secret, whole or in part, left through any of them. Disabled (production), each call is one
 * boolean test; hot paths guard with `if (secretTap.enabled)` before building the text.
 */
export const secretTap: {
  enabled: boolean;
  readonly secrets: Set<string>;
  readonly outputs: TappedOutput[];
} = {
  enabled: false,
  secrets: new Set<string>(),
  outputs: [],
};

/** A secret the program created or was given: the scan looks for it and for any 16+ character piece. */
export function noteSecret(secret: string): void {
  if (secretTap.enabled && secret.length > 0) secretTap.secrets.add(secret);
}

/** Text that left, or could leave, the process: `source` names the channel (log, event, journal, error, metric). */
export function noteOutput(source: string, text: string): void {
  if (secretTap.enabled) secretTap.outputs.push({ source, text });
}
