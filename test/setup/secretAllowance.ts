/**
 * The one way a test may let a secret through a channel: by design and in writing. An allowance
 * names the exact channel and the exact secret; an allowance the file never needed fails the scan,
 * so none outlives its reason. Every use is listed in test/security/README.md.
 */
export interface SecretAllowance {
  readonly source: string;
  readonly secret: string;
  readonly reason: string;
}

export const allowances: SecretAllowance[] = [];

/** Lets `secret` appear in channel `source` (e.g. `error:AuthError`) for the rest of this test file. */
export function allowSecretIn(source: string, secret: string, reason: string): void {
  if (reason.trim() === '') throw new Error('allowSecretIn: give the reason the secret may appear');
  allowances.push({ source, secret, reason });
}
