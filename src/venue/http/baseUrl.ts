import { ConfigError } from '../../errors/ConfigError.ts';

/** The simulator's in-process transport is addressed as `http://<name>.invalid` (RFC 2606: never resolvable). */
export const IN_PROCESS_BASE_URL = 'http://simulator.invalid';

function isLoopbackOrUnroutable(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  if (host === 'invalid' || host.endsWith('.invalid')) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Parses the venue base URL (the host root, without `/v1`) and refuses plain HTTP anywhere but
 * loopback: keys and JWTs must never cross a network in clear text. The in-process transport
 * sends nothing over a network; it is addressed with a `.invalid` host, which no resolver will
 * ever route, so a custom fetch cannot be used to smuggle a key over plain HTTP.
 */
export function parseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`venue base URL: not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.username !== '' || url.password !== '')
    throw new ConfigError('venue base URL: must not carry credentials');
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`venue base URL: unsupported scheme ${url.protocol} (use https)`);
  if (url.protocol === 'http:' && !isLoopbackOrUnroutable(url.hostname))
    throw new ConfigError(
      `venue base URL: ${url.origin} must use https (plain http is allowed only for loopback hosts, and for the in-process simulator at ${IN_PROCESS_BASE_URL})`,
    );
  if (url.search !== '' || url.hash !== '')
    throw new ConfigError('venue base URL: must not have a query or fragment');
  return url.href.replace(/\/+$/, '').replace(/\/v1$/, '');
}
