import { mask } from '../../log/redact.ts';

/**
 * The last line of defence of every response and push message: a text that holds one of the
 * config's secret values (API key, password hashes, webhook URLs, the CLI's token) has it masked,
 * and `onLeak` names where. Views never put a secret in; this makes "never" hold if one did.
 */
export function secretGuard(secrets: readonly string[], onLeak: (where: string) => void) {
  // Short values would mask ordinary words; a secret of under 8 characters protects nothing anyway.
  const values = [...new Set(secrets)].filter((s) => s.length >= 8).sort((a, b) => b.length - a.length);
  return (text: string, where: string): string => {
    let out = text;
    for (const v of values)
      if (out.includes(v)) {
        out = out.split(v).join(mask(v));
        onLeak(where);
      }
    return out;
  };
}
