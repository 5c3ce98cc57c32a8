import { fail } from './envelope.ts';
import type { SimHttpResponse } from './types.ts';

/** Parses a raw request body the same way for every transport. */
export function parseJsonBody(
  text: string | undefined,
): { ok: true; value: unknown } | { ok: false; response: SimHttpResponse } {
  if (text === undefined || text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: fail(400, 'VALIDATION', 'body: not valid JSON') };
  }
}

/** Collects repeated query keys into arrays (`?symbols=A&symbols=B`). */
export function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
