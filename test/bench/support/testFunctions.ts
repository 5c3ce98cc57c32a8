import type { SearchSpace } from '../../../src/config/searchSpace.ts';

/** A standard minimisation test function over a box (the same formulas as optunaTpe.py). */
export interface TestFunction {
  readonly name: string;
  readonly space: SearchSpace;
  readonly f: (x: readonly number[]) => number;
  /** The known global minimum, for the table. */
  readonly minimum: number;
}

const box = (n: number, low: number, high: number): SearchSpace => ({
  params: Array.from({ length: n }, (_, i) => ({
    name: `x${i}`,
    domain: { kind: 'float', low, high, log: false },
  })),
  constraints: [],
});

const A = [
  [10, 3, 17, 3.5, 1.7, 8],
  [0.05, 10, 17, 0.1, 8, 14],
  [3, 3.5, 1.7, 10, 17, 8],
  [17, 8, 0.05, 10, 0.1, 14],
];
const P = [
  [0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886],
  [0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991],
  [0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.665],
  [0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381],
];
const ALPHA = [1.0, 1.2, 3.0, 3.2];

export const TEST_FUNCTIONS: readonly TestFunction[] = [
  {
    name: 'branin',
    space: {
      params: [
        { name: 'x0', domain: { kind: 'float', low: -5, high: 10, log: false } },
        { name: 'x1', domain: { kind: 'float', low: 0, high: 15, log: false } },
      ],
      constraints: [],
    },
    f: ([x1 = 0, x2 = 0]) => {
      const b = 5.1 / (4 * Math.PI ** 2);
      const c = 5 / Math.PI;
      return (x2 - b * x1 ** 2 + c * x1 - 6) ** 2 + 10 * (1 - 1 / (8 * Math.PI)) * Math.cos(x1) + 10;
    },
    minimum: 0.397887,
  },
  {
    name: 'hartmann6',
    space: box(6, 0, 1),
    f: (x) => {
      let total = 0;
      for (let i = 0; i < 4; i++) {
        let inner = 0;
        for (let j = 0; j < 6; j++) inner += (A[i]?.[j] ?? 0) * ((x[j] ?? 0) - (P[i]?.[j] ?? 0)) ** 2;
        total += (ALPHA[i] ?? 0) * Math.exp(-inner);
      }
      return -total;
    },
    minimum: -3.32237,
  },
  {
    name: 'rosenbrock10',
    space: box(10, -5, 10),
    f: (x) => {
      let s = 0;
      for (let i = 0; i < 9; i++)
        s += 100 * ((x[i + 1] ?? 0) - (x[i] ?? 0) ** 2) ** 2 + (1 - (x[i] ?? 0)) ** 2;
      return s;
    },
    minimum: 0,
  },
];
