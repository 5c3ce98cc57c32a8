/** A seeded uniform source in [0, 1): the samplers' only randomness. */
export type Rng = () => number;

/** splitmix32: mixes a seed so that nearby seeds (trial 7, trial 8) start far apart. */
function mix(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * sfc32 seeded from (seed, stream): a trial's draws depend only on the study's seed and the
 * trial's number, so a resumed study samples what an uninterrupted one would have.
 */
export function seededRng(seed: number, stream = 0): Rng {
  let a = mix(seed);
  let b = mix(a ^ stream);
  let c = mix(b + 0x6a09e667);
  let d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}
