import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const PROM_CLIENT = /[\\/]node_modules[\\/]prom-client[\\/]index\.js$/;

/**
 * The text of prom-client's default registry, if a test loaded prom-client; null otherwise (loading
 * it here would cost every test file that never uses it).
 */
export async function promDefaultRegistryText(): Promise<string | null> {
  const id = Object.keys(require.cache).find((k) => PROM_CLIENT.test(k));
  const loaded = id === undefined ? undefined : require.cache[id]?.exports;
  if (loaded === undefined) return null;
  const { register } = loaded as { register: { metrics(): Promise<string> } };
  return register.metrics();
}
