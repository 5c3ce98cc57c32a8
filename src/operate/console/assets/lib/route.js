// @ts-check
// Hash routes (#/dashboard, #/market/BTCUSDT, …): the server serves one page, links still work.
import { useEffect, useState } from '../vendor/preact-hooks.mjs';

/** @returns {readonly string[]} the route's parts, e.g. ['market', 'BTCUSDT'] */
function parts() {
  const p = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return p.length === 0 ? ['dashboard'] : p;
}

export function useRoute() {
  const [route, setRoute] = useState(parts);
  useEffect(() => {
    const on = () => setRoute(parts());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}

/** @param {...string} p */
export function href(...p) {
  return `#/${p.map(encodeURIComponent).join('/')}`;
}
