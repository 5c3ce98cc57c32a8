import { RollingExtreme } from './RollingExtreme.ts';

/**
 * The lowest of the last `interval` values in O(1) amortized; exists because trading-signals
 * finds a window's extreme by scanning it on every update (DonchianChannels: O(window)).
 * `null` until `interval` values were added, like the library (RollingMin.test.ts).
 */
export class RollingMin extends RollingExtreme {
  constructor(interval: number) {
    super('RollingMin', interval, false);
  }
}
