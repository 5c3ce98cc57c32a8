import type { z } from 'zod';
import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowError } from '../../errors/PerpflowError.ts';
import { OutcomeUnknownError, TransientVenueError, VenueProtocolError } from '../../errors/venueErrors.ts';
import type { VenueFetch } from '../transport.ts';
import { buildQuery, type QueryValue } from './buildQuery.ts';
import { describeIssues } from './describeIssues.ts';
import { unwrap } from './envelope.ts';
import { type CallKind, errorForStatus } from './errorForStatus.ts';
import type { RequestBudget } from './requestBudget.ts';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from './retryPolicy.ts';
import { seededRandom } from './seededRandom.ts';
import { transportFailure } from './transportFailure.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallSpec<T> {
  readonly method: HttpMethod;
  /** Starts with `/v1/`; ids in it are fine, credentials never. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue | undefined>>;
  readonly body?: unknown;
  readonly schema: z.ZodType<T>;
  /**
   * A zod-free reader for the common form of a hot answer, returning what `schema` would;
   * undefined hands the payload to `schema`, which has the last word and names what is wrong.
   */
  readonly readFast?: (payload: unknown) => T | undefined;
  /**
   * `read`: safe to repeat, retried on 429/5xx/network/time-out. `submit`: sent exactly once;
   * an unclear answer is an OutcomeUnknownError.
   */
  readonly kind: CallKind;
}

export interface VenueHttpOptions {
  readonly baseUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly clock: Clock;
  readonly fetch?: VenueFetch | undefined;
  readonly timeoutMs?: number | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly budget?: RequestBudget | undefined;
}

export interface VenueHttp {
  call<T>(spec: CallSpec<T>): Promise<T>;
  /** Like `call`, but a 404 answers null: a status poll's "not indexed yet". */
  callOrNull<T>(spec: CallSpec<T>): Promise<T | null>;
}

const TIMED_OUT = Symbol('timed out');

/**
 * The request's headers, computed once: the auth headers, and for a JSON body its content type
 * (unless the caller set one). The fetch is called directly rather than through ky: ky's
 * per-request work (merging options and headers, an `AbortSignal.any`, a Request built and then
 * handed to fetch, which builds its own) cost about 25 µs of client CPU per request, and of ky
 * only a JSON body and `redirect: 'manual'` were used (its retry and time-out are off: both are
 * done here, on the injected clock).
 */
function requestHeaders(headers: Readonly<Record<string, string>>): {
  readonly bare: Readonly<Record<string, string>>;
  readonly json: Readonly<Record<string, string>>;
} {
  const hasType = Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');
  return { bare: headers, json: hasType ? headers : { ...headers, 'content-type': 'application/json' } };
}

type Answer = { readonly status: number; readonly headers: Headers; readonly text: string };

/**
 * The wire layer every action goes through: auth headers, budget, clock-driven time-out, one
 * fetch, status → error taxonomy, envelope, zod schema, and the
 * read-only retry loop. A submit passes through `send` exactly once.
 */
export function createVenueHttp(options: VenueHttpOptions): VenueHttp {
  const { clock, budget } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const random = seededRandom(policy.seed);
  const headers = requestHeaders(options.headers);
  const venueFetch = options.fetch;
  /** One request: the platform fetch takes the init as it is; a VenueFetch takes a Request. */
  const send = (url: string, spec: CallSpec<unknown>, signal: AbortSignal): Promise<Response> => {
    const init: RequestInit = {
      method: spec.method,
      // Never follow a redirect with a credential attached (reliability.md (c) "Transport"):
      // a 3xx is answered as an unexpected status instead.
      redirect: 'manual',
      signal,
      ...(spec.body === undefined
        ? { headers: headers.bare }
        : { headers: headers.json, body: JSON.stringify(spec.body) }),
    };
    return venueFetch === undefined ? fetch(url, init) : venueFetch(new Request(url, init));
  };

  async function exchange(spec: CallSpec<unknown>, endpoint: string): Promise<Answer> {
    const wait = budget?.acquire();
    if (wait !== undefined) await wait;
    const controller = new AbortController();
    let onTimeout: (() => void) | undefined;
    const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
      onTimeout = () => resolve(TIMED_OUT);
    });
    const timer = clock.setTimeout(() => {
      onTimeout?.();
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const url = `${options.baseUrl}${spec.path}${buildQuery(spec.query)}`;
    try {
      const request = send(url, spec, controller.signal).then(async (r) => ({
        status: r.status,
        headers: r.headers,
        text: await r.text(),
      }));
      // Raced rather than trusted to the signal: an in-process transport may not observe it.
      const answer = await Promise.race([request, timedOut]);
      if (answer === TIMED_OUT) {
        request.catch(() => undefined);
        throw failure(spec.kind, `${endpoint}: no answer within ${timeoutMs} ms`, endpoint);
      }
      return answer;
    } catch (error) {
      if (error instanceof OutcomeUnknownError || error instanceof TransientVenueError) throw error;
      throw transportFailure(spec.kind, endpoint, options.baseUrl, error);
    } finally {
      clock.clearTimeout(timer);
    }
  }

  function parse<T>(spec: CallSpec<T>, endpoint: string, answer: Answer): T {
    let body: unknown;
    try {
      body = answer.text === '' ? undefined : JSON.parse(answer.text);
    } catch {
      body = answer.text;
      if (answer.status >= 200 && answer.status < 300)
        throw unreadable(spec.kind, endpoint, 'body is not JSON');
    }
    const unwrapped = unwrap(body);
    if (answer.status < 200 || answer.status >= 300 || !unwrapped.success) {
      const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'), clock.now());
      if (answer.status === 429 && retryAfterMs !== undefined) budget?.holdOff(retryAfterMs);
      throw errorForStatus({
        kind: spec.kind,
        endpoint,
        status: answer.status,
        code: unwrapped.code,
        message: unwrapped.message,
        retryAfterMs,
      });
    }
    const fast = spec.readFast?.(unwrapped.payload);
    if (fast !== undefined) return fast;
    const result = spec.schema.safeParse(unwrapped.payload);
    if (!result.success)
      throw unreadable(spec.kind, endpoint, describeIssues(result.error, unwrapped.enveloped ? 'data' : ''));
    return result.data;
  }

  /** `notFound` is what a 404 answers (a status poll's "not indexed yet"); without it a 404 is an error. */
  async function attempt<T, N>(spec: CallSpec<T>, notFound: N | undefined): Promise<T | N> {
    const endpoint = `${spec.method} ${spec.path}`;
    const answer = await exchange(spec, endpoint);
    if (notFound !== undefined && answer.status === 404) return notFound;
    return parse(spec, endpoint, answer);
  }

  async function run<T, N>(spec: CallSpec<T>, notFound: N | undefined): Promise<T | N> {
    // Submits are never retried: the loop below is only entered for reads (reliability.md A3).
    // Nor is account setup: creating a key twice mints two keys.
    if (spec.kind !== 'read') return attempt(spec, notFound);
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(spec, notFound);
      } catch (error) {
        if (!(error instanceof TransientVenueError)) throw error;
        const after = error.retryAfterMs;
        if (retry >= policy.retries || (after !== undefined && after > policy.maxRetryAfterMs))
          throw retry === 0 ? error : gaveUp(error, retry + 1);
        await clock.sleep(after ?? backoffDelay(policy, retry, random));
      }
    }
  }

  return {
    call: <T>(spec: CallSpec<T>): Promise<T> => run<T, never>(spec, undefined),
    callOrNull: <T>(spec: CallSpec<T>): Promise<T | null> => run(spec, null),
  };
}

function failure(kind: CallKind, message: string, endpoint: string): PerpflowError {
  return kind === 'submit'
    ? new OutcomeUnknownError(`${message}; the submit may or may not have been accepted; reconcile`, {
        endpoint,
      })
    : kind === 'setup'
      ? new TransientVenueError(`${message}; the venue may have acted on it: check before repeating`, {
          endpoint,
        })
      : new TransientVenueError(message, { endpoint });
}

function unreadable(kind: CallKind, endpoint: string, what: string): PerpflowError {
  return kind === 'submit'
    ? new OutcomeUnknownError(`${endpoint}: unreadable answer to a submit (${what}); reconcile`, { endpoint })
    : new VenueProtocolError(`${endpoint}: ${what}`, { endpoint });
}

function gaveUp(error: TransientVenueError, attempts: number): TransientVenueError {
  return new TransientVenueError(`${error.message} (gave up after ${attempts} attempts)`, {
    details: { ...error.details, attempts },
    cause: error,
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  });
}
