import type { VirtualClock } from '../../clock/VirtualClock.ts';
import type { VenueFetch } from '../transport.ts';

/** A scripted venue for unit tests of the wire layer: answers in order, counts what arrives. */
export interface ScriptedVenue {
  readonly fetch: VenueFetch;
  readonly requests: Request[];
  /** The body text of each request, read on arrival. */
  readonly bodies: string[];
}

export type Scripted = Response | Error | 'hang' | (() => Response);

export function scriptedVenue(answers: readonly Scripted[]): ScriptedVenue {
  const requests: Request[] = [];
  const bodies: string[] = [];
  let i = 0;
  const fetch: VenueFetch = async (request) => {
    requests.push(request);
    bodies.push(await request.text());
    const answer = answers[Math.min(i++, answers.length - 1)];
    if (answer === undefined) throw new Error('scripted venue: no answer');
    if (answer === 'hang') return new Promise<Response>(() => undefined);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  };
  return { fetch, requests, bodies };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function envelope(data: unknown, status = 200): Response {
  return json(status, { success: true, statusMessage: 'OK', data });
}

export function failure(status: number, code: string | undefined, message: string, headers = {}): Response {
  return json(
    status,
    { success: false, statusMessage: message, data: null, ...(code ? { error: { code, message } } : {}) },
    headers,
  );
}

/** Runs a promise to completion on a virtual clock, firing timers (backoff, time-outs) as needed. */
export async function settleOn<T>(clock: VirtualClock, promise: Promise<T>, limitMs = 600_000): Promise<T> {
  let done = false;
  const tracked = promise.then(
    (v) => {
      done = true;
      return v;
    },
    (e: unknown) => {
      done = true;
      throw e;
    },
  );
  tracked.catch(() => undefined);
  await clock.runUntil(() => done, limitMs);
  return tracked;
}
