import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);
export const NODE = 'node_modules/.bin/node';
export const MAIN = 'src/cli/main.ts';
export const CONFIG = 'config/examples/optimize-sma-GOOG.yaml';
export const GOOG = 'GOOG=data/samples/GOOG-1d.csv';

export async function perpflow(args: readonly string[]) {
  try {
    const { stdout, stderr } = await run(NODE, [MAIN, 'optimize', ...args], { maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = z.object({ code: z.number(), stdout: z.string(), stderr: z.string() }).parse(e);
    return err;
  }
}

const metrics = z.record(z.string(), z.number().nullable());
export const studyJson = z.strictObject({
  study: z.string().nullable(),
  strategy: z.string(),
  sampler: z.string(),
  objective: z.string(),
  direction: z.enum(['maximize', 'minimize']),
  seed: z.number(),
  trials: z.array(
    z.strictObject({
      number: z.number(),
      state: z.string(),
      params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
      value: z.number().nullable(),
      metrics,
      attempts: z.number(),
      intermediate: z.record(z.string(), z.number()),
      error: z.string().optional(),
    }),
  ),
  best: z
    .strictObject({
      number: z.number(),
      params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
      inSample: z.strictObject({ from: z.string(), to: z.string(), value: z.number().nullable(), metrics }),
      outOfSample: z
        .strictObject({ from: z.string(), to: z.string(), value: z.number().nullable(), metrics })
        .nullable(),
    })
    .nullable(),
  warnings: z.array(z.string()),
});
