import { RollingExtreme } from './RollingExtreme.ts';

/**
 * The highest of the last `interval` values in O(1) amortized; exists because trading-signals
 * finds a window's extreme by scanning it on every update (DonchianChannels: O(window)).
 * `null` until `interval` values were added, like the library (RollingMax.test.ts).
 */
export class RollingMax extends RollingExtreme {
  constructor(interval: number) {
    super('RollingMax', interval, true);
  }
}
