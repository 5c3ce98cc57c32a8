// @ts-check
// The page clock for ages ("open 12 s"): re-renders its component every `ms`.
import { useEffect, useState } from '../vendor/preact-hooks.mjs';

/** @param {number} ms */
export function useNow(ms) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
